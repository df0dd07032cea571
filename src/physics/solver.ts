/**
 * The solver: sequential impulses on the contact rows, then position integration and pushout.
 *
 * Bodies do not rotate, so each contact is a one-dimensional constraint on the relative normal
 * velocity vn = (vB - vA) · n with effective mass M = 1 / (invMassA + invMassB), plus a friction
 * row along the tangent with the same mass:
 *   - touching (separation <= 0): vn >= 0, no approach;
 *   - an impact (apart by s > 0, but approaching at -vn0 > s / dt before the solve): the
 *     surfaces meet inside the step, at t = s / -vn0. The row is solved as touching (vn >= 0,
 *     then restitution), and its impulse acts from t on, not from the start (see below);
 *   - speculative (apart, and not closing the gap at its approach speed): vn >= -s / dt.
 * The accumulated impulse is clamped at zero (contacts push, never pull) and warm-starts the
 * next step. From the second pass on, a frictionless row is over-relaxed (OVER_RELAXATION), so
 * a deep stack converges in the same passes. Friction (Coulomb): the tangential impulse is
 * clamped to ±μ times the normal one, μ = sqrt(μA·μB).
 *
 * Restitution runs after the iterations, only for rows that pushed and whose approach speed,
 * captured before the solve, beats the threshold: there the target is vn = -e · vn0 (so
 * resting contact does not buzz, and a speculative row that never closed does not bounce).
 *
 * Bounces at the surface. Positions integrate with the final velocities, x += v·dt, as if
 * every impulse had acted from the start of the step. An impact's impulse P really acts only
 * from its time of impact t, so each of its bodies is moved back by P·invMass·t along the
 * impulse (`moveToImpact`): for one contact that is exactly "fly to the surface, reflect, fly
 * on for the rest of the step at e times the approach speed", whatever the phase of the step;
 * for several, each impulse is placed at its own time.
 *
 * Energy. Sequential restitution with several contacts on one body can push it out faster
 * than it came in. With no moving kinematic body in a row, a contact solve must not add
 * kinetic energy, so when the bounce pass ends above the kinetic energy the step had before
 * its solve, every bounce impulse of the step is scaled down just enough (`limitBounceEnergy`).
 * Penetration is not fed back into velocities: pushout moves positions apart afterwards,
 * mass-weighted, which adds no energy.
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import {
  JOB_PREPARE_ROWS,
  JOB_PUSH_OUT,
  JOB_RESTITUTION,
  JOB_SOLVE_ROWS,
  JOB_STORE_IMPULSES,
  JOB_UNPACK_IMPULSES,
  JOB_WARM_KERNELS,
  JOB_WARM_START,
  P_GX,
  P_GY,
  P_H,
  P_ITERATION,
  P_MODE,
  P_RELAX,
  P_SLOP,
  P_THRESHOLD,
  runGroups,
  type StepRunner,
} from './parallel/jobs.js';
import { localRunner } from './parallel/local-runner.js';
import { COLOUR_COUNT } from './colour.js';
import type { RowFrontier } from './row-frontier.js';
import { packImpulses, pushPackedRows, solvePackedRows, unpackImpulses, warmStartPacked } from './packed-rows.js';
import type { RowKernels } from './wasm/row-kernels.js';
import type { PairCache } from './pair-cache.js';
import { SHOCK_MASS_RATIO, pushOutShock, solveShockVelocities } from './shock.js';
import { MAX_SPEED } from './validate.js';

/**
 * Allowed penetration (m) that pushout leaves alone under gravity, so resting contacts stay
 * touching and warm (the most it leaves: see `pushoutSlop`). Contacts closer than this count as
 * touching for events, and a sleeping island may hold twice this.
 */
export const LINEAR_SLOP = 0.005; // m

/** The least overlap (m) that pushout leaves: with no gravity pressing contacts in. */
const MIN_SLOP = 0.0005; // m

/**
 * The overlap (m) that pushout leaves in a step of dt s under gravity (gx, gy) (m/s²): two
 * steps of gravity's sinking, 2·|g|·dt², within [MIN_SLOP, LINEAR_SLOP]. A resting contact
 * sinks by up to g·dt² a step before the solve holds it, and a slop under that left piles
 * jostling (pile 10,000 settled 13 % slower with 2 mm at 60 Hz); with no gravity nothing
 * presses contacts in, and a slop only leaves overlap to see (a crowd's pairs sat at 5 mm).
 * LINEAR_SLOP at 9.81 m/s² and 60 Hz.
 */
export function pushoutSlop(gx: number, gy: number, dt: number): number {
  const sink = 2 * Math.hypot(gx, gy) * dt * dt;
  return sink >= LINEAR_SLOP ? LINEAR_SLOP : sink <= MIN_SLOP ? MIN_SLOP : sink;
}

/** Largest pushout (m) of one contact in one iteration, so a deep overlap resolves smoothly. */
const MAX_PUSHOUT = 0.2; // m

