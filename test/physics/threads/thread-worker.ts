/**
 * A Node worker of a thread pool (node-pool.ts): hands every message to the engine. Run as
 * TypeScript through tsx in the tests, or built to plain JavaScript for the benchmark.
 */
import { parentPort } from 'node:worker_threads';
import { handleThreadMessage } from '../../../src/physics/index';

if (parentPort === null) throw new Error('thread-worker.ts runs as a worker thread');
const port = parentPort;
port.on('message', (message: unknown) => {
  if (message === 'ping') port.postMessage('ready');
  else handleThreadMessage(message);
});
