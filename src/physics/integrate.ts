/**
 * Integration: gravity and damping into the velocities before the contacts act, and the
 * positions from the velocities after. Both run over blocks of bodies (parallel/jobs.ts), each
 * block summing its own kinetic energy, so the step's energy has the same bits on any number of
 * threads. The contact solve between them is solver.ts (and restitution.ts, energy.ts).
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import {
  JOB_INTEGRATE_POSITIONS,
  JOB_INTEGRATE_VELOCITIES,
  JOB_MARK_RESTING,
  P_DAMPING,
  P_FX,
  P_FY,
  P_GX,
  P_GY,
  P_H,
  P_KERNEL_MARKS,
  BODY_BLOCK,
  blocksFor,
  type StepRunner,
} from './parallel/jobs.js';
import { clampSpeed } from './impulses.js';
import { MAX_SPEED } from './validate.js';
import { ownLines } from './own-lines.js';

/** Mark of a body with a touching contact row, while positions integrate (`passMark`, or the row kernels' `resting`). */
export const RESTING = 255;

/**
 * Gravity and damping (h in s). A body's gravity is the world's (gx, gy, m/s²) times its
 * `gravityScale`; its damping rate is the world's `damping` (1/s) plus its own (the rates add),
 * so its velocity becomes (v + g·scale·h) / (1 + h·(world + body)). Returns the kinetic energy
 * (J) of the awake dynamic bodies after.
 */
export function integrateVelocities(store: BodyStore, runner: StepRunner, h: number, gx: number, gy: number, damping: number): number {
  const blocks = blocksFor(store.end);
  runner.reservePartials(blocks);
  const params = runner.params;
  params[P_H] = h;
  params[P_GX] = gx;
  params[P_GY] = gy;
  params[P_DAMPING] = damping;
  runner.run(JOB_INTEGRATE_VELOCITIES, 0, blocks);
  return sumBlocks(runner.partials, blocks) * 0.5;
}

/**
 * Blocks [fromBlock, toBlock) of BODY_BLOCK bodies of `integrateVelocities` (h, gravity and
 * damping read from `params`): each block's twice kinetic energy into `partials`. The blocks
 * are walked here, not by a call per block, because a call that V8 does not inline boxes its
 * float arguments and result on the heap: garbage every step on threads.
 */
export function integrateVelocityBlocks(s: BodyStore, fromBlock: number, toBlock: number, params: Float64Array, partials: Float64Array): void {
  const { kind, awake, vx: vxs, vy: vys, startVx, startVy, invMass, gravityScale, linearDamping } = s;
  const h = params[P_H];
  const worldDamping = params[P_DAMPING];
  const gx = params[P_GX] * h;
  const gy = params[P_GY] * h;
  const damp = 1 / (1 + h * worldDamping);
  const max2 = MAX_SPEED * MAX_SPEED;
  // Without gravity (a top-down world) no body's scale is read: v + 0·scale is v + 0 or v - 0,
  // and the + 0 below makes either the same.
  const gravity = gx !== 0 || gy !== 0;
  const end = s.end;
  for (let block = fromBlock; block < toBlock; block++) {
    const to = Math.min((block + 1) * BODY_BLOCK, end);
    let energy = 0;
    for (let i = block * BODY_BLOCK; i < to; i++) {
      if (kind[i] !== BODY_DYNAMIC || awake[i] === 0) continue;
      const own = linearDamping[i];
      const d = own === 0 ? damp : 1 / (1 + h * (worldDamping + own));
      const g = gravity ? gravityScale[i] : 0;
      let vx = (vxs[i] + gx * g) * d + 0;
      let vy = (vys[i] + gy * g) * d + 0;
      const v2 = vx * vx + vy * vy;
      if (v2 > max2) {
        const k = MAX_SPEED / Math.sqrt(v2);
        vx *= k;
        vy *= k;
      }
      vxs[i] = vx;
      vys[i] = vy;
      startVx[i] = vx;
      startVy[i] = vy;
      energy += (vx * vx + vy * vy) / invMass[i];
    }
    partials[block] = energy;
  }
}

