/** Newton's cradle: the striker's momentum is conserved and carried to the far end of the row. */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { newtonsCradle } from '../../src/scenes/newtons-cradle';

describe("Newton's cradle", () => {
  it('conserves momentum, and the last ball of the row moves off forward, the fastest', () => {
    const world = new World();
    newtonsCradle(world, { balls: 5, strikerSpeed: 8 });
    const balls = world.getBodies().filter((b) => b.type === 'dynamic');
    // Created row first, left to right, then the striker.
    const row = balls.slice(0, 5);
    const striker = balls[5];
    const momentum = (): number => balls.reduce((sum, b) => sum + b.mass * b.vx, 0);
    const before = momentum();
    expect(before).toBeCloseTo(striker.mass * 8, 9);
    // One second: the hit is over, and nobody has reached a wall yet.
    for (let s = 0; s < 60; s++) world.step(1 / 60);
    expect(momentum()).toBeCloseTo(before, 9);
    for (const b of balls) expect(Math.abs(b.vy)).toBeLessThan(1e-6);
    const last = row[4];
    expect(last.vx).toBeGreaterThan(0.3 * 8);
    expect(last.x).toBeGreaterThan(2 + 1); // started at x = 2, moved off by more than a diameter
    for (const b of balls) expect(b.vx).toBeLessThanOrEqual(last.vx + 1e-9);
  });
});
