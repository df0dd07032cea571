/**
 * Restitution, after the velocity passes (solver.ts): the rows that pushed and whose approach
 * before the solve beats the threshold bounce, to vn = -e · approach. Then each impact's
 * impulses are placed at its time of impact (`moveToImpact`), so that a body bounces at the
 * surface, not where the step's start would put it.
 */
import type { BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { BOUNCER_BLOCK, JOB_LIST_BOUNCERS, JOB_RESTITUTION, P_ROW_COUNT, P_THRESHOLD, runGroups, type StepRunner } from './parallel/jobs.js';
import { localRunner } from './parallel/local-runner.js';
import { COLOUR_COUNT } from './colour.js';
import { clampSpeed, kick } from './impulses.js';
import type { CollideRegions, RowKernels } from './wasm/row-kernels.js';

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
    const limit = bouncerLimit(n);
    // The row kernels list them as they list the impacts (solver.ts), where they prepared the
    // rows; else one thread scans the rows alone, or the threads scan a share each.
    const listed = contacts.listedThreshold === restitutionThreshold;
    const shared = !listed && runner.threads > 1;
    const few = listed
      ? takeBouncers(contacts, limit)
      : shared
        ? listSharedBouncers(contacts, restitutionThreshold, limit, runner)
        : listBouncers(contacts, restitutionThreshold, limit);
    if (few >= 0) {
      // The shared scan cleared each row's bounce as it went.
      if (!shared) clearImpactBounces(contacts);
      return few > 0 && restituteList(store, contacts, few, restitutionThreshold) > 0;
    }
  }
  runner.params[P_THRESHOLD] = restitutionThreshold;
  return runGroups(runner, contacts, JOB_RESTITUTION) > 0;
}

/**
 * Sets every row's `bounce` to 0, where the preparation left each row's time of impact there
 * (solver.ts's `prepareRows`, and the kernels' and the collide stage's alike) and the impacts
 * are listed: only the impacts' rows hold anything, and they are few, where clearing every row
 * was a serial walk over all of them (a pile's calling thread, alone on threads).
 */
function clearImpactBounces(contacts: ContactBuffer): void {
  const { bounce, impacts } = contacts;
  for (let k = 0; k < contacts.impactCount; k++) bounce[impacts[k]] = 0;
}

/**
 * Restitution walks only the rows that may bounce when there are at most 1 in this many: a
 * settled pile's rows approach at about g·dt, and a handful a step at more than the threshold.
 */
const FEW_BOUNCERS = 32;

/** Most rows that may bounce for restitution to walk only those, among `rows` rows. @internal */
export function bouncerLimit(rows: number): number {
  return Math.ceil(rows / FEW_BOUNCERS);
}

/**
 * Lists in `contacts.bouncers`, in colour order, the rows whose approach (at the moment of
 * impact, for an impact) beats the threshold: every row restitution could bounce. Returns how
 * many, or -1 as soon as there are more than `limit`. @internal
 */
export function listBouncers(contacts: ContactBuffer, restitutionThreshold: number, limit: number): number {
  const list = bouncerRoom(contacts, limit);
  const count = scanBouncers(contacts, restitutionThreshold, 0, contacts.count, list, limit, limit);
  return count < 0 ? -1 : sortBouncers(contacts, count, limit);
}

/**
 * The rows of [from, to) that may bounce (their approach, at the moment of impact for an
 * impact, beats the threshold), in row order, into `out` from `at` on: returns how many, or -1
 * as soon as there are more than `room`.
 */
function scanBouncers(contacts: ContactBuffer, restitutionThreshold: number, from: number, to: number, out: Int32Array, at: number, room: number): number {
  const { approach, impacts, impactDrift } = contacts;
  const impactCount = contacts.impactCount;
  let count = 0;
  let k = firstImpactFrom(impacts, impactCount, from);
  for (let c = from; c < to; c++) {
    // Two tests rather than a drift that is 0 or the impact's: V8 kept that one as a heap
    // number, allocated for every row.
    if (k < impactCount && impacts[k] === c) {
      if (approach[c] - impactDrift[k++] > -restitutionThreshold) continue;
    } else if (approach[c] > -restitutionThreshold) continue;
    if (count === room) return -1;
    out[at + count++] = c;
  }
  return count;
}

