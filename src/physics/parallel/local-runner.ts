/** The step's jobs on the calling thread alone: the path with no worker threads. */
import type { BodyStore } from '../body-store.js';
import type { ContactBuffer } from '../contacts.js';
import { grown } from '../grown.js';
import { PARAM_COUNT, type StepRunner } from './jobs.js';
import { runJob } from './run-job.js';

/** Runs every job here, over the whole range at once. Allocates its parameter arrays once. */
export class LocalRunner implements StepRunner {
  readonly params = new Float64Array(PARAM_COUNT);
  partials = new Float64Array(64);

  constructor(
    private readonly store: BodyStore,
    private readonly contacts: ContactBuffer,
  ) {}

  run(job: number, from: number, to: number): number {
    return runJob(job, this.store, this.contacts, this.params, this.partials, from, to);
  }

  runHere(job: number, from: number, to: number): number {
    return runJob(job, this.store, this.contacts, this.params, this.partials, from, to);
  }

  reservePartials(blocks: number): void {
    if (this.partials.length < blocks) this.partials = grown(this.partials, Math.max(blocks, 2 * this.partials.length));
  }
}

/** A runner for one call of a solver function outside a world (the solver's own tests). Allocates. */
export function localRunner(store: BodyStore, contacts: ContactBuffer): LocalRunner {
  return new LocalRunner(store, contacts);
}
