/**
 * The worker side of a thread team: `handleThreadMessage` is all a host's worker script calls.
 * On the engine's message it takes the shared buffers and runs jobs until the driving thread
 * parks it (see control.ts), then returns to the worker's event loop for the next message.
 */
import { BodyStore } from '../body-store.js';
import { ContactBuffer } from '../contacts.js';
import { C_BODY_END, C_DONE, C_EPOCH, C_FROM, C_IMPACT_COUNT, C_JOB, C_RESULT, C_SLEEPING, C_TO, JOB_PARK, shareStart, waitWhileEqual } from './control.js';
import type { ThreadMessage } from './pool.js';
import { CollideScratch, type PairArrays } from './collide-blocks.js';
import { runJob, type JobViews } from './run-job.js';
import { adoptBuffers } from './shared.js';

/** This worker's views of the world (one world per worker at a time). */
const pairs: PairArrays = {
  a: new Int32Array(0),
  b: new Int32Array(0),
  impulse: new Float32Array(0),
  tangentImpulse: new Float32Array(0),
  touching: new Uint8Array(0),
};
const views: JobViews = {
  store: new BodyStore(),
  contacts: new ContactBuffer(),
  pairs,
  scratch: new CollideScratch(),
  params: new Float64Array(0),
  partials: new Float64Array(0),
};

/**
 * Hand every message a thread-pool worker receives to this; returns false for a message that
 * is not the engine's (the host's own), true after running the engine's jobs until parked.
 * It blocks the worker (in `Atomics.wait`) between jobs while the world steps.
 */
export function handleThreadMessage(message: unknown): boolean {
  if (!isThreadMessage(message)) return false;
  const { store, contacts } = views;
  adoptBuffers(store, message.store);
  adoptBuffers(contacts, message.contacts);
  adoptBuffers(pairs, message.pairs);
  adoptBuffers(views.scratch, message.scratch);
  const ctl = new Int32Array(message.control);
  views.params = new Float64Array(message.params);
  views.partials = new Float64Array(message.partials);
  const { thread, threads } = message;
  let seen = message.epoch;
  for (;;) {
    seen = waitWhileEqual(ctl, C_EPOCH, seen, C_SLEEPING);
    const job = ctl[C_JOB];
    if (job !== JOB_PARK) {
      store.end = ctl[C_BODY_END];
      contacts.impactCount = ctl[C_IMPACT_COUNT];
      const from = ctl[C_FROM];
      const to = ctl[C_TO];
      const start = shareStart(from, to, thread, threads);
      const end = shareStart(from, to, thread + 1, threads);
      ctl[C_RESULT + thread] = runJob(job, views, start, end);
    }
    if (Atomics.add(ctl, C_DONE, 1) === threads - 2) Atomics.notify(ctl, C_DONE);
    if (job === JOB_PARK) return true;
  }
}

function isThreadMessage(m: unknown): m is ThreadMessage {
  return typeof m === 'object' && m !== null && (m as { jostleThreads?: unknown }).jostleThreads === 1;
}
