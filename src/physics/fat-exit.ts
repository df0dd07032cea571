/**
 * Which bodies left their fat boxes: the first half of the broadphase's update (broadphase.ts).
 * A body left its box when its tight box, or where its velocity carries it in the step, reaches
 * outside it. The test reads every moving body, so it runs over blocks of bodies on the step's
 * threads; it only flags, and then each block's flagged bodies get their new boxes (fat-box.ts).
 */
import { BODY_DYNAMIC, BODY_FREE, BODY_STATIC, FAT_STRIDE, type BodyStore } from './body-store.js';

/**
 * The low edge of a body's reach along one axis: centre `c`, half extent `e`, travel `d` in the
 * step. min(d, 0) as (d - |d|) / 2: exact, and the signs of a crowd's velocities are random, so
 * a branch here was mispredicted (the scan ran 35 % faster without).
 */
export function reachLow(c: number, e: number, d: number): number {
  return c - e + (d - Math.abs(d)) * 0.5;
}

/** The high edge of a body's reach along one axis (see `reachLow`). */
export function reachHigh(c: number, e: number, d: number): number {
  return c + e + (d + Math.abs(d)) * 0.5;
}

/**
 * Whether body i's reach in `dt` (s), its tight box united with that box carried by its
 * velocity, leaves its fat box.
 */
export function leftFat(s: BodyStore, i: number, dt: number): boolean {
  const ex = s.halfWidth[i] + s.radius[i];
  const ey = s.halfHeight[i] + s.radius[i];
  const dx = s.vx[i] * dt;
  const dy = s.vy[i] * dt;
  const fat = s.fat;
  const o = i * FAT_STRIDE;
  return (
    reachLow(s.x[i], ex, dx) < fat[o] ||
    reachLow(s.y[i], ey, dy) < fat[o + 1] ||
    reachHigh(s.x[i], ex, dx) > fat[o + 2] ||
    reachHigh(s.y[i], ey, dy) > fat[o + 3]
  );
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
