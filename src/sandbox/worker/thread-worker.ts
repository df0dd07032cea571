/**
 * A thread of the physics worker's pool (thread-pool.ts): hands the engine's messages to it.
 * While the world steps it waits in `Atomics.wait`, which a worker may do.
 */
import { handleThreadMessage } from '../../physics/index';

const scope = self as unknown as { onmessage: ((event: MessageEvent) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (event) => {
  if (event.data === 'ping') scope.postMessage('ready');
  else handleThreadMessage(event.data);
};
