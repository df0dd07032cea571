/**
 * The driving side of a thread team: publishes each job and claims its chunks alongside the
 * workers (see control.ts for the handshake, worker.ts for the other side). Jobs too
 * small to pay for the handshake run here alone; since no job's result depends on how its range
 * is split, that changes no bit.
 */
import type { BodyStore } from '../body-store.js';
import type { ContactBuffer } from '../contacts.js';
import { sharedCopy, sharedGeneration, sharedReplacements } from '../grown.js';
import {
  CONTROL_LENGTH,
  C_BODY_END,
  C_BOUNDS,
  C_CHUNKS,
  C_CHUNKS_DONE,
  cursorSlot,
  C_EPOCH,
  C_HOMES,
  C_IMPACT_COUNT,
  C_JOB,
  C_PARKED,
  C_RESULT,
  C_SLEEPING,
  C_STEPPING,
  C_VIEWS,
  JOB_PARK,
  MAX_CHUNKS,
  MAX_THREADS,
  NO_JOB,
  PARK_WAIT_MS,
  cursorOf,
  takeFailure,
  waitWhileEqualFor,
  STALL_SLICES,
  STALL_SLICE_MS,
  StallWatch,
} from './control.js';
import { claimChunks } from './claim.js';
import { JOB_SOLVE_WAVE, PARAM_COUNT, SEARCH_STACK, isBlockJob, shareStart, type StepRunner } from './jobs.js';
import { WAVE_LENGTH, planHomes, resetWave } from './wave.js';
import type { ThreadPool } from './pool.js';
import { ViewsRunner } from './run-job.js';
import { CONTACTS_SHARED, CONTACTS_SHARED_APART, STORE_SHARED, buffersOf, moveArrays, shareArrays } from './shared.js';
import { CollideScratch, PAIRS_SHARED, SCRATCH_SHARED } from './collide-blocks.js';
import type { PairCache } from '../pair-cache.js';
import { FLAT_TREE_SHARED } from '../flat-tree.js';
import { HitList } from '../hit-list.js';
import { SEARCH_SHARED, type PairSearch } from '../pair-search.js';

/** Rows per thread below which a row job runs on the driving thread alone. */
const MIN_ROWS_PER_THREAD = 128;
/** Smallest chunk of a row job (rows). */
const MIN_CHUNK_ROWS = 64;
/** Chunks per thread: enough that a thread put aside by the system leaves little for the others to wait on. */
const CHUNKS_PER_THREAD = 4;

/** Pools that a team uses now: a worker serves one world at a time. */
const POOLS_IN_USE = new WeakSet<ThreadPool>();

export class ThreadTeam extends ViewsRunner implements StepRunner {
  /** Threads, the driving one included. */
  readonly threads: number;
  private readonly ctl: Int32Array;
  private readonly workers: number;
  /** `sharedGeneration()` when the workers last got the buffers or were told to view them anew; -1: never, or parked since. */
  private sharedAt = -1;
  /** `sharedReplacements()` when the workers last got the buffers. */
  private replacedAt = -1;

  constructor(
    private readonly store: BodyStore,
    private readonly contacts: ContactBuffer,
    private readonly pairs: PairCache,
    private readonly pool: ThreadPool,
    search: PairSearch,
  ) {
    const scratch = new CollideScratch();
    scratch.reserve(1);
    super({
      store,
      contacts,
      pairs,
      scratch,
      params: new Float64Array(new SharedArrayBuffer(PARAM_COUNT * 8)),
      partials: sharedCopy(new Float64Array(64)),
      search,
      hits: new HitList(),
      stack: new Int32Array(SEARCH_STACK),
      wave: new Int32Array(new SharedArrayBuffer(WAVE_LENGTH * 4)),
      control: null,
    });
    this.workers = pool.size;
    this.answering = pool.size;
    this.threads = pool.size + 1;
    this.ctl = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    this.views.control = this.ctl;
    this.eachHanded(shareArrays);
    POOLS_IN_USE.add(pool);
  }

