/**
 * The velocity passes (or the pushout passes) as one job, for a team of threads: each thread
 * walks its own home's rows through every colour of the warm start and of every pass, and
 * waits only where its rows meet bodies that another thread's rows touch too.
 *
 * Run colour by colour as jobs (jobs.ts's `runGroups`), the passes pay a handshake per colour:
 * published, claimed, counted done, about eighty times a step in a pile. Here a body's rows are
 * still met in colour order, so the bits are those of one thread, but the threads only wait on
 * each other's border rows: a body is a border body when a row of another home touches it, a
 * row is a border row when it touches one. Each colour's rows of a home come border rows first
 * (the colouring kernel sorts them so: wasm/colour-kernel.ts's COLOUR_HOME_ORDER, a row's home being
 * its moving body's, body a's unless a is static); a thread solves its border rows of a colour, says so in its progress slot,
 * then solves its interior rows, which no other thread's rows touch. Before the border rows of
 * the next colour it waits until every other home has said the same of the colour before: by
 * then the others have usually long done so, while it solved its interior rows. A colour in
 * which a thread's homes have no border rows it starts without waiting, and a thread says it is
 * done only with a colour after which another home's border rows wait.
 *
 * Each thread also adds up the time it spent on its own rows, waits left out, for the next
 * colouring to move the homes' cuts by (home-cuts.ts): the threads' shares are even when they
 * take as long, not when they hold as many rows.
 */
import { COLOUR_COUNT } from '../colour.js';
import type { ContactBuffer } from '../contacts.js';
import type { RowKernels } from '../wasm/row-kernels.js';
import { C_CHUNKS_DONE, MAX_THREADS, StallWatch, cursorSlot } from './control.js';
import { P_PASSES } from './jobs.js';
import type { JobViews } from './run-job.js';

/** Slots between two homes' progress slots in `JobViews.wave`: a cache line each. */
const PROGRESS_STRIDE = 16;
/** Colours in the plan (those with rows). */
const W_COLOURS = MAX_THREADS * PROGRESS_STRIDE;
/** Homes in the plan. */
const W_HOMES = W_COLOURS + 1;
/** What the walk does: WAVE_VELOCITY or WAVE_PUSH. */
const W_KIND = W_HOMES + 1;
/**
 * Per colour with rows, 2 · homes + 1 slots: where each home's rows start and where its border
 * rows end, home by home, then where the colour ends (home h's rows end where home h + 1's start).
 */
const W_PLAN = W_KIND + 1;
/** Length of `JobViews.wave`. */
export const WAVE_LENGTH = W_PLAN + COLOUR_COUNT * (2 * MAX_THREADS + 1);
/** A walk of the warm start and the velocity passes (P_PASSES, P_RELAX). */
export const WAVE_VELOCITY = 0;
/** A walk of the pushout passes (P_PASSES, P_SLOP, P_PUSH_FACTOR, P_MAX_PUSH). */
export const WAVE_PUSH = 1;

/** A progress slot's value once its thread has failed: no one waits on it any more. */
const FAILED = 0x7fffffff;

/**
 * How long the thread of home 0 waits for every other home to be claimed before it takes the
 * unclaimed ones itself (ms): a worker spinning between jobs claims in a microsecond or so, a
 * sleeping one wakes in tens of microseconds, and a worker that is late (one still starting, or
 * one the system has put aside) must not hold up the step for long.
 */
const CLAIM_WAIT_MS = 0.25;

/** Home h's progress slot. */
function progressSlot(home: number): number {
  return home * PROGRESS_STRIDE;
}

/**
 * Home h's busy slot, on its progress slot's line: the time its thread spent solving its rows
 * (not waiting) in the walks since the slot was last read, in BUSY_UNIT ms (`takeBusyTimes`).
 */
function busySlot(home: number): number {
  return home * PROGRESS_STRIDE + 1;
}

/** The busy slots' unit (ms): a tenth of a microsecond. */
const BUSY_UNIT = 1e-4;
/** A busy slot's value once a walk of its home was not its own thread's alone: far below any sum of times added to it. */
const BUSY_UNKNOWN = -(1 << 30);

/**
 * Time this thread's walk has spent waiting for other homes' border rows (ms). In an array: a
 * number in a module variable is boxed anew at each write, garbage at every wait of every step.
 */
const waitedMs = new Float64Array(1);

/**
 * Writes the plan to `wave` from the rows' colour groups, homes and border rows, as the
 * colouring by homes made them (wasm/colour-kernel.ts's COLOUR_HOME_ORDER: `contacts.borderRows`):
 * per colour with rows, where each home's rows start and where its border rows end.
 */
