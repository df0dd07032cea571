/**
 * Whether a world steps on every thread of its pool, on all but one, or on one, measured on the
 * machine at hand rather than assumed: the logic alone, apart from any world or thread, so it
 * can be tested by itself. `ThreadChooser` (thread-chooser.ts) drives a world with it, the
 * sandbox's stress-mode worker among its users.
 *
 * Why measure: a second thread pays only where the cores do not wait on each other. On one
 * 2-core machine a pile of 10,000 stepped 1.45 times faster on two threads; on another (a cache
 * line took about 1 µs from core to core and back, `test/bench/machine.ts`) the same pile
 * stepped 15 % slower on two, and Box2D v3's own threaded build gained 3 % there. The world
 * steps to the same bits on any number of threads, so switching is invisible to the simulation
 * and the faster one can simply be kept.
 *
 * First, warm: a pool's workers compile the engine's code for themselves as they first run it,
 * and the world's first steps on them are slow while they do, so slow that a trial timed from
 * the first step kept one thread for a minute where two were faster (the bench README has the
 * figures). So the first trial of a world (and the first after 'auto' is asked for again)
 * steps TRIAL_WARMUP steps on every thread before it times anything. Later trials need none:
 * each trial's own blocks on every thread keep the workers' code compiled as the world grows
 * (on a stress arena doubling from 1,000 to 32,000 bodies, later trials read alike with and
 * without a warm-up of their own).
 *
 * All but one: a pool of three threads or more is also timed one thread short. One thread more
 * than the cores free for it costs far more than its share: three threads on a 2-core machine
 * stepped a crowd of 50,000 twice as slowly as two (the bench README), since a worker that loses
 * its core in the middle of a chunk holds the whole step for the other's time slice. A page
 * that steps on every core while its main thread draws is in that case, and so is any machine
 * where another program keeps a core busy; one thread short may then beat both every thread and
 * one.
 *
 * How: in blocks that alternate as all, one, one, all, one, all, all, one (with all but one:
 * all, fewer, one, one, fewer, all, one, all, fewer, fewer, all, one), each block's first
 * steps dropped (a switch makes the next step slow while the workers take the world's buffers)
 * and the median of the rest taken (a collection or another process makes stray slow steps);
 * each side's figure is the mean of its blocks' medians. In that order every side's blocks have
 * the same mean position, so a world that grows steadily slower over the trial costs every side
 * alike. More threads are kept only when they win by at least KEEP_GAIN over fewer: a tie is not
 * worth another core's power.
 *
 * When to measure again: whenever the bodies have doubled or halved since the last trial (a
 * small world never pays for threads; a large one may); whenever the chosen side's step, per
 * body, has grown by DRIFT_FACTOR since its trial (a landing pile, a world that got busier, or
 * a machine whose cores changed: on the 2-core machine above, which of the two was faster
 * changed from one minute to the next, as other work on the host came and went); and after
 * RETRY_STEPS steps in any case, since a side not chosen is not watched.
 */

/** The thread modes: measure ('auto'), every thread the pool has ('all'), or one ('one'). */
export const THREAD_MODES = ['auto', 'all', 'one'] as const;
/** What the user asked for: measure and keep the faster ('auto'), every thread the pool has ('all'), or one ('one'). */
export type ThreadMode = (typeof THREAD_MODES)[number];

/** Throws, naming the value, for anything but a ThreadMode (a message or a console call may carry anything). */
export function checkThreadMode(mode: ThreadMode): void {
  if (!THREAD_MODES.includes(mode)) throw new Error(`threads must be one of ${THREAD_MODES.join(', ')}, got ${mode}`);
}

/** A trial's sides, as indices into its thread counts: every thread, all but one, one. */
const ALL = 0;
/**
 * Block order of a trial between every thread (0) and one (1): the Thue-Morse sequence, so a
 * drift in time, linear or quadratic, costs both sides alike.
 */
const ORDER_TWO: readonly number[] = [0, 1, 1, 0, 1, 0, 0, 1];
/**
 * Block order between every thread (0), all but one (1) and one (2): each side's blocks sit at
 * the same mean position (22 / 4), so a linear drift costs every side alike.
 */
