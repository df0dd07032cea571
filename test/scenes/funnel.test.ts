/** The funnel: grains with friction pour through the neck instead of jamming above it. */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { funnel, FUNNEL_NECK_Y } from '../../src/scenes/funnel';

describe('funnel', () => {
  it('lets nine grains in ten through the neck within 6 s, none through the glass', () => {
    const world = new World();
    funnel(world);
    const grains = world.getBodies().filter((b) => b.type === 'dynamic');
    expect(grains.length).toBe(300);
    expect(grains.every((g) => g.y > FUNNEL_NECK_Y + 2)).toBe(true);
    for (let s = 0; s < 6 * 60; s++) world.step(1 / 60);
    const passed = grains.filter((g) => g.y < FUNNEL_NECK_Y - 0.5);
    expect(passed.length).toBeGreaterThan(0.9 * grains.length);
    // Passed through the neck, not the glass: every grain is still inside the bin.
    for (const g of grains) {
      expect(Math.abs(g.x)).toBeLessThan(11);
      expect(Number.isFinite(g.y)).toBe(true);
    }
  });
});
