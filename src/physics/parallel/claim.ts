/**
 * Claiming the chunks of a published job (control.ts): what the driving thread and the workers
 * alike do once a job is out.
 */
import { C_BODY_END, C_BOUNDS, C_CHUNKS, C_CHUNKS_DONE, cursorSlot, C_HOMES, C_IMPACT_COUNT, C_JOB, C_RESULT, chunkStart, recordFailure } from './control.js';
import { runJob, type JobViews } from './run-job.js';

/**
 * Runs chunks of the job whose cursors carry `tag`, home `thread` mod `homes` first, then what is
 * left of the other homes, until none is left or the job is no longer that one. The kernels'
 * counts go to C_RESULT before each chunk counts as done; a chunk that throws is recorded
 * (`recordFailure`) and counts as done too.
 */
export function claimChunks(ctl: Int32Array, tag: number, thread: number, views: JobViews): void {
  const homes = Atomics.load(ctl, C_HOMES);
  for (let s = 0; s < homes; s++) {
    const home = (thread + s) % homes;
    const slot = cursorSlot(home);
    for (;;) {
      const cursor = Atomics.load(ctl, slot);
      // A cursor closed or retagged: the job this thread read is over.
      if ((cursor & ~0xffff) !== tag) return;
      // Read before the claim: a claim that succeeds proves these were the job's own values.
      const job = Atomics.load(ctl, C_JOB);
      const from = Atomics.load(ctl, C_BOUNDS + home);
      const to = Atomics.load(ctl, C_BOUNDS + home + 1);
      const chunks = Atomics.load(ctl, C_CHUNKS);
      const end = Atomics.load(ctl, C_BODY_END);
      const impacts = Atomics.load(ctl, C_IMPACT_COUNT);
      const k = cursor - tag;
      if (k >= chunks) break;
      if (Atomics.compareExchange(ctl, slot, cursor, cursor + 1) !== cursor) continue;
      views.store.end = end;
      views.contacts.impactCount = impacts;
      // A chunk that throws counts as done all the same: the driver throws once the job is over.
      let count = 0;
      try {
        count = runJob(job, views, chunkStart(from, to, k, chunks), chunkStart(from, to, k + 1, chunks));
      } catch (error) {
        recordFailure(ctl, thread, job, error);
      }
      if (count !== 0) Atomics.add(ctl, C_RESULT, count);
      if (Atomics.add(ctl, C_CHUNKS_DONE, 1) === homes * chunks - 1) Atomics.notify(ctl, C_CHUNKS_DONE);
    }
  }
}
