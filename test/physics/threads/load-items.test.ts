/**
 * The collide kernel's inputs are loaded home by home (collide-kernel-blocks.ts's `loadItem`):
 * every block of bodies and of pairs exactly once, and each home's pairs loaded by the thread
 * that collides them next.
 */
import { describe, expect, it } from 'vitest';
import { loadItem } from '../../../src/physics/parallel/collide-kernel-blocks';
import { shareStart as cut } from '../../../src/physics/parallel/jobs';

describe('issue 13: the collide kernel inputs, home by home', () => {
  it('loads every block once, and a home the pair blocks that the collide job gives it', () => {
    for (const [bodies, pairs, homes] of [
      [10, 37, 2],
      [10, 37, 3],
      [1, 1, 2],
      [0, 5, 2],
      [49, 92, 4],
      [7, 0, 3],
      [10, 37, 1],
    ] as const) {
      const seen = new Map<number, number>();
      const items = bodies + pairs;
      for (let k = 0; k < items; k++) {
        const item = loadItem(k, bodies, pairs, homes);
        expect(seen.has(item), `item ${k} (${bodies}, ${pairs}, ${homes})`).toBe(false);
        seen.set(item, k);
      }
      for (let b = 0; b < bodies; b++) expect(seen.has(b)).toBe(true);
      for (let p = 0; p < pairs; p++) expect(seen.has(~p)).toBe(true);
      // The team cuts the items in equal shares, and the collide job the pair blocks: each
      // pair block is loaded by the thread that collides it, but where the two cuts fall a block
      // apart (the items' cut rounds once, the two shares' cuts once each).
      const homeOf = (i: number, count: number): number => {
        let h = 0;
        while (h + 1 < homes && i >= cut(count, h + 1, homes)) h++;
        return h;
      };
      for (let p = 0; p < pairs; p++) {
        const k = seen.get(~p) as number;
        const nearCut = Array.from({ length: homes + 1 }, (_, h) => cut(items, h, homes)).some((c) => Math.abs(k - c) <= 1 && c > 0 && c < items);
        if (!nearCut) expect(homeOf(k, items), `pair block ${p} (${bodies}, ${pairs}, ${homes})`).toBe(homeOf(p, pairs));
      }
    }
  });

  it('on one home, the bodies first and then the pairs, in order', () => {
    const order = Array.from({ length: 6 }, (_, k) => loadItem(k, 2, 4, 1));
    expect(order).toEqual([0, 1, ~0, ~1, ~2, ~3]);
  });
});
