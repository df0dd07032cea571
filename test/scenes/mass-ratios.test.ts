/** Mass ratios: stacks with 1:1,000 density ratios stand still, nothing sinks into what it rests on. */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { MASS_BOX_HALF, MASS_FLOOR_Y, massRatios } from '../../src/scenes/mass-ratios';

describe('mass ratios', () => {
  it('after 3 s every box overlaps what it rests on by less than 1 cm and stands where it was put', () => {
    const world = new World();
    massRatios(world);
    const boxes = world.getBodies().filter((b) => b.type === 'dynamic');
    expect(boxes.map((b) => b.mass)).toEqual([1, 10, 100, 1000, 1, 1000]);
    const start = boxes.map((b) => b.x);
    for (let s = 0; s < 3 * 60; s++) world.step(1 / 60);
    const stacks = [boxes.slice(0, 4), boxes.slice(4)];
    for (const stack of stacks) {
      // Created bottom first: each box rests on the one before it, the first on the floor.
      expect(MASS_FLOOR_Y - (stack[0].y - MASS_BOX_HALF)).toBeLessThan(0.01);
      for (let i = 1; i < stack.length; i++) {
        expect(2 * MASS_BOX_HALF - (stack[i].y - stack[i - 1].y)).toBeLessThan(0.01);
      }
    }
    boxes.forEach((b, i) => {
      expect(Math.abs(b.x - start[i])).toBeLessThan(0.01);
      expect(Math.hypot(b.vx, b.vy)).toBeLessThan(0.05);
    });
  });
});
