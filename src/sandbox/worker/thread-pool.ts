/**
 * The physics worker's thread pool for stress mode: `navigator.hardwareConcurrency` threads in
 * all (this worker and that many less one sub-workers) when the page is cross-origin isolated,
 * which is what gives it SharedArrayBuffer; none otherwise, and the world steps on one thread.
 * (The Vite dev and preview servers send the two headers that isolate the page: see README.)
 */
import type { ThreadMessage, ThreadPool } from '../../physics/index';

/** Most sub-workers, whatever the machine says: each job's handshake grows with the team. */
const MAX_WORKERS = 15;

/** Why the world steps on one thread, or null when it may use several. */
export function singleThreadReason(): string | null {
  const scope = globalThis as { crossOriginIsolated?: boolean; navigator?: { hardwareConcurrency?: number } };
  if (scope.crossOriginIsolated !== true || typeof SharedArrayBuffer === 'undefined') return 'the page is not cross-origin isolated';
  if ((scope.navigator?.hardwareConcurrency ?? 1) < 2) return 'the machine reports one core';
  return null;
}

/** The engine's pool, and a way to end its threads. */
export interface SandboxPool extends ThreadPool {
  /** Ends every sub-worker (one that stopped answering may be spinning or waiting for good). */
  close(): void;
}

/** Starts the sub-workers and resolves once each has answered; null when the world must step on one thread. */
export async function startThreadPool(): Promise<SandboxPool | null> {
  if (singleThreadReason() !== null) return null;
  const size = Math.min(MAX_WORKERS, (navigator.hardwareConcurrency || 1) - 1);
  const workers: Worker[] = [];
  for (let k = 0; k < size; k++) workers.push(new Worker(new URL('./thread-worker.ts', import.meta.url), { type: 'module' }));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.onerror = (e) => reject(new Error(`a physics thread failed to start: ${e.message}`));
          w.onmessage = () => resolve();
          w.postMessage('ping');
        }),
    ),
  );
  return {
    size,
    post: (index: number, message: ThreadMessage) => workers[index].postMessage(message),
    close: () => {
      for (const w of workers) w.terminate();
    },
  };
}
