/**
 * A job's range is cut into chunks that threads claim in order (control.ts): they must cover the
 * range exactly, without gaps or overlaps, and shrink toward the end, so that the last claims,
 * which the other threads wait on, are short.
 */
import { describe, expect, it } from 'vitest';
import { chunkStart } from '../../../src/physics/parallel/control';

describe('issue 13: chunks of a job', () => {
  it('cover [from, to) in order, each range once, the first chunk the largest and the last the smallest', () => {
    for (const [from, to, chunks] of [
      [0, 2824, 8],
      [100, 22646, 8],
      [0, 10, 8],
      [5, 6, 4],
      [0, 0, 2],
      [0, 1000, 1],
    ] as const) {
      const starts = Array.from({ length: chunks + 1 }, (_, k) => chunkStart(from, to, k, chunks));
      expect(starts[0]).toBe(from);
      expect(starts[chunks]).toBe(to);
      const sizes = starts.slice(1).map((s, k) => s - starts[k]);
      for (const size of sizes) expect(size).toBeGreaterThanOrEqual(0);
      if (chunks > 1 && to - from >= 8 * chunks) {
        expect(sizes[0]).toBeGreaterThan(sizes[chunks - 1]);
        for (let k = 1; k < chunks; k++) expect(sizes[k]).toBeLessThanOrEqual(sizes[k - 1] + 1);
      }
    }
  });
});
