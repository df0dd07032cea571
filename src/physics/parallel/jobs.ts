/**
 * The step's parallel jobs: codes, parameter slots, and `runGroups`, which walks the colour
 * groups of the contact rows (colour.ts). A job is a kernel over a range of items (rows, or
 * blocks of bodies) whose result does not depend on how the range is split, so one thread or
 * many give the same bits. The kernels themselves live with their phase (solver.ts,
 * restitution.ts, pushout.ts, integrate.ts); `run-job.ts` maps a code to its kernel.
 */
import { COLOUR_COUNT, useRowOrder } from '../colour.js';
import type { ContactBuffer } from '../contacts.js';
import type { CollideScratch } from './collide-blocks.js';

/** Warm start of contact rows. */
export const JOB_WARM_START = 1;
/** One velocity pass over contact rows (P_ITERATION, P_MODE, P_RELAX). */
export const JOB_SOLVE_ROWS = 2;
/** Restitution of contact rows (P_THRESHOLD). */
export const JOB_RESTITUTION = 3;
/** One pushout pass over contact rows (P_ITERATION, P_MODE). */
export const JOB_PUSH_OUT = 4;
/** Marks the bodies of touching rows as resting, before positions integrate. */
export const JOB_MARK_RESTING = 5;
/** Gravity and damping over blocks of bodies (P_H, P_GX, P_GY, P_DAMPING); energy per block. */
export const JOB_INTEGRATE_VELOCITIES = 6;
/** Positions over blocks of bodies (P_H, P_FX, P_FY); energy per block. */
export const JOB_INTEGRATE_POSITIONS = 7;

/** Pairs per block of the threaded collide stage (collide-blocks.ts, collide-kernel-blocks.ts). */
export const PAIR_BLOCK = 2048;

/** The collide stage's test step over blocks of pairs (P_H, P_SPECULATIVE, P_PAIR_COUNT). */
export const JOB_COLLIDE_TEST = 8;
/** The collide stage's write step over blocks of pairs (P_PAIR_COUNT, P_ROW_COUNT; with P_PREPARE, P_H); counts the prepared rows of unequal masses. */
export const JOB_COLLIDE_WRITE = 9;

/** The solver's first look at rows, in row order (P_H, P_GX, P_GY); counts rows of unequal masses. */
export const JOB_PREPARE_ROWS = 10;
/** Rows' impulses back to their pairs, in row order. */
export const JOB_STORE_IMPULSES = 11;

/** The broadphase's pair search over rows of its moved list (pair-search.ts). */
export const JOB_SEARCH_PAIRS = 12;

/** Continuous collision's sweep of fast bodies over blocks of bodies (continuous.ts); counts the bodies stopped. */
export const JOB_SWEEP_FAST = 13;

/** The broadphase's test of which bodies left their fat boxes, over blocks of bodies (fat-exit.ts; P_H); two counts per block. */
export const JOB_FLAG_LEAVERS = 14;

/** Packed rows' impulses back to their arrays (packed-rows.ts), over colour positions. */
export const JOB_UNPACK_IMPULSES = 15;

/** The WebAssembly kernels' warm start of packed rows (wasm/row-kernels.ts), over colour positions. */
export const JOB_WARM_KERNELS = 16;

/** The WebAssembly kernels' preparation and packing of resident rows, in row order (P_H, P_GX, P_GY); counts rows of unequal masses. */
export const JOB_PREPARE_KERNELS = 17;

/** The collide kernel over blocks of pairs, into the staging region (collide-kernel-blocks.ts; P_H, P_SPECULATIVE, P_PAIR_COUNT). */
export const JOB_COLLIDE_KERNEL = 18;
/**
 * The staged rows of blocks of pairs to their place (collide-kernel-blocks.ts), ceil(P_PAIR_COUNT /
 * PAIR_BLOCK) items; items past those are blocks of bodies loaded for the solve (LOAD_SOLVE).
 */
export const JOB_COLLIDE_PLACE = 19;

