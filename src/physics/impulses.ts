/** Impulses on bodies: the one kick every solver pass applies, and the speed limit. */
import { MAX_SPEED } from './validate.js';

/** Applies impulse d (N·s) along the normal (cnx, cny): minus to body ia, plus to body ib. @internal */
export function kick(
  vx: Float64Array,
  vy: Float64Array,
  invMass: Float64Array,
  ia: number,
  ib: number,
  d: number,
  cnx: number,
  cny: number,
): void {
  const ma = invMass[ia];
  const mb = invMass[ib];
  vx[ia] -= d * cnx * ma;
  vy[ia] -= d * cny * ma;
  vx[ib] += d * cnx * mb;
  vy[ib] += d * cny * mb;
}

/** Scales body i's velocity down to MAX_SPEED if it is faster. @internal */
export function clampSpeed(vx: Float64Array, vy: Float64Array, i: number): void {
  const u = vx[i];
  const v = vy[i];
  const v2 = u * u + v * v;
  if (v2 <= MAX_SPEED * MAX_SPEED) return;
  const scale = MAX_SPEED / Math.sqrt(v2);
  vx[i] = u * scale;
  vy[i] = v * scale;
}
