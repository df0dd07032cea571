/**
 * A world stepped on its pool's threads, on all of them but one, or on one, whichever the
 * machine at hand runs faster, measured as it steps (thread-trial.ts says how and when). A world
 * steps to the same bits on any number of threads, so the switching never shows in the
 * simulation, only in its speed.
 */
import type { World } from '../world.js';
import type { ThreadPool } from './pool.js';
import { ThreadTrial, type ThreadChoice, type ThreadMode } from './thread-trial.js';

/**
 * Steps `world` on `pool`'s threads (the calling one with them), on one thread fewer (a pool of
 * two workers or more), or on the calling thread alone, keeping whichever is faster here and
 * now, and measuring again as the world or the machine changes. Call its `step` instead of the
 * world's; leave `world.setThreads` to it.
 *
 * ```ts
 * const chooser = new ThreadChooser(world, pool);
 * chooser.step(1 / 60); // each frame
 * chooser.choice;       // { using: 2, available: 2, allMs: 3.1, fewerMs: 0, oneMs: 4.2, ... }
 * ```
 *
 * If a worker stops answering in the middle of a step, that step throws (see `World.step`),
 * and the chooser steps on the calling thread alone from then on: `lost` says so, and a new
 * chooser with a new pool starts again.
 */
export class ThreadChooser {
  private readonly trial: ThreadTrial;
  /** The pool's first `size - 1` workers: the team one thread short (null for a pool of one worker). */
  private readonly fewer: ThreadPool | null;
  private poolLost = false;
  private inTrial = false;

  /**
   * `mode`: 'auto' measures and keeps the faster (the default); 'all' and 'one' set the count
   * by hand. `now` is the clock, ms (a test may give its own).
   */
  constructor(
    /** The world it steps (one chooser to a world). */
    readonly world: World,
    /** The threads it may step on, besides the calling one. */
    readonly pool: ThreadPool,
    mode: ThreadMode = 'auto',
    private readonly now: () => number = () => performance.now(),
  ) {
    this.trial = new ThreadTrial(pool.size + 1, mode);
    this.fewer = pool.size >= 2 ? { size: pool.size - 1, post: (index, message) => pool.post(index, message) } : null;
  }

  /** A worker stopped answering in a step: the world steps on the calling thread alone from then on. */
  get lost(): boolean {
    return this.poolLost;
  }

  /**
   * The last step was one of a trial's: its thread count was the trial's to pick, not the
   * choice, so its time says little of how fast the world steps (a caller judging speed skips it).
   */
  get lastStepInTrial(): boolean {
    return this.inTrial;
  }

  /** Where the choice stands, as plain data (a new object): the threads used and offered, the last trial's figures. */
  get choice(): ThreadChoice {
    return this.trial.choice(this.world.threads);
  }

  /** What the user asks for: 'auto' measures again; 'all' and 'one' set the count by hand. Throws, naming the value, for anything else. */
  setMode(mode: ThreadMode): void {
    this.trial.setMode(mode);
  }

  /** The pool that steps a world on `threads` threads: the whole pool, one worker fewer, or none. */
  private poolFor(threads: number): ThreadPool | null {
    if (threads > this.pool.size) return this.pool;
    return threads > 1 ? this.fewer : null;
  }

  /**
   * Steps the world by `dt` on the count the trial asks for, and times the step for it. Throws
   * what `World.step` and `World.setThreads` throw; the world is then as they leave it.
   */
  step(dt: number): void {
    const world = this.world;
    if (!this.poolLost) {
      const want = this.trial.threadsFor(world.bodyCount);
      if (want !== world.threads) world.setThreads(this.poolFor(want));
    }
    this.inTrial = this.trial.measuring;
    const threads = world.threads;
    const started = this.now();
    try {
      world.step(dt);
    } catch (error) {
      // A stalled team leaves the world on one thread (World.step): its pool must not come back.
      if (threads > 1 && world.threads === 1) this.poolLost = true;
      throw error;
    }
    this.trial.record(threads, this.now() - started);
  }
}