  /**
   * Throws, naming the problem, if `pool` cannot serve a team: a size that is not a whole
   * number from 1 to MAX_THREADS - 1, or a pool that steps another world than `current`'s.
   */
  static checkPool(pool: ThreadPool, current: ThreadTeam | null): void {
    if (!Number.isInteger(pool.size) || pool.size < 1 || pool.size >= MAX_THREADS) {
      throw new Error(`setThreads: pool.size must be a whole number from 1 to ${MAX_THREADS - 1}, got ${String(pool.size)}`);
    }
    if (POOLS_IN_USE.has(pool) && current?.pool !== pool) {
      throw new Error('setThreads: this pool already steps another world (call setThreads(null) on that world first)');
    }
  }

  run(job: number, from: number, to: number): number {
    this.begin(job, from, to);
    return this.join();
  }

  /** Publishes `job` for the workers, or runs it here when it is too small to share. */
  override begin(job: number, from: number, to: number): void {
    const threads = this.threads;
    if (to - from < (isBlockJob(job) ? threads : threads * MIN_ROWS_PER_THREAD)) {
      super.begin(job, from, to);
      return;
    }
    // One home per thread, in equal shares of the range: thread t starts on the same items
    // job after job, step after step (bodies, pairs or rows, all in body order), so they stay
    // in its cache instead of going to whichever thread claimed them first.
    const span = this.span;
    for (let h = 0; h <= threads; h++) span[h] = from + shareStart(to - from, h, threads);
    const share = span[1] - span[0];
    const chunks = Math.min(CHUNKS_PER_THREAD, isBlockJob(job) ? share : Math.ceil(share / MIN_CHUNK_ROWS), MAX_CHUNKS);
    this.publish(job, span, 0, threads, chunks);
  }

  override join(): number {
    return this.publishedTag === NO_JOB ? super.join() : this.finish();
  }

  /**
   * A row job whose rows are sorted by their bodies' owners, one home per thread (jobs.ts's
   * `runGroups`): each thread starts on its own home. Shared as `run` when the homes were made
   * for another thread count.
   */
  override runHomes(job: number, bounds: Int32Array, first: number, homes: number): number {
    const threads = this.threads;
    const from = bounds[first];
    const to = bounds[first + homes];
    if (homes !== threads || to - from < threads * MIN_ROWS_PER_THREAD) return this.run(job, from, to);
    const chunks = Math.min(CHUNKS_PER_THREAD, Math.ceil((to - from) / (threads * MIN_CHUNK_ROWS)));
    this.publish(job, bounds, first, homes, chunks);
    return this.finish();
  }

  /**
   * JOB_SOLVE_WAVE with one home per thread, each walked by its own thread (wave.ts); a plan
   * made for another thread count runs here alone.
   */
  override runWave(): number {
    const threads = this.threads;
    if (planHomes(this.views.wave) !== threads) return super.runWave();
    const span = this.span;
    for (let h = 0; h <= threads; h++) span[h] = h;
    resetWave(this.views.wave, threads);
    this.publish(JOB_SOLVE_WAVE, span, 0, threads, 1);
    return this.finish();
  }

  /** `begin`'s range, as bounds of one home per thread. */
  private readonly span = new Int32Array(MAX_THREADS + 1);
  /** The tag of the job `publish` handed out, for `finish` (NO_JOB: none). */
  private publishedTag = NO_JOB;
  /** Chunks of that job, over all its homes. */
  private publishedChunks = 0;