/**
 * `listBouncers` on the runner's threads: each scans blocks of rows (JOB_LIST_BOUNCERS), then
 * the blocks' lists are joined here in row order. The same list, or -1 for more than `limit`.
 * @internal
 */
export function listSharedBouncers(contacts: ContactBuffer, restitutionThreshold: number, limit: number, runner: StepRunner): number {
  const n = contacts.count;
  const found = runner.scratch.rowPair;
  // The collide stage made room for its pairs, so for these rows, unless it ran in the kernels.
  if (found.length < n) return -1;
  const blocks = Math.ceil(n / BOUNCER_BLOCK);
  runner.reservePartials(blocks);
  runner.params[P_THRESHOLD] = restitutionThreshold;
  runner.params[P_ROW_COUNT] = n;
  runner.run(JOB_LIST_BOUNCERS, 0, blocks);
  const counts = runner.partials;
  let count = 0;
  for (let k = 0; k < blocks; k++) count += counts[k];
  if (count > limit) return -1;
  const list = bouncerRoom(contacts, limit);
  let at = limit;
  for (let k = 0; k < blocks; k++) {
    for (let i = k * BOUNCER_BLOCK, end = i + counts[k]; i < end; i++) list[at++] = found[i];
  }
  return sortBouncers(contacts, count, limit);
}

/**
 * JOB_LIST_BOUNCERS over blocks [from, to) of BOUNCER_BLOCK rows of the first `rows`: each
 * block's rows that may bounce (`listBouncers`' test) into `found` from its first row on, in row
 * order, and their count into `counts`; each row's `bounce` cleared, as restitution does before
 * it walks them.
 */
export function listBouncerBlocks(
  contacts: ContactBuffer,
  restitutionThreshold: number,
  rows: number,
  found: Int32Array,
  counts: Float64Array,
  from: number,
  to: number,
): void {
  for (let k = from; k < to; k++) {
    const first = k * BOUNCER_BLOCK;
    const end = Math.min(first + BOUNCER_BLOCK, rows);
    contacts.bounce.fill(0, first, end);
    counts[k] = scanBouncers(contacts, restitutionThreshold, first, end, found, first, BOUNCER_BLOCK);
  }
}

/** `listBouncers` from the row kernels' list (`RowKernels.lists`, written with the same limit). */
function takeBouncers(contacts: ContactBuffer, limit: number): number {
  const regions = (contacts.kernels as RowKernels).collideRegions as CollideRegions;
  const count = regions.listCounts[1];
  if (count > limit) return -1;
  // A loop, not `set` of a view: the view would be a new object every step.
  const list = bouncerRoom(contacts, limit);
  const rows = regions.bouncerRows;
  for (let k = 0; k < count; k++) list[limit + k] = rows[k];
  return sortBouncers(contacts, count, limit);
}

/** `contacts.bouncers`, with room for `limit` rows in colour order and as many in row order after them. */
function bouncerRoom(contacts: ContactBuffer, limit: number): Int32Array {
  if (contacts.bouncers.length < 2 * limit) contacts.bouncers = new Int32Array(2 * limit);
  return contacts.bouncers;
}

/** The `count` rows at `contacts.bouncers[limit...]`, in row order, to colour order at its start; returns count. */
function sortBouncers(contacts: ContactBuffer, count: number, limit: number): number {
  const { bouncers: list, colour } = contacts;
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

/**
 * Restitution of rows [from, to) (see `applyRestitution`), P_THRESHOLD read from `params` (as
 * solver.ts's `solveRows` reads its settings): returns how many rows bounced. @internal
 */
export function restituteRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, params: Float64Array): number {
  const restitutionThreshold = params[P_THRESHOLD];
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
