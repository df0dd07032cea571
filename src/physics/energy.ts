/**
 * Kinetic energy, and the two guards that keep a contact solve from adding it: a bounce pass
 * that ends above the step's energy is scaled back (`limitBounceEnergy`), and a solve whose
 * warm start carried it above is started again with less of it (`restartSolve`).
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { kick } from './impulses.js';

/** Kinetic energy (J) of the awake dynamic bodies. */
export function kineticEnergy(store: BodyStore): number {
  const { kind, awake, vx, vy, invMass } = store;
  let sum = 0;
  for (let i = 0; i < store.end; i++) {
    if (kind[i] !== BODY_DYNAMIC || awake[i] === 0) continue;
    sum += (vx[i] * vx[i] + vy[i] * vy[i]) / invMass[i];
  }
  return sum * 0.5;
}

/** Relative share of energy the bounce pass may add above the step's start (rounding). */
const ENERGY_TOLERANCE = 1e-9;

/**
 * Keeps the bounce pass from adding energy: called when the kinetic energy `after` the step's
 * velocities (as integrated, dt in s) exceeds `before` (measured after gravity, before the
 * contact solve). Every bounce impulse of the step is scaled by the largest λ in [0, 1] that
 * brings the energy back (it is quadratic in λ; three values fix it), its bodies' velocities
 * and positions with it. Skipped when a row has a moving kinematic body, which may rightly add
 * energy. Returns the kinetic energy after (`after` when it did nothing). Rare: five passes over
 * the bodies when it acts.
 */
export function limitBounceEnergy(store: BodyStore, contacts: ContactBuffer, before: number, after: number, dt: number): number {
  if (!gainedEnergy(before, after) || movesKinematic(store, contacts)) return after;
  const limit = before * (1 + ENERGY_TOLERANCE);
  // E(λ) = e0 + B·λ + A·λ²: sample λ = 0 and λ = 1/2 by scaling the bounces back.
  const e1 = kineticEnergy(store);
  scaleBounces(store, contacts, 0.5, dt);
  const eHalf = kineticEnergy(store);
  scaleBounces(store, contacts, 0, dt);
  const e0 = kineticEnergy(store);
  const A = 2 * (e1 - 2 * eHalf + e0);
  const B = e1 - e0 - A;
  let lambda = 0;
  if (e0 < limit) {
    // The largest root of A·λ² + B·λ + (e0 - limit) = 0 in [0, 1].
    const c0 = e0 - limit;
    if (A > 0) lambda = (-B + Math.sqrt(Math.max(B * B - 4 * A * c0, 0))) / (2 * A);
    else if (B > 0) lambda = -c0 / B;
    lambda = lambda < 0 ? 0 : lambda > 1 ? 1 : lambda * (1 - 1e-12);
  }
  scaleBounces(store, contacts, lambda, dt);
  return kineticEnergy(store);
}

/** Whether a row has a kinematic body that moves: its contacts may rightly add energy. */
export function movesKinematic(store: BodyStore, contacts: ContactBuffer): boolean {
  const { a, b } = contacts;
  const { kind, vx, vy } = store;
  for (let c = 0; c < contacts.count; c++) {
    const ia = a[c];
    const ib = b[c];
    if (kind[ia] === BODY_KINEMATIC && (vx[ia] !== 0 || vy[ia] !== 0)) return true;
    if (kind[ib] === BODY_KINEMATIC && (vx[ib] !== 0 || vy[ib] !== 0)) return true;
  }
  return false;
}

/** Whether kinetic energy `after` the contact solve is above `before` it, beyond rounding. */
export function gainedEnergy(before: number, after: number): boolean {
  return after > before * (1 + ENERGY_TOLERANCE);
}

/**
 * Shares of the warm start that a solve which gained energy starts again with, in turn, each
 * of the try before's (`restartSolve`), until one does not gain. Half first: a stack keeps half
 * of what holds it up; then none.
 * A 40-box frictionless column settled to 0.0002 m/s in 6 s this way; starting from rest
 * at once, it lost its support every 19 steps and still moved at 0.017 m/s.
 */
export const RESTART_WARM_SHARES: readonly number[] = [0.5, 0];

/**
 * Undoes the step's contact solve and position update, for a solve that starts again with
 * `warmShare` of the last try's warm start: every moving body goes back to its velocity before
 * the solve (`startVx`, `startVy`) and its position before the update, and every row's
 * impulses to that share of the warm start the last try began with (`prepareRows` keeps it).
 *
 * Why: the warm start re-applies last step's impulses, and after an impact those are the
 * impulses that stopped it. Where the bodies have parted since, in a chain of unequal masses,
 * eight passes do not take that push back, and the solve ends with more energy than it started
 * with (a 64-body crowd gained 4 % in one step; a 40-box column breathed up and down). From rest
 * the passes cannot gain: projected Gauss-Seidel lowers ½λᵀAλ + λᵀ(vn0 + bias) from 0 at
 * λ = 0, so the energy change λᵀvn0 + ½λᵀAλ ends at or below -λᵀbias <= 0 (frictionless rows;
 * friction only takes energy away).
 */
export function restartSolve(store: BodyStore, contacts: ContactBuffer, warmShare: number): void {
  const { kind, awake, x, y, vx, vy, prevX, prevY, startVx, startVy } = store;
  for (let i = 0; i < store.end; i++) {
    const k = kind[i];
    if (k === BODY_DYNAMIC ? awake[i] === 0 : k !== BODY_KINEMATIC) continue;
    x[i] = prevX[i];
    y[i] = prevY[i];
    if (k !== BODY_DYNAMIC) continue;
    vx[i] = startVx[i];
    vy[i] = startVy[i];
  }
  const { impulse, tangentImpulse, warmImpulse, warmTangent } = contacts;
  for (let c = 0; c < contacts.count; c++) {
    impulse[c] = warmShare * warmImpulse[c];
    tangentImpulse[c] = warmShare * warmTangent[c];
  }
}

/**
 * Sets every row's bounce impulse to `scale` times its full value (as recorded by
 * `applyRestitution`), from whatever share it has now; `bounce` keeps the full values and a
 * private share tracks the current one.
 */
function scaleBounces(store: BodyStore, contacts: ContactBuffer, scale: number, dt: number): void {
  const { vx, vy, x, y, invMass } = store;
  const { a, b, nx, ny, impulse, bounce } = contacts;
  const from = contacts.bounceShare;
  for (let c = 0; c < contacts.count; c++) {
    const full = bounce[c];
    if (full === 0) continue;
    const d = full * (scale - from);
    impulse[c] += d;
    kick(vx, vy, invMass, a[c], b[c], d, nx[c], ny[c]);
    // The positions were integrated with the old velocities: the same change over dt.
    kick(x, y, invMass, a[c], b[c], d * dt, nx[c], ny[c]);
  }
  contacts.bounceShare = scale;
}
