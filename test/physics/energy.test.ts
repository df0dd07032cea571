/**
 * Issue 12, item 2: bouncing never creates energy. With e <= 1, no damping and no gravity, the
 * dynamic bodies' kinetic energy never rises from one step to the next by more than 0.01 %;
 * under gravity a ball with e = 1 keeps its bounce height within 1 % for 10 minutes, and with
 * e < 1 successive bounce heights shrink by e² within 5 %.
 */
import { describe, expect, it } from 'vitest';
import { World, mulberry32, type Body } from '../../src/physics/index';
import { DT, bareWorld, kineticEnergy, momentum, worstEnergyRise } from './ideal';

const MAX_RISE = 1e-4; // 0.01 % per step, issue 12

const POOL_R = 0.0286; // m

/**
 * 15 pool balls (touching) in a triangle with its apex at x = 1, and a cue ball at `speed` that
 * reaches the apex ball (2 + phase) steps after the start.
 */
function poolBreak(speed: number, aim: number, phase: number): { w: World; rack: Body[] } {
  const w = bareWorld();
  const r = POOL_R;
  const rack: Body[] = [];
  for (let row = 0; row < 5; row++) {
    for (let j = 0; j <= row; j++) {
      rack.push(w.createBody({ x: 1 + row * Math.sqrt(3) * r, y: (j - row / 2) * 2 * r, radius: r, restitution: 1 }));
    }
  }
  const x = 1 - 2 * r - speed * DT * (2 + phase);
  w.createBody({ x, y: 0, vx: speed * Math.cos(aim), vy: speed * Math.sin(aim), radius: r, restitution: 1 });
  return { w, rack };
}

/** A Newton's cradle: `n` touching equal balls, struck at one end by an equal ball at `speed`. */
function cradle(n: number, speed: number): { w: World; striker: Body; balls: Body[] } {
  // Threshold 0: with e = 1 every approach is elastic, however slow.
  const w = bareWorld({ restitutionThreshold: 0 });
  const balls: Body[] = [];
  for (let i = 0; i < n; i++) balls.push(w.createBody({ x: i, y: 0, radius: 0.5, restitution: 1 }));
  const striker = w.createBody({ x: -2, y: 0, vx: speed, radius: 0.5, restitution: 1 });
  return { w, striker, balls };
}

/** 64 random shapes with random speeds and restitutions, inside a closed box of static walls. */
function randomCrowd(seed: number): World {
  const w = bareWorld();
  const rand = mulberry32(seed);
  const half = 10;
  for (const [x, y, hw, hh] of [
    [0, -half - 0.5, half + 1, 0.5],
    [0, half + 0.5, half + 1, 0.5],
    [-half - 0.5, 0, 0.5, half + 1],
    [half + 0.5, 0, 0.5, half + 1],
  ]) {
    w.createBody({ type: 'static', x, y, halfWidth: hw, halfHeight: hh, radius: 0, restitution: 0 });
  }
  for (let i = 0; i < 8; i++) {
    for (let j = 0; j < 8; j++) {
      const kind = Math.floor(rand() * 3);
      const size = 0.2 + 0.5 * rand();
      const shape =
        kind === 0
          ? { radius: size }
          : kind === 1
            ? { halfWidth: size, halfHeight: size * (0.3 + 0.7 * rand()), radius: 0 }
            : { halfWidth: size * 0.5, radius: size * 0.5 };
      const angle = rand() * 2 * Math.PI;
      const speed = 20 * rand();
      w.createBody({
        x: -half + 1.25 + i * 2.5,
        y: -half + 1.25 + j * 2.5,
        vx: speed * Math.cos(angle),
        vy: speed * Math.sin(angle),
        density: 0.5 + 2 * rand(),
        restitution: rand(),
        ...shape,
      });
    }
  }
  return w;
}

/** Heights (m, above the resting height) of each apex of a ball bouncing for `steps` steps. */
function apexHeights(e: number, drop: number, steps: number): number[] {
  const w = new World({ gravity: { x: 0, y: -9.81 }, linearDamping: 0, enableSleep: false });
  const r = 0.5;
  w.createBody({ type: 'static', x: 0, y: -0.5, halfWidth: 50, halfHeight: 0.5, radius: 0, restitution: e });
  const rest = r; // centre height when resting on the floor's top at y = 0
  const ball = w.createBody({ x: 0, y: rest + drop, radius: r, restitution: e });
  const apexes: number[] = [drop];
  let prevY = ball.y;
  let prevVy = ball.vy;
  for (let k = 0; k < steps; k++) {
    w.step(DT);
    if (prevVy > 0 && ball.vy <= 0) apexes.push(Math.max(prevY, ball.y) - rest);
    prevY = ball.y;
    prevVy = ball.vy;
  }
  return apexes;
}

