/**
 * Continuous collision: a body that moved far in one step, relative to its own size, is swept
 * from where it started against the CSO of every static body near its path (a segment cast
 * against a rounded rectangle) and stopped just short of the first time of impact. Speculative
 * contacts already stop most fast bodies; this pass is the guarantee for thin static walls,
 * including against pushout shoving a body across one.
 */
import { BODY_DYNAMIC, type BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import { canCollide } from './filter.js';
import { rayVsRoundedRect, type RayHit } from './narrowphase.js';
import { LINEAR_SLOP } from './solver.js';

/** A body is swept when it moved more than this share of its smallest half extent. */
const SWEEP_FRACTION = 0.25;

/** Scratch for `sweepFastBodies` only. */
const SWEEP_HIT: RayHit = { fraction: 0, nx: 0, ny: 0 };

/** Sweeps fast awake dynamic bodies against static bodies; returns how many were stopped. */
export function sweepFastBodies(store: BodyStore, bp: Broadphase): number {
  const s = store;
  const hit = SWEEP_HIT;
  let stopped = 0;
  for (let i = 0; i < s.end; i++) {
    // A sensor goes through walls; a wall never stops what its filter lets pass, or a sensor.
    if (s.kind[i] !== BODY_DYNAMIC || s.awake[i] === 0 || s.sensor[i] === 1) continue;
    const x0 = s.prevX[i];
    const y0 = s.prevY[i];
    const dx = s.x[i] - x0;
    const dy = s.y[i] - y0;
    const hw = s.halfWidth[i];
    const hh = s.halfHeight[i];
    const r = s.radius[i];
    const size = (hw < hh ? hw : hh) + r;
    const limit = SWEEP_FRACTION * size;
    if (dx * dx + dy * dy <= limit * limit) continue;
    const ex = hw + r;
    const ey = hh + r;
    const hits = bp.queryStatic(
      Math.min(x0, x0 + dx) - ex,
      Math.min(y0, y0 + dy) - ey,
      Math.max(x0, x0 + dx) + ex,
      Math.max(y0, y0 + dy) + ey,
    );
    const count = bp.queryCount;
    let best = 1;
    let found = false;
    for (let h = 0; h < count; h++) {
      const j = hits[h];
      if (s.sensor[j] === 1 || !canCollide(s, i, j)) continue;
      if (
        rayVsRoundedRect(
          x0,
          y0,
          dx,
          dy,
          s.x[j],
          s.y[j],
          hw + s.halfWidth[j],
          hh + s.halfHeight[j],
          r + s.radius[j],
          hit,
        ) &&
        hit.fraction < best
      ) {
        best = hit.fraction;
        found = true;
      }
    }
    if (!found) continue;
    const length = Math.sqrt(dx * dx + dy * dy);
    let t = best - LINEAR_SLOP / length;
    if (t < 0) t = 0;
    s.x[i] = x0 + dx * t;
    s.y[i] = y0 + dy * t;
    stopped++;
  }
  return stopped;
}
