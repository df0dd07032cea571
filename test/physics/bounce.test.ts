/**
 * Issue 12, item 1: a bounce happens at the surface. A ball's path after it hits a wall is the
 * ideal reflected path: the ball reaches the surface at the analytic time of impact, then leaves
 * at e times the approach speed (relative to the surface). Checked at every step, for speeds
 * from 1 to 60 m/s and many phases of the step (the start is shifted by fractions of one step's
 * travel), within 1 cm. No gravity, no damping; restitutionThreshold 0 so even 1 m/s bounces.
 */
import { describe, expect, it } from 'vitest';
import { DT, bareWorld } from './ideal';
import { internals } from './helpers';

const TOLERANCE = 0.01; // m, issue 12
const R = 0.5; // ball radius, m: the 1 m ball
const WALL_HALF = 0.5; // m
const PHASES = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999];

/**
 * Runs one ball at a wall and returns the worst distance (m) between the ball's centre and the
 * ideal path over every step from the start until well after the bounce. The wall moves at u
 * (0: static, else kinematic); the ball starts `lead` steps' worth of relative travel (plus
 * `phase` of a step) before contact.
 */
function worstDeviation(v: number, u: number, e: number, phase: number): number {
  const w = bareWorld({ restitutionThreshold: 0 });
  const wallX0 = 10;
  const closing = v - u; // m/s, > 0
  const gap = closing * DT * (3 + phase); // m between the surfaces at t = 0
  const x0 = wallX0 - WALL_HALF - R - gap;
  const wall = w.createBody({
    type: u === 0 ? 'static' : 'kinematic',
    x: wallX0,
    y: 0,
    vx: u,
    halfWidth: WALL_HALF,
    halfHeight: 10,
    radius: 0,
    restitution: e,
  });
  const ball = w.createBody({ x: x0, y: 0, vx: v, radius: R, restitution: e });
  const tImpact = gap / closing; // s
  const vAfter = u - e * closing; // m/s: leaves at e times the approach speed, relative to the wall
  const xImpact = x0 + v * tImpact;
  const steps = Math.ceil(tImpact / DT) + 20;
  let worst = 0;
  for (let k = 1; k <= steps; k++) {
    w.step(DT);
    const t = k * DT;
    const ideal = t <= tImpact ? x0 + v * t : xImpact + vAfter * (t - tImpact);
    worst = Math.max(worst, Math.abs(ball.x - ideal), Math.abs(ball.y));
    // The surface itself must keep its own path (a kinematic body is not stopped).
    worst = Math.max(worst, Math.abs(wall.x - (wallX0 + u * t)));
  }
  return worst;
}

function worstOverPhases(v: number, u: number, e: number): { worst: number; phase: number } {
  let worst = 0;
  let at = 0;
  for (const phase of PHASES) {
    const d = worstDeviation(v, u, e, phase);
    if (d > worst) {
      worst = d;
      at = phase;
    }
  }
  return { worst, phase: at };
}

describe('issue 12 item 1: a bounce happens at the surface', () => {
  for (const e of [1, 0.5]) {
    for (const v of [1, 5, 12, 30, 60]) {
      it(`a ball at ${v} m/s off a static wall (e = ${e}) follows the ideal reflected path within 1 cm at every phase`, () => {
        const { worst, phase } = worstOverPhases(v, 0, e);
        expect(worst, `worst deviation ${worst.toFixed(4)} m at phase ${phase}`).toBeLessThan(TOLERANCE);
      });
    }
    for (const [v, u] of [
      [5, -10],
      [30, -30],
      [30, 5],
      [60, 20],
      [0, -40],
    ] as const) {
      it(`a ball at ${v} m/s off a kinematic wall moving at ${u} m/s (e = ${e}) follows the ideal reflected path within 1 cm`, () => {
        const { worst, phase } = worstOverPhases(v, u, e);
        expect(worst, `worst deviation ${worst.toFixed(4)} m at phase ${phase}`).toBeLessThan(TOLERANCE);
      });
    }
  }
});

describe('issue 13: a row that does not bounce keeps no bounce impulse', () => {
  it('after a step in which one ball hits a wall at e = 0 and another at e = 1, only the second row holds a bounce', () => {
    const w = bareWorld();
    // Eighty resting pairs of boxes, face to face at rest: rows enough (32 a row that may bounce)
    // for restitution to walk only the rows that may bounce.
    for (let i = 0; i < 80; i++) {
      w.createBody({ x: 5 * i, y: 100, halfWidth: 0.5, halfHeight: 0.5, radius: 0, restitution: 0 });
      w.createBody({ x: 5 * i, y: 101, halfWidth: 0.5, halfHeight: 0.5, radius: 0, restitution: 0 });
    }
    w.createBody({ type: 'static', x: 10, y: 0, halfWidth: 0.5, halfHeight: 20, radius: 0, restitution: 0 });
    const v = 10; // m/s
    const gap = v * DT * 2.5; // m: both surfaces meet halfway through the third step
    const still = w.createBody({ x: 10 - 0.5 - 0.5 - gap, y: -5, vx: v, radius: 0.5, restitution: 0 });
    const bouncy = w.createBody({ x: 10 - 0.5 - 0.5 - gap, y: 5, vx: v, radius: 0.5, restitution: 1 });
    const { contacts } = internals(w);
    const rowOf = (id: number): number => {
      for (let c = 0; c < contacts.count; c++) if (contacts.a[c] === id || contacts.b[c] === id) return c;
      return -1;
    };
    let impacts = 0;
    for (let step = 0; step < 3; step++) {
      w.step(DT);
      impacts = Math.max(impacts, contacts.impactCount);
    }
    expect(still.vx, 'the e = 0 ball stopped at the wall').toBeCloseTo(0, 6);
    expect(bouncy.vx, 'the e = 1 ball came back').toBeCloseTo(-v, 6);
    expect(impacts, 'both balls met the wall within a step').toBeGreaterThanOrEqual(2);
    expect(contacts.count, 'rows').toBeGreaterThanOrEqual(82);
    const stillRow = rowOf(still.id);
    const bouncyRow = rowOf(bouncy.id);
    expect(stillRow).toBeGreaterThanOrEqual(0);
    expect(contacts.bounce[stillRow], 'the e = 0 row: no bounce').toBe(0);
    expect(contacts.bounce[bouncyRow], 'the e = 1 row: its bounce').toBeGreaterThan(0);
    for (let c = 0; c < contacts.count; c++) if (c !== bouncyRow) expect(contacts.bounce[c], `row ${c}`).toBe(0);
  });
});