/** Pushout skips unmoved rows when fewer than 1 in this many rows pushed in the last pass. */
const SKIP_WHEN_PUSHING_UNDER = 8;

/** The velocity passes skip unchanged rows when fewer than 1 in this many rows changed in the last. */
const SKIP_WHEN_CHANGING_UNDER = 4;

/**
 * Default over-relaxation (WorldOptions.overRelaxation) of the frictionless normal rows after
 * the first velocity pass: such a row moves its impulse this many times the step that would
 * zero its own residual (projected Gauss-Seidel converges for any value below 2). A stack passes a correction one contact per
 * pass, so plain passes (1) leave a deep stack sinking into pushout and jostling: a column of
 * 40 frictionless boxes still moved at 0.14 m/s after 6 s, and pile 10,000 settled a fifth
 * slower (test/bench/settle.ts). The first pass stays plain, so a lone contact is solved
 * exactly there and later passes leave it alone. Rows with friction stay plain: over-relaxed,
 * they held the funnel's grains in arches over its neck (185 of 300 through in 6 s, not 300).
 * @internal
 */
export const OVER_RELAXATION = 1.5;

/** Share of the remaining overlap that one pushout iteration removes. */
const PUSHOUT_FACTOR = 0.8;

/**
 * Velocity solve: the rows' kind (touching, impact, speculative), warm start, then
 * `iterations` passes (dt in s). The impulses are written back to the pair cache for the next
 * step (through the runner's pairs: a world's runner has the world's; the default one, for
 * tests, has `pairs`).
 * @internal
 */
export function solveVelocities(
  store: BodyStore,
  contacts: ContactBuffer,
  dt: number,
  iterations: number,
  pairs: Pick<PairCache, 'impulse' | 'tangentImpulse'>,
  gravityX = 0,
  gravityY = 0,
  runner: StepRunner = localRunner(store, contacts, pairs),
  overRelaxation = OVER_RELAXATION,
): void {
  const { passMark } = store;
  const n = contacts.count;
  const params = runner.params;
  params[P_H] = dt;
  params[P_GX] = gravityX;
  params[P_GY] = gravityY;
  params[P_RELAX] = overRelaxation;
  // Approach speeds first, all of them, before any warm start disturbs the velocities.
  const unequal = runner.run(JOB_PREPARE_ROWS, 0, n) > 0;
  listImpacts(store, contacts, dt, gravityX, gravityY);
  contacts.unequalMasses = unequal;
  if (unequal) contacts.shock.build(store, contacts, gravityX, gravityY);

  // On one thread, where the first pass marks (a crowd), it visits only the rows that can
  // change (`warmStartFrontier`); else the warm start and the first pass walk every row.
  const frontier = frontierFor(runner, contacts);
  const sparseFirst = frontier !== null && !contacts.busyFirstPass;
  // Where the first pass will visit every row (see below), the warm start packs the rows for
  // the passes that do (packed-rows.ts): they need the colour order.
  // Where WebAssembly runs, the kernels (wasm/row-kernels.ts) warm-start and solve them over a
  // copy of the velocities, copied back when the passes stop visiting every row.
  const packing = contacts.usePacked(contacts.busyFirstPass && n > 0 && contacts.colourStart[COLOUR_COUNT + 1] === n, store.capacity, runner.threads > 1);
  const kernels = contacts.inKernels ? contacts.kernels : null;
  params[P_MODE] = kernels !== null ? MODE_KERNELS : packing ? MODE_PACKED : MODE_PLAIN;
  if (sparseFirst) {
    warmStartFrontier(store, contacts, frontier);
  } else if (kernels !== null) {
    // Packing alone writes only each row's own place, so it needs no colours; the kernels then
    // warm-start the packed rows, colour by colour.
    runner.run(JOB_WARM_START, 0, n);
    kernels.load(store, store.vx, store.vy);
    runGroups(runner, contacts, JOB_WARM_KERNELS);
  } else {
    runGroups(runner, contacts, JOB_WARM_START);
  }
  // Whether the impulses are in the packed rows now, rather than in `impulse` and `tangentImpulse`.
  let inPacked = packing;
  // Whether the velocities are in the kernels' memory now, rather than in `vx` and `vy`.
  let inKernels = kernels !== null;

  // As in pushOut: after the first pass, a row whose bodies' velocities have not changed since
  // the start of the previous pass would compute the same impulse again, which it did not
  // change (else its bodies would have changed), so it is skipped. In a crowd that is 75 to
  // 85 % of the rows from the second pass on; in a pile almost none, and there even writing
  // the marks cost, so they are written and read only while few rows change. Whether a row is
  // skipped never changes a bit of the result, so threads may see each other's marks late.
  // The first pass marks unless most rows changed in the last step's first pass (a pile's
  // do): there the second pass would not skip, and the marks would only cost.
  passMark.fill(0, 0, store.end);
  let changes = n;
  let marked = false;
  for (let it = 0; it < iterations; it++) {
    // A skip needs the marks of the previous pass and of this one.
    const skipUnchanged = marked && changes * SKIP_WHEN_CHANGING_UNDER < n;
    marked = it === 0 ? !contacts.busyFirstPass : changes * 2 < n;
    params[P_ITERATION] = it;
    const plain = !skipUnchanged && !marked;
    if (packing && plain !== inPacked) {
      if (plain) packImpulses(contacts);
      else unpackImpulses(contacts);
      inPacked = plain;
    }
    if (kernels !== null && inPacked !== inKernels) {
      if (inPacked) kernels.load(store, store.vx, store.vy);
      else kernels.save(store, store.vx, store.vy);
      inKernels = inPacked;
    }
    params[P_MODE] = skipUnchanged ? MODE_SKIP : marked ? MODE_MARK : inKernels ? MODE_KERNELS : inPacked ? MODE_PACKED : MODE_PLAIN;
    if (it === 0 && sparseFirst) {
      changes = solveFrontierRows(store, contacts, frontier, 0, 1);
    } else if (skipUnchanged && frontier !== null) {
      startFrontierPass(store, contacts, frontier, it);
      changes = solveFrontierRows(store, contacts, frontier, it, overRelaxation);
    } else {
      changes = runGroups(runner, contacts, JOB_SOLVE_ROWS);
    }
    if (it === 0) contacts.busyFirstPass = changes * 2 >= n;
  }

  if (kernels !== null && inKernels) kernels.save(store, store.vx, store.vy);
  if (inPacked) runner.run(JOB_UNPACK_IMPULSES, 0, n);
  if (unequal) solveShockVelocities(store, contacts, contacts.shock);

  runner.run(JOB_STORE_IMPULSES, 0, n);
}