const ORDER_THREE: readonly number[] = [0, 1, 2, 2, 1, 0, 2, 0, 1, 1, 0, 2];
/** Blocks of each side in a trial, whatever the sides. */
const BLOCKS_EACH = 4;
/** Steps dropped at the start of each block, after the switch. */
export const TRIAL_SETTLE = 3;
/** Steps timed in each block. */
export const TRIAL_TIMED = 12;
/** A trial's block order on `available` threads: all but one is timed too from three on. */
const orderFor = (available: number): readonly number[] => (available >= 3 ? ORDER_THREE : ORDER_TWO);
/** Steps one trial takes, after the warm-up, on a pool of `available` threads. */
export function trialSteps(available: number): number {
  return orderFor(available).length * (TRIAL_SETTLE + TRIAL_TIMED);
}
/** Steps one trial takes, after the warm-up, between every thread and one (a pool of one worker). */
export const TRIAL_STEPS = trialSteps(2);
/** Steps on every thread before a trial times anything, where it warms up: about two seconds at 60 Hz. */
export const TRIAL_WARMUP = 120;
/** Threads are kept when their median step is at most this share of one thread's. */
export const KEEP_GAIN = 0.95;
/** The trial runs again when the bodies change by this factor either way. */
export const RETRY_FACTOR = 2;
/** Steps of the chosen side watched at a time, after a trial: their median is its step now. */
export const WATCH_STEPS = 60;
/** The trial runs again when the chosen side's step per body grows by this factor over its trial's. */
export const DRIFT_FACTOR = 1.3;
/** The trial runs again after this many steps since the last (a minute at 60 Hz) whatever the watch says. */
export const RETRY_STEPS = 3600;

/** Where the choice stands (the sandbox sends it with every frame and shows it in the stress HUD and the ramp's verdict). */
export interface ThreadChoice {
  /** What the user asked for. */
  mode: ThreadMode;
  /** Threads the pool offers, the stepping one included (1: no pool). */
  available: number;
  /** Threads the world steps on now. */
  using: number;
  /** A trial is timing both now, or warming the pool up for it (see `warming`). */
  measuring: boolean;
  /** The trial is still stepping the pool's warm-up on every thread, before it times anything (TRIAL_WARMUP). */
  warming: boolean;
  /** The last trial's step on every thread, ms: the mean of its blocks' medians (0: no trial ended yet). */
  allMs: number;
  /** The last trial's step on all threads but one, ms, likewise (0: a pool of fewer than three threads, or no trial ended yet). */
  fewerMs: number;
  /** The last trial's step on one thread, ms, likewise. */
  oneMs: number;
  /** Bodies the last trial ran at (0: no trial ended yet). */
  bodies: number;
}

const mean = (v: Float64Array): number => v.reduce((s, x) => s + x, 0) / v.length;

/** The median of `values`, sorted into `scratch` (as long), so that a trial allocates nothing as it goes. */
function medianOf(values: Float64Array, scratch: Float64Array): number {
  scratch.set(values);
  scratch.sort();
  const mid = scratch.length >> 1;
  return scratch.length % 2 === 1 ? scratch[mid] : (scratch[mid - 1] + scratch[mid]) / 2;
}

/** The figures before any trial ended (bodies 0 also says a trial is due). */
const NO_TRIAL = { allMs: 0, fewerMs: 0, oneMs: 0, bodies: 0 } as const;

/**
 * The choice alone, apart from any world: ask `threadsFor(bodies)` before each step, step on
 * that many threads, then `record(threads, ms)` what the step took. `ThreadChooser` does this
 * around a world's step.
 */
export class ThreadTrial {
  private mode: ThreadMode;
  /** Each side's thread count: every thread, all but one (from three on), one. */
  private readonly counts: readonly number[];
  /** The blocks' sides, in trial order. */
  private readonly order: readonly number[];
  /** Threads chosen by the last trial (every one until a trial says otherwise). */
  private chosen: number;
  /** The chosen side's step in the last trial, ms: what the watch compares with. */
  private chosenMs = 0;
  private trialBodies = 0;
  private block = -1;
  private inBlock = 0;
  /** This block's timed steps, ms. */
  private readonly timed = new Float64Array(TRIAL_TIMED);
  private readonly timedSorted = new Float64Array(TRIAL_TIMED);
  /** Each side's block medians so far, ms. */
  private readonly medians: Float64Array[];
  private readonly medianCounts: Int32Array;
  private last: { allMs: number; fewerMs: number; oneMs: number; bodies: number } = NO_TRIAL;
  /** Bodies the world had when it last asked for its threads (the step `record` times next). */
  private bodies = 0;
  /** The chosen side's steps since the watch began, ms per body. */
  private readonly watch = new Float64Array(WATCH_STEPS);
  private readonly watchSorted = new Float64Array(WATCH_STEPS);
  private watched = 0;
  /** Steps recorded since the last trial ended. */
  private sinceTrial = 0;
  /** The watch or the step count says the last trial no longer holds. */
  private stale = false;
  /** Steps this trial still has to take on every thread before it times any. */
  private warmLeft = 0;

