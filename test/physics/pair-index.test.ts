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

  it('clear forgets everything', () => {
    const index = new PairIndex();
    index.set(1, 2, 3);
    index.clear();
    expect(index.get(1, 2)).toBe(-1);
    expect(index.size).toBe(0);
  });
});
