import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PairIndex } from '../../src/physics/pair-index';

/** A pair cache like the broadphase's: rows appended, swap-removed, keys read by the index. */
class Cache {
  a: Int32Array = new Int32Array(2);
  b: Int32Array = new Int32Array(2);
  count = 0;
  readonly index = new PairIndex(this, 4);

  add(a: number, b: number): void {
    if (this.count === this.a.length) {
      const grow = (x: Int32Array): Int32Array => {
        const y = new Int32Array(x.length * 2);
        y.set(x);
        return y;
      };
      this.a = grow(this.a);
      this.b = grow(this.b);
    }
    const row = this.count++;
    this.a[row] = a;
    this.b[row] = b;
    this.index.set(a, b, row);
  }

  remove(row: number): void {
    const last = --this.count;
    this.index.delete(this.a[row], this.b[row]);
    if (row !== last) {
      this.a[row] = this.a[last];
      this.b[row] = this.b[last];
      this.index.set(this.a[row], this.b[row], row);
    }
  }
}

describe('PairIndex', () => {
  it('finds every pair of a cache under random adds and swap-removes (with growth and backward-shift deletes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), { maxLength: 400 }),
        (ops) => {
          const cache = new Cache();
          for (const [add, a, b] of ops) {
            const row = cache.index.get(a, b);
            if (add && row < 0) cache.add(a, b);
            else if (!add && row >= 0) cache.remove(row);
            expect(cache.index.size).toBe(cache.count);
          }
          const present = new Set<string>();
          for (let row = 0; row < cache.count; row++) {
            present.add(`${cache.a[row]},${cache.b[row]}`);
            expect(cache.index.get(cache.a[row], cache.b[row])).toBe(row);
          }
          for (let a = 0; a <= 30; a++) {
            for (let b = 0; b <= 30; b++) if (!present.has(`${a},${b}`)) expect(cache.index.get(a, b)).toBe(-1);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('renumber maps every row through the table', () => {
    const cache = new Cache();
    for (let r = 0; r < 20; r++) cache.add(r, r + 1); // grows past the initial 4 slots
    // Reverse the rows, as a sort would, then renumber.
    cache.a.subarray(0, 20).reverse();
    cache.b.subarray(0, 20).reverse();
    cache.index.renumber(new Int32Array(20).map((_, r) => 19 - r));
    for (let r = 0; r < 20; r++) expect(cache.index.get(r, r + 1)).toBe(19 - r);
    expect(cache.index.get(1, 0)).toBe(-1);
    expect(cache.index.size).toBe(20);
  });
});
