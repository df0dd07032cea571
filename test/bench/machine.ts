/**
 * Can this machine run two threads' work at once? Threads only pay where the cores do not wait
 * on each other: this times one worker thread alone, then two at once on the same work, for a
 * compute-only loop and for memory-bound loops over working sets of several sizes (each worker
 * its own array, nothing shared). A ratio near 1 means the second core is free; near 2 means
 * the two take turns, and no thread split of that kind of work can win.
 *
 *   npx tsx test/bench/machine.ts
 *
 * The step of a physics engine is the memory-bound kind: a contact row reads two bodies at
 * scattered places and writes them back. Compare a step's speed-up on threads with the ratio
 * at its working set (a pile of 10,000 bodies holds a few MB; 50,000, about five times that).
 *
 * Where `taskset` runs (Linux), it then times the 4 MB loop pinned to each core in turn: on a
 * shared virtual machine one core can run memory-bound work several times slower than another
 * for minutes at a time (other tenants thrashing its cache), and a step split evenly over the
 * two then waits on the slow one.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { HANDOFFS, timeHandoff } from './handoff';

interface Job {
  /** Float64 values in the worker's array; 0 for the compute-only loop. */
  values: number;
  /** Passes over the array, or loop turns for the compute-only loop. */
  turns: number;
}

/** Compute only: a dependent chain of square roots, no memory traffic. */
function compute(turns: number): number {
  let x = 0;
  for (let i = 0; i < turns; i++) x += Math.sqrt(i) * 1.0000001;
  return x;
}

/** Memory-bound: a read-modify-write at a scattered place, then a read at another, per value. */
function scatter(values: number, turns: number): number {
  const a = new Float64Array(values);
  const m = values - 1; // values is a power of two
  let s = 0;
  for (let t = 0; t < turns; t++) {
    for (let i = 0; i < values; i++) {
      const j = (i * 7919) & m;
      a[j] += 1;
      s += a[(j * 31) & m];
    }
  }
  return s;
}

function runJob(job: Job): number {
  const t = performance.now();
  if (job.values === 0) compute(job.turns);
  else scatter(job.values, job.turns);
  return performance.now() - t;
}

/** A worker running this file: as built JavaScript, or TypeScript through tsx registered inside it. */
function startWorker(job: Job): Worker {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return new Worker(self, { workerData: job });
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(self.href)}); });`;
  return new Worker(code, { eval: true, workerData: job });
}

/** Milliseconds each of `count` workers took on `job`, all started together. */
function together(job: Job, count: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = startWorker(job);
          worker.once('message', (ms: number) => {
            resolve(ms);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
}

/** Runs of each measurement: the VM's neighbours make single runs swing by a third. */
const TRIES = 3;

const median = (v: number[]): number => [...v].sort((x, y) => x - y)[v.length >> 1];

/**
 * Milliseconds `job` took in a process of its own pinned to core `cpu` (`taskset -c`), or null
 * where it could not run so (no taskset, or no such core).
 */
function pinned(job: Job, cpu: number): number | null {
  const code = `${scatter.toString()}\nconst t = performance.now(); scatter(${job.values}, ${job.turns}); console.log(performance.now() - t);`;
  const run = spawnSync('taskset', ['-c', String(cpu), process.execPath, '-e', code], { encoding: 'utf8' });
  const ms = Number(run.stdout.trim());
  return run.status === 0 && Number.isFinite(ms) ? ms : null;
}

/** The 4 MB loop pinned to each core, TRIES times in turn, as one line; null without taskset. */
function eachCore(job: Job): string | null {
  const times: number[][] = cpus().map(() => []);
  for (let k = 0; k < TRIES; k++) {
    for (let cpu = 0; cpu < times.length; cpu++) {
      const ms = pinned(job, cpu);
      if (ms === null) return null;
      times[cpu].push(ms);
    }
  }
  const medians = times.map(median);
  const spread = Math.max(...medians) / Math.min(...medians);
  return `${medians.map((ms, cpu) => `cpu${cpu} ${ms.toFixed(0)}`).join('   ')}   slowest over fastest ${spread.toFixed(2)}`;
}

async function main(): Promise<void> {
  const jobs: Array<{ name: string; job: Job }> = [{ name: 'compute only', job: { values: 0, turns: 3e8 } }];
  for (const mb of [1, 4, 8, 16, 64]) {
    const values = (mb * 1024 * 1024) / 8;
    jobs.push({ name: `memory, ${mb} MB each`, job: { values, turns: Math.max(1, Math.round(6e7 / values)) } });
  }
  const trips: number[] = [];
  for (let k = 0; k < TRIES; k++) trips.push(await timeHandoff());
  console.log(`# core to core and back (a write seen by the other thread and answered): ${median(trips).toFixed(0)} ns, median of ${TRIES} runs of ${HANDOFFS.toLocaleString('en-US')}`);
  console.log(`# one worker alone, then two at once on the same work, ${TRIES} times (ms, medians; ratio: the slower of the pair over the lone one)`);
  for (const { name, job } of jobs) {
    await together(job, 1); // warm the file cache and the compiler's first look
    const alone: number[] = [];
    const pair: number[] = [];
    for (let k = 0; k < TRIES; k++) {
      alone.push((await together(job, 1))[0]);
      pair.push(Math.max(...(await together(job, 2))));
    }
    const a = median(alone);
    const p = median(pair);
    console.log(`${name.padEnd(20)} alone ${a.toFixed(0).padStart(5)}   two at once ${p.toFixed(0).padStart(5)}   ratio ${(p / a).toFixed(2)}`);
  }
  const fourMb = (jobs.find((j) => j.name.startsWith('memory, 4 MB')) as { job: Job }).job;
  const cores = eachCore(fourMb);
  console.log(`# memory, 4 MB, alone in a process pinned to each core in turn, ${TRIES} times (ms, medians)`);
  console.log(cores ?? '(no taskset here: not measured)');
}

if (isMainThread) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
} else {
  parentPort?.postMessage(runJob(workerData as Job));
}