  /**
   * Hands `job` to the workers, over `homes` homes (home h is [bounds[first + h], bounds[first
   * + h + 1])) of `chunks` chunks each, and wakes them.
   */
  private publish(job: number, bounds: Int32Array, first: number, homes: number, chunks: number): void {
    const generation = sharedGeneration();
    if (this.sharedAt !== generation) {
      if (this.sharedAt !== -1 && this.replacedAt === sharedReplacements()) {
        // Only growths in place since: the workers view their own buffers anew before this job.
        Atomics.add(this.ctl, C_VIEWS, 1);
        this.sharedAt = generation;
      } else this.share();
    }
    const ctl = this.ctl;
    const threads = this.threads;
    // Close the last job's cursors before its fields change (see control.ts).
    for (let h = 0; h < threads; h++) Atomics.store(ctl, cursorSlot(h), NO_JOB);
    Atomics.store(ctl, C_JOB, job);
    Atomics.store(ctl, C_HOMES, homes);
    for (let h = 0; h <= homes; h++) Atomics.store(ctl, C_BOUNDS + h, bounds[first + h]);
    Atomics.store(ctl, C_CHUNKS, chunks);
    Atomics.store(ctl, C_BODY_END, this.store.end);
    Atomics.store(ctl, C_IMPACT_COUNT, this.contacts.impactCount);
    Atomics.store(ctl, C_RESULT, 0);
    Atomics.store(ctl, C_CHUNKS_DONE, 0);
    const epoch = Atomics.load(ctl, C_EPOCH) + 1;
    const tag = cursorOf(epoch);
    for (let h = 0; h < homes; h++) Atomics.store(ctl, cursorSlot(h), tag);
    Atomics.store(ctl, C_EPOCH, epoch);
    if (Atomics.load(ctl, C_SLEEPING) > 0) Atomics.notify(ctl, C_EPOCH);
    this.publishedTag = tag;
    this.publishedChunks = homes * chunks;
  }

  /**
   * Claims the published job's chunks (home 0 first), waits for the rest, and returns its count;
   * throws, once every chunk is over, what a thread's chunk threw (the team stays usable).
   */
  private finish(): number {
    const ctl = this.ctl;
    const chunks = this.publishedChunks;
    claimChunks(ctl, this.publishedTag, 0, this.views);
    this.publishedTag = NO_JOB;
    let done = Atomics.load(ctl, C_CHUNKS_DONE);
    const watch = this.watch;
    watch.start();
    while (done !== chunks) {
      const next = waitWhileEqualFor(ctl, C_CHUNKS_DONE, done, STALL_SLICE_MS);
      if (next !== null) {
        done = next;
        watch.start();
      } else if (watch.stalled()) {
        this.stalled = true;
        takeFailure(ctl);
        throw new Error(
          `step: a worker thread stopped answering in the middle of step job ${Atomics.load(ctl, C_JOB)} (none of it finished for ${(STALL_SLICES * STALL_SLICE_MS) / 1000} s); the step was left unfinished, and the world steps on the calling thread alone from now on`,
        );
      }
    }
    const failure = takeFailure(ctl);
    if (failure !== null) throw failure;
    return Atomics.load(ctl, C_RESULT);
  }

  /**
   * A step starts: the workers spin between its jobs instead of sleeping, and those asleep now
   * are woken, so that they are up by the step's first jobs.
   */
  override stepBegins(): void {
    const ctl = this.ctl;
    Atomics.store(ctl, C_STEPPING, 1);
    if (Atomics.load(ctl, C_SLEEPING) > 0) Atomics.notify(ctl, C_EPOCH);
  }

  /** The step is over: the workers may sleep again once their spin runs out. */
  override stepEnds(): void {
    Atomics.store(this.ctl, C_STEPPING, 0);
  }

