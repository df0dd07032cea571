/** The step's jobs on the calling thread alone: the path with no worker threads. */
import type { BodyStore } from '../body-store.js';
import type { ContactBuffer } from '../contacts.js';
import { grown } from '../grown.js';
import type { PairCache } from '../pair-cache.js';
import { CollideScratch, type PairArrays } from './collide-blocks.js';
import { PARAM_COUNT, SEARCH_STACK, type StepRunner } from './jobs.js';
import { HitList } from '../hit-list.js';
import { PairSearch } from '../pair-search.js';
import { runJob, type JobViews } from './run-job.js';

/** Pairs for a runner made outside a world (the solver's tests), which never collides. */
const NO_PAIRS: PairArrays = {
  a: new Int32Array(0),
  b: new Int32Array(0),
  impulse: new Float32Array(0),
  tangentImpulse: new Float32Array(0),
  touching: new Uint8Array(0),
};

/** Runs every job here, over the whole range at once. Allocates its parameter arrays once. */
export class LocalRunner implements StepRunner {
  readonly threads = 1;
  private readonly views: JobViews;

  constructor(store: BodyStore, contacts: ContactBuffer, pairs: PairCache | PairArrays = NO_PAIRS, search = new PairSearch()) {
    this.views = {
      store,
      contacts,
      pairs,
      scratch: new CollideScratch(),
      params: new Float64Array(PARAM_COUNT),
      partials: new Float64Array(64),
      search,
      hits: new HitList(),
      stack: new Int32Array(SEARCH_STACK),
    };
  }

  get params(): Float64Array {
    return this.views.params;
  }

  get partials(): Float64Array {
    return this.views.partials;
  }

  get scratch(): CollideScratch {
    return this.views.scratch;
  }

  run(job: number, from: number, to: number): number {
    return runJob(job, this.views, from, to);
  }

  runHere(job: number, from: number, to: number): number {
    return runJob(job, this.views, from, to);
  }

  reservePartials(blocks: number): void {
    const v = this.views;
    if (v.partials.length < blocks) v.partials = grown(v.partials, Math.max(blocks, 2 * v.partials.length));
  }
}

/**
 * A runner for one call of a solver function outside a world (the solver's own tests), whose
 * impulses go to `warm` when given. Allocates.
 */
export function localRunner(store: BodyStore, contacts: ContactBuffer, warm?: Pick<PairArrays, 'impulse' | 'tangentImpulse'>): LocalRunner {
  return new LocalRunner(store, contacts, warm === undefined ? NO_PAIRS : { ...NO_PAIRS, impulse: warm.impulse, tangentImpulse: warm.tangentImpulse });
}