/** Blocks of bodies into the row kernels' memory (P_LOAD says what: `LOAD_VELOCITIES`, `LOAD_POSITIONS`, `LOAD_SOLVE`). */
export const JOB_LOAD_BODIES = 20;
/** Blocks of bodies out of the row kernels' memory (P_LOAD: `LOAD_VELOCITIES` or `LOAD_POSITIONS`). */
export const JOB_SAVE_BODIES = 21;
/**
 * The collide kernel's inputs: P_BODY_BLOCKS blocks of bodies and the blocks of PAIR_BLOCK pairs
 * (P_PAIR_COUNT), home by home (P_LOAD_HOMES; see `loadItem`).
 */
export const JOB_LOAD_COLLIDE = 22;
/** The row kernels' unpacking of resident rows' impulses, over rows (P_TO_PAIRS: to their pairs too). */
export const JOB_UNPACK_KERNELS = 23;

/**
 * The warm start and every velocity pass of resident rows, or every pushout pass, one home per
 * thread, walked colour by colour with waits only on border rows (wave.ts: the plan says which;
 * P_PASSES; the kernels' settings: RowKernels' `setRelaxation` and `setPushout`); counts the
 * rows the first pass changed or pushed.
 */
export const JOB_SOLVE_WAVE = 24;

/**
 * Over contact rows: with P_RECORD_TOUCH, flags the rows whose pair's touching changes
 * (contact-state.ts's `flagTouchChanges`, into the collide scratch's `verdict`, free after the
 * collide stage), counting them; without, sets the pairs' touching (`setTouchingRows`).
 */
export const JOB_FLAG_TOUCH = 25;

/**
 * Over blocks of bodies, after JOB_FLAG_LEAVERS: new fat boxes for the flagged bodies, each
 * block's into the moved list's rows from its offset in the partials (fat-box.ts's
 * `newFatBlocks`; P_H, P_MARGIN).
 */
export const JOB_NEW_FAT = 26;

/**
 * Over pairs, after JOB_UNPACK_KERNELS wrote the impulses to the kernels' copies of the pairs:
 * those copies to the pair cache (`RowKernels.storedImpulses`).
 */
export const JOB_STORE_KERNEL_IMPULSES = 27;

/**
 * Over blocks of BOUNCER_BLOCK rows (P_THRESHOLD, P_ROW_COUNT): each block's rows that may bounce,
 * in row order, into the collide scratch's `rowPair` from the block's first row, and their count
 * into the partials (restitution.ts's `listBouncerBlocks`); each block's `bounce` cleared.
 */
export const JOB_LIST_BOUNCERS = 28;

/**
 * The colouring by homes' keys of the placed resident rows (collide-kernel-blocks.ts), over its
 * two shares of P_ROW_COUNT rows, each counting its rows' groups apart (P_KEY_HOMES homes).
 */
export const JOB_COLOUR_KEYS = 29;
/** Then, over the same shares, each share's rows into the colour order from its own cursors. */
export const JOB_COLOUR_ORDER = 30;

/**
 * The prepared resident rows' impacts and the rows that may bounce, listed over P_LIST_SHARES
 * shares of P_ROW_COUNT rows (P_H, P_GX, P_GY, P_THRESHOLD), each share into its own places
 * (`RowKernels.listShare`), cut as the preparation's rows are, so that each thread scans the
 * rows it just prepared; joined after (`RowKernels.joinLists`).
 */
export const JOB_LIST_ROWS = 31;

/** Rows per block of JOB_LIST_BOUNCERS. */
export const BOUNCER_BLOCK = 2048;

/** P_LOAD: the velocities (with the inverse masses, in; see `RowKernels.load`). */
export const LOAD_VELOCITIES = 0;
/** P_LOAD: the positions (with the inverse masses, in). */
export const LOAD_POSITIONS = 1;
/** P_LOAD: the velocities and what `prepare` reads of each body, its resting mark cleared (`RowKernels.loadMaterials`). */
export const LOAD_SOLVE = 2;

/** Where home h starts in a range of `count` items cut in `homes` equal shares, as a team cuts a job's range (team.ts). */
export function shareStart(count: number, h: number, homes: number): number {
  return Math.floor((count * h) / homes);
}

/**
 * Whether `job`'s items are blocks (of bodies, pairs or rows), or moved bodies' pair searches
 * (each a walk down two trees), rather than contact rows: such an item is already a worthwhile
 * chunk, so the job is shared from one item a thread on.
 */
