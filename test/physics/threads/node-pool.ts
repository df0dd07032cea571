/**
 * A thread pool for the engine made of Node worker_threads: what a host does, for the tests and
 * the benchmark (the engine itself never imports Node's modules).
 */
import { Worker } from 'node:worker_threads';
import type { ThreadMessage, ThreadPool } from '../../../src/physics/index';

/** The TypeScript worker, run through tsx (about twice as slow as built code: fine for tests). */
const TS_WORKER = new URL('./thread-worker.ts', import.meta.url);

/**
 * A worker running `script`: a built .mjs as it is; TypeScript through tsx, registered inside
 * the worker (on Node 20 a worker's `execArgv` cannot load tsx's hooks).
 */
function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(code, { eval: true });
}

/** A pool of Node workers; `close` ends them. */
export interface NodePool extends ThreadPool {
  close(): Promise<void>;
}

/**
 * Starts `size` workers running `script` (default: thread-worker.ts through tsx) and resolves
 * once each has answered, so the first step does not wait for a worker to load.
 */
export async function createNodePool(size: number, script: URL = TS_WORKER): Promise<NodePool> {
  const workers: Worker[] = [];
  for (let k = 0; k < size; k++) workers.push(startWorker(script));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.once('error', reject);
          w.once('message', () => resolve());
          w.postMessage('ping');
        }),
    ),
  );
  return {
    size,
    post(index: number, message: ThreadMessage): void {
      workers[index].postMessage(message);
    },
    async close(): Promise<void> {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