/**
 * The rows' kind, for rows [from, to) in row order: effective mass, approach speed, bias,
 * friction, and for an impact its time of impact, kept in `bounce` (unused until restitution)
 * for `listImpacts`. Returns how many rows join bodies SHOCK_MASS_RATIO or more apart in mass.
 * @internal
 */
export function prepareRows(
  store: BodyStore,
  contacts: ContactBuffer,
  from: number,
  to: number,
  dt: number,
  gravityX: number,
  gravityY: number,
): number {
  const { kind, vx, vy, invMass, friction: bodyFriction, gravityScale } = store;
  const { a, b, nx, ny, mass, approach, separation, bias, friction, bounce: toi, impulse, tangentImpulse, warmImpulse, warmTangent } = contacts;
  const invDt = 1 / dt;
  const gravity = gravityX !== 0 || gravityY !== 0;
  let unequal = 0;
  for (let c = from; c < to; c++) {
    const ia = a[c];
    const ib = b[c];
    const ma = invMass[ia];
    const mb = invMass[ib];
    mass[c] = 1 / (ma + mb);
    if ((ma > SHOCK_MASS_RATIO * mb || mb > SHOCK_MASS_RATIO * ma) && ma !== 0 && mb !== 0) unequal++;
    const vn0 = (vx[ib] - vx[ia]) * nx[c] + (vy[ib] - vy[ia]) * ny[c];
    approach[c] = vn0;
    const sep = separation[c];
    let t = 0;
    let gn = 0;
    if (sep > 0 && (vn0 < 0 || gravity)) {
      // Along the normal the pair moves as sep + vs·τ + gn·τ²/2 (vs its approach at the
      // start, gn the gravity between them): does the gap close within the step?
      let tt = sep / -vn0;
      if (gravity) {
        gn = normalGravity(kind, gravityScale, ia, ib, nx[c], ny[c], gravityX, gravityY);
        const vs = vn0 - gn * dt;
        const disc = vs * vs - 2 * gn * sep;
        const den = disc < 0 ? 0 : Math.sqrt(disc) - vs;
        // The smaller root, in the form that stays exact when gn is 0.
        tt = den > 0 ? (2 * sep) / den : Infinity;
      }
      if (tt <= dt) t = tt;
    }
    toi[c] = t;
    // An impact is solved as touching; a gap it will not close may be closed, no further (a
    // body in flight also falls g·dt²/2 less than v·dt says: see integratePositions).
    bias[c] = t !== 0 || sep <= 0 ? 0 : sep * invDt - 0.5 * gn * dt;
    const mu = bodyFriction[ia] * bodyFriction[ib];
    friction[c] = mu === 0 ? 0 : Math.sqrt(mu);
    warmImpulse[c] = impulse[c];
    warmTangent[c] = tangentImpulse[c];
  }
  return unequal;
}

/** The gravity between bodies ia and ib along the normal (m/s²): how it closes their gap. */
function normalGravity(
  kind: Uint8Array,
  gravityScale: Float64Array,
  ia: number,
  ib: number,
  nx: number,
  ny: number,
  gravityX: number,
  gravityY: number,
): number {
  const ga = kind[ia] === BODY_DYNAMIC ? gravityScale[ia] : 0;
  const gb = kind[ib] === BODY_DYNAMIC ? gravityScale[ib] : 0;
  return (gb - ga) * (gravityX * nx + gravityY * ny);
}

