/**
 * crowd(N): N bodies on a square grid in a closed box, no gravity, no damping, no sleep: a
 * top-down crowd that keeps colliding. The benchmark's main scene.
 */
import type { World } from '../physics/index';
import { CELL, addSceneBodies, arenaBodies, type SceneBody } from './arena';

export interface CountOptions {
  /** Number of moving bodies. */
  count: number;
  /** Seed of the bodies' jitter and velocities (default 1). */
  seed?: number;
}

/** crowd's world options (stress-arena's too): no gravity, no damping, no sleep. */
export const CROWD_OPTIONS = Object.freeze({ gravity: Object.freeze({ x: 0, y: 0 }), linearDamping: 0, enableSleep: false });

/** The crowd layout, engine-neutral (for the benchmark's other engines). */
export function crowdBodies(count: number, seed = 1): SceneBody[] {
  const cols = Math.ceil(Math.sqrt(count));
  const side = CELL * cols;
  return arenaBodies(count, cols, side, side, seed);
}

/** Builds crowd(N) into an empty world and sets its options. */
export function crowd(world: World, options: CountOptions): void {
  world.setOptions(CROWD_OPTIONS);
  addSceneBodies(world, crowdBodies(options.count, options.seed));
}
