/**
 * crateRoom: a top-down room of crates to push around. No gravity; linear damping plays the
 * floor's friction, so a shoved crate slides, knocks others and comes to rest.
 */
import { mulberry32, type World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the room. */
export interface CrateRoomOptions {
  /** Speed of the one crate already sliding when the room opens, m/s. Default 12. */
  shoveSpeed?: number;
}

const ROOM_WIDTH = 24; // m, inner
const ROOM_HEIGHT = 16; // m, inner
const FLOOR_DAMPING = 1.5; // 1/s

/** Builds the walls, a few pillars and a grid of crates of mixed sizes into `world`. */
export function crateRoom(world: World, options: CrateRoomOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: FLOOR_DAMPING, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, ROOM_WIDTH, ROOM_HEIGHT));
  for (const [x, y] of [[-6, 4], [6, -4]]) {
    world.createBody({ type: 'static', x, y, halfWidth: 0.8, halfHeight: 0.8, radius: 0.2, friction: 0.4 });
  }
  const random = mulberry32(7);
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      const half = 0.5 + 0.3 * random(); // m: crates of a few sizes
      world.createBody({ x: 1 + col * 2.2, y: -2 + row * 2.2, halfWidth: half, halfHeight: half, radius: 0.05, density: 2, restitution: 0.1, friction: 0.4 });
    }
  }
  // One crate already shoved into the group, so the room shows what a push does.
  world.createBody({ x: -8, y: 0.3, vx: options.shoveSpeed ?? 12, halfWidth: 0.6, halfHeight: 0.6, radius: 0.05, density: 2, restitution: 0.1, friction: 0.4 });
}
