/** The step's jobs on the calling thread alone: the path with no worker threads. */
import type { BodyStore } from '../body-store.js';
import type { ContactBuffer } from '../contacts.js';
import type { PairCache } from '../pair-cache.js';
import { CollideScratch, type PairArrays } from './collide-blocks.js';
import { PARAM_COUNT, SEARCH_STACK, type StepRunner } from './jobs.js';
import { HitList } from '../hit-list.js';
import { PairSearch } from '../pair-search.js';
import { ViewsRunner, runJob } from './run-job.js';
import { WAVE_LENGTH } from './wave.js';

/** Pairs for a runner made outside a world (the solver's tests), which never collides. */
const NO_PAIRS: PairArrays = {
  a: new Int32Array(0),
  b: new Int32Array(0),
  impulse: new Float32Array(0),
  tangentImpulse: new Float32Array(0),
  touching: new Uint8Array(0),
};

/** Runs every job here, over the whole range at once. Allocates its parameter arrays once. */
export class LocalRunner extends ViewsRunner implements StepRunner {
  readonly threads = 1;
  constructor(store: BodyStore, contacts: ContactBuffer, pairs: PairCache | PairArrays = NO_PAIRS, search = new PairSearch()) {
    super({
      store,
      contacts,
      pairs,
      scratch: new CollideScratch(),
      params: new Float64Array(PARAM_COUNT),
      partials: new Float64Array(64),
      search,
      hits: new HitList(),
      stack: new Int32Array(SEARCH_STACK),
      wave: new Int32Array(WAVE_LENGTH),
      control: null,
    });
  }

  run(job: number, from: number, to: number): number {
    return runJob(job, this.views, from, to);
  }
}

/**
 * A runner for one call of a solver function outside a world (the solver's own tests), whose
 * impulses go to `warm` when given. Allocates.
 */
export function localRunner(store: BodyStore, contacts: ContactBuffer, warm?: Pick<PairArrays, 'impulse' | 'tangentImpulse'>): LocalRunner {
  return new LocalRunner(store, contacts, warm === undefined ? NO_PAIRS : { ...NO_PAIRS, impulse: warm.impulse, tangentImpulse: warm.tangentImpulse });
}
