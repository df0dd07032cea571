/**
 * Bulk read access to a world's bodies for drawing: the engine's typed-array views
 * (`world.bodyArrays`), since 50,000 bodies a frame through `Body` getters (a stale-handle
 * check per field) cost more than the draw itself. Everything here is read-only.
 */
import { BODY_DYNAMIC, BODY_FREE, BODY_KINEMATIC, BODY_STATIC, type BodyArrays, type World } from '../../physics/index';

export type { BodyArrays };

export const KIND_FREE = BODY_FREE;
export const KIND_STATIC = BODY_STATIC;
export const KIND_KINEMATIC = BODY_KINEMATIC;
export const KIND_DYNAMIC = BODY_DYNAMIC;

/** The body arrays of `world`. Valid until the next body is created (arrays grow by copying). */
export function bodyArrays(world: World): BodyArrays {
  return world.bodyArrays;
}

/** The bounds (m) of every body of `world`, or null for an empty world. Allocates the result only. */
export function worldBounds(world: World): { minX: number; minY: number; maxX: number; maxY: number } | null {
  const s = world.bodyArrays;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < s.slotCount; i++) {
    if (s.kind[i] === BODY_FREE) continue;
    const ex = s.halfWidth[i] + s.radius[i];
    const ey = s.halfHeight[i] + s.radius[i];
    minX = Math.min(minX, s.x[i] - ex);
    minY = Math.min(minY, s.y[i] - ey);
    maxX = Math.max(maxX, s.x[i] + ex);
    maxY = Math.max(maxY, s.y[i] + ey);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}