/**
 * Lists the impacts that `prepareRows` found, in row order, with their time of impact and
 * gravity's share of the approach after it (the bounce reflects the speed at impact).
 */
function listImpacts(store: BodyStore, contacts: ContactBuffer, dt: number, gravityX: number, gravityY: number): void {
  const { kind, gravityScale } = store;
  const { a, b, nx, ny, bounce: toi } = contacts;
  const gravity = gravityX !== 0 || gravityY !== 0;
  let count = 0;
  for (let c = 0; c < contacts.count; c++) {
    const t = toi[c];
    if (t === 0) continue;
    if (count === contacts.impacts.length) {
      contacts.impactCount = count;
      contacts.growImpacts();
    }
    const gn = gravity ? normalGravity(kind, gravityScale, a[c], b[c], nx[c], ny[c], gravityX, gravityY) : 0;
    contacts.impactToi[count] = t;
    contacts.impactDrift[count] = gn * (dt - t);
    contacts.impacts[count++] = c;
  }
  contacts.impactCount = count;
}

/** Writes rows [from, to)'s impulses back to their pairs, for the next step's warm start. @internal */
export function storeImpulses(contacts: ContactBuffer, pairs: Pick<PairCache, 'impulse' | 'tangentImpulse'>, from: number, to: number): void {
  const { pair, impulse, tangentImpulse } = contacts;
  for (let c = from; c < to; c++) {
    pairs.impulse[pair[c]] = impulse[c];
    pairs.tangentImpulse[pair[c]] = tangentImpulse[c];
  }
}

/**
 * `solveRows` modes (and `pushRows`'): every row, no marks; every row, marking; skipping rows
 * whose bodies did not change; every row, no marks, over the packed rows (packed-rows.ts; the
 * warm start packs them in this mode).
 */
const MODE_PLAIN = 0;
const MODE_MARK = 1;
const MODE_SKIP = 2;
const MODE_PACKED = 3;
/** MODE_PACKED's passes as WebAssembly, over the bodies copied into its memory (wasm/row-kernels.ts). */
const MODE_KERNELS = 4;

/**
 * Warm start of rows [from, to) (colour positions): last step's impulses act again. In
 * MODE_PACKED it also packs the rows (packed-rows.ts); in MODE_KERNELS it only packs them, for
 * the kernels' warm start (JOB_WARM_KERNELS). Rows of one colour share no body. @internal
 */
export function warmStartRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, mode = MODE_PLAIN): void {
  if (mode === MODE_PACKED || mode === MODE_KERNELS) {
    warmStartPacked(store, contacts, from, to, mode === MODE_PACKED);
    return;
  }
  const { vx, vy, invMass } = store;
  const { a, b, nx, ny, impulse, tangentImpulse, order } = contacts;
  for (let i = from; i < to; i++) {
    const c = order[i];
    const p = impulse[c];
    if (p !== 0) kick(vx, vy, invMass, a[c], b[c], p, nx[c], ny[c]);
    const q = tangentImpulse[c];
    if (q !== 0) kick(vx, vy, invMass, a[c], b[c], q, -ny[c], nx[c]);
  }
}

/**
 * Velocity pass `it` over rows [from, to) in `mode`, over-relaxed from the second pass on (see
 * `solveVelocities`): returns the rows that changed. @internal
 */
export function solveRows(
  store: BodyStore,
  contacts: ContactBuffer,
  from: number,
  to: number,
  it: number,
  mode: number,
  overRelaxation: number,
): number {
  const omega = it === 0 ? 1 : overRelaxation;
  // A function for the marking modes and one for the plain: with every loop in one function,
  // V8 stopped inlining `solveRow` (its inlining budget is per function), and the calls cost a
  // tenth of a pile's step.
  if (mode === MODE_KERNELS) return (contacts.kernels as RowKernels).solve(from, to, omega);
  if (mode === MODE_PACKED) return solvePackedRows(store, contacts, from, to, omega);
  if (mode === MODE_PLAIN) return solveEveryRow(store, contacts, from, to, omega);
  return solveMarkingRows(store, contacts, from, to, it, omega, mode === MODE_SKIP);
}

/**
 * MODE_MARK and MODE_SKIP: every row (or, skipping, those whose bodies changed in the last pass
 * or this one), marking the bodies of the rows that change.
 */
function solveMarkingRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, it: number, omega: number, skip: boolean): number {
  const { vx, vy, invMass, passMark } = store;
  const { a, b, order } = contacts;
  const mark = it + 1;
  let changes = 0;
  for (let i = from; i < to; i++) {
    const c = order[i];
    const ia = a[c];
    const ib = b[c];
    if (skip && passMark[ia] < it && passMark[ib] < it) continue;
    if (solveRow(c, contacts, vx, vy, invMass, omega)) {
      passMark[ia] = mark;
      passMark[ib] = mark;
      changes++;
    }
  }
  return changes;
}

