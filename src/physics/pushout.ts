/**
 * Pushout: after the velocities, mass-weighted passes that move overlapping pairs apart along
 * their normal, leaving a slop. Positions only, so it adds no energy. The passes share the
 * velocity passes' modes and row frontier (solver.ts) and, over packed rows, their kernels.
 */
import type { BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { JOB_PUSH_OUT, LOAD_POSITIONS, P_ITERATION, P_MODE, P_PASSES, P_SLOP, loadKernelBodies, runGroups, saveKernelBodies, type StepRunner } from './parallel/jobs.js';
import { WAVE_PUSH, fitsWave, planWave } from './parallel/wave.js';
import { localRunner } from './parallel/local-runner.js';
import type { RowFrontier } from './row-frontier.js';
import { pushPackedRows } from './packed-rows.js';
import type { RowKernels } from './wasm/row-kernels.js';
import { pushOutShock } from './shock.js';
import { kick } from './impulses.js';
import { MODE_KERNELS, MODE_PACKED, MODE_PLAIN, MODE_SKIP, frontierFor, startFrontierPass } from './solver.js';

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

/** Share of the remaining overlap that one pushout iteration removes. */
const PUSHOUT_FACTOR = 0.8;

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
  const frontier = frontierFor(runner, contacts);
  let pushes = n;
  const params = runner.params;
  params[P_SLOP] = slop;
  // Over packed rows the passes run as WebAssembly (wasm/row-kernels.ts), over a copy of the positions.
  const kernels = contacts.inKernels ? contacts.kernels : null;
  if (kernels !== null) {
    kernels.setPushout(slop, PUSHOUT_FACTOR, MAX_PUSHOUT);
    loadKernelBodies(runner, store.end, LOAD_POSITIONS);
  }
  // On a team, the kernels' passes walk as one job, each thread its own home (parallel/wave.ts).
  const wave = kernels !== null && fitsWave(runner.threads, contacts);
  if (wave) {
    params[P_PASSES] = iterations;
    planWave(contacts, runner.wave, WAVE_PUSH);
    runner.runWave();
  }
  // The wave ran every pass already, and reads no marks.
  const passes = wave ? 0 : iterations;
  if (passes > 0) passMark.fill(0, 0, store.end);
  for (let it = 0; it < passes; it++) {
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
  if (kernels !== null) saveKernelBodies(runner, store.end, LOAD_POSITIONS);
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

/** `pushRows` in MODE_SKIP over every row on one thread: the rows `frontier` lists for pass `it`. */
function pushFrontierRows(store: BodyStore, contacts: ContactBuffer, frontier: RowFrontier, it: number, slop: number): number {
  const { x, y, invMass, passMark } = store;
  const { a, b, nx, ny, order, baseSeparation } = contacts;
  const mark = it + 1;
  let pushes = 0;
  for (let i = frontier.after(-1); i >= 0; i = frontier.after(i)) {
    const c = order[i];
    const ia = a[c];
    const ib = b[c];
    // `separationNow`, written out: where V8 did not inline it, its result was boxed for every row.
    const sep = baseSeparation[c] + (x[ib] - x[ia]) * nx[c] + (y[ib] - y[ia]) * ny[c];
    if (sep >= -slop) continue;
    // PUSHOUT_FACTOR of the overlap beyond the slop, at most MAX_PUSHOUT. Math.min, not a branch
    // that assigns the constant, and written out, not a function: V8 kept either's result as a
    // heap number, boxed for every row that pushes (the function wherever it was not inlined).
    const push = Math.min(-(sep + slop) * PUSHOUT_FACTOR, MAX_PUSHOUT);
    kick(x, y, invMass, ia, ib, push / (invMass[ia] + invMass[ib]), nx[c], ny[c]);
    frontier.changed(passMark, invMass, ia, ib, i, mark);
    pushes++;
  }
  frontier.advance();
  return pushes;
}

/**
 * Pushout pass P_ITERATION over rows [from, to) in P_MODE (skipping unmoved rows in MODE_SKIP,
 * over the packed rows in MODE_PACKED), P_SLOP allowed: returns the rows that pushed. The
 * settings are read from `params`, as `solveRows` reads its own. @internal
 */
export function pushRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, params: Float64Array): number {
  const it = params[P_ITERATION];
  const mode = params[P_MODE];
  const slop = params[P_SLOP];
  if (mode === MODE_KERNELS) return (contacts.kernels as RowKernels).push(from, to);
  if (mode === MODE_PACKED) return pushPackedRows(store, contacts, from, to, slop, PUSHOUT_FACTOR, MAX_PUSHOUT);
  const { x, y, invMass, passMark } = store;
  const { a, b, nx, ny, order, baseSeparation } = contacts;
  // Bodies moved in pass `it - 1` or in this one carry a mark >= it (marks are pass + 1).
  const mark = it + 1;
  const skipUnmoved = mode === MODE_SKIP;
  let pushes = 0;
  for (let i = from; i < to; i++) {
    const c = order[i];
    const ia = a[c];
    const ib = b[c];
    if (skipUnmoved && passMark[ia] < it && passMark[ib] < it) continue;
    // As in pushFrontierRows.
    const sep = baseSeparation[c] + (x[ib] - x[ia]) * nx[c] + (y[ib] - y[ia]) * ny[c];
    if (sep >= -slop) continue;
    // As in pushFrontierRows.
    const push = Math.min(-(sep + slop) * PUSHOUT_FACTOR, MAX_PUSHOUT);
    // `kick`, written out: on threads this loop is compiled inside `runJob` with the other jobs,
    // whose inlining budget ran out before this call, and each call boxed its three floats.
    const ma = invMass[ia];
    const mb = invMass[ib];
    const d = push / (ma + mb);
    const cnx = nx[c];
    const cny = ny[c];
    x[ia] -= d * cnx * ma;
    y[ia] -= d * cny * ma;
    x[ib] += d * cnx * mb;
    y[ib] += d * cny * mb;
    passMark[ia] = mark;
    passMark[ib] = mark;
    pushes++;
  }
  return pushes;
}
