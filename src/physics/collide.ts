/**
 * The collide stage: each cached pair becomes a contact row when its shapes touch or may touch
 * within the step (narrowphase.ts holds the geometry; this file decides which pairs need it).
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, type BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import type { ContactBuffer } from './contacts.js';
import { csoOverlap, roundedRectOverlap, type PointHit } from './narrowphase.js';

/**
 * Turns each cached pair into a contact row when its shapes touch or may touch within `dt`
 * (the gap is under `speculativeDistance` plus how far the pair can close in this step), so
 * fast bodies meet a constraint before they pass each other. Pairs with no moving body (both
 * asleep, or asleep against static) are skipped; a pair that must act wakes its sleeper
 * through `wake`. Pairs that drift apart lose their warm start and, if touching, report an end.
 */
export function collidePairs(
  store: BodyStore,
  bp: Broadphase,
  contacts: ContactBuffer,
  dt: number,
  speculativeDistance: number,
  wake: (index: number) => void,
): void {
  const hit = COLLIDE_HIT;
  // Everything in locals: the loop calls out (wake, events), after which V8 would reload fields.
  const { kind, awake, x, y, vx, vy, halfWidth, halfHeight, radius } = store;
  const pairs = bp.pairs;
  const { a: pairA, b: pairB, impulse: pairImpulse, touching: pairTouching } = pairs;
  const pairCount = pairs.count;
  let rows = contacts.a.length;
  let { a: ca, b: cb, pair: cp, nx: cnx, ny: cny, separation: csep, baseSeparation: cbase, impulse: cimp } = contacts;
  let n = 0;
  for (let p = 0; p < pairCount; p++) {
    const a = pairA[p];
    const b = pairB[p];
    const ka = kind[a];
    const kb = kind[b];
    // A kinematic body at rest is as inert as a static one: it must not keep sleepers awake.
    const activeA = ka === BODY_DYNAMIC ? awake[a] === 1 : ka === BODY_KINEMATIC && (vx[a] !== 0 || vy[a] !== 0);
    const activeB = kb === BODY_DYNAMIC ? awake[b] === 1 : kb === BODY_KINEMATIC && (vx[b] !== 0 || vy[b] !== 0);
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
        if (pairTouching[p] === 1) pairs.setTouching(p, 0);
        continue;
      }
    }
    roundedRectOverlap(xb, yb, xa, ya, cw, ch, cr, hit);
    if (!activeA && ka === BODY_DYNAMIC) wake(a);
    if (!activeB && kb === BODY_DYNAMIC) wake(b);
    if (n === rows) {
      contacts.count = n;
      contacts.reserve(n + 1);
      rows = contacts.a.length;
      ({ a: ca, b: cb, pair: cp, nx: cnx, ny: cny, separation: csep, baseSeparation: cbase, impulse: cimp } = contacts);
    }
    ca[n] = a;
    cb[n] = b;
    cp[n] = p;
    cnx[n] = hit.nx;
    cny[n] = hit.ny;
    csep[n] = separation;
    cbase[n] = separation - (hit.nx * (xb - xa) + hit.ny * (yb - ya));
    cimp[n] = pairImpulse[p];
    n++;
  }
  contacts.count = n;
}

/** Scratch for `collidePairs` only. */
const COLLIDE_HIT: PointHit = { nx: 0, ny: 0, overlap: 0 };