/**
 * The frontier (row-frontier.ts) when `runner` steps on one thread and the rows are in colour
 * order; else null, and skipping passes read the marks of every row's bodies.
 */
function frontierFor(runner: StepRunner, contacts: ContactBuffer): RowFrontier | null {
  const n = contacts.count;
  if (runner.threads !== 1 || n === 0 || contacts.colourStart[COLOUR_COUNT + 1] !== n) return null;
  contacts.frontier.pass = -1;
  return contacts.frontier;
}

/**
 * Readies `frontier` for skipping pass `it`: its lists built once per colour order, its bits
 * seeded from the marks unless the pass before was the frontier's own.
 */
function startFrontierPass(store: BodyStore, contacts: ContactBuffer, frontier: RowFrontier, it: number): void {
  frontier.ready(store, contacts);
  if (frontier.pass !== it) frontier.seed(store.passMark, store.invMass, store.end, it);
}

/**
 * The warm start of every row, in colour order on one thread, which also lists for the first
 * velocity pass the rows that may change in it. Any other row would compute no impulse there:
 * with no warm impulse, bodies that no row has changed since `prepareRows`, and an approach
 * that its bias allows (vn + bias >= 0), its impulse stays max(0 - M·(vn + bias), 0) = 0 and
 * its friction is held to ±0. So the first pass visits the rows with a warm impulse, the rows
 * of every body a warm impulse kicked, the rows that approach too fast, and (as every pass)
 * the rows after a change on a changed body.
 */
function warmStartFrontier(store: BodyStore, contacts: ContactBuffer, frontier: RowFrontier): void {
  const { vx, vy, invMass } = store;
  const { a, b, nx, ny, impulse, tangentImpulse, approach, bias, order } = contacts;
  frontier.ready(store, contacts);
  frontier.start(0);
  for (let i = 0; i < contacts.count; i++) {
    const c = order[i];
    const p = impulse[c];
    const q = tangentImpulse[c];
    if (p === 0 && q === 0) {
      if (approach[c] + bias[c] < 0) frontier.visit(i);
      continue;
    }
    const ia = a[c];
    const ib = b[c];
    if (p !== 0) kick(vx, vy, invMass, ia, ib, p, nx[c], ny[c]);
    if (q !== 0) kick(vx, vy, invMass, ia, ib, q, -ny[c], nx[c]);
    frontier.visit(i);
    if (invMass[ia] !== 0) frontier.visitAll(ia);
    if (invMass[ib] !== 0) frontier.visitAll(ib);
  }
}

/**
 * MODE_SKIP over every row on one thread: the rows `frontier` lists for pass `it`, in colour
 * order (as the colour groups run them), marking as `solveMarkingRows` does.
 */
function solveFrontierRows(store: BodyStore, contacts: ContactBuffer, frontier: RowFrontier, it: number, omega: number): number {
  const { vx, vy, invMass, passMark } = store;
  const { a, b, order } = contacts;
  const mark = it + 1;
  let changes = 0;
  for (let i = frontier.after(-1); i >= 0; i = frontier.after(i)) {
    const c = order[i];
    if (!solveRow(c, contacts, vx, vy, invMass, omega)) continue;
    const ia = a[c];
    const ib = b[c];
    frontier.changed(passMark, invMass, ia, ib, i, mark);
    changes++;
  }
  frontier.advance();
  return changes;
}

/** MODE_PLAIN: every row, no marks. */
function solveEveryRow(store: BodyStore, contacts: ContactBuffer, from: number, to: number, omega: number): number {
  const { vx, vy, invMass } = store;
  const order = contacts.order;
  let changes = 0;
  for (let i = from; i < to; i++) if (solveRow(order[i], contacts, vx, vy, invMass, omega)) changes++;
  return changes;
}

/**
 * One pass of one row, its normal impulse over-relaxed by `omega`: returns whether its impulses
 * changed (and so its bodies' velocities).
 */
function solveRow(c: number, contacts: ContactBuffer, vx: Float64Array, vy: Float64Array, invMass: Float64Array, omega: number): boolean {
  const { a, b, nx, ny, bias, mass, impulse } = contacts;
  const ia = a[c];
  const ib = b[c];
  const cnx = nx[c];
  const cny = ny[c];
  const vn = (vx[ib] - vx[ia]) * cnx + (vy[ib] - vy[ia]) * cny;
  const old = impulse[c];
  const mu = contacts.friction[c];
  // Rows with friction stay plain (see OVER_RELAXATION).
  const raw = old - (mu === 0 ? omega : 1) * mass[c] * (vn + bias[c]);
  // max(raw, 0) as (raw + |raw|) / 2: exact, and without a branch that the data would mispredict.
  const next = (raw + Math.abs(raw)) * 0.5;
  const d = next - old;
  let changed = false;
  if (d !== 0) {
    impulse[c] = next;
    kick(vx, vy, invMass, ia, ib, d, cnx, cny);
    changed = true;
  }
  if (mu !== 0 && solveFriction(c, contacts, vx, vy, invMass, mu * next)) changed = true;
  return changed;
}

