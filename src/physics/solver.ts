/**
 * The solver: sequential impulses on the contact rows, then position integration and pushout.
 *
 * Bodies do not rotate, so each contact is a one-dimensional constraint on the relative normal
 * velocity vn = (vB - vA) · n with effective mass 1 / (invMassA + invMassB):
 *   - touching (separation <= 0): vn >= 0, no approach;
 *   - speculative (separation s > 0): vn >= -s / dt, close the gap and no further.
 * The accumulated impulse is clamped at zero (contacts push, never pull) and warm-starts the
 * next step. Restitution is a separate pass after the iterations, only for contacts that
 * actually pushed and whose approach speed, captured before the solve, beats the threshold:
 * there the target is vn = -e · vn_before (so resting contact does not buzz, and a speculative
 * contact that never closed does not bounce). Penetration is not fed back into velocities;
 * pushout moves positions apart afterwards, mass-weighted, which adds no energy.
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { MAX_SPEED } from './validate.js';

/** Allowed penetration (m) that pushout leaves alone, so stacked contacts stay warm. */
export const LINEAR_SLOP = 0.005; // m

/** Largest pushout (m) of one contact in one iteration, so a deep overlap resolves smoothly. */
const MAX_PUSHOUT = 0.2; // m

/** Pushout skips unmoved rows when fewer than 1 in this many rows pushed in the last pass. */
const SKIP_WHEN_PUSHING_UNDER = 8;

/** The velocity passes skip unchanged rows when fewer than 1 in this many rows changed in the last. */
const SKIP_WHEN_CHANGING_UNDER = 4;

/** Share of the remaining overlap that one pushout iteration removes. */
const PUSHOUT_FACTOR = 0.8;

/**
 * Velocity solve: warm start, then `iterations` passes (dt in s). The impulses are written to
 * `warmStarts` at each contact's pair row, for the next step.
 * @internal
 */
export function solveVelocities(
  store: BodyStore,
  contacts: ContactBuffer,
  dt: number,
  iterations: number,
  warmStarts: Float32Array,
): void {
  const { vx, vy, invMass, passMark } = store;
  const { a, b, nx, ny, mass, impulse, approach } = contacts;
  const n = contacts.count;
  const halfInvDt = 0.5 / dt;

  // Approach speeds first, all of them, before any warm start disturbs the velocities.
  for (let c = 0; c < n; c++) {
    const ia = a[c];
    const ib = b[c];
    mass[c] = 1 / (invMass[ia] + invMass[ib]);
    approach[c] = (vx[ib] - vx[ia]) * nx[c] + (vy[ib] - vy[ia]) * ny[c];
  }

  for (let c = 0; c < n; c++) {
    const p = impulse[c];
    if (p !== 0) kick(vx, vy, invMass, a[c], b[c], p, nx[c], ny[c]);
  }

  // As in pushOut: after the first pass, a row whose bodies' velocities have not changed since
  // the start of the previous pass would compute the same impulse again, which it did not
  // change (else its bodies would have changed), so it is skipped. In a crowd that is 75 to
  // 85 % of the rows from the second pass on; in a pile almost none, and there even writing
  // the marks cost, so they are written and read only while few rows change.
  passMark.fill(0, 0, store.end);
  let changes = n;
  let marked = false;
  for (let it = 0; it < iterations; it++) {
    const mark = it + 1;
    // A skip needs the marks of the previous pass and of this one.
    const skipUnchanged = marked && changes * SKIP_WHEN_CHANGING_UNDER < n;
    marked = it === 0 || changes * 2 < n;
    changes = 0;
    if (skipUnchanged) {
      for (let c = 0; c < n; c++) {
        const ia = a[c];
        const ib = b[c];
        if (passMark[ia] < it && passMark[ib] < it) continue;
        if (solveRow(c, contacts, vx, vy, invMass, halfInvDt)) {
          passMark[ia] = mark;
          passMark[ib] = mark;
          changes++;
        }
      }
    } else if (marked) {
      for (let c = 0; c < n; c++) {
        if (solveRow(c, contacts, vx, vy, invMass, halfInvDt)) {
          passMark[a[c]] = mark;
          passMark[b[c]] = mark;
          changes++;
        }
      }
    } else {
      for (let c = 0; c < n; c++) if (solveRow(c, contacts, vx, vy, invMass, halfInvDt)) changes++;
    }
  }

  const { pair } = contacts;
  for (let c = 0; c < n; c++) warmStarts[pair[c]] = impulse[c];
}

/** One pass of one row: returns whether its impulse changed (and so its bodies' velocities). */
function solveRow(
  c: number,
  contacts: ContactBuffer,
  vx: Float64Array,
  vy: Float64Array,
  invMass: Float64Array,
  halfInvDt: number,
): boolean {
  const { a, b, nx, ny, separation, mass, impulse } = contacts;
  const ia = a[c];
  const ib = b[c];
  const cnx = nx[c];
  const cny = ny[c];
  const vn = (vx[ib] - vx[ia]) * cnx + (vy[ib] - vy[ia]) * cny;
  // max(x, 0) as (x + |x|) / 2: exact, and without a branch that the data would mispredict.
  const sep = separation[c];
  const bias = (sep + Math.abs(sep)) * halfInvDt;
  const old = impulse[c];
  const raw = old - mass[c] * (vn + bias);
  const next = (raw + Math.abs(raw)) * 0.5;
  const d = next - old;
  if (d === 0) return false;
  impulse[c] = next;
  kick(vx, vy, invMass, ia, ib, d, cnx, cny);
  return true;
}

