/**
 * The public types of the world's queries (queries.ts runs them): kept apart so that the
 * published declarations of `World` reach no internal module.
 */
import type { Body } from './body.js';

/**
 * Which bodies a query reports. Both parts are optional; a body must pass both.
 */
export interface QueryFilter {
  /**
   * Category mask (unsigned 32-bit integer): only bodies whose `category` shares a bit with it.
   * Default 0xFFFFFFFF: every category.
   */
  mask?: number;
  /**
   * Called for each body that passed the shape test and the mask; return false to leave it out
   * (say, `(b) => !b.isSensor`). It must not create, destroy or move bodies.
   */
  predicate?: (body: Body) => boolean;
}

/** One hit of a ray or shape cast: a new object per hit, unless you pass `out` to `rayCastAll`. */
export interface RayCastResult {
  /** The body hit. */
  body: Body;
  /**
   * Hit point x, m. For a ray: where it enters the body. For a shape cast: the centre of the
   * swept shape when it first touches the body.
   */
  x: number;
  /** Hit point y, m. */
  y: number;
  /** The hit body's outward surface normal at the hit (unit length), x component. */
  nx: number;
  /** The normal's y component. */
  ny: number;
  /** Fraction of the segment travelled, in [0, 1]. */
  fraction: number;
}

