import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PairIndex } from '../../src/physics/pair-index';

describe('PairIndex', () => {
  it('behaves like a Map under random sets, gets and deletes (with growth and backward-shift deletes)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('set', 'get', 'delete'), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.nat(1000)),
          { maxLength: 400 },
        ),
        (ops) => {
          const index = new PairIndex(4);
          const model = new Map<string, number>();
          for (const [op, a, b, v] of ops) {
            const key = `${a},${b}`;
            if (op === 'set') {
              index.set(a, b, v);
              model.set(key, v);
            } else if (op === 'delete') {
              index.delete(a, b);
              model.delete(key);
            }
            expect(index.get(a, b)).toBe(model.get(key) ?? -1);
            expect(index.size).toBe(model.size);
          }
          for (let a = 0; a <= 40; a++) {
            for (let b = 0; b <= 40; b++) expect(index.get(a, b)).toBe(model.get(`${a},${b}`) ?? -1);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('renumber maps every row through the table and leaves the keys', () => {
    const index = new PairIndex(4);
    for (let r = 0; r < 20; r++) index.set(r, r + 1, r); // grows past the initial 4 slots
    const newRow = new Int32Array(20).map((_, r) => 19 - r);
    index.renumber(newRow);
    for (let r = 0; r < 20; r++) expect(index.get(r, r + 1)).toBe(19 - r);
    expect(index.get(1, 0)).toBe(-1);
    expect(index.size).toBe(20);
  });
});
