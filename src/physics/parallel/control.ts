/**
 * The control block that the driving thread and the workers share: an Int32Array over a
 * SharedArrayBuffer, read and written with Atomics. The driver writes a job (code, range, the
 * few scalars the kernels need), bumps EPOCH and works its own share; each worker, seeing EPOCH
 * move, works its share, writes its count to RESULT + thread and bumps DONE. Waiting spins a
 * little first (a job is tens of microseconds; waking a sleeping thread costs about as much),
 * then sleeps in `Atomics.wait`.
 */

/** Job counter: a worker runs a job each time it moves. */
export const C_EPOCH = 0;
/** Code of the current job (jobs.ts), or JOB_PARK. */
export const C_JOB = 1;
export const C_FROM = 2;
export const C_TO = 3;
/** Workers done with the current job. */
export const C_DONE = 4;
/** Workers asleep in `Atomics.wait` on EPOCH: the driver notifies only when there are some. */
export const C_SLEEPING = 5;
/** `store.end` and `contacts.impactCount`, copied for the workers' kernels. */
export const C_BODY_END = 6;
export const C_IMPACT_COUNT = 7;
/** Each thread's count for the current job, from here on. */
export const C_RESULT = 8;
/** Most threads a team can have. */
export const MAX_THREADS = 64;
/** Length of the control block. */
export const CONTROL_LENGTH = C_RESULT + MAX_THREADS;

/** Job code that sends the workers back to their event loop (to take new buffers, or to stop). */
export const JOB_PARK = -1;

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

/** Where thread `t`'s share of [from, to) starts (it ends where thread t + 1's starts): contiguous, in order. */
export function shareStart(from: number, to: number, t: number, threads: number): number {
  return from + Math.floor(((to - from) * t) / threads);
}