/** The friction row of contact c: stop the sliding, within ±limit (N·s) in all. */
function solveFriction(
  c: number,
  contacts: ContactBuffer,
  vx: Float64Array,
  vy: Float64Array,
  invMass: Float64Array,
  limit: number,
): boolean {
  const { a, b, nx, ny, mass, tangentImpulse } = contacts;
  const ia = a[c];
  const ib = b[c];
  const tx = -ny[c];
  const ty = nx[c];
  const vt = (vx[ib] - vx[ia]) * tx + (vy[ib] - vy[ia]) * ty;
  const old = tangentImpulse[c];
  let next = old - mass[c] * vt;
  next = next > limit ? limit : next < -limit ? -limit : next;
  const d = next - old;
  if (d === 0) return false;
  tangentImpulse[c] = next;
  kick(vx, vy, invMass, ia, ib, d, tx, ty);
  return true;
}

/**
 * Restitution, after the iterations and before the positions move: only touching contacts and
 * impacts that pushed, whose approach before the solve beats the threshold, bounce, to vn = -e · approach. For an
 * impact, the approach is the one at the moment of impact, and gravity acts on for the rest of
 * the step. Each row's added impulse is kept in `bounce`.
 * @internal
 */
export function applyRestitution(
  store: BodyStore,
  contacts: ContactBuffer,
  restitutionThreshold: number,
  runner: StepRunner = localRunner(store, contacts),
): boolean {
  contacts.bounceShare = 1;
  const n = contacts.count;
  if (n > 0 && contacts.colourStart[COLOUR_COUNT + 1] === n) {
    const few = listBouncers(contacts, restitutionThreshold, Math.ceil(n / FEW_BOUNCERS));
    if (few >= 0) {
      contacts.bounce.fill(0, 0, n);
      return few > 0 && restituteList(store, contacts, few, restitutionThreshold) > 0;
    }
  }
  runner.params[P_THRESHOLD] = restitutionThreshold;
  return runGroups(runner, contacts, JOB_RESTITUTION) > 0;
}

/**
 * Restitution walks only the rows that may bounce when there are at most 1 in this many: a
 * settled pile's rows approach at about g·dt, and a handful a step at more than the threshold.
 */
const FEW_BOUNCERS = 32;

/**
 * Lists in `contacts.bouncers`, in colour order, the rows whose approach (at the moment of
 * impact, for an impact) beats the threshold: every row restitution could bounce. Returns how
 * many, or -1 as soon as there are more than `limit`.
 */
function listBouncers(contacts: ContactBuffer, restitutionThreshold: number, limit: number): number {
  const { approach, impacts, impactDrift, colour } = contacts;
  const n = contacts.count;
  const impactCount = contacts.impactCount;
  if (contacts.bouncers.length < 2 * limit) contacts.bouncers = new Int32Array(2 * limit);
  const list = contacts.bouncers;
  let count = 0;
  let k = 0;
  for (let c = 0; c < n; c++) {
    // Two tests rather than a drift that is 0 or the impact's: V8 kept that one as a heap
    // number, allocated for every row.
    if (k < impactCount && impacts[k] === c) {
      if (approach[c] - impactDrift[k++] > -restitutionThreshold) continue;
    } else if (approach[c] > -restitutionThreshold) continue;
    if (count === limit) return -1;
    list[limit + count++] = c;
  }
  // Row order to colour order: a stable counting sort by colour, from the list's second half into its first.
  const at = BOUNCER_COUNTS;
  at.fill(0);
  for (let i = 0; i < count; i++) at[colour[list[limit + i]] + 1]++;
  for (let j = 0; j < COLOUR_COUNT + 1; j++) at[j + 1] += at[j];
  for (let i = 0; i < count; i++) {
    const c = list[limit + i];
    list[at[colour[c]]++] = c;
  }
  return count;
}

/** Counting sort scratch of `listBouncers`: one count per colour group, the overflow group included, and one more. */
const BOUNCER_COUNTS = new Int32Array(COLOUR_COUNT + 2);

/** Restitution of the first `count` rows of `contacts.bouncers`, in that order; returns how many rows bounced. */
function restituteList(store: BodyStore, contacts: ContactBuffer, count: number, restitutionThreshold: number): number {
  const { impacts, impactDrift, bouncers } = contacts;
  const impactCount = contacts.impactCount;
  let bounced = 0;
  for (let i = 0; i < count; i++) {
    const c = bouncers[i];
    const k = firstImpactFrom(impacts, impactCount, c);
    const g = k < impactCount && impacts[k] === c ? impactDrift[k] : 0;
    if (restituteRow(store, contacts, c, g, restitutionThreshold)) bounced++;
  }
  return bounced;
}

