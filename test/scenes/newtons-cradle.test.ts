/**
 * Newton's cradle, judged by the textbook: a chain of elastic collisions between equal masses
 * swaps velocities at each hit, so the striker stops, the balls between stay at rest, and the
 * last ball leaves with the striker's velocity, momentum and kinetic energy.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { newtonsCradle } from '../../src/scenes/newtons-cradle';

function run(balls: number, strikerSpeed: number, seconds: number) {
  const world = new World();
  newtonsCradle(world, { balls, strikerSpeed });
  const bodies = world.getBodies().filter((b) => b.type === 'dynamic');
  // Created row first, left to right, then the striker.
  const row = bodies.slice(0, balls);
  const striker = bodies[balls];
  const startX = row.map((b) => b.x);
  for (let s = 0; s < Math.round(seconds * 60); s++) world.step(1 / 60);
  return { bodies, row, striker, startX };
}

describe("Newton's cradle", () => {
  it('passes the striker’s velocity to the last ball and leaves every other ball at rest', () => {
    const v = 8;
    // One second: the hits are over, and nobody has reached a wall yet.
    const { bodies, row, striker, startX } = run(5, v, 1);
    const m = striker.mass;
    const momentum = bodies.reduce((sum, b) => sum + b.mass * b.vx, 0);
    const energy = bodies.reduce((sum, b) => sum + 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy), 0);
    expect(momentum).toBeCloseTo(m * v, 9);
    expect(energy).toBeCloseTo(0.5 * m * v * v, 9);
    const last = row[4];
    expect(last.vx).toBeCloseTo(v, 6);
    for (const b of [striker, ...row.slice(0, 4)]) expect(Math.abs(b.vx)).toBeLessThan(1e-6);
    for (const b of bodies) expect(Math.abs(b.vy)).toBeLessThan(1e-6);
    // The balls between were hit but did not move off: each crossed its gap to the next and
    // stopped there (the hit passes one ball a step, so a ball may travel for that step).
    for (let i = 0; i < 4; i++) expect(Math.abs(row[i].x - startX[i])).toBeLessThanOrEqual(v / 60 + 1e-9);
    expect(last.x - startX[4]).toBeGreaterThan(2);
  });

  it('does the same for longer rows and other speeds', () => {
    for (const [balls, v] of [
      [2, 3],
      [8, 5],
      [10, 20],
    ]) {
      // The striker starts 2 m from the row; a third of a second after it arrives every hit is
      // over, and the last ball is still far from the wall.
      const { row, striker } = run(balls, v, 2 / v + 0.3);
      const label = `${balls} balls at ${v} m/s`;
      expect(row[balls - 1].vx, label).toBeCloseTo(v, 6);
      for (const b of [striker, ...row.slice(0, balls - 1)]) expect(Math.abs(b.vx), label).toBeLessThan(1e-6);
    }
  });
});
