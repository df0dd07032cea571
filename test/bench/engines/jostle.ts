/**
 * Jostle, built the way the app builds it: `new World()` with default options and the scene
 * function from src/scenes/ (which sets gravity, damping and sleep). The neutral body list is
 * used only to check that the scene built the same bodies the peers get.
 */
import { World, type Body } from '../../../src/physics/index';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { dynamicCount, sceneEntry } from '../scenes';

function createJostle(setup: SceneSetup): Simulation {
  const world = new World();
  sceneEntry(setup.scene).build(world, { count: setup.count });
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
  };
}

/** Nothing to load: the engine is plain TypeScript. */
export async function load(): Promise<EngineAdapter> {
  return { name: 'jostle', packageName: 'jostle', threads: 1, create: createJostle };
}