/**
 * Restitution, after the iterations and before the positions move: only contacts that pushed,
 * whose approach before the solve beats the threshold, bounce, to vn = -e · approach.
 * @internal
 */
export function applyRestitution(store: BodyStore, contacts: ContactBuffer, restitutionThreshold: number): void {
  const { vx, vy, invMass, restitution } = store;
  const { a, b, nx, ny, mass, impulse, approach } = contacts;
  const n = contacts.count;
  for (let c = 0; c < n; c++) {
    const vn0 = approach[c];
    if (vn0 > -restitutionThreshold || impulse[c] === 0) continue;
    const ia = a[c];
    const ib = b[c];
    // A pair bounces with the larger coefficient of its two bodies.
    const e = restitution[ia] > restitution[ib] ? restitution[ia] : restitution[ib];
    if (e === 0) continue;
    const cnx = nx[c];
    const cny = ny[c];
    const vn = (vx[ib] - vx[ia]) * cnx + (vy[ib] - vy[ia]) * cny;
    const old = impulse[c];
    let next = old - mass[c] * (vn + e * vn0);
    if (next < 0) next = 0;
    impulse[c] = next;
    kick(vx, vy, invMass, ia, ib, next - old, cnx, cny);
    clampSpeed(vx, vy, ia);
    clampSpeed(vx, vy, ib);
  }
}

/** Applies impulse d (N·s) along the normal (cnx, cny): minus to body ia, plus to body ib. */
function kick(
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

/** Scales body i's velocity down to MAX_SPEED if it is faster. */
function clampSpeed(vx: Float64Array, vy: Float64Array, i: number): void {
  const u = vx[i];
  const v = vy[i];
  const v2 = u * u + v * v;
  if (v2 <= MAX_SPEED * MAX_SPEED) return;
  const scale = MAX_SPEED / Math.sqrt(v2);
  vx[i] = u * scale;
  vy[i] = v * scale;
}

/**
 * Moves awake dynamic and all kinematic bodies by their velocity, remembering the start. A
 * solve can push a velocity past MAX_SPEED (say, a huge warm start read from a snapshot); it
 * is clamped here, so no state ever overflows.
 * @internal
 */
export function integratePositions(store: BodyStore, dt: number): void {
  const { kind, awake, x, y, vx, vy, prevX, prevY } = store;
  const max2 = MAX_SPEED * MAX_SPEED;
  for (let i = 0; i < store.end; i++) {
    const k = kind[i];
    if (k === BODY_DYNAMIC ? awake[i] === 0 : k !== BODY_KINEMATIC) continue;
    if (vx[i] * vx[i] + vy[i] * vy[i] > max2) clampSpeed(vx, vy, i);
    prevX[i] = x[i];
    prevY[i] = y[i];
    x[i] += vx[i] * dt;
    y[i] += vy[i] * dt;
  }
}

/**
 * Pushout: `iterations` passes that move overlapping pairs apart along their normal, weighted by
 * inverse mass (static and kinematic bodies do not move), leaving LINEAR_SLOP of overlap.
 * The separation is updated from the narrowphase value by the bodies' relative motion.
 *
 * After the first pass, a row whose two bodies have not moved since the start of the previous
 * pass is skipped: its separation is what it was when it was last tested, when it did not push
 * (had it pushed, its bodies would have moved). Exact, and in a crowd only about 4 % of the rows
 * push, pass after pass, so most of the later passes' work was re-reading positions that had
 * not changed.
 * @internal
 */
export function pushOut(store: BodyStore, contacts: ContactBuffer, iterations: number): void {
  const { x, y, invMass, passMark } = store;
  const { a, b, nx, ny, baseSeparation } = contacts;
  const n = contacts.count;
  passMark.fill(0, 0, store.end);
  let pushes = n;
  for (let it = 0; it < iterations; it++) {
    // Bodies moved in pass `it - 1` or in this one carry a mark >= it (marks are pass + 1).
    const mark = it + 1;
    // Where many rows push (a pile: a third or more), the marks rarely allow a skip, and
    // reading them cost more than it saved; there the pass reads every row.
    const skipUnmoved = pushes * SKIP_WHEN_PUSHING_UNDER < n;
    pushes = 0;
    for (let c = 0; c < n; c++) {
      const ia = a[c];
      const ib = b[c];
      if (skipUnmoved && passMark[ia] < it && passMark[ib] < it) continue;
      const cnx = nx[c];
      const cny = ny[c];
      const sep = baseSeparation[c] + (x[ib] - x[ia]) * cnx + (y[ib] - y[ia]) * cny;
      if (sep >= -LINEAR_SLOP) continue;
      let push = -(sep + LINEAR_SLOP) * PUSHOUT_FACTOR;
      if (push > MAX_PUSHOUT) push = MAX_PUSHOUT;
      const ma = invMass[ia];
      const mb = invMass[ib];
      const k = push / (ma + mb);
      x[ia] -= cnx * k * ma;
      y[ia] -= cny * k * ma;
      x[ib] += cnx * k * mb;
      y[ib] += cny * k * mb;
      passMark[ia] = mark;
      passMark[ib] = mark;
      pushes++;
    }
  }
}
