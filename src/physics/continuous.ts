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
import { queryFlat, type FlatTree } from './flat-tree.js';
import { HitList } from './hit-list.js';
import { JOB_SWEEP_FAST, SEARCH_STACK, blocksFor, type StepRunner } from './parallel/jobs.js';
import { rayVsRoundedRect, type RayHit } from './narrowphase.js';
import { LINEAR_SLOP } from './pushout.js';

/** A body is swept when it moved more than this share of its smallest half extent. */
const SWEEP_FRACTION = 0.25;

/** Scratch for `sweepBody` only: one per thread (module state is per thread). */
const SWEEP_HIT: RayHit = { fraction: 0, nx: 0, ny: 0 };
/** This thread's query box (flat-tree.ts's `fatBoxOf`). */
const QUERY_BOX = new Float64Array(4);

/** The calling thread's query scratch for the bodies a kinematic body touched. */
const KICKED_HITS = new HitList();
const KICKED_STACK = new Int32Array(SEARCH_STACK);

/**
 * Sweeps fast awake dynamic bodies, and those a moving kinematic body touched (listed by the
 * collide stage in `contacts.kicked`), against static bodies; returns how many were stopped.
 * The fast ones are swept on the runner's threads: each sweep reads only static bodies and
 * moves only its own body, so any split gives the same bits.
 */
export function sweepFastBodies(store: BodyStore, bp: Broadphase, contacts: ContactBuffer, runner: StepRunner): number {
  const statics = bp.staticsFlat();
  let stopped = runner.run(JOB_SWEEP_FAST, 0, blocksFor(store.end));
  // A fast one was swept above already, and sweeping it again finds nothing (it starts outside
  // every static body and ends short of them).
  for (let k = 0; k < contacts.kickedCount; k++) if (sweepBody(store, statics, KICKED_HITS, KICKED_STACK, contacts.kicked[k])) stopped++;
  return stopped;
}

/**
 * Sweeps the fast awake dynamic bodies among bodies [from, to) against the static bodies (the
 * static tree's flat copy, queried with this thread's `hits` and `stack`); returns how many
 * were stopped. @internal
 */
export function sweepFastRange(s: BodyStore, statics: FlatTree, hits: HitList, stack: Int32Array, from: number, to: number): number {
  let stopped = 0;
  // In locals: the sweep is a call, after which V8 would reload every field in the loop.
  const { kind, awake, sensor, x, y, prevX, prevY, halfWidth, halfHeight, radius } = s;
  for (let i = from; i < to; i++) {
    // The distance first: almost every body fails it, so one branch decides most bodies (a
    // free slot's stale values fail it too, or are turned away below).
    const dx = x[i] - prevX[i];
    const dy = y[i] - prevY[i];
    const hw = halfWidth[i];
    const hh = halfHeight[i];
    const limit = SWEEP_FRACTION * ((hw < hh ? hw : hh) + radius[i]);
    if (dx * dx + dy * dy <= limit * limit) continue;
    // A sensor goes through walls.
    if (kind[i] !== BODY_DYNAMIC || awake[i] === 0 || sensor[i] === 1) continue;
    if (sweepBody(s, statics, hits, stack, i)) stopped++;
  }
  return stopped;
}

/** Sweeps body i from where it started the step to where it is; returns whether it was stopped. */
function sweepBody(s: BodyStore, statics: FlatTree, list: HitList, stack: Int32Array, i: number): boolean {
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
  list.count = 0;
  const box = QUERY_BOX;
  box[0] = Math.min(x0, x0 + dx) - ex;
  box[1] = Math.min(y0, y0 + dy) - ey;
  box[2] = Math.max(x0, x0 + dx) + ex;
  box[3] = Math.max(y0, y0 + dy) + ey;
  queryFlat(statics, s.fat, box, -1, list, stack);
  // The walk may have grown the list.
  const hits = list.ids;
  const count = list.count;
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
