/**
 * empty-arena: four walls around a 40 m x 24 m floor, nothing else. The sandbox's starting
 * scene: a top-down world (no gravity) with a little floor friction, so thrown bodies glide to
 * a stop instead of bouncing forever.
 */
import type { World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Size of the arena's floor (m). */
export interface ArenaSize {
  /** Inner width, m. Default 40. */
  width?: number;
  /** Inner height, m. Default 24. */
  height?: number;
}

/** Builds the walls of an empty arena into `world` and sets a top-down world's options. */
export function emptyArena(world: World, options: ArenaSize = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: 0.3, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, options.width ?? 40, options.height ?? 24));
}