export function isBlockJob(job: number): boolean {
  return (
    job === JOB_SEARCH_PAIRS ||
    job === JOB_LIST_BOUNCERS ||
    job === JOB_LIST_ROWS ||
    job === JOB_INTEGRATE_VELOCITIES ||
    job === JOB_INTEGRATE_POSITIONS ||
    job === JOB_COLLIDE_TEST ||
    job === JOB_COLLIDE_WRITE ||
    job === JOB_COLLIDE_KERNEL ||
    job === JOB_COLLIDE_PLACE ||
    job === JOB_COLOUR_KEYS ||
    job === JOB_COLOUR_ORDER ||
    job === JOB_SWEEP_FAST ||
    job === JOB_FLAG_LEAVERS ||
    job === JOB_NEW_FAT ||
    job === JOB_LOAD_BODIES ||
    job === JOB_SAVE_BODIES ||
    job === JOB_LOAD_COLLIDE
  );
}

/** Room in a thread's tree-walk stack for the pair search: depth times node size, and more. */
export const SEARCH_STACK = 512;

/** Slots of `StepRunner.params`. */
export const P_ITERATION = 0;
export const P_MODE = 1;
export const P_THRESHOLD = 2;
export const P_H = 3;
export const P_GX = 4;
export const P_GY = 5;
export const P_DAMPING = 6;
export const P_FX = 7;
export const P_FY = 8;
export const P_SPECULATIVE = 9;
export const P_PAIR_COUNT = 10;
/** The velocity passes' over-relaxation (solver.ts). */
export const P_RELAX = 11;
/** The overlap (m) that pushout leaves (pushout.ts's `pushoutSlop`). */
export const P_SLOP = 12;
/** 1 when this step's resting marks are the row kernels' (`prepare` wrote them), 0 when `markResting` writes them to `passMark`. */
export const P_KERNEL_MARKS = 13;
/** 1 when the leaver test reads the row kernels' copies of the bodies (`RowKernels.loadLeaverInputs`), 0 when it reads the store. */
export const P_KERNEL_LEAVERS = 14;
/** What JOB_LOAD_BODIES and JOB_SAVE_BODIES copy (LOAD_VELOCITIES, LOAD_POSITIONS, LOAD_SOLVE). */
export const P_LOAD = 15;
/** JOB_LOAD_COLLIDE's blocks of bodies, before its blocks of pairs. */
export const P_BODY_BLOCKS = 16;
/** 1 when JOB_UNPACK_KERNELS writes the impulses to the pairs' copies too (`RowKernels.unpack`'s `toPairs`). */
export const P_TO_PAIRS = 17;
/** Passes of JOB_SOLVE_WAVE. */
export const P_PASSES = 18;
/**
 * 1 when someone listens for contact events, so JOB_FLAG_TOUCH flags the changes for one thread
 * to record in row order, and JOB_COLLIDE_TEST leaves the pairs that parted to it too.
 */
export const P_RECORD_TOUCH = 19;
/** The rows: the collide stage's, for JOB_COLLIDE_WRITE (its last block's end) and JOB_COLOUR_KEYS, and restitution's, for JOB_LIST_BOUNCERS. */
export const P_ROW_COUNT = 20;
/** The broadphase's fat-box margin (m), for JOB_NEW_FAT. */
export const P_MARGIN = 21;
/** The homes JOB_LOAD_COLLIDE's items are ordered by (`loadItem`): the threads that run the collide kernel after it. */
export const P_LOAD_HOMES = 22;
/** 1 when JOB_COLLIDE_WRITE prepares each row for the solve as it writes it (a world without gravity: collide-blocks.ts). */
export const P_PREPARE = 23;
/** The homes of JOB_COLOUR_KEYS's groups (one per thread). */
export const P_KEY_HOMES = 24;
/** The shares of JOB_LIST_ROWS (one per thread). */
export const P_LIST_SHARES = 25;
/** Length of `StepRunner.params`. */
export const PARAM_COUNT = 26;

/**
 * Bodies per block in the body jobs: the kinetic energy is summed per block, then the blocks in
 * order, so the sum has the same rounding whatever the number of threads.
 */
export const BODY_BLOCK = 1024;