/**
 * Moves awake dynamic and all kinematic bodies by their velocity (dt in s), remembering the
 * start. A solve can push a velocity past MAX_SPEED (say, a huge warm start read from a
 * snapshot); it is clamped here, so no state ever overflows. Returns the kinetic energy (J) of
 * the dynamic bodies moved.
 *
 * Gravity (gx, gy in m/s² times the body's gravity scale, already in the velocities) moves a
 * body in flight along its exact parabola, x += v·dt - g·dt²/2, so a bounce placed at its time
 * of impact keeps the height it came from; a body with a touching contact is held by it for
 * the whole step and moves by v·dt, as before (else a resting body would rise and sink by
 * g·dt²/2 every step).
 * @internal
 */
export function integratePositions(
  store: BodyStore,
  contacts: ContactBuffer,
  dt: number,
  gravityX: number,
  gravityY: number,
  runner: StepRunner,
): number {
  const params = runner.params;
  params[P_H] = dt;
  params[P_FX] = -0.5 * gravityX * dt * dt;
  params[P_FY] = -0.5 * gravityY * dt * dt;
  // The resting marks: the row kernels' prepare wrote them where it ran (P_KERNEL_MARKS).
  if ((params[P_FX] !== 0 || params[P_FY] !== 0) && params[P_KERNEL_MARKS] === 0) {
    store.passMark.fill(0, 0, store.end);
    runner.run(JOB_MARK_RESTING, 0, contacts.count);
  }
  const blocks = blocksFor(store.end);
  runner.reservePartials(blocks);
  runner.run(JOB_INTEGRATE_POSITIONS, 0, blocks);
  return sumBlocks(runner.partials, blocks) * 0.5;
}

/** Marks the bodies of the touching rows in [from, to) as RESTING (any order: one value). */
export function markResting(store: BodyStore, contacts: ContactBuffer, from: number, to: number): void {
  const { a, b, separation } = contacts;
  const passMark = store.passMark;
  for (let c = from; c < to; c++) {
    if (separation[c] > 0) continue;
    passMark[a[c]] = RESTING;
    passMark[b[c]] = RESTING;
  }
}

/**
 * Blocks [fromBlock, toBlock) of BODY_BLOCK bodies of `integratePositions` (dt and the flight
 * term -g·dt²/2 read from `params`; `marks`: each body RESTING or not): each block's twice
 * kinetic energy into `partials`, the blocks walked here as in `integrateVelocityBlocks`.
 * `shared`: on threads, each block's position lines are taken for writing first (own-lines.ts).
 */
export function integratePositionBlocks(
  s: BodyStore,
  fromBlock: number,
  toBlock: number,
  params: Float64Array,
  marks: Uint8Array,
  shared: boolean,
  partials: Float64Array,
): void {
  const { kind, awake, x, y, vx, vy, prevX, prevY, invMass, gravityScale } = s;
  const dt = params[P_H];
  const fx = params[P_FX];
  const fy = params[P_FY];
  const flight = fx !== 0 || fy !== 0;
  const max2 = MAX_SPEED * MAX_SPEED;
  const end = s.end;
  for (let block = fromBlock; block < toBlock; block++) {
    const from = block * BODY_BLOCK;
    const to = Math.min(from + BODY_BLOCK, end);
    if (shared) {
      ownLines(x, from, to);
      ownLines(y, from, to);
    }
    let energy = 0;
    for (let i = from; i < to; i++) {
      const k = kind[i];
      if (k === BODY_DYNAMIC ? awake[i] === 0 : k !== BODY_KINEMATIC) continue;
      if (vx[i] * vx[i] + vy[i] * vy[i] > max2) clampSpeed(vx, vy, i);
      prevX[i] = x[i];
      prevY[i] = y[i];
      x[i] += vx[i] * dt;
      y[i] += vy[i] * dt;
      if (k !== BODY_DYNAMIC) continue;
      energy += (vx[i] * vx[i] + vy[i] * vy[i]) / invMass[i];
      if (flight && marks[i] !== RESTING) {
        x[i] += fx * gravityScale[i];
        y[i] += fy * gravityScale[i];
      }
    }
    partials[block] = energy;
  }
}

/** The blocks' sums, in block order. */
function sumBlocks(partials: Float64Array, blocks: number): number {
  let sum = 0;
  for (let k = 0; k < blocks; k++) sum += partials[k];
  return sum;
}
