import { describe, expect, it } from 'vitest';
import { ownLines } from '../../src/physics/own-lines';

describe('ownLines', () => {
  it('leaves every value as it was, inside the range and out', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? -0 : i * 1.5 - 7));
    const before = values.slice();
    ownLines(values, 3, 91);
    ownLines(values, 0, 100);
    ownLines(values, 50, 50);
    const shown = (v: number): number | string => (Object.is(v, -0) ? 'minus zero' : v);
    expect(Array.from(values, shown)).toEqual(Array.from(before, shown));
  });
});