/** Restitution of rows [from, to) (see `applyRestitution`): returns how many rows bounced. @internal */
export function restituteRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, restitutionThreshold: number): number {
  const { bounce, impacts, impactDrift, order } = contacts;
  const impactCount = contacts.impactCount;
  let bounced = 0;
  // Impacts are listed in row order, and within a group (or a home of one: colour.ts) the rows
  // come in row order: look up the first impact at or after a run's first row, then follow along.
  let nextImpact = 0;
  let last = Infinity;
  for (let i = from; i < to; i++) {
    const c = order[i];
    if (c < last) nextImpact = firstImpactFrom(impacts, impactCount, c);
    last = c;
    bounce[c] = 0;
    // The approach at the moment of impact: gravity adds `g` to it after that moment.
    let g = 0;
    while (nextImpact < impactCount && impacts[nextImpact] < c) nextImpact++;
    if (nextImpact < impactCount && impacts[nextImpact] === c) g = impactDrift[nextImpact++];
    if (restituteRow(store, contacts, c, g, restitutionThreshold)) bounced++;
  }
  return bounced;
}

/** The index in `impacts` (row numbers, ascending, `count` of them) of the first impact at row `row` or after. */
function firstImpactFrom(impacts: Int32Array, count: number, row: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (impacts[mid] < row) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Restitution of row c, whose approach gravity changed by `g` after its moment of impact (0 for
 * a row that is not an impact): returns whether its impulse changed. Its `bounce` must be 0.
 */
function restituteRow(store: BodyStore, contacts: ContactBuffer, c: number, g: number, restitutionThreshold: number): boolean {
  const { vx, vy, invMass, restitution } = store;
  const { a, b, nx, ny, mass, impulse, approach, bounce, bias } = contacts;
  // A gap that does not close within the step does not bounce, even if the row held the pair
  // back (the bounce comes in the step where the surfaces meet).
  if (bias[c] !== 0) return false;
  const vn0 = approach[c] - g;
  if (vn0 > -restitutionThreshold || impulse[c] === 0) return false;
  const ia = a[c];
  const ib = b[c];
  // A pair bounces with the larger coefficient of its two bodies.
  const e = restitution[ia] > restitution[ib] ? restitution[ia] : restitution[ib];
  if (e === 0) return false;
  const cnx = nx[c];
  const cny = ny[c];
  const vn = (vx[ib] - vx[ia]) * cnx + (vy[ib] - vy[ia]) * cny;
  const old = impulse[c];
  let next = old - mass[c] * (vn + e * vn0 - g);
  if (next < 0) next = 0;
  impulse[c] = next;
  bounce[c] = next - old;
  kick(vx, vy, invMass, ia, ib, next - old, cnx, cny);
  clampSpeed(vx, vy, ia);
  clampSpeed(vx, vy, ib);
  return next !== old;
}

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

/**
 * Places each impact's impulses at its time of impact: positions were integrated as if every
 * impulse had acted from the start of the step, so each body of an impact row moves back by
 * what its impulses (normal and friction) would have carried it before the surfaces met.
 */
export function moveToImpact(store: BodyStore, contacts: ContactBuffer): void {
  const { x, y, invMass } = store;
  const { a, b, nx, ny, impulse, tangentImpulse, impacts, impactToi } = contacts;
  for (let k = 0; k < contacts.impactCount; k++) {
    const c = impacts[k];
    const t = impactToi[k];
    const p = impulse[c] * t;
    const q = tangentImpulse[c] * t;
    if (p === 0 && q === 0) continue;
    // Impulse along n plus friction along (-ny, nx), times t.
    const jx = nx[c] * p - ny[c] * q;
    const jy = ny[c] * p + nx[c] * q;
    const ia = a[c];
    const ib = b[c];
    x[ia] += jx * invMass[ia];
    y[ia] += jy * invMass[ia];
    x[ib] -= jx * invMass[ib];
    y[ib] -= jy * invMass[ib];
  }
}

/**
 * Pushout: `iterations` passes that move overlapping pairs apart along their normal, weighted by
 * inverse mass (static and kinematic bodies do not move), leaving `slop` of overlap (`pushoutSlop`).
 * The separation is updated from the narrowphase value by the bodies' relative motion.
 *
 * After the first pass, a row whose two bodies have not moved since the start of the previous
 * pass is skipped: its separation is what it was when it was last tested, when it did not push
 * (had it pushed, its bodies would have moved). Exact, and in a crowd only about 4 % of the rows
 * push, pass after pass, so most of the later passes' work was re-reading positions that had
 * not changed.
 * @internal
 */
export function pushOut(
  store: BodyStore,
  contacts: ContactBuffer,
  iterations: number,
  runner: StepRunner = localRunner(store, contacts),
  slop = LINEAR_SLOP,
): void {
  const { x, y, invMass, passMark } = store;
  const { a, b, nx, ny } = contacts;
  const n = contacts.count;
  passMark.fill(0, 0, store.end);
  const frontier = frontierFor(runner, contacts);
  let pushes = n;
  const params = runner.params;
  params[P_SLOP] = slop;
  // Over packed rows the passes run as WebAssembly (wasm/row-kernels.ts), over a copy of the positions.
  const kernels = contacts.inKernels ? contacts.kernels : null;
  if (kernels !== null) kernels.load(store, x, y);
  for (let it = 0; it < iterations; it++) {
    // Where many rows push (a pile: a third or more), the marks rarely allow a skip, and
    // reading them cost more than it saved; there the pass reads every row. So it does over
    // packed rows (a pile's, where 1 row in 13 pushes pass after pass): walked in memory
    // order, every row costs less than finding the rows to visit.
    const skipUnmoved = !contacts.packedRows && pushes * SKIP_WHEN_PUSHING_UNDER < n;
    params[P_ITERATION] = it;
    params[P_MODE] = kernels !== null ? MODE_KERNELS : contacts.packedRows ? MODE_PACKED : skipUnmoved ? MODE_SKIP : MODE_PLAIN;
    if (skipUnmoved && frontier !== null) {
      startFrontierPass(store, contacts, frontier, it);
      pushes = pushFrontierRows(store, contacts, frontier, it, slop);
    } else {
      pushes = runGroups(runner, contacts, JOB_PUSH_OUT);
    }
  }
  if (kernels !== null) kernels.save(store, x, y);
  // Static bodies win: a body squeezed between a static and a kinematic body (or a much
  // heavier one) ends outside the static one, so nothing is pushed through a wall.
  if (contacts.unequalMasses && contacts.shock.count > 0) {
    pushOutShock(store, contacts, contacts.shock, slop);
    return;
  }
  const walls = contacts.walls;
  for (let w = 0; w < contacts.wallCount; w++) {
    const c = walls[w];
    const sep = contacts.separationNow(c, x, y);
    if (sep >= -slop) continue;
    kick(x, y, invMass, a[c], b[c], -(sep + slop) / (invMass[a[c]] + invMass[b[c]]), nx[c], ny[c]);
  }
}

/**
 * How far one pushout iteration moves a pair overlapping by -`sep` (m) apart: PUSHOUT_FACTOR of
 * the overlap beyond `slop`, at most MAX_PUSHOUT. Math.min, not a branch that assigns the
 * constant: there V8 kept the result as a heap number, allocated for every row that pushes.
 */
function pushoutOf(sep: number, slop: number): number {
  return Math.min(-(sep + slop) * PUSHOUT_FACTOR, MAX_PUSHOUT);
}

/** `pushRows` in MODE_SKIP over every row on one thread: the rows `frontier` lists for pass `it`. */
function pushFrontierRows(store: BodyStore, contacts: ContactBuffer, frontier: RowFrontier, it: number, slop: number): number {
  const { x, y, invMass, passMark } = store;
  const { a, b, nx, ny, order } = contacts;
  const mark = it + 1;
  let pushes = 0;
  for (let i = frontier.after(-1); i >= 0; i = frontier.after(i)) {
    const c = order[i];
    const sep = contacts.separationNow(c, x, y);
    if (sep >= -slop) continue;
    const ia = a[c];
    const ib = b[c];
    const push = pushoutOf(sep, slop);
    kick(x, y, invMass, ia, ib, push / (invMass[ia] + invMass[ib]), nx[c], ny[c]);
    frontier.changed(passMark, invMass, ia, ib, i, mark);
    pushes++;
  }
  frontier.advance();
  return pushes;
}

/** Pushout pass `it` over rows [from, to), skipping unmoved rows in MODE_SKIP, over the packed rows in MODE_PACKED: returns the rows that pushed. @internal */
export function pushRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, it: number, mode: number, slop: number): number {
  if (mode === MODE_KERNELS) return (contacts.kernels as RowKernels).push(from, to, slop, PUSHOUT_FACTOR, MAX_PUSHOUT);
  if (mode === MODE_PACKED) return pushPackedRows(store, contacts, from, to, slop, PUSHOUT_FACTOR, MAX_PUSHOUT);
  const { x, y, invMass, passMark } = store;
  const { a, b, nx, ny, order } = contacts;
  // Bodies moved in pass `it - 1` or in this one carry a mark >= it (marks are pass + 1).
  const mark = it + 1;
  const skipUnmoved = mode === MODE_SKIP;
  let pushes = 0;
  for (let i = from; i < to; i++) {
    const c = order[i];
    const ia = a[c];
    const ib = b[c];
    if (skipUnmoved && passMark[ia] < it && passMark[ib] < it) continue;
    const sep = contacts.separationNow(c, x, y);
    if (sep >= -slop) continue;
    const push = pushoutOf(sep, slop);
    kick(x, y, invMass, ia, ib, push / (invMass[ia] + invMass[ib]), nx[c], ny[c]);
    passMark[ia] = mark;
    passMark[ib] = mark;
    pushes++;
  }
  return pushes;
}
