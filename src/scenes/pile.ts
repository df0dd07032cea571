/**
 * pile(N): N bodies in 25 rows falling into a 40 m high box under gravity (0, -10), no
 * damping, no sleep: stacking, the hard case for pushout and restitution.
 */
import type { World } from '../physics/index';
import { CELL, addSceneBodies, arenaBodies, type SceneBody } from './arena';
import type { CountOptions } from './crowd';

/** Rows of the pile grid. */
export const PILE_ROWS = 25;
/** Inner height of the pile box (m). */
export const PILE_HEIGHT = 40; // m

/** pile's world options: gravity (0, -10), no damping, no sleep. */
export const PILE_OPTIONS = Object.freeze({ gravity: Object.freeze({ x: 0, y: -10 }), linearDamping: 0, enableSleep: false });

/** The pile layout, engine-neutral; `seed` draws the jitter and the velocities (see arenaBodies). */
export function pileBodies(count: number, seed = 1): SceneBody[] {
  const cols = Math.ceil(count / PILE_ROWS);
  return arenaBodies(count, cols, CELL * cols, PILE_HEIGHT, seed);
}

/** Builds pile(N) into an empty world and sets its options. */
export function pile(world: World, options: CountOptions): void {
  world.setOptions(PILE_OPTIONS);
  addSceneBodies(world, pileBodies(options.count, options.seed));
}
