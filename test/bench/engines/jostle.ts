/**
 * Jostle, built the way the app builds it: `new World()` with default options and the scene
 * function from src/scenes/ (which sets gravity, damping and sleep). The neutral body list is
 * used only to check that the scene built the same bodies the peers get.
 */
import { World, type Body, type ThreadPool } from '../../../src/physics/index';
import { growableSharedBytes } from '../../../src/physics/grown';
import { createNodePool } from '../../physics/threads/node-pool';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { dynamicCount, sceneEntry } from '../scenes';

/**
 * The worker script: built beside the built child (build-child.ts), so the workers run plain
 * JavaScript like the child; under the tests (TypeScript) the pool's own worker through tsx.
 */
function workerScript(): URL | undefined {
  return import.meta.url.endsWith('.mjs') ? new URL('./thread-worker.build.mjs', import.meta.url) : undefined;
}

function createJostle(setup: SceneSetup, pool: ThreadPool | null): Simulation {
  const world = new World();
  sceneEntry(setup.scene).build(world, { count: setup.count, seed: setup.seed });
  world.setThreads(pool);
  const moving: Body[] = world.getBodies().filter((b) => b.type === 'dynamic');
  if (moving.length !== dynamicCount(setup)) {
    throw new Error(`jostle: scene built ${moving.length} bodies, the neutral list has ${dynamicCount(setup)}`);
  }
  return {
    step: (dt) => world.step(dt),
    read(out) {
      for (let i = 0; i < moving.length; i++) {
        const b = moving[i] as Body;
        out.x[i] = b.x;
        out.y[i] = b.y;
        out.vx[i] = b.vx;
        out.vy[i] = b.vy;
      }
    },
    // A copy: StepProfile is an interface, and the harness keeps per-step values.
    profile: () => ({ ...world.profile }),
    counters: () => ({ pairs: world.stats.pairs, contacts: world.stats.contacts }),
    // The kernels' WebAssembly memory and the growable shared buffers of a world on threads:
    // process.memoryUsage() counts neither.
    outsideBytes: () => (world.internals.contacts.kernels?.byteLength ?? 0) + growableSharedBytes(),
  };
}

/**
 * Nothing to load for one thread (the engine is plain TypeScript); for `threads` > 1 (the
 * `jostle-threads` column) a pool of threads - 1 Node workers, the calling thread being the
 * last one.
 */
export async function load(threads?: number): Promise<EngineAdapter> {
  if (threads === undefined) return { name: 'jostle', packageName: 'jostle', threads: 1, create: (s) => createJostle(s, null) };
  const pool = threads > 1 ? await createNodePool(threads - 1, workerScript()) : null;
  return {
    name: 'jostle-threads',
    packageName: 'jostle',
    threads,
    create(s) {
      const sim = createJostle(s, pool);
      // The child exits when done; a test ends the workers itself.
      return { ...sim, dispose: () => void pool?.close() };
    },
  };
}
