/**
 * Bulk read access to a world's bodies for drawing. Drawing 50,000 bodies a frame through
 * `Body` getters (a stale-handle check per field) costs more than the draw itself, and the
 * engine's public surface has no bulk read yet, so this file, and only this file, reads the
 * world's struct-of-arrays store directly. Everything here is read-only.
 */
import type { World } from '../physics/index';

/** The world's body store (typed arrays indexed by body id). */
export type BodyArrays = World['store'];

// Body kind codes in `BodyArrays.kind`, as the engine's body store defines them.
export const KIND_FREE = 0;
export const KIND_STATIC = 1;
export const KIND_KINEMATIC = 2;
export const KIND_DYNAMIC = 3;

/** The body arrays of `world`. Valid until the next body is created (arrays grow by copying). */
export function bodyArrays(world: World): BodyArrays {
  return world.store;
}
