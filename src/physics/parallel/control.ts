/**
 * The control block that the driving thread and the workers share: an Int32Array over a
 * SharedArrayBuffer, read and written with Atomics only.
 *
 * A job's range is cut into chunks that threads claim one at a time from CURSOR, the driving
 * thread too, until none are left; the job is over when CHUNKS_DONE reaches the chunk count.
 * So a worker that the operating system has put aside (a machine busy with other work) costs
 * the step only the chunk it holds: the others take what it would have done. CURSOR carries the
 * job's tag (its epoch, 15 bits) above the next chunk's index, and a worker claims a chunk by
 * compare-and-swap on the whole word, so a worker waking late can never claim a chunk of a job
 * it has not read.
 *
 * Waiting spins a little first (a job is tens of microseconds; waking a sleeping thread costs
 * about as much), then sleeps in `Atomics.wait`.
 */

/** Job counter: moves once per job. */
export const C_EPOCH = 0;
/** Code of the current job (jobs.ts), or JOB_PARK. */
export const C_JOB = 1;
export const C_FROM = 2;
export const C_TO = 3;
/** Chunks the current job's range is cut into. */
export const C_CHUNKS = 4;
/** (epoch tag << 16) | next chunk to claim; NO_JOB between jobs. */
export const C_CURSOR = 5;
/** Chunks finished. */
export const C_CHUNKS_DONE = 6;
/** Sum of the kernels' counts over the chunks. */
export const C_RESULT = 7;
/** Workers asleep in `Atomics.wait` on EPOCH: the driver notifies only when there are some. */
export const C_SLEEPING = 8;
/** `store.end` and `contacts.impactCount`, copied for the workers' kernels. */
export const C_BODY_END = 9;
export const C_IMPACT_COUNT = 10;
/** Workers that have gone back to their event loop after a JOB_PARK. */
export const C_PARKED = 11;
/** Length of the control block. */
export const CONTROL_LENGTH = 12;

/** Most threads a team can have. */
export const MAX_THREADS = 64;
/** Most chunks a job is cut into (CURSOR keeps the index in 16 bits, with room for late claims). */
export const MAX_CHUNKS = 0xff00;

/** Job code that sends the workers back to their event loop (to take new buffers, or to stop). */
export const JOB_PARK = -1;

/** A CURSOR whose tag matches no epoch (tags are 15 bits). */
export const NO_JOB = -1;

/** The tag of `epoch` in CURSOR. */
export function cursorOf(epoch: number): number {
  return (epoch & 0x7fff) << 16;
}

/** Polls before sleeping: tens of microseconds of spinning. */
const SPIN = 1 << 14;

/** Waits until ctl[slot] differs from `value` (spinning, then sleeping); returns the new value. */
export function waitWhileEqual(ctl: Int32Array, slot: number, value: number, sleeping: number): number {
  for (let k = 0; k < SPIN; k++) {
    const v = Atomics.load(ctl, slot);
    if (v !== value) return v;
  }
  for (;;) {
    if (sleeping >= 0) Atomics.add(ctl, sleeping, 1);
    Atomics.wait(ctl, slot, value, 1000);
    if (sleeping >= 0) Atomics.sub(ctl, sleeping, 1);
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
