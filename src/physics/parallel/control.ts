/**
 * The control block that the driving thread and the workers share: an Int32Array over a
 * SharedArrayBuffer, read and written with Atomics only.
 *
 * A job's range is cut into homes, each home into chunks, and threads claim chunks one at a time
 * from the homes' cursors, the driving thread too, until none are left; the job is over when
 * CHUNKS_DONE reaches the chunk count. Thread t claims from home t first (t mod HOMES), then
 * from the others. A colour group's rows are cut by their bodies' owners (colour.ts), any other
 * job's range in equal shares (bodies, pairs and rows all run in body order): so each thread
 * keeps most of its bodies in its own cache, job after job and pass after pass, while a thread
 * that finishes early still takes what is left of the others'. A worker that the operating
 * system has put aside (a machine busy with other work) so costs the step only the chunk it
 * holds: the others take what it would have done. Each cursor carries the job's tag
 * (its epoch, 15 bits) above the next chunk's index, and a thread claims a chunk by
 * compare-and-swap on the whole word, so a worker waking late can never claim a chunk of a job
 * it has not read (claim.ts).
 *
 * Waiting spins a little first (a job is tens of microseconds; waking a sleeping thread costs
 * about as much), then sleeps in `Atomics.wait`.
 */

/*
 * The slots come in groups a cache line (16 slots) apart, by who writes them and who waits on
 * them: a thread spinning on one slot must not pull away the line another thread is writing.
 */

/** Job counter: moves once per job; the workers spin on it between jobs. */
export const C_EPOCH = 0;
/** Workers asleep in `Atomics.wait` on EPOCH: the driver notifies only when there are some. */
export const C_SLEEPING = 1;
/** Workers that have gone back to their event loop after a JOB_PARK. */
export const C_PARKED = 2;
/**
 * 1 while the driving thread steps the world: a worker then keeps spinning between jobs rather
 * than sleeping (see `waitWhileEqual`), as the step's next job is never far off.
 */
export const C_STEPPING = 3;

/** Chunks finished, over every home: the driver spins on it at a job's end. */
export const C_CHUNKS_DONE = 16;
/** Sum of the kernels' counts over the chunks. */
export const C_RESULT = 17;
/**
 * The first thread whose job threw since the driver last looked, plus one (0: none). A chunk
 * that throws still counts as done (claim.ts), so the job ends and the driver throws then,
 * rather than every thread waiting for a chunk that will never finish.
 */
export const C_FAILED = 18;
/** The job that threw (jobs.ts), or JOB_ADOPT for a worker that could not take the buffers. */
export const C_FAILED_JOB = 19;
/** Characters of the error's message in C_FAILED_TEXT. */
export const C_FAILED_LENGTH = 20;

/** Code of the current job (jobs.ts), or JOB_PARK. The job's fields: the driver writes them, the workers read them. */
export const C_JOB = 32;
/** Homes the current job's range is cut into (see the top of this file): 1, or the team's thread count. */
export const C_HOMES = 33;
/** Chunks each home is cut into. */
export const C_CHUNKS = 34;
/** `store.end` and `contacts.impactCount`, copied for the workers' kernels. */
export const C_BODY_END = 35;
export const C_IMPACT_COUNT = 36;
/** Most threads a team can have. */
export const MAX_THREADS = 64;
/** Where home h starts (h = 0 to HOMES; home h ends where home h + 1 starts). */
export const C_BOUNDS = 37;
/**
 * Moves when shared arrays grew in their own buffers since the workers took them: before its
 * next job a worker makes its views again from the buffers it holds (worker.ts).
 */
export const C_VIEWS = C_BOUNDS + MAX_THREADS + 1;

