/** The funnel: grains with friction pour through the neck instead of jamming above it. */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { funnel, FUNNEL_NECK_Y } from '../../src/scenes/funnel';

/** Grains of a 300-grain pour (jitter from `seed`) below the neck after 6 s, all checked to be inside the bin. */
function poured(seed?: number): number {
  const world = new World();
  funnel(world, seed === undefined ? {} : { seed });
  const grains = world.getBodies().filter((b) => b.type === 'dynamic');
  expect(grains.length).toBe(300);
  expect(grains.every((g) => g.y > FUNNEL_NECK_Y + 2)).toBe(true);
  for (let s = 0; s < 6 * 60; s++) world.step(1 / 60);
  // Passed through the neck, not the glass: every grain is still inside the bin.
  for (const g of grains) {
    expect(Math.abs(g.x)).toBeLessThan(11);
    expect(Number.isFinite(g.y)).toBe(true);
  }
  return grains.filter((g) => g.y < FUNNEL_NECK_Y - 0.5).length;
}

describe('funnel', () => {
  it('lets nine grains in ten through the neck within 6 s, none through the glass', () => {
    expect(poured()).toBeGreaterThan(0.9 * 300);
  });

  it('flows for any jitter, not for one lucky pour: nine in ten over eight pours', () => {
    // One pour is chaotic: seeds 1 to 8 pass 247 to 295 grains, and a change elsewhere can move
    // any one of them by 50. Over eight pours a solver that makes grains arch shows plainly: the
    // friction rows over-relaxed by 1.2 passed all 300 grains of the default pour, but 69 % over
    // these eight.
    const counts = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => poured(seed));
    const total = counts.reduce((sum, n) => sum + n, 0);
    expect(total, `grains through per pour: ${counts.join(' ')}`).toBeGreaterThan(0.9 * 8 * 300);
  });
});