describe('issue 12 item 2: bouncing never creates energy', () => {
  for (const speed of [10, 30, 100]) {
    for (const aim of [0, 0.01]) {
      it(`a pool break at ${speed} m/s (aim ${aim} rad, e = 1) never gains more than 0.01 % in a step`, () => {
        for (const phase of [0.1, 0.4, 0.77]) {
          const { w, rack } = poolBreak(speed, aim, phase);
          const rise = worstEnergyRise(w, 120);
          expect(rise, `phase ${phase}: worst rise ${(rise * 100).toFixed(3)} %`).toBeLessThanOrEqual(MAX_RISE);
          // The break happened: the cue ball did not pass through the rack untouched.
          const moving = rack.filter((b) => Math.hypot(b.vx, b.vy) > 0.01 * speed).length;
          expect(moving, `phase ${phase}: rack balls set moving`).toBeGreaterThanOrEqual(8);
        }
      });
    }
  }

  it('a crowd of random bodies in a closed box never gains more than 0.01 % in a step', () => {
    // Twenty crowds: a warm start that outlives an impact gained up to 4 % in a step in five of
    // them (seeds 11, 14, 15, 17 and 19), none of which the first three showed.
    for (let seed = 1; seed <= 20; seed++) {
      const rise = worstEnergyRise(randomCrowd(seed), 300);
      expect(rise, `seed ${seed}: worst rise ${(rise * 100).toFixed(3)} %`).toBeLessThanOrEqual(MAX_RISE);
    }
  });

  it("a Newton's cradle (5 touching balls, e = 1) conserves momentum and never gains energy", () => {
    const { w } = cradle(5, 5);
    const bodies = w.getBodies();
    const p0 = momentum(bodies);
    const rise = worstEnergyRise(w, 120);
    const p1 = momentum(bodies);
    expect(rise, `worst rise ${(rise * 100).toFixed(3)} %`).toBeLessThanOrEqual(MAX_RISE);
    expect(Math.abs(p1[0] - p0[0]) / Math.abs(p0[0])).toBeLessThan(1e-9);
    expect(Math.abs(p1[1])).toBeLessThan(1e-9);
  });

  it("a Newton's cradle with e = 1 sends the last ball off forward; reports how close it gets to the striker's speed", () => {
    const speed = 5;
    const { w, striker, balls } = cradle(5, speed);
    const bodies = w.getBodies();
    const e0 = kineticEnergy(bodies);
    for (let k = 0; k < 120; k++) w.step(DT);
    const e1 = kineticEnergy(bodies);
    const last = balls[balls.length - 1];
    // The ideal cradle sends the last ball off at the striker's speed and stops the rest; the
    // peers spread the speed over the chain. Reported, not asserted.
    console.log(
      `Newton's cradle: last ball leaves at ${last.vx.toFixed(4)} m/s (${((last.vx / speed) * 100).toFixed(1)} % of ` +
        `the striker's ${speed} m/s); striker ends at ${striker.vx.toFixed(4)} m/s; chain ` +
        balls.map((b) => b.vx.toFixed(3)).join(', ') +
        `; energy ${((e1 / e0) * 100).toFixed(3)} % of the start`,
    );
    // The issue asks for a report, not the ideal: sequential impulses spread the blow over a
    // touching chain. What must hold: the last ball leaves forward, and no energy appears.
    expect(last.vx).toBeGreaterThan(0);
    expect(e1).toBeLessThanOrEqual(e0 * (1 + 1e-4));
  });

  it('a ball with e = 1 dropped 5 m on a static floor keeps its bounce height within 1 % for 10 minutes', () => {
    const drop = 5;
    const apexes = apexHeights(1, drop, 36_000);
    const worst = apexes.reduce((m, h) => Math.max(m, Math.abs(h - drop) / drop), 0);
    const highest = Math.max(...apexes);
    const lowest = Math.min(...apexes);
    expect(
      worst,
      `worst apex off by ${(worst * 100).toFixed(2)} % (apexes ${lowest.toFixed(3)} to ${highest.toFixed(3)} m)`,
    ).toBeLessThan(0.01);
    // Free fall from 5 m and back takes 2.02 s: about 297 bounces in 600 s.
    expect(apexes.length).toBeGreaterThan(290);
  }, 20_000);

  for (const e of [0.8, 0.5]) {
    it(`a ball with e = ${e} dropped 5 m: successive bounce heights shrink by e² within 5 %`, () => {
      const apexes = apexHeights(e, 5, 600);
      const ratios: number[] = [];
      for (let k = 0; k + 1 < apexes.length && apexes[k] > 0.3; k++) ratios.push(apexes[k + 1] / apexes[k]);
      expect(ratios.length).toBeGreaterThanOrEqual(e === 0.8 ? 6 : 3);
      for (const [k, ratio] of ratios.entries()) {
        expect(
          Math.abs(ratio / (e * e) - 1),
          `bounce ${k + 1}: ${apexes[k].toFixed(3)} m -> ${apexes[k + 1].toFixed(3)} m, ratio ${ratio.toFixed(4)} vs e² ${e * e}`,
        ).toBeLessThan(0.05);
      }
    });
  }
});
