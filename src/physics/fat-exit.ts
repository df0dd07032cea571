/**
 * Which bodies left their fat boxes: the first half of the broadphase's update (broadphase.ts).
 * A body left its box when its tight box, or where its velocity carries it in the step, reaches
 * outside it. The test reads every moving body, so it runs over blocks of bodies on the step's
 * threads; it only flags, and the broadphase then moves the flagged bodies in index order.
 */
import { BODY_DYNAMIC, BODY_FREE, BODY_STATIC, FAT_STRIDE, type BodyStore } from './body-store.js';

/** Slots of `reachOf`'s box: its bounds, then the travel in the step. */
export const REACH_MIN_X = 0;
export const REACH_MIN_Y = 1;
export const REACH_MAX_X = 2;
export const REACH_MAX_Y = 3;
export const REACH_DX = 4;
export const REACH_DY = 5;
/** Length of a reach box. */
export const REACH_LENGTH = 6;

/**
 * Whether body i's reach in `dt` (s), its tight box united with that box carried by its
 * velocity, leaves its fat box. The scan's test: no writes, so it stays in registers.
 */
export function leftFat(s: BodyStore, i: number, dt: number): boolean {
  const ex = s.halfWidth[i] + s.radius[i];
  const ey = s.halfHeight[i] + s.radius[i];
  const dx = s.vx[i] * dt;
  const dy = s.vy[i] * dt;
  // min(d, 0) and max(d, 0) as (d -+ |d|) / 2: exact, and the signs of a crowd's velocities
  // are random, so branches here were mispredicted (this loop ran 35 % faster).
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  const fat = s.fat;
  const o = i * FAT_STRIDE;
  return (
    s.x[i] - ex + (dx - adx) * 0.5 < fat[o] ||
    s.y[i] - ey + (dy - ady) * 0.5 < fat[o + 1] ||
    s.x[i] + ex + (dx + adx) * 0.5 > fat[o + 2] ||
    s.y[i] + ey + (dy + ady) * 0.5 > fat[o + 3]
  );
}

/**
 * Body i's reach in `dt` (s), written to `box` (see the REACH_ slots): the same arithmetic as
 * `leftFat`, repeated rather than shared because the scan ran slower writing its box out.
 */
export function reachOf(s: BodyStore, i: number, dt: number, box: Float64Array): void {
  const ex = s.halfWidth[i] + s.radius[i];
  const ey = s.halfHeight[i] + s.radius[i];
  const dx = s.vx[i] * dt;
  const dy = s.vy[i] * dt;
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  box[REACH_MIN_X] = s.x[i] - ex + (dx - adx) * 0.5;
  box[REACH_MIN_Y] = s.y[i] - ey + (dy - ady) * 0.5;
  box[REACH_MAX_X] = s.x[i] + ex + (dx + adx) * 0.5;
  box[REACH_MAX_Y] = s.y[i] + ey + (dy + ady) * 0.5;
  box[REACH_DX] = dx;
  box[REACH_DY] = dy;
}

/**
 * Sets `left[i]` to 1 for the awake moving bodies among [from, to) whose reach in `dt` (s) left
 * their fat box (and leaves the others' flags alone). Writes to `counts[slot]` how many it
 * flagged and to `counts[slot + 1]` the moving bodies in the range, asleep or not.
 */
export function flagLeavers(s: BodyStore, left: Uint8Array, from: number, to: number, dt: number, counts: Float64Array, slot: number): void {
  let flagged = 0;
  let moving = 0;
  for (let i = from; i < to; i++) {
    const kind = s.kind[i];
    if (kind === BODY_FREE || kind === BODY_STATIC) continue;
    moving++;
    if (kind === BODY_DYNAMIC && s.awake[i] === 0) continue;
    if (leftFat(s, i, dt)) {
      left[i] = 1;
      flagged++;
    }
  }
  counts[slot] = flagged;
  counts[slot + 1] = moving;
}
