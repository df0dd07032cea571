/**
 * Issue 12, item 4: nothing passes through anything. Fast dynamic bodies against thin dynamic
 * ones, kinematic paddles and thin kinematic walls against balls, a kinematic body pushing a
 * dynamic one into a static wall, and a velocity given at creation or by setVelocity: the side
 * of the obstacle a ball starts on is the side it stays on, at every step. Each case runs at
 * many phases of the step (the start shifted by fractions of one step's travel).
 */
import { describe, expect, it } from 'vitest';
import type { Body, BodyDef, World } from '../../src/physics/index';
import { DT, bareWorld } from './ideal';

const FRACTIONS = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875];
/** Steps of travel before contact: within the first step, the second, the third, and later. */
const PHASES = [0, 1, 2, 5].flatMap((k) => FRACTIONS.map((f) => k + f));
const BALL = 0.025; // m: a 5 cm ball
const PLANK = 0.01; // m: half of a 2 cm plank

/**
 * Gives a ball its velocity the two ways a user does: at creation, or (as the sandbox's throw
 * does) by setVelocity on a ball already at rest in the world.
 */
function launch(w: World, def: BodyDef, thrown: boolean): Body {
  if (!thrown) return w.createBody(def);
  const body = w.createBody({ ...def, vx: 0, vy: 0 });
  body.setVelocity(def.vx ?? 0, def.vy ?? 0);
  return body;
}

/** Runs `steps` steps; returns the number of steps after which `onNearSide` was false. */
function stepsOnWrongSide(w: World, steps: number, onNearSide: () => boolean): number {
  let wrong = 0;
  for (let k = 0; k < steps; k++) {
    w.step(DT);
    if (!onNearSide()) wrong++;
  }
  return wrong;
}