export function planWave(contacts: ContactBuffer, wave: Int32Array, kind: number): void {
  const { colourStart, homeStart, borderEnd, homes } = contacts;
  let colours = 0;
  for (let k = 0; k < COLOUR_COUNT; k++) {
    if (colourStart[k + 1] === colourStart[k]) continue;
    const base = W_PLAN + colours * (2 * homes + 1);
    for (let h = 0; h < homes; h++) {
      wave[base + 2 * h] = homeStart[k * homes + h];
      wave[base + 2 * h + 1] = borderEnd[k * homes + h];
    }
    wave[base + 2 * homes] = colourStart[k + 1];
    colours++;
  }
  wave[W_COLOURS] = colours;
  wave[W_HOMES] = homes;
  wave[W_KIND] = kind;
}

/** Homes the plan in `wave` was made for. */
export function planHomes(wave: Int32Array): number {
  return wave[W_HOMES];
}

/** Rows per thread from which a walk pays (see `fitsWave`). */
const WAVE_ROWS_PER_THREAD = 512;

/**
 * Whether the passes over the rows can walk as one job: on a team, over rows in the kernels'
 * memory coloured by one home per thread with border rows first, none in the overflow group
 * (solved on one thread after each pass's colours), and enough of them.
 */
export function fitsWave(threads: number, contacts: ContactBuffer): boolean {
  const start = contacts.colourStart;
  const n = contacts.count;
  return (
    threads > 1 &&
    contacts.homes === threads &&
    contacts.borderRows &&
    start[COLOUR_COUNT + 1] === n &&
    start[COLOUR_COUNT] === n &&
    n >= threads * WAVE_ROWS_PER_THREAD
  );
}

/** Homes the calling thread walks, listed, and flagged by home. */
const owned = new Int32Array(MAX_THREADS);
const isOwned = new Uint8Array(MAX_THREADS);

/**
 * Walks the plan for `home` (and for any home not claimed in time, on home 0's thread): the warm
 * start and `params[P_PASSES]` velocity passes, or as many pushout passes (the plan's kind), each
 * colour border rows first. With `alone`, the calling thread walks every home and waits on
 * none. Returns how many rows the first pass changed (or pushed).
 */
export function walkWave(views: JobViews, home: number, alone: boolean): number {
  const { wave, control } = views;
  const homes = wave[W_HOMES];
  let count = 0;
  let taken = 0;
  isOwned.fill(0);
  if (alone || control === null) {
    for (let h = 0; h < homes; h++) owned[count++] = h;
  } else {
    owned[count++] = home;
    if (home === 0) {
      taken = takeUnclaimed(control, homes, count);
      count += taken;
    }
  }
  for (let i = 0; i < count; i++) isOwned[owned[i]] = 1;
  const shared = !alone && control !== null;
  const started = performance.now();
  waitedMs[0] = 0;
  try {
    const changed = walk(views, homes, count, shared);
    // A thread that walked another home too says nothing of either: the busy times are for
    // weighing the homes against each other.
    if (shared && count === 1) Atomics.add(wave, busySlot(home), Math.round((performance.now() - started - waitedMs[0]) / BUSY_UNIT));
    else if (shared) for (let i = 0; i < count; i++) Atomics.store(wave, busySlot(owned[i]), BUSY_UNKNOWN);
    return changed;
  } catch (error) {
    // No one waits on a thread that failed; the driver throws once the job is over.
    for (let i = 0; i < count; i++) Atomics.store(wave, progressSlot(owned[i]), FAILED);
    throw error;
  } finally {
    if (taken > 0 && control !== null) Atomics.add(control, C_CHUNKS_DONE, taken);
  }
}

/**
 * Waits up to CLAIM_WAIT_MS for every home past home 0 to be claimed, then claims those still
 * unclaimed (listing them in `owned` from `at` on); returns how many it claimed.
 */
function takeUnclaimed(control: Int32Array, homes: number, at: number): number {
  const started = performance.now();
  let waited = false;
  for (;;) {
    let unclaimed = 0;
    for (let h = 1; h < homes; h++) if ((Atomics.load(control, cursorSlot(h)) & 0xffff) === 0) unclaimed++;
    if (unclaimed === 0) return 0;
    if (waited) break;
    waited = performance.now() - started > CLAIM_WAIT_MS;
  }
  let taken = 0;
  for (let h = 1; h < homes; h++) {
    const cursor = Atomics.load(control, cursorSlot(h));
    if ((cursor & 0xffff) === 0 && Atomics.compareExchange(control, cursorSlot(h), cursor, cursor + 1) === cursor) owned[at + taken++] = h;
  }
  return taken;
}

