/**
 * The worker side of a thread team: `handleThreadMessage` is all a host's worker script calls.
 * On the engine's message it takes the shared buffers and runs jobs until the driving thread
 * parks it (see control.ts), then returns to the worker's event loop for the next message.
 */
import { BodyStore } from '../body-store.js';
import { ContactBuffer } from '../contacts.js';
import {
  C_BODY_END,
  C_CHUNKS,
  C_CHUNKS_DONE,
  C_CURSOR,
  C_EPOCH,
  C_FROM,
  C_IMPACT_COUNT,
  C_JOB,
  C_PARKED,
  C_RESULT,
  C_SLEEPING,
  C_TO,
  JOB_PARK,
  chunkStart,
  cursorOf,
  waitWhileEqual,
} from './control.js';
import type { ThreadMessage } from './pool.js';
import { CollideScratch, type PairArrays } from './collide-blocks.js';
import { runJob, type JobViews } from './run-job.js';
import { SEARCH_STACK } from './jobs.js';
import { HitList } from '../hit-list.js';
import { PairSearch } from '../pair-search.js';
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
  search: new PairSearch(),
  hits: new HitList(),
  stack: new Int32Array(SEARCH_STACK),
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
  adoptBuffers(views.search, message.search);
  adoptBuffers(views.search.moving, message.searchMoving);
  adoptBuffers(views.search.statics, message.searchStatics);
  const ctl = new Int32Array(message.control);
  views.params = new Float64Array(message.params);
  views.partials = new Float64Array(message.partials);
  let seen = message.epoch;
  for (;;) {
    seen = waitWhileEqual(ctl, C_EPOCH, seen, C_SLEEPING);
    if (Atomics.load(ctl, C_JOB) === JOB_PARK) {
      Atomics.add(ctl, C_PARKED, 1);
      Atomics.notify(ctl, C_PARKED);
      return true;
    }
    claimChunks(ctl, seen);
  }
}

/** Runs chunks of job `epoch` until none is left (or the job is no longer that one: see control.ts). */
function claimChunks(ctl: Int32Array, epoch: number): void {
  const tag = cursorOf(epoch);
  for (;;) {
    const cursor = Atomics.load(ctl, C_CURSOR);
    if ((cursor & ~0xffff) !== tag) return;
    // Read before the claim: a claim that succeeds proves these were the job's own values.
    const job = Atomics.load(ctl, C_JOB);
    const from = Atomics.load(ctl, C_FROM);
    const to = Atomics.load(ctl, C_TO);
    const chunks = Atomics.load(ctl, C_CHUNKS);
    const end = Atomics.load(ctl, C_BODY_END);
    const impacts = Atomics.load(ctl, C_IMPACT_COUNT);
    const k = cursor - tag;
    if (k >= chunks) return;
    if (Atomics.compareExchange(ctl, C_CURSOR, cursor, cursor + 1) !== cursor) continue;
    views.store.end = end;
    views.contacts.impactCount = impacts;
    const count = runJob(job, views, chunkStart(from, to, k, chunks), chunkStart(from, to, k + 1, chunks));
    if (count !== 0) Atomics.add(ctl, C_RESULT, count);
    if (Atomics.add(ctl, C_CHUNKS_DONE, 1) === chunks - 1) Atomics.notify(ctl, C_CHUNKS_DONE);
  }
}

function isThreadMessage(m: unknown): m is ThreadMessage {
  return typeof m === 'object' && m !== null && (m as { jostleThreads?: unknown }).jostleThreads === 1;
}
