/**
 * The benchmark's scenes, taken from src/scenes/ so the benchmark measures what the app shows.
 * Gravity is read back from a Jostle world the scene function configured, so the peers get
 * exactly the options the scene sets and there is no second copy of them here.
 */
import { World } from '../../src/physics/index';
import type { SceneBody } from '../../src/scenes/arena';
import { crowd, crowdBodies, type CountOptions } from '../../src/scenes/crowd';
import { pile, pileBodies } from '../../src/scenes/pile';
import type { SceneSetup } from './engine';

interface SceneEntry {
  /** The engine-neutral list (walls, then bodies); `seed` draws the bodies' jitter and velocities. */
  bodies(count: number, seed?: number): SceneBody[];
  /** The app's scene function, which also sets the world's options. */
  build(world: World, options: CountOptions): void;
}

export const SCENES: Readonly<Record<string, SceneEntry>> = {
  crowd: { bodies: crowdBodies, build: crowd },
  pile: { bodies: pileBodies, build: pile },
};

export const SCENE_NAMES = Object.keys(SCENES);

/** Looks a scene up by name; throws with the known names. */
export function sceneEntry(scene: string): SceneEntry {
  const entry = SCENES[scene];
  if (entry === undefined) throw new Error(`unknown scene "${scene}" (known: ${SCENE_NAMES.join(', ')})`);
  return entry;
}

/** Builds the setup for `scene` with `count` bodies (their jitter drawn from `seed`). Allocates the body list. */
export function makeSetup(scene: string, count: number, seed = 1): SceneSetup {
  const entry = sceneEntry(scene);
  const probe = new World();
  entry.build(probe, { count: 1 });
  const { x, y } = probe.options.gravity;
  return { scene, count, seed, bodies: entry.bodies(count, seed), gravity: { x, y } };
}

/** Number of dynamic bodies in a setup. */
export function dynamicCount(setup: SceneSetup): number {
  let n = 0;
  for (const b of setup.bodies) if (!b.isStatic) n++;
  return n;
}