function walk(views: JobViews, homes: number, count: number, shared: boolean): number {
  const { wave, params } = views;
  const kernels = views.contacts.kernels as RowKernels;
  const colours = wave[W_COLOURS];
  const passes = params[P_PASSES];
  const push = wave[W_KIND] === WAVE_PUSH;
  const span = 2 * homes + 1;
  let count0 = 0;
  let stage = 0;
  // The velocity walk's pass -1 is the warm start.
  for (let pass = push ? 0 : -1; pass < passes; pass++) {
    for (let j = 0; j < colours; j++, stage++) {
      const base = W_PLAN + j * span;
      // Only border rows wait, and only for a stage whose border rows another home waits on
      // does a thread say it is done: where homes meet along short cuts, most colours of a
      // home have no border rows, and each word between the cores costs a line's round trip.
      if (shared && stage > 0 && hasBorderRows(wave, base, true)) waitForBorders(wave, homes, stage - 1);
      for (let i = 0; i < count; i++) {
        const at = base + 2 * owned[i];
        count0 += runRange(kernels, push, pass, wave[at], wave[at + 1]);
      }
      const last = j === colours - 1;
      if (shared && (!last || pass < passes - 1) && hasBorderRows(wave, W_PLAN + (last ? 0 : j + 1) * span, false)) {
        for (let i = 0; i < count; i++) Atomics.store(wave, progressSlot(owned[i]), stage);
      }
      for (let i = 0; i < count; i++) {
        const at = base + 2 * owned[i];
        count0 += runRange(kernels, push, pass, wave[at + 1], wave[at + 2]);
      }
    }
  }
  return count0;
}

/** Whether the homes this thread walks (`mine`), or those it does not, have border rows in the colour whose plan starts at `base`. */
function hasBorderRows(wave: Int32Array, base: number, mine: boolean): boolean {
  const homes = wave[W_HOMES];
  for (let h = 0; h < homes; h++) {
    if ((isOwned[h] === 1) !== mine) continue;
    if (wave[base + 2 * h + 1] > wave[base + 2 * h]) return true;
  }
  return false;
}

/**
 * Rows [from, to) in pass `pass`: pushed out, warm-started (pass -1) or solved; returns how
 * many rows changed (or pushed) if this is the first pass.
 */
function runRange(kernels: RowKernels, push: boolean, pass: number, from: number, to: number): number {
  if (from >= to) return 0;
  let changed = 0;
  if (push) changed = kernels.push(from, to);
  else if (pass < 0) kernels.warm(from, to);
  else changed = kernels.solve(from, to, pass);
  return pass === 0 ? changed : 0;
}

/** Spins between two looks at the clock while waiting for another home's border rows. */
const SPINS_PER_LOOK = 1 << 12;
/** Counts the slices of a wait for border rows in which they did not come. */
const watch = new StallWatch();

/**
 * Spins until every home this thread does not walk has solved its border rows of `stage`;
 * throws if a worker's home has not for STALL_SLICES slices (its thread ended in the middle of
 * the walk). Home 0 is the calling thread's, which is waited for as long as it takes: it does
 * not end while the world steps, and a debugger may hold it.
 */
function waitForBorders(wave: Int32Array, homes: number, stage: number): void {
  for (let h = 0; h < homes; h++) {
    if (isOwned[h] === 1) continue;
    const slot = progressSlot(h);
    if (Atomics.load(wave, slot) >= stage) continue;
    const started = performance.now();
    let spins = 0;
    while (Atomics.load(wave, slot) < stage) {
      if ((++spins & (SPINS_PER_LOOK - 1)) !== 0 || h === 0) continue;
      if (spins === SPINS_PER_LOOK) watch.start();
      else if (watch.stalled()) throw new Error(`the thread walking home ${h} of the passes stopped answering`);
    }
    waitedMs[0] += performance.now() - started;
  }
}

/**
 * Reads each home's busy time over the walks since the last read into `out` (ms) and clears
 * them; returns false (and `out` unchanged) unless every one of the `homes` homes was walked by
 * its own thread, the times then saying how fast each thread's share went.
 */
export function takeBusyTimes(wave: Int32Array, homes: number, out: Float64Array): boolean {
  let known = true;
  for (let h = 0; h < homes; h++) if (Atomics.load(wave, busySlot(h)) <= 0) known = false;
  for (let h = 0; h < homes; h++) {
    const busy = Atomics.exchange(wave, busySlot(h), 0);
    if (known) out[h] = busy * BUSY_UNIT;
  }
  return known;
}

/** Readies the progress slots for a new walk (before the job is published). */
export function resetWave(wave: Int32Array, homes: number): void {
  for (let h = 0; h < homes; h++) Atomics.store(wave, progressSlot(h), -1);
}
