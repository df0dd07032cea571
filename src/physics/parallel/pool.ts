/**
 * What a host gives the engine to step on several threads. The engine never makes a thread: it
 * neither imports Node's worker_threads nor touches Web Workers, so it runs the same in Node, a
 * page's worker or a Node worker. The host starts `size` workers whose script hands every
 * message it receives to `handleThreadMessage` (worker.ts), and gives the engine a way to post
 * to them; `world.setThreads(pool)` does the rest.
 *
 * The thread that calls `world.step` works too (it is thread 0), and it blocks on
 * `Atomics.wait` while the workers finish a job: in a browser, step the world in a worker, not
 * on the page's main thread, which may not wait.
 */
import type { KernelLayout } from '../wasm/row-kernels.js';

/** Worker threads made by the host, for `World.setThreads`; one world at a time uses them. */
export interface ThreadPool {
  /** Workers in the pool (the calling thread comes on top: 1 worker means 2 threads). */
  readonly size: number;
  /** Posts `message` to worker `index` (0 to size - 1), whose script hands it to `handleThreadMessage`. */
  post(index: number, message: ThreadMessage): void;
}

/** Typed-array buffers by field name. */
export type SharedBuffers = Record<string, SharedArrayBuffer>;

/**
 * The one message the engine sends a worker: the shared buffers of the world's bodies, contact
 * rows and job control. Sent again when the world's arrays grow; the worker then picks up where
 * it left off.
 */
export interface ThreadMessage {
  /** Marks the message as the engine's (a host's worker may receive others). */
  readonly jostleThreads: 1;
  /** This worker's thread number: 1 to `threads - 1`. */
  readonly thread: number;
  /** Threads in the team, the calling one included. */
  readonly threads: number;
  /** The job counter when the message was sent. */
  readonly epoch: number;
  /** The job control block (control.ts). */
  readonly control: SharedArrayBuffer;
  /** The jobs' parameters (jobs.ts). */
  readonly params: SharedArrayBuffer;
  /** Per-block sums of the body jobs. */
  readonly partials: SharedArrayBuffer;
  /** JOB_SOLVE_WAVE's plan and progress (wave.ts). */
  readonly wave: SharedArrayBuffer;
  /** The body store's arrays, by field name. */
  readonly store: SharedBuffers;
  /** The contact rows' arrays, by field name. */
  readonly contacts: SharedBuffers;
  /** The pair cache's arrays, by field name. */
  readonly pairs: SharedBuffers;
  /** The collide stage's per-pair scratch, by field name. */
  readonly scratch: SharedBuffers;
  /** The broadphase's pair search: its moved list and partner slots, by field name. */
  readonly search: SharedBuffers;
  /** The flat copy of the broadphase's tree of moving bodies, by field name. */
  readonly searchMoving: SharedBuffers;
  /** The flat copy of the broadphase's tree of static bodies, by field name. */
  readonly searchStatics: SharedBuffers;
  /**
   * The WebAssembly row kernels' shared memory and where its regions lie
   * (wasm/row-kernels.ts), or null while there is none. @internal
   */
  readonly kernels: KernelLayout | null;
}