/** Runs jobs for the step: on the calling thread alone, or shared with worker threads. */
export interface StepRunner {
  /** Threads the jobs run on (1: the calling thread alone). */
  readonly threads: number;
  /** The jobs' parameters (see the P_ slots): written before `run`. */
  readonly params: Float64Array;
  /** The collide stage's per-pair scratch (collide-blocks.ts). */
  readonly scratch: CollideScratch;
  /** Per-block results of the body jobs: at least `blocksFor(store.capacity)` long when a body job runs. */
  readonly partials: Float64Array;
  /** Runs `job` over items [from, to), split across threads when that pays; returns the sum of the kernels' counts. */
  run(job: number, from: number, to: number): number;
  /**
   * Runs `job` over [bounds[first], bounds[first + homes]), cut into `homes` homes (home h is
   * [bounds[first + h], bounds[first + h + 1])): with one home per thread, thread h starts on
   * home h (control.ts), else as `run`. The same count and bits as `run` over the whole range.
   */
  runHomes(job: number, bounds: Int32Array, first: number, homes: number): number;
  /** Runs `job` over [from, to) on the calling thread only (the overflow group). */
  runHere(job: number, from: number, to: number): number;
  /**
   * Starts `job` over [from, to) on the worker threads and returns at once, so the calling
   * thread can do other work that touches nothing the job does; `join` then helps finish it
   * and returns the count. With no workers the job runs here, now. One job at a time.
   */
  begin(job: number, from: number, to: number): void;
  /** Finishes the job `begin` started (claiming what the workers have not) and returns its count. */
  join(): number;
  /** Says a step starts: a team keeps its workers spinning between the jobs until `stepEnds`. */
  stepBegins(): void;
  /** Says the step is over (also when it threw). */
  stepEnds(): void;
  /** JOB_SOLVE_WAVE's plan and the threads' progress through it (wave.ts's `planWave`). */
  readonly wave: Int32Array;
  /**
   * Runs JOB_SOLVE_WAVE over the plan in `wave`: one home per thread when the plan has one home
   * per thread, else every home on the calling thread. Returns the rows the first pass changed.
   */
  runWave(): number;
  /** Makes `partials` hold at least `blocks` values. */
  reservePartials(blocks: number): void;
}

/** Blocks of BODY_BLOCK bodies covering `count` bodies. */
export function blocksFor(count: number): number {
  return Math.ceil(count / BODY_BLOCK);
}

/**
 * Copies `what` (LOAD_VELOCITIES, LOAD_POSITIONS, LOAD_SOLVE) of the first `bodies` bodies into
 * the row kernels' memory, blocks of bodies shared out on the runner's threads (on one thread,
 * one copy of the whole range).
 */
export function loadKernelBodies(runner: StepRunner, bodies: number, what: number): void {
  runner.params[P_LOAD] = what;
  runner.run(JOB_LOAD_BODIES, 0, blocksFor(bodies));
}

/** `loadKernelBodies`' way back out, for LOAD_VELOCITIES or LOAD_POSITIONS. */
export function saveKernelBodies(runner: StepRunner, bodies: number, what: number): void {
  runner.params[P_LOAD] = what;
  runner.run(JOB_SAVE_BODIES, 0, blocksFor(bodies));
}

/**
 * Runs a row job over every colour group in order, each split across threads (by its homes,
 * when the colouring made them: colour.ts), then over the overflow group on the calling thread;
 * returns the sum of the counts. Rows that were never
 * coloured (a buffer filled by hand, as in the solver's tests) run in row order on one thread.
 */
export function runGroups(runner: StepRunner, contacts: ContactBuffer, job: number): number {
  const start = contacts.colourStart;
  const n = contacts.count;
  if (start[COLOUR_COUNT + 1] !== n || n === 0) {
    useRowOrder(contacts);
    return runner.runHere(job, 0, n);
  }
  const homes = contacts.homes;
  let sum = 0;
  for (let k = 0; k < COLOUR_COUNT; k++) {
    if (start[k + 1] === start[k]) continue;
    sum += homes > 1 ? runner.runHomes(job, contacts.homeStart, k * homes, homes) : runner.run(job, start[k], start[k + 1]);
  }
  if (start[COLOUR_COUNT + 1] > start[COLOUR_COUNT]) sum += runner.runHere(job, start[COLOUR_COUNT], n);
  return sum;
}
