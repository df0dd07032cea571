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
 * That is restitution.ts, with the placing of impacts in time; energy.ts keeps a solve from
 * adding energy; pushout.ts moves what still overlaps apart; impulses.ts applies an impulse.
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
import { BODY_DYNAMIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import {
  JOB_PREPARE_KERNELS,
  JOB_PREPARE_ROWS,
  JOB_SOLVE_ROWS,
  JOB_STORE_IMPULSES,
  JOB_STORE_KERNEL_IMPULSES,
  JOB_UNPACK_IMPULSES,
  JOB_UNPACK_KERNELS,
  JOB_WARM_KERNELS,
  JOB_WARM_START,
  LOAD_SOLVE,
  LOAD_VELOCITIES,
  P_GX,
  P_GY,
  P_H,
  P_KERNEL_MARKS,
  P_ITERATION,
  P_MODE,
  P_PASSES,
  P_RELAX,
  P_TO_PAIRS,
  loadKernelBodies,
  runGroups,
  saveKernelBodies,
  type StepRunner,
} from './parallel/jobs.js';
import { localRunner } from './parallel/local-runner.js';
import { COLOUR_COUNT } from './colour.js';
import type { RowFrontier } from './row-frontier.js';
import { packImpulses, solvePackedRows, unpackImpulses, warmStartPacked } from './packed-rows.js';
import type { CollideRegions, RowKernels } from './wasm/row-kernels.js';
import { bouncerLimit } from './restitution.js';
import type { PairCache } from './pair-cache.js';
import { SHOCK_MASS_RATIO, solveShockVelocities } from './shock.js';
import { kick } from './impulses.js';
import { WAVE_VELOCITY, fitsWave, planWave } from './parallel/wave.js';
import { MIN_SHARED_LIST_ROWS, listRowsShared } from './parallel/list-shares.js';

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

/**
 * Velocity solve: the rows' kind (touching, impact, speculative), warm start, then
 * `iterations` passes (dt in s). The impulses are written back to the pair cache for the next
 * step (through the runner's pairs: a world's runner has the world's; the default one, for
 * tests, has `pairs`). Given the world's `restitutionThreshold` (m/s), the row kernels list the
 * rows that may bounce for `applyRestitution` as they list the impacts, where they prepare the rows.
 * @internal
 */
export function solveVelocities(
  store: BodyStore,
  contacts: ContactBuffer,
  dt: number,
  iterations: number,
  pairs: Pick<PairCache, 'impulse' | 'tangentImpulse'> & Partial<Pick<PairCache, 'count'>>,
  gravityX = 0,
  gravityY = 0,
  runner: StepRunner = localRunner(store, contacts, pairs),
  overRelaxation = OVER_RELAXATION,
  restitutionThreshold = Number.NaN,
): void {
  const { passMark } = store;
  const n = contacts.count;
  const params = runner.params;
  params[P_H] = dt;
  params[P_GX] = gravityX;
  params[P_GY] = gravityY;
  params[P_RELAX] = overRelaxation;
  // Where the first pass will visit every row (see below), the warm start packs the rows for
  // the passes that do (packed-rows.ts): they need the colour order.
  // Where WebAssembly runs, the kernels (wasm/row-kernels.ts) warm-start and solve them over a
  // copy of the velocities, copied back when the passes stop visiting every row. Once a world
  // has packed for a while, the rows live in the kernels' memory, and the kernels prepare and
  // pack them too (on the threads, each a range of rows).
  const packing = contacts.usePacked(contacts.busyFirstPass && n > 0 && contacts.colourStart[COLOUR_COUNT + 1] === n, store.capacity, runner.threads > 1);
  const kernels = contacts.inKernels ? contacts.kernels : null;
  if (kernels !== null) kernels.setRelaxation(overRelaxation);
  const prepared = kernels !== null && contacts.residentRows;
  // Approach speeds first, all of them, before any warm start disturbs the velocities.
  let unequal: boolean;
  params[P_KERNEL_MARKS] = prepared ? 1 : 0;
  // On a team, a busy pile's passes walk as one job, each thread its own home (parallel/wave.ts):
  // where the last step's first pass changed most rows, as every pass of the walk visits all.
  const wave = prepared && packing && contacts.busyFirstPass && fitsWave(runner.threads, contacts);
  const preloaded = kernels !== null && contacts.solveBodiesLayout === kernels.layouts;
  contacts.solveBodiesLayout = -1;
  if (prepared) {
    if (!preloaded) loadKernelBodies(runner, store.end, LOAD_SOLVE);
    if (wave) planWave(contacts, runner.wave, WAVE_VELOCITY);
    kernels.positions(n);
    unequal = runner.run(JOB_PREPARE_KERNELS, 0, n) > 0;
    // The impacts, and for restitution the rows that may bounce, listed by a scan in the kernels.
    const impacts =
      runner.threads > 1 && n >= MIN_SHARED_LIST_ROWS
        ? listRowsShared(runner, kernels, n, dt, gravityX, gravityY, restitutionThreshold)
        : kernels.lists(n, dt, gravityX, gravityY, restitutionThreshold, bouncerLimit(n));
    takeImpacts(store, contacts, (kernels.collideRegions as CollideRegions).impactRows, impacts, dt, gravityX, gravityY);
    contacts.listedThreshold = restitutionThreshold;
  } else {
    // Without gravity the TypeScript collide stage prepares the rows as it writes them
    // (collide.ts, parallel/collide-blocks.ts): the first solve takes that, a solve that starts
    // again prepares them anew.
    unequal = contacts.preparedRows ? contacts.preparedUnequal > 0 : runner.run(JOB_PREPARE_ROWS, 0, n) > 0;
    contacts.preparedRows = false;
    listImpacts(store, contacts, dt, gravityX, gravityY);
    contacts.listedThreshold = Number.NaN;
  }
  contacts.unequalMasses = unequal;
  if (unequal) contacts.shock.build(store, contacts, gravityX, gravityY);

  // On one thread, where the first pass marks (a crowd), it visits only the rows that can
  // change (`warmStartFrontier`); else the warm start and the first pass walk every row.
  const frontier = frontierFor(runner, contacts);
  const sparseFirst = frontier !== null && !contacts.busyFirstPass;
  params[P_MODE] = kernels !== null ? MODE_KERNELS : packing ? MODE_PACKED : MODE_PLAIN;
  if (wave) {
    params[P_PASSES] = iterations;
    const changes = runner.runWave();
    contacts.busyFirstPass = changes * 2 >= n;
  } else if (sparseFirst) {
    warmStartFrontier(store, contacts, frontier);
  } else if (kernels !== null) {
    // Packing alone writes only each row's own place, so it needs no colours; the kernels then
    // warm-start the packed rows, colour by colour.
    if (!prepared) {
      runner.run(JOB_WARM_START, 0, n);
      loadKernelBodies(runner, store.end, LOAD_VELOCITIES);
    }
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
  // The wave ran every pass already, and reads no marks.
  const passes = wave ? 0 : iterations;
  if (passes > 0) passMark.fill(0, 0, store.end);
  let changes = n;
  let marked = false;
  for (let it = 0; it < passes; it++) {
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
      if (inPacked) loadKernelBodies(runner, store.end, LOAD_VELOCITIES);
      else saveKernelBodies(runner, store.end, LOAD_VELOCITIES);
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

  if (kernels !== null && inKernels) saveKernelBodies(runner, store.end, LOAD_VELOCITIES);
  // Resident rows unpack their impulses straight to their pairs too, unless the shock pass
  // below changes some of them after.
  const toPairs = inPacked && prepared && !unequal && contacts.collidedInKernels;
  if (inPacked && prepared) {
    params[P_TO_PAIRS] = toPairs ? 1 : 0;
    runner.run(JOB_UNPACK_KERNELS, 0, n);
  }
  else if (inPacked) runner.run(JOB_UNPACK_IMPULSES, 0, n);
  if (unequal) solveShockVelocities(store, contacts, contacts.shock);

  // Only a world's step collides in the kernels, and its runner's pairs are `pairs`.
  if (toPairs) runner.run(JOB_STORE_KERNEL_IMPULSES, 0, pairs.count ?? pairs.impulse.length);
  else runner.run(JOB_STORE_IMPULSES, 0, n);
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
 * @internal
 */
export function listImpacts(store: BodyStore, contacts: ContactBuffer, dt: number, gravityX: number, gravityY: number): void {
  const toi = contacts.bounce;
  let count = 0;
  for (let c = 0; c < contacts.count; c++) if (toi[c] !== 0) count = noteImpact(store, contacts, count, c, dt, gravityX, gravityY);
  contacts.impactCount = count;
}

/** `listImpacts` from the `count` impact rows the row kernels listed in `rows` (`RowKernels.lists`). */
function takeImpacts(store: BodyStore, contacts: ContactBuffer, rows: Int32Array, count: number, dt: number, gravityX: number, gravityY: number): void {
  let listed = 0;
  for (let k = 0; k < count; k++) listed = noteImpact(store, contacts, listed, rows[k], dt, gravityX, gravityY);
  contacts.impactCount = listed;
}

/** Lists row c, an impact, as the `count`-th, with its time of impact and gravity's drift after it (growing the lists); returns count + 1. */
function noteImpact(store: BodyStore, contacts: ContactBuffer, count: number, c: number, dt: number, gravityX: number, gravityY: number): number {
  if (count === contacts.impacts.length) {
    contacts.impactCount = count;
    contacts.growImpacts();
  }
  const t = contacts.bounce[c];
  const gravity = gravityX !== 0 || gravityY !== 0;
  const gn = gravity ? normalGravity(store.kind, store.gravityScale, contacts.a[c], contacts.b[c], contacts.nx[c], contacts.ny[c], gravityX, gravityY) : 0;
  contacts.impactToi[count] = t;
  contacts.impactDrift[count] = gn * (dt - t);
  contacts.impacts[count] = c;
  return count + 1;
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
 * `solveRows` modes (and pushout.ts's `pushRows`'): every row, no marks; every row, marking;
 * skipping rows whose bodies did not change; every row, no marks, over the packed rows
 * (packed-rows.ts; the warm start packs them in this mode). @internal
 */
export const MODE_PLAIN = 0;
const MODE_MARK = 1;
export const MODE_SKIP = 2;
export const MODE_PACKED = 3;
/** MODE_PACKED's passes as WebAssembly, over the bodies copied into its memory (wasm/row-kernels.ts). */
export const MODE_KERNELS = 4;

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
 * Velocity pass P_ITERATION over rows [from, to) in P_MODE, over-relaxed by P_RELAX from the
 * second pass on (see `solveVelocities`): returns the rows that changed. The settings are read
 * from `params`, not passed: a call V8 does not inline boxes each float argument on the heap,
 * and the threads make this call for every chunk of every colour. @internal
 */
export function solveRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, params: Float64Array): number {
  const it = params[P_ITERATION];
  const mode = params[P_MODE];
  const omega = it === 0 ? 1 : params[P_RELAX];
  // A function for the marking modes and one for the plain: with every loop in one function,
  // V8 stopped inlining `solveRow` (its inlining budget is per function), and the calls cost a
  // tenth of a pile's step.
  if (mode === MODE_KERNELS) return (contacts.kernels as RowKernels).solve(from, to, it);
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
export function frontierFor(runner: StepRunner, contacts: ContactBuffer): RowFrontier | null {
  const n = contacts.count;
  if (runner.threads !== 1 || n === 0 || contacts.colourStart[COLOUR_COUNT + 1] !== n) return null;
  contacts.frontier.pass = -1;
  return contacts.frontier;
}

/**
 * Readies `frontier` for skipping pass `it`: its lists built once per colour order, its bits
 * seeded from the marks unless the pass before was the frontier's own.
 */
export function startFrontierPass(store: BodyStore, contacts: ContactBuffer, frontier: RowFrontier, it: number): void {
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
