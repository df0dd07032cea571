/**
 * collision-lab: two bodies, A (a rounded rect) and B (a disc) already overlapping, B moving
 * into A, in a quiet room. The sandbox opens it paused with the collision explainer on: drag
 * either body and watch the CSO, the closest point, the normal, the overlap, the pushout and
 * the bounce that the engine would compute.
 */
import type { World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the collision lab. */
export interface CollisionLabOptions {
  /** Restitution of both bodies, in [0, 1]. Default 0.8. */
  restitution?: number;
}

/** What the sandbox frames when it opens the lab (m): the pair, not the room. */
export const LAB_VIEW = { minX: -6, minY: -3.6, maxX: 6, maxY: 3.6 } as const;

/** Slot ids of the lab's two bodies in a fresh world: A, then B (walls come after). */
export const LAB_BODY_A = 0;
export const LAB_BODY_B = 1;

/** Builds A, B and a room around them into an empty `world`. */
export function collisionLab(world: World, options: CollisionLabOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: 0, enableSleep: false });
  const restitution = options.restitution ?? 0.8;
  world.createBody({ x: -1, y: 0, halfWidth: 1.6, halfHeight: 0.8, radius: 0.6, restitution, userData: 'A' });
  world.createBody({ x: 1.6, y: 1.3, vx: -3, vy: -1.5, radius: 0.9, restitution, userData: 'B' });
  addSceneBodies(world, arenaBodies(0, 1, 16, 10));
}
