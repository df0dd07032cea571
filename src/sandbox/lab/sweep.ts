/**
 * The lab's second mode: B swept against A along their relative velocity, the ray cast the
 * engine runs for fast bodies (continuous.ts): B's centre moves along v = vB − vA for the
 * horizon, as a ray against A's CSO, and where the ray first enters the CSO is the time of
 * impact. The ray cast is the engine's own `rayVsRoundedRect`. No DOM.
 */
import { rayVsRoundedRect, roundedRectOverlap, type PointHit, type RayHit } from '../../physics/index';
import type { PairBody, Vec } from '../overlays/collision-explainer';

/** How far ahead the lab sweeps, s. */
export const SWEEP_HORIZON = 1; // s

export interface Sweep {
  /** v = vB − vA (m/s). */
  relative: Vec;
  /** The ray: from B's centre, displacement v·horizon (m). */
  from: Vec;
  delta: Vec;
  horizon: number;
  /** 'inside': B's centre starts in the CSO (already touching: no time of impact, as in the engine). */
  outcome: 'hit' | 'miss' | 'inside' | 'still';
  /** Fraction of the ray travelled at impact, in [0, 1] (hits only). */
  fraction: number;
  /** Time of impact, s (hits only). */
  toi: number;
  /** Where B's centre meets the CSO (m), and the CSO's normal there (hits only). */
  hit: Vec;
  normal: Vec;
  /** Where A and B are at the time of impact (m; hits only). */
  atA: Vec;
  atB: Vec;
}

/** Sweeps B against A over `horizon` s. Allocates the result. */
export function sweepPair(a: PairBody, b: PairBody, horizon = SWEEP_HORIZON): Sweep {
  const relative = { x: b.vx - a.vx, y: b.vy - a.vy };
  const delta = { x: relative.x * horizon, y: relative.y * horizon };
  const hw = a.halfWidth + b.halfWidth;
  const hh = a.halfHeight + b.halfHeight;
  const r = a.radius + b.radius;
  const base: Sweep = {
    relative,
    from: { x: b.x, y: b.y },
    delta,
    horizon,
    outcome: 'miss',
    fraction: 0,
    toi: 0,
    hit: { x: 0, y: 0 },
    normal: { x: 0, y: 0 },
    atA: { x: a.x, y: a.y },
    atB: { x: b.x, y: b.y },
  };
  const point: PointHit = { nx: 0, ny: 0, overlap: 0 };
  if (roundedRectOverlap(b.x, b.y, a.x, a.y, hw, hh, r, point) >= 0) return { ...base, outcome: 'inside' };
  if (delta.x === 0 && delta.y === 0) return { ...base, outcome: 'still' };
  const ray: RayHit = { fraction: 0, nx: 0, ny: 0 };
  if (!rayVsRoundedRect(b.x, b.y, delta.x, delta.y, a.x, a.y, hw, hh, r, ray)) return base;
  const t = ray.fraction * horizon;
  return {
    ...base,
    outcome: 'hit',
    fraction: ray.fraction,
    toi: t,
    hit: { x: b.x + delta.x * ray.fraction, y: b.y + delta.y * ray.fraction },
    normal: { x: ray.nx, y: ray.ny },
    atA: { x: a.x + a.vx * t, y: a.y + a.vy * t },
    atB: { x: b.x + b.vx * t, y: b.y + b.vy * t },
  };
}
