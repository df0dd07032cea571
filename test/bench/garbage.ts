/**
 * A step's garbage, as the bench child measures it after the timed steps: the inspector's
 * sampling heap profiler over more steps, every object it saw allocated counted, those that
 * collections have already taken included. The calling thread's heap only: worker threads
 * have heaps of their own, which this does not see.
 */
import { Session } from 'node:inspector/promises';

/** Bytes between samples: an allocation is sampled about once per this many bytes. */
const SAMPLING_INTERVAL = 256;

/** One node of the sampled allocation tree (the inspector's SamplingHeapProfileNode, the fields read here). */
interface SampledNode {
  callFrame: { url: string };
  selfSize: number;
  children: SampledNode[];
}

/**
 * Bytes the tree under `node` allocated, less what the inspector itself allocated to answer
 * (its frames' urls start with `node:inspector`).
 */
export function sampledBytes(node: SampledNode): number {
  if (node.callFrame.url.startsWith('node:inspector')) return 0;
  let bytes = node.selfSize;
  for (const child of node.children) bytes += sampledBytes(child);
  return bytes;
}

/** Bytes of garbage a call of `step` leaves, over `steps` calls (mean), sampled. */
export async function garbagePerStep(step: () => void, steps: number): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    // The collected objects' flags are newer than Node 20's types: the protocol takes them.
    const sampling = { samplingInterval: SAMPLING_INTERVAL, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
    await session.post('HeapProfiler.startSampling', sampling);
    for (let k = 0; k < steps; k++) step();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    return steps > 0 ? sampledBytes(profile.head as SampledNode) / steps : 0;
  } finally {
    session.disconnect();
  }
}