  /** Sends the workers back to their event loops (to stop, or to take new buffers). */
  park(): void {
    if (this.sharedAt === -1) return;
    const ctl = this.ctl;
    for (let h = 0; h < this.threads; h++) Atomics.store(ctl, cursorSlot(h), NO_JOB);
    // The count starts again before any worker can read the park: one that saw the last job's
    // epoch late reads C_JOB without waiting for the next, and its count must not be reset.
    Atomics.store(ctl, C_PARKED, 0);
    Atomics.store(ctl, C_JOB, JOB_PARK);
    Atomics.add(ctl, C_EPOCH, 1);
    Atomics.notify(ctl, C_EPOCH);
    // A worker that has stopped never answers: past PARK_WAIT_MS without an answer the team
    // goes on, and waits only for those that answered from then on. (The jobs never wait for a
    // worker that claims nothing: the calling thread claims what is left.)
    let parked = Atomics.load(ctl, C_PARKED);
    while (parked < this.answering) {
      const next = waitWhileEqualFor(ctl, C_PARKED, parked, PARK_WAIT_MS);
      if (next === null) {
        this.answering = parked;
        break;
      }
      parked = next;
    }
    this.sharedAt = -1;
  }

  /** Workers that answered every park so far (see `park`). */
  private answering: number;
  /** Counts the slices of `finish`'s wait in which no chunk finished. */
  private readonly watch = new StallWatch();
  /**
   * A worker stopped answering in the middle of a job (see STALL_SLICES): the team cannot be
   * trusted with another, and the world leaves it (`World.step`). @internal
   */
  stalled = false;

  /** Parks the workers and frees the pool for another world. */
  release(): void {
    this.park();
    if (this.stalled) this.leaveWorkersMemory();
    POOLS_IN_USE.delete(this.pool);
  }

  /**
   * Moves every array the workers were handed into memory they were not. A worker that stopped
   * answering in the middle of a job may yet run again (a debugger lets it go, the system gives
   * its core back) and write the chunk it held: that must land nowhere the world reads.
   */
  private leaveWorkersMemory(): void {
    this.contacts.dropKernels();
    this.eachHanded(moveArrays);
  }

  /**
   * Calls `visit` with every owner of arrays the workers are handed and those arrays' names:
   * one list for sharing them when the team forms and moving them when a stalled team goes.
   */
  private eachHanded(visit: (owner: object, names: readonly string[]) => void): void {
    const { search, scratch } = this.views;
    visit(search.moving, FLAT_TREE_SHARED);
    visit(search.statics, FLAT_TREE_SHARED);
    visit(search, SEARCH_SHARED);
    visit(this.store, STORE_SHARED);
    visit(this.contacts, CONTACTS_SHARED);
    visit(this.pairs, PAIRS_SHARED);
    visit(scratch, SCRATCH_SHARED);
  }

  /** Hands every worker the current buffers (parking them first if they run). */
  private share(): void {
    this.park();
    const generation = sharedGeneration();
    const store = buffersOf(this.store, STORE_SHARED);
    const contacts = buffersOf(this.contacts, this.contacts.residentRows ? CONTACTS_SHARED_APART : CONTACTS_SHARED);
    const pairs = buffersOf(this.pairs, PAIRS_SHARED);
    const scratch = buffersOf(this.views.scratch, SCRATCH_SHARED);
    const { search } = this.views;
    const epoch = Atomics.load(this.ctl, C_EPOCH);
    for (let w = 0; w < this.workers; w++) {
      this.pool.post(w, {
        jostleThreads: 1,
        thread: w + 1,
        threads: this.threads,
        epoch,
        control: this.ctl.buffer as SharedArrayBuffer,
        params: this.params.buffer as SharedArrayBuffer,
        wave: this.views.wave.buffer as SharedArrayBuffer,
        partials: this.partials.buffer as SharedArrayBuffer,
        store,
        contacts,
        pairs,
        scratch,
        search: buffersOf(search, SEARCH_SHARED),
        searchMoving: buffersOf(search.moving, FLAT_TREE_SHARED),
        searchStatics: buffersOf(search.statics, FLAT_TREE_SHARED),
        kernels: this.contacts.kernels?.layout ?? null,
      });
    }
    this.sharedAt = generation;
    this.replacedAt = sharedReplacements();
  }
}
