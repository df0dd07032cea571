/**
 * Issue 12, item 5: crowds come apart in 2-D. Bodies created at one point separate in all
 * directions. (What sleep must do meanwhile is in sleep.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../src/physics/index';
import { crowd } from '../../src/scenes/crowd';
import { DT, bareWorld } from './ideal';
import { maxOverlap } from './overlap';

function standardDeviation(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
}

describe('issue 12 item 5: crowds come apart in 2-D', () => {
  for (const [label, shape] of [
    ['balls', { radius: 0.5 }],
    ['boxes', { halfWidth: 0.4, halfHeight: 0.3, radius: 0 }],
  ] as const) {
    it(`100 ${label} created at one point spread in x and y, every quadrant, with overlaps under 3 cm after 5 s`, () => {
      const w = bareWorld();
      const bodies: Body[] = [];
      for (let i = 0; i < 100; i++) bodies.push(w.createBody({ x: 3, y: -2, ...shape }));
      for (let k = 0; k < 5 / DT; k++) w.step(DT);
      const xs = bodies.map((b) => b.x);
      const ys = bodies.map((b) => b.y);
      const sx = standardDeviation(xs);
      const sy = standardDeviation(ys);
      expect(sy, `spread in y ${sy.toFixed(3)} m (in x ${sx.toFixed(3)} m)`).toBeGreaterThan(1);
      expect(sx, `spread in x ${sx.toFixed(3)} m`).toBeGreaterThan(1);
      const quadrants = [0, 0, 0, 0];
      for (const b of bodies) quadrants[(b.x > 3 ? 1 : 0) + (b.y > -2 ? 2 : 0)]++;
      expect(Math.min(...quadrants), `bodies per quadrant ${quadrants.join(', ')}`).toBeGreaterThanOrEqual(10);
      // "A few cm": 3 cm.
      const worst = maxOverlap(bodies);
      expect(worst, `worst overlap ${worst.toFixed(3)} m`).toBeLessThan(0.03);
    });
  }

  it("a top-down crowd of 1,000 (no gravity) leaves no pair overlapping by more than 2.3 mm, Box2D v3's worst on the benchmark crowd", () => {
    // Nothing presses a top-down crowd's contacts in, so pushout leaves them a half-millimetre
    // slop, not the 5 mm that keeps a pile's contacts warm under gravity (pushoutSlop).
    const w = new World();
    crowd(w, { count: 1000 });
    expect(w.options.gravity).toEqual({ x: 0, y: 0 });
    const bodies = w.getBodies();
    let worst = 0;
    for (let k = 1; k <= 300; k++) {
      w.step(DT);
      if (k > 30 && k % 30 === 0) worst = Math.max(worst, maxOverlap(bodies));
    }
    expect(worst, `worst overlap ${(worst * 1000).toFixed(2)} mm`).toBeLessThan(0.0023);
  });
});