/** Slots between two homes' cursors: one line each, as each thread claims mostly from its own. */
export const CURSOR_STRIDE = 16;
/** Home h's cursor, at C_CURSORS + h · CURSOR_STRIDE: (epoch tag << 16) | next chunk of that home to claim; NO_JOB between jobs. */
export const C_CURSORS = 112;
/** The slot of home h's cursor. */
export function cursorSlot(home: number): number {
  return C_CURSORS + home * CURSOR_STRIDE;
}
/** The error's message, one UTF-16 code unit a slot, cut to FAILED_TEXT_LENGTH. */
export const C_FAILED_TEXT = C_CURSORS + MAX_THREADS * CURSOR_STRIDE;
const FAILED_TEXT_LENGTH = 400;
/** Length of the control block. */
export const CONTROL_LENGTH = C_FAILED_TEXT + FAILED_TEXT_LENGTH;

/** Most chunks a home is cut into (a cursor keeps the index in 16 bits, with room for late claims). */
export const MAX_CHUNKS = 0xff00;

/** Job code that sends the workers back to their event loop (to take new buffers, or to stop). */
export const JOB_PARK = -1;
/** C_FAILED_JOB of a worker that failed while taking the world's buffers, before any job. */
export const JOB_ADOPT = -2;

/** A cursor whose tag matches no epoch (tags are 15 bits). */
export const NO_JOB = -1;

/** The tag of `epoch` in CURSOR. */
export function cursorOf(epoch: number): number {
  return (epoch & 0x7fff) << 16;
}

/** Polls before sleeping: tens of microseconds of spinning. */
const SPIN = 1 << 14;

/**
 * Longest a worker spins while the world steps (ms): past it, it sleeps all the same (a driving
 * thread stopped in a debugger mid-step should not keep a core busy).
 */
export const STEP_SPIN_MS = 50;

/**
 * Waits, as a worker, until ctl[slot] differs from `value` and returns the new value: spinning,
 * then sleeping in `Atomics.wait`, counted in ctl[sleeping] while it sleeps (so the driving
 * thread notifies only when someone sleeps). It spins on while C_STEPPING is set: waking a
 * sleeping thread costs tens to hundreds of microseconds, more than most jobs take, and within
 * a step the next job comes after at most the driving thread's stretch of work alone (the
 * broadphase's moves, the colouring).
 */
export function waitWhileEqual(ctl: Int32Array, slot: number, value: number, sleeping: number): number {
  let started = -1;
  for (;;) {
    for (let k = 0; k < SPIN; k++) {
      const v = Atomics.load(ctl, slot);
      if (v !== value) return v;
    }
    if (Atomics.load(ctl, C_STEPPING) === 1) {
      const now = performance.now();
      if (started < 0) started = now;
      if (now - started < STEP_SPIN_MS) continue;
    }
    Atomics.add(ctl, sleeping, 1);
    Atomics.wait(ctl, slot, value, 1000);
    Atomics.sub(ctl, sleeping, 1);
    const v = Atomics.load(ctl, slot);
    if (v !== value) return v;
  }
}

/**
 * How long the driving thread waits for the workers to answer a park before it goes on without
 * those that have not (ms): a worker that has stopped (its thread ended, or killed by its host)
 * never will, and the world must still be able to step on one thread.
 */
export const PARK_WAIT_MS = 2000;

/** One slice of a stalled wait (ms); see STALL_SLICES. */
export const STALL_SLICE_MS = 100;
/**
 * Slices of STALL_SLICE_MS in a row, with nothing moving, after which a thread gives up on
 * another's part of a job: a worker whose thread ended in the middle of a job (ended by its
 * host, or out of memory) never finishes its part, and the step must fail, saying so, rather
 * than hang. Counted in slices, not read off the clock once, so that a machine that slept in
 * the middle of a step (every thread stopped alike) is not taken for a stall.
 */
export const STALL_SLICES = 30;

/** Counts the slices of a wait in which nothing moved (see STALL_SLICES). */
export class StallWatch {
  /** When the current slice began (ms); NaN until the first look after `start`. */
  private mark = NaN;
  private quiet = 0;

