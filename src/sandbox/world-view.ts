/**
 * Bulk read access to a world's bodies for drawing: the engine's typed-array views
 * (`world.bodyArrays`), since 50,000 bodies a frame through `Body` getters (a stale-handle
 * check per field) cost more than the draw itself. Everything here is read-only.
 */
import { BODY_DYNAMIC, BODY_FREE, BODY_KINEMATIC, BODY_STATIC, type BodyArrays, type World } from '../physics/index';

export type { BodyArrays };

export const KIND_FREE = BODY_FREE;
export const KIND_STATIC = BODY_STATIC;
export const KIND_KINEMATIC = BODY_KINEMATIC;
export const KIND_DYNAMIC = BODY_DYNAMIC;

/** The body arrays of `world`. Valid until the next body is created (arrays grow by copying). */
export function bodyArrays(world: World): BodyArrays {
  return world.bodyArrays;
}