  /**
   * `available`: threads the pool offers, the stepping one included. `warmup`: steps on every
   * thread before a world's first trial times any (0: none).
   */
  constructor(
    private readonly available: number,
    mode: ThreadMode = 'auto',
    private readonly warmup = TRIAL_WARMUP,
  ) {
    if (!Number.isInteger(available) || available < 1) throw new Error(`thread trial: available threads must be a whole number ≥ 1, got ${String(available)}`);
    if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`thread trial: warmup must be a whole number of steps ≥ 0, got ${String(warmup)}`);
    this.mode = mode;
    this.chosen = available;
    this.counts = available >= 3 ? [available, available - 1, 1] : [available, 1];
    this.order = orderFor(available);
    this.medians = this.counts.map(() => new Float64Array(BLOCKS_EACH));
    this.medianCounts = new Int32Array(this.counts.length);
  }

  /** A trial is warming the pool up or timing its sides now. */
  get measuring(): boolean {
    return this.block >= 0;
  }

  /** Changes what the user asked for; 'auto' measures again. */
  setMode(mode: ThreadMode): void {
    checkThreadMode(mode);
    this.mode = mode;
    this.block = -1;
    if (mode === 'auto') this.last = NO_TRIAL;
  }

  /** Another world: the last trial's figures were not its own, so the next step measures again. */
  reset(): void {
    this.block = -1;
    this.chosen = this.available;
    this.last = NO_TRIAL;
  }

  /** Threads to step on next, for a world of `bodies` bodies; starts a trial when one is due. */
  threadsFor(bodies: number): number {
    this.bodies = bodies;
    if (this.available < 2 || this.mode === 'one') return 1;
    if (this.mode === 'all') return this.available;
    if (this.block < 0 && this.due(bodies)) this.start(bodies);
    if (this.block >= 0) return this.warmLeft > 0 ? this.available : this.counts[this.order[this.block]];
    return this.chosen;
  }

  /**
   * Records a step of `stepMs` that ran on `threads` threads: in a trial, for its block (not on a
   * count the block did not ask for); after one, for the watch of the chosen side.
   */
  record(threads: number, stepMs: number): void {
    if (this.block >= 0 && this.warmLeft > 0) {
      if (threads === this.available) this.warmLeft--;
      return;
    }
    if (this.block < 0) {
      this.watchStep(threads, stepMs);
      return;
    }
    const side = this.order[this.block];
    if (threads !== this.counts[side] || !Number.isFinite(stepMs)) return;
    this.inBlock++;
    if (this.inBlock > TRIAL_SETTLE) this.timed[this.inBlock - TRIAL_SETTLE - 1] = stepMs;
    if (this.inBlock < TRIAL_SETTLE + TRIAL_TIMED) return;
    this.medians[side][this.medianCounts[side]++] = medianOf(this.timed, this.timedSorted);
    this.inBlock = 0;
    if (++this.block < this.order.length) return;
    this.block = -1;
    this.end();
  }

  /** Takes each side's figure and keeps the fewest threads that no more threads beat by KEEP_GAIN. */
  private end(): void {
    const ms = this.medians.map(mean);
    const one = ms.length - 1;
    let pick = one;
    for (let side = one - 1; side >= ALL; side--) if (ms[side] <= ms[pick] * KEEP_GAIN) pick = side;
    this.last = { allMs: ms[ALL], fewerMs: ms.length === 3 ? ms[1] : 0, oneMs: ms[one], bodies: this.trialBodies };
    this.chosen = this.counts[pick];
    this.chosenMs = ms[pick];
    this.sinceTrial = 0;
    this.watched = 0;
    this.stale = false;
  }

  /** Watches a step outside a trial, on the chosen side of an 'auto' choice after a trial: is the trial still right? */
  private watchStep(threads: number, stepMs: number): void {
    // No trial has ended (none runs without a pool): nothing to watch.
    if (this.mode !== 'auto' || this.last.bodies === 0) return;
    if (++this.sinceTrial >= RETRY_STEPS) this.stale = true;
    if (threads !== this.chosen || !Number.isFinite(stepMs) || this.bodies < 1) return;
    this.watch[this.watched++] = stepMs / this.bodies;
    if (this.watched < WATCH_STEPS) return;
    this.watched = 0;
    if (medianOf(this.watch, this.watchSorted) > (this.chosenMs / this.last.bodies) * DRIFT_FACTOR) this.stale = true;
  }

  /** Where the choice stands, as plain data (a new object). */
  choice(using: number): ThreadChoice {
    const warming = this.measuring && this.warmLeft > 0;
    return { mode: this.mode, available: this.available, using, measuring: this.measuring, warming, ...this.last };
  }

  private due(bodies: number): boolean {
    const at = this.last.bodies;
    return this.stale || at === 0 || bodies >= at * RETRY_FACTOR || bodies * RETRY_FACTOR <= at;
  }

  private start(bodies: number): void {
    this.warmLeft = this.last.bodies > 0 ? 0 : this.warmup;
    this.block = 0;
    this.inBlock = 0;
    this.medianCounts.fill(0);
    this.trialBodies = Math.max(1, bodies);
  }
}
