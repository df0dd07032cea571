/**
 * The collide stage: each cached pair becomes a contact row when its shapes touch or may touch
 * within the step (narrowphase.ts holds the geometry; this file decides which pairs need it).
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, type BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import type { ContactBuffer } from './contacts.js';
import { csoOverlap, roundedRectOverlap, type PointHit } from './narrowphase.js';
import { SHOCK_MASS_RATIO } from './shock.js';

/**
 * Whether body i moves this step: an awake dynamic body, or a kinematic one with a velocity. A
 * kinematic body at rest is as inert as a static one: it must not keep sleepers awake. A pair
 * with neither body active needs no row. Shared by the serial and the threaded collide stage.
 * @internal
 */
export function isActive(kind: Uint8Array, awake: Uint8Array, vx: Float64Array, vy: Float64Array, i: number): boolean {
  const k = kind[i];
  return k === BODY_DYNAMIC ? awake[i] === 1 : k === BODY_KINEMATIC && (vx[i] !== 0 || vy[i] !== 0);
}

/** Called with each sensor pair (row p of the pair cache) near enough to overlap within the step. */
export type SensorTouch = (p: number) => void;

/**
 * Turns each cached pair into a contact row when its shapes touch or may touch within `dt`
 * (the gap is under `speculativeDistance` plus how far the pair can close in this step), so
 * fast bodies meet a constraint before they pass each other. Pairs with no moving body (both
 * asleep, or asleep against static) are skipped; a pair that must act wakes its sleeper
 * through `wake`. Pairs that drift apart lose their warm start and, if touching, report an end.
 * With `prepare` (the step's own call, on one thread, in a world without gravity) each row is
 * also prepared for the solve as it is written, as solver.ts's `prepareRows` would, while its
 * bodies and normal are at hand: `contacts.preparedRows` tells the solve.
 * @internal
 */
