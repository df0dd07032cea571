/**
 * The worker side of a thread team: `handleThreadMessage` is all a host's worker script calls.
 * On the engine's message it takes the shared buffers and runs jobs until the driving thread
 * parks it (see control.ts), then returns to the worker's event loop for the next message.
 */
import { BodyStore } from '../body-store.js';
import { ContactBuffer } from '../contacts.js';
import { C_EPOCH, C_JOB, C_PARKED, C_SLEEPING, C_VIEWS, JOB_ADOPT, JOB_PARK, cursorOf, recordFailure, waitWhileEqual } from './control.js';
import { claimChunks } from './claim.js';
import type { ThreadMessage } from './pool.js';
import { CollideScratch, type PairArrays } from './collide-blocks.js';
import type { JobViews } from './run-job.js';
import { SEARCH_STACK } from './jobs.js';
import { HitList } from '../hit-list.js';
import { PairSearch } from '../pair-search.js';
import { adoptBuffers } from './shared.js';
import { viewOf } from '../grown.js';
import { RowKernels } from '../wasm/row-kernels.js';

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
  wave: new Int32Array(0),
  control: null,
};

/**
 * Hand every message a thread-pool worker receives to this; returns false for a message that
 * is not the engine's (the host's own), true after running the engine's jobs until parked.
 * It blocks the worker (in `Atomics.wait`) between jobs while the world steps.
 */
export function handleThreadMessage(message: unknown): boolean {
  if (!isThreadMessage(message)) return false;
  const ctl = new Int32Array(message.control);
  // A worker that cannot take the buffers says so (the next job the driver shares throws) and
  // still answers the park, so that the driving thread never waits for it.
  let ready = true;
  // Read before the buffers' lengths: an array that grows in place after this read moves the
  // count after it too, so the worker views it anew; read after, it could miss a growth that
  // came between the two.
  let viewsAt = Atomics.load(ctl, C_VIEWS);
  try {
    adopt(message);
  } catch (error) {
    recordFailure(ctl, message.thread, JOB_ADOPT, error);
    ready = false;
  }
  let seen = message.epoch;
  for (;;) {
    seen = waitWhileEqual(ctl, C_EPOCH, seen, C_SLEEPING);
    if (Atomics.load(ctl, C_JOB) === JOB_PARK) {
      Atomics.add(ctl, C_PARKED, 1);
      Atomics.notify(ctl, C_PARKED);
      return true;
    }
    const at = Atomics.load(ctl, C_VIEWS);
    if (at !== viewsAt && ready) {
      // Arrays grew in their buffers: the same buffers, longer, give the new views.
      viewsAt = at;
      try {
        adoptArrays(message);
      } catch (error) {
        recordFailure(ctl, message.thread, JOB_ADOPT, error);
        ready = false;
      }
    }
    if (ready) claimChunks(ctl, cursorOf(seen), message.thread, views);
  }
}

/** Views of the world's shared arrays from `message`'s buffers, at the buffers' current lengths. */
function adoptArrays(message: ThreadMessage): void {
  const { store, contacts } = views;
  adoptBuffers(store, message.store);
  adoptBuffers(contacts, message.contacts);
  adoptBuffers(pairs, message.pairs);
  adoptBuffers(views.scratch, message.scratch);
  adoptBuffers(views.search, message.search);
  adoptBuffers(views.search.moving, message.searchMoving);
  adoptBuffers(views.search.statics, message.searchStatics);
  views.partials = viewOf(Float64Array, message.partials);
}

/** Takes the world's shared buffers from `message` into this worker's views. */
function adopt(message: ThreadMessage): void {
  const { contacts } = views;
  adoptArrays(message);
  // The packed rows live in the kernels' memory only (ContactBuffer.usePacked), and so do the
  // rows' main fields while they are resident (the message then leaves them out).
  const kernels = message.kernels === null ? null : RowKernels.adopt(message.kernels);
  contacts.useKernels(kernels);
  const rowViews = kernels?.rowViews ?? null;
  if (rowViews !== null) Object.assign(contacts, rowViews);
  contacts.residentRows = rowViews !== null;
  views.params = new Float64Array(message.params);
  views.wave = new Int32Array(message.wave);
  views.control = new Int32Array(message.control);
}

function isThreadMessage(m: unknown): m is ThreadMessage {
  return typeof m === 'object' && m !== null && (m as { jostleThreads?: unknown }).jostleThreads === 1;
}
