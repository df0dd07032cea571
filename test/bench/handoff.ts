/**
 * How long a write takes to reach another core and be answered: one cache line handed from
 * core to core and back. A threaded step pays at least this for every job it hands out (a pile's
 * step hands out about a hundred), so the figure says what a second thread can win on the
 * machine at hand: about 1 µs on one 2-core VM where two threads made a pile slower than one.
 * `npx tsx test/bench/machine.ts` prints it; `npm run bench` prints it beside a threads column.
 */
import { Worker } from 'node:worker_threads';

/** Round trips one measurement times. */
export const HANDOFFS = 100_000;

/** The other side, as plain JavaScript (no build step): answer each new number in flag 0 in flag 16, another cache line; -1 ends it. */
const ANSWER = `
const flags = new Int32Array(require('node:worker_threads').workerData);
Atomics.store(flags, 32, 1);
for (;;) {
  const v = Atomics.load(flags, 0);
  if (v === -1) break;
  if (v !== Atomics.load(flags, 16)) Atomics.store(flags, 16, v);
}`;

/** Nanoseconds per round trip, over `trips` of them. */
export async function timeHandoff(trips = HANDOFFS): Promise<number> {
  const flags = new Int32Array(new SharedArrayBuffer(256));
  const worker = new Worker(ANSWER, { eval: true, workerData: flags.buffer });
  const ended = new Promise((resolve, reject) => {
    worker.once('exit', resolve);
    worker.once('error', reject);
  });
  while (Atomics.load(flags, 32) === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  const t = performance.now();
  for (let i = 1; i <= trips; i++) {
    Atomics.store(flags, 0, i);
    while (Atomics.load(flags, 16) !== i);
  }
  const ns = ((performance.now() - t) * 1e6) / trips;
  Atomics.store(flags, 0, -1);
  await ended;
  return ns;
}