  /**
   * Something moved (or the wait begins): counting starts again. The clock is read at the first
   * look, not here: a job's wait usually ends within its spin, and `performance.now()` returns a
   * number boxed on the heap, garbage at every job of every step.
   */
  start(): void {
    this.mark = NaN;
    this.quiet = 0;
  }

  /** Call now and then while nothing moves: true once STALL_SLICES slices have passed so. */
  stalled(): boolean {
    const now = performance.now();
    if (Number.isNaN(this.mark)) this.mark = now;
    else if (now - this.mark >= STALL_SLICE_MS) {
      this.mark = now;
      this.quiet++;
    }
    return this.quiet >= STALL_SLICES;
  }
}

/**
 * Waits, as the driving thread, until ctl[slot] differs from `value`, for at most `limitMs`
 * (Infinity: for as long as it takes): spinning, then sleeping. Returns the new value, or null
 * once the time is up.
 */
export function waitWhileEqualFor(ctl: Int32Array, slot: number, value: number, limitMs: number): number | null {
  for (let k = 0; k < SPIN; k++) {
    const v = Atomics.load(ctl, slot);
    if (v !== value) return v;
  }
  // The clock only once the spin is over (see StallWatch.start): the limit counts from here.
  const until = performance.now() + limitMs;
  for (;;) {
    const left = until - performance.now();
    if (left <= 0) return null;
    Atomics.wait(ctl, slot, value, Math.min(left, 100));
    const v = Atomics.load(ctl, slot);
    if (v !== value) return v;
  }
}

/**
 * Where chunk `k` of `chunks` of [from, to) starts (it ends where chunk k + 1 starts):
 * contiguous, in order, large first and small last (chunk k ends at the share 1 - (1 - u)³ of the
 * range, u = (k + 1) / chunks): threads claim in order, so the last claims, which decide how long
 * the others wait at the job's end, are the shortest.
 */
export function chunkStart(from: number, to: number, k: number, chunks: number): number {
  if (k >= chunks) return to;
  const u = k / chunks;
  return from + Math.floor((to - from) * (1 - (1 - u) * (1 - u) * (1 - u)));
}

/**
 * Records that `job` threw `error` on `thread`, unless another failure is recorded already (the
 * first one is the one worth reading). The job's other chunks go on.
 */
export function recordFailure(ctl: Int32Array, thread: number, job: number, error: unknown): void {
  if (Atomics.compareExchange(ctl, C_FAILED, 0, -1) !== 0) return;
  const text = error instanceof Error ? error.message : String(error);
  const length = Math.min(text.length, FAILED_TEXT_LENGTH);
  for (let i = 0; i < length; i++) Atomics.store(ctl, C_FAILED_TEXT + i, text.charCodeAt(i));
  Atomics.store(ctl, C_FAILED_LENGTH, length);
  Atomics.store(ctl, C_FAILED_JOB, job);
  Atomics.store(ctl, C_FAILED, thread + 1);
}

/**
 * The failure recorded since the last call, as an error naming the thread and the job, or null;
 * clears it. A failure still being written (C_FAILED -1) is waited for.
 */
export function takeFailure(ctl: Int32Array): Error | null {
  let failed = Atomics.load(ctl, C_FAILED);
  if (failed === 0) return null;
  while (failed === -1) failed = Atomics.load(ctl, C_FAILED);
  const job = Atomics.load(ctl, C_FAILED_JOB);
  const length = Atomics.load(ctl, C_FAILED_LENGTH);
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(Atomics.load(ctl, C_FAILED_TEXT + i));
  Atomics.store(ctl, C_FAILED, 0);
  const where = failed === 1 ? 'the calling thread' : `worker thread ${failed - 1}`;
  const what = job === JOB_ADOPT ? 'taking the world\'s buffers' : `step job ${job}`;
  return new Error(`step: ${what} failed on ${where}: ${text}`);
}