export function collidePairs(
  store: BodyStore,
  bp: Broadphase,
  contacts: ContactBuffer,
  dt: number,
  speculativeDistance: number,
  wake: (index: number) => void,
  onSensor: SensorTouch,
  prepare = false,
): void {
  const hit = COLLIDE_HIT;
  // Everything in locals: the loop calls out (wake, events), after which V8 would reload fields.
  const { kind, awake, x, y, vx, vy, halfWidth, halfHeight, radius, sensor } = store;
  const pairs = bp.pairs;
  const { a: pairA, b: pairB, impulse: pairImpulse, tangentImpulse: pairTangent, touching: pairTouching } = pairs;
  const pairCount = pairs.count;
  let rows = contacts.a.length;
  let { a: ca, b: cb, pair: cp, nx: cnx, ny: cny, separation: csep, baseSeparation: cbase, impulse: cimp, tangentImpulse: ctan } =
    contacts;
  let { mass, approach, bias, friction, bounce: toi, warmImpulse, warmTangent } = contacts;
  const { invMass, friction: bodyFriction } = store;
  const invDt = 1 / dt;
  let unequal = 0;
  let n = 0;
  let wallCount = 0;
  let kickedCount = 0;
  let wokenCount = 0;
  for (let p = 0; p < pairCount; p++) {
    const a = pairA[p];
    const b = pairB[p];
    const ka = kind[a];
    const kb = kind[b];
    const activeA = isActive(kind, awake, vx, vy, a);
    const activeB = isActive(kind, awake, vx, vy, b);
    if (!activeA && !activeB) continue;
    const xa = x[a];
    const ya = y[a];
    const xb = x[b];
    const yb = y[b];
    const cw = halfWidth[a] + halfWidth[b];
    const ch = halfHeight[a] + halfHeight[b];
    const cr = radius[a] + radius[b];
    // Most pairs are too far apart to make a row: decide that from the separation alone, whose
    // formula needs no branch (in a crowd, which region of the CSO a partner lies in is random
    // and would be mispredicted), and find the normal only for the rows that are kept.
    const separation = -csoOverlap(xb - xa, yb - ya, cw, ch, cr);
    if (separation > speculativeDistance) {
      const rvx = vx[b] - vx[a];
      const rvy = vy[b] - vy[a];
      const reach = separation - speculativeDistance;
      if (reach * reach > (rvx * rvx + rvy * rvy) * dt * dt) {
        pairImpulse[p] = 0;
        pairTangent[p] = 0;
        if (pairTouching[p] === 1) pairs.setTouching(p, 0);
        continue;
      }
    }
    roundedRectOverlap(xb, yb, xa, ya, cw, ch, cr, hit);
    if (xb === xa && yb === ya) spreadCoincident(a, b, cw, ch, hit);
    // A sensor pair never gets a row (it must not push); the world tests its overlap after the
    // solve has moved the bodies. Read here, past the distance test, so far pairs do not pay.
    if ((sensor[a] | sensor[b]) !== 0) {
      pairImpulse[p] = 0;
      pairTangent[p] = 0;
      onSensor(p);
      continue;
    }
    if (n === rows) {
      contacts.count = n;
      contacts.reserve(n + 1);
      rows = contacts.a.length;
      ({ a: ca, b: cb, pair: cp, nx: cnx, ny: cny, separation: csep, baseSeparation: cbase, impulse: cimp, tangentImpulse: ctan } =
        contacts);
      ({ mass, approach, bias, friction, bounce: toi, warmImpulse, warmTangent } = contacts);
    }
    // Woken after the loop, so every pair sees the bodies awake as the step found them: the
    // rows then do not depend on the order the pairs are visited in (threads: parallel/collide-blocks.ts).
    if (!activeA && ka === BODY_DYNAMIC) wokenCount = contacts.noteWoken(wokenCount, a);
    if (!activeB && kb === BODY_DYNAMIC) wokenCount = contacts.noteWoken(wokenCount, b);
    ca[n] = a;
    cb[n] = b;
    cp[n] = p;
    cnx[n] = hit.nx;
    cny[n] = hit.ny;
    csep[n] = separation;
    cbase[n] = separation - (hit.nx * (xb - xa) + hit.ny * (yb - ya));
    const warm = pairImpulse[p];
    const warmT = pairTangent[p];
    cimp[n] = warm;
    ctan[n] = warmT;
    if (prepare) {
      // prepareRows' row without gravity (solver.ts), from what is at hand; written out again in
      // parallel/collide-blocks.ts's writeRowBlocks on purpose (a shared function was not inlined here).
      const ma = invMass[a];
      const mb = invMass[b];
      mass[n] = 1 / (ma + mb);
      if ((ma > SHOCK_MASS_RATIO * mb || mb > SHOCK_MASS_RATIO * ma) && ma !== 0 && mb !== 0) unequal++;
      const vn0 = (vx[b] - vx[a]) * hit.nx + (vy[b] - vy[a]) * hit.ny;
      approach[n] = vn0;
      let t = 0;
      if (separation > 0 && vn0 < 0) {
        const tt = separation / -vn0;
        if (tt <= dt) t = tt;
      }
      toi[n] = t;
      bias[n] = t !== 0 || separation <= 0 ? 0 : separation * invDt;
      const mu = bodyFriction[a] * bodyFriction[b];
      friction[n] = mu === 0 ? 0 : Math.sqrt(mu);
      warmImpulse[n] = warm;
      warmTangent[n] = warmT;
    }
    if (ka === BODY_STATIC || kb === BODY_STATIC) wallCount = contacts.noteWall(wallCount, n);
    else if (ka === BODY_KINEMATIC && activeA) kickedCount = contacts.noteKicked(kickedCount, b);
    else if (kb === BODY_KINEMATIC && activeB) kickedCount = contacts.noteKicked(kickedCount, a);
    n++;
  }
  contacts.count = n;
  contacts.wallCount = wallCount;
  contacts.kickedCount = kickedCount;
  // A body woken here may change before the solve: then the solve prepares every row itself.
  contacts.preparedRows = prepare && wokenCount === 0;
  contacts.preparedUnequal = unequal;
  for (let k = 0; k < wokenCount; k++) wake(contacts.woken[k]);
}

/**
 * Two bodies with the same centre have no direction to part in: the point test answers +x for
 * every such pair, so a crowd made at one point would spread along a line and stay on it. Pick
 * the direction from the pair's indices instead (deterministic, different for each pair): any
 * direction for two circles, and for other shapes an axis and a sign chosen the same way (not
 * always the axis of least overlap, or boxes would part along one line: the row's separation
 * then understates the overlap along the chosen axis, and the next steps finish the job).
 */
export function spreadCoincident(a: number, b: number, cw: number, ch: number, hit: PointHit): void {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  const u = ((h ^ (h >>> 15)) >>> 0) / 4294967296; // [0, 1)
  if (cw === 0 && ch === 0) {
    const angle = 2 * Math.PI * u;
    hit.nx = Math.cos(angle);
    hit.ny = Math.sin(angle);
    return;
  }
  const sign = u < 0.5 ? -1 : 1;
  const alongX = (u * 4) % 2 < 1;
  hit.nx = alongX ? sign : 0;
  hit.ny = alongX ? 0 : sign;
}

/** Scratch for `collidePairs` only. */
const COLLIDE_HIT: PointHit = { nx: 0, ny: 0, overlap: 0 };