describe('issue 12 item 4: nothing passes through anything', () => {
  for (const angle of [0, 0.4, -0.9]) {
    it(`(a) a 5 cm ball at 60 m/s (angle ${angle}), created or thrown, never ends past a free 2 cm dynamic plank`, () => {
      const failures: string[] = [];
      let runs = 0;
      for (const thrown of [false, true]) {
        for (const phase of PHASES) {
          for (const y of [0, 0.3, -0.45]) {
            runs++;
            const w = bareWorld();
            const plank = w.createBody({ x: 0, y, halfWidth: PLANK, halfHeight: 0.5, radius: 0, density: 1 });
            const speed = 60;
            const lead = speed * Math.cos(angle) * DT * phase + PLANK + BALL;
            const def = {
              x: -lead,
              y: y - lead * Math.tan(angle),
              vx: speed * Math.cos(angle),
              vy: speed * Math.sin(angle),
              radius: BALL,
            };
            const ball = launch(w, def, thrown);
            const wrong = stepsOnWrongSide(w, 60, () => ball.x < plank.x);
            if (wrong > 0) failures.push(`${thrown ? 'thrown' : 'created'}, phase ${phase}, y ${y}: past after ${wrong} of 60 steps`);
          }
        }
      }
      expect(failures, `${failures.length} of ${runs} runs crossed`).toEqual([]);
    });
  }

  it('(a) a free 2 cm plank at 60 m/s never passes a resting 5 cm ball', () => {
    const failures: string[] = [];
    for (const phase of PHASES) {
      const w = bareWorld();
      const ball = w.createBody({ x: 0, y: 0, radius: BALL });
      const plank = w.createBody({
        x: -(60 * DT * phase + PLANK + BALL),
        y: 0.2,
        vx: 60,
        halfWidth: PLANK,
        halfHeight: 0.5,
        radius: 0,
      });
      const wrong = stepsOnWrongSide(w, 60, () => plank.x < ball.x);
      if (wrong > 0) failures.push(`phase ${phase}: past the ball after ${wrong} of 60 steps`);
    }
    expect(failures).toEqual([]);
  });

  it('(b) a kinematic paddle at 300 m/s leaves the ball on its leading side and keeps its own path', () => {
    const failures: string[] = [];
    for (const phase of PHASES) {
      for (const [y, r] of [
        [0, 0.1],
        [0.45, 0.1],
        [0, BALL],
      ]) {
        const w = bareWorld();
        const u = 300;
        const paddle = w.createBody({ type: 'kinematic', x: 0, y: 0, vx: u, halfWidth: 0.05, halfHeight: 0.5, radius: 0 });
        const ball = w.createBody({ x: 0.05 + r + u * DT * phase, y, radius: r });
        let k = 0;
        let pathError = 0;
        const wrong = stepsOnWrongSide(w, 30, () => {
          k++;
          pathError = Math.max(pathError, Math.abs(paddle.x - u * k * DT), Math.abs(paddle.y));
          return ball.x > paddle.x;
        });
        if (wrong > 0) failures.push(`phase ${phase}, y ${y}, r ${r}: behind the paddle after ${wrong} of 30 steps`);
        if (pathError > 1e-9) failures.push(`phase ${phase}, y ${y}, r ${r}: paddle off its path by ${pathError} m`);
      }
    }
    expect(failures, `${failures.length} failures in ${PHASES.length * 3} runs`).toEqual([]);
  });

  for (const u of [5, 50]) {
    it(`(c) a kinematic plate at ${u} m/s pushing a ball into a static wall: the ball stops at the wall, the plate is not stopped`, () => {
      const failures: string[] = [];
      const face = 4.5; // the wall's near face, m
      const r = 0.5;
      // Ball starts: far from the wall, near it, and touching it.
      for (const ballX of [2, 3.3, 3.9, face - r]) {
        for (const plateX of [0, 0.37]) {
          const w = bareWorld();
          w.createBody({ type: 'static', x: face + 0.5, y: 0, halfWidth: 0.5, halfHeight: 5, radius: 0 });
          const ball = w.createBody({ x: ballX, y: 0, radius: r });
          const plate = w.createBody({ type: 'kinematic', x: plateX, y: 0, vx: u, halfWidth: 0.1, halfHeight: 0.6, radius: 0 });
          // Until the plate has gone through the wall and 1 m beyond.
          const steps = Math.ceil((face + 1 + 0.1 + 1 - plateX) / u / DT);
          let worstPast = -Infinity;
          let pathError = 0;
          for (let k = 1; k <= steps; k++) {
            w.step(DT);
            worstPast = Math.max(worstPast, ball.x + r - face);
            pathError = Math.max(pathError, Math.abs(plate.x - plateX - u * k * DT), Math.abs(plate.vx - u));
          }
          const where = `ball at ${ballX}, plate at ${plateX}`;
          // "Overlap small": we read it as under 1 cm, the overlap tolerance elsewhere.
          if (worstPast > 0.01) failures.push(`${where}: ball ${worstPast.toFixed(3)} m into or past the wall`);
          if (pathError > 1e-9) failures.push(`${where}: plate off its path by ${pathError.toFixed(4)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('(d) thin kinematic walls moving at speed are never crossed by a ball', () => {
    const failures: string[] = [];
    let runs = 0;
    // [wall speed, ball speed]: a negative ball speed meets the wall head-on, a positive one chases it.
    for (const [u, v] of [
      [30, 0],
      [60, 0],
      [30, -30],
      [10, -60],
      [100, -20],
      [20, 60],
    ]) {
      for (const phase of PHASES) {
        runs++;
        const w = bareWorld();
        const wall = w.createBody({ type: 'kinematic', x: 0, y: 0, vx: u, halfWidth: PLANK, halfHeight: 1, radius: 0 });
        const closing = Math.abs(u - v);
        const ahead = v <= u; // the ball starts ahead of the wall unless it chases it
        const offset = (PLANK + 0.1 + closing * DT * phase) * (ahead ? 1 : -1);
        const ball = launch(w, { x: offset, y: 0.3, vx: v, radius: 0.1 }, phase % 2 >= 1);
        const wrong = stepsOnWrongSide(w, 40, () => (ahead ? ball.x > wall.x : ball.x < wall.x));
        if (wrong > 0) failures.push(`wall ${u} m/s, ball ${v} m/s, phase ${phase}: crossed (${wrong} of 40 steps)`);
      }
    }
    expect(failures, `${failures.length} of ${runs} runs crossed`).toEqual([]);
  });

  for (const wallType of ['dynamic', 'kinematic', 'static'] as const) {
    for (const how of ['at creation', 'by setVelocity'] as const) {
      it(`(e) a ball given 60 m/s ${how} right next to a thin ${wallType} wall does not pass it on its first step`, () => {
        const failures: string[] = [];
        for (const gap of [0.001, 0.05, 0.3, 0.9]) {
          const w = bareWorld();
          const wall: Body = w.createBody({ type: wallType, x: 0, y: 0, halfWidth: PLANK, halfHeight: 0.5, radius: 0 });
          const x = -PLANK - BALL - gap;
          let ball: Body;
          if (how === 'at creation') {
            ball = w.createBody({ x, y: 0, vx: 60, radius: BALL });
          } else {
            ball = w.createBody({ x, y: 0, radius: BALL });
            w.step(DT); // the resting ball is settled in the broadphase first
            ball.setVelocity(60, 0);
          }
          w.step(DT);
          if (!(ball.x < wall.x)) failures.push(`gap ${gap} m: past the wall after the first step (x ${ball.x.toFixed(3)})`);
        }
        expect(failures).toEqual([]);
      });
    }
  }
});
