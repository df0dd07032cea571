/**
 * Continuous collision: a body that moved far in one step, relative to its own size, is swept
 * from where it started against the CSO of every static body near its path (a segment cast
 * against a rounded rectangle) and stopped just short of the first time of impact. Speculative
 * contacts already stop most fast bodies; this pass is the guarantee for thin static walls,
 * including against pushout shoving a body across one. A body that touched a moving kinematic
 * body is swept however far it moved: the kinematic body may have knocked it, within the step,
 * into a wall it had no contact row with (it was moving away from it when the step began).
 */
import { BODY_DYNAMIC, type BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import type { ContactBuffer } from './contacts.js';
import { canCollide } from './filter.js';
import { rayVsRoundedRect, type RayHit } from './narrowphase.js';
import { LINEAR_SLOP } from './solver.js';

/** A body is swept when it moved more than this share of its smallest half extent. */
const SWEEP_FRACTION = 0.25;

/** Scratch for `sweepBody` only. */
const SWEEP_HIT: RayHit = { fraction: 0, nx: 0, ny: 0 };

/**
 * Sweeps fast awake dynamic bodies, and those a moving kinematic body touched (listed by the
 * collide stage in `contacts.kicked`), against static bodies; returns how many were stopped.
 */
export function sweepFastBodies(store: BodyStore, bp: Broadphase, contacts: ContactBuffer): number {
  const s = store;
  let stopped = 0;
  for (let i = 0; i < s.end; i++) {
    // A sensor goes through walls.
    if (s.kind[i] !== BODY_DYNAMIC || s.awake[i] === 0 || s.sensor[i] === 1) continue;
    const dx = s.x[i] - s.prevX[i];
    const dy = s.y[i] - s.prevY[i];
    const limit = SWEEP_FRACTION * (Math.min(s.halfWidth[i], s.halfHeight[i]) + s.radius[i]);
    if (dx * dx + dy * dy <= limit * limit) continue;
    if (sweepBody(s, bp, i)) stopped++;
  }
  // A fast one was swept above already, and sweeping it again finds nothing (it starts outside
  // every static body and ends short of them).
  for (let k = 0; k < contacts.kickedCount; k++) if (sweepBody(s, bp, contacts.kicked[k])) stopped++;
  return stopped;
}

/** Sweeps body i from where it started the step to where it is; returns whether it was stopped. */
function sweepBody(s: BodyStore, bp: Broadphase, i: number): boolean {
  const hit = SWEEP_HIT;
  const x0 = s.prevX[i];
  const y0 = s.prevY[i];
  const dx = s.x[i] - x0;
  const dy = s.y[i] - y0;
  if (dx === 0 && dy === 0) return false;
  const hw = s.halfWidth[i];
  const hh = s.halfHeight[i];
  const r = s.radius[i];
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
    // A wall never stops what its filter lets pass, and a sensor stops nothing.
    if (s.sensor[j] === 1 || !canCollide(s, i, j)) continue;
    if (
      rayVsRoundedRect(x0, y0, dx, dy, s.x[j], s.y[j], hw + s.halfWidth[j], hh + s.halfHeight[j], r + s.radius[j], hit) &&
      hit.fraction < best
    ) {
      best = hit.fraction;
      found = true;
    }
  }
  if (!found) return false;
  const length = Math.sqrt(dx * dx + dy * dy);
  let t = best - LINEAR_SLOP / length;
  if (t < 0) t = 0;
  s.x[i] = x0 + dx * t;
  s.y[i] = y0 + dy * t;
  return true;
}
