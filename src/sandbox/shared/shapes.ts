/**
 * Spawnable shapes: a shape name, a size and a corner radius become the rounded-rect
 * parameters every body has (half extents and radius).
 */
import type { Random } from '../../physics/index';
import type { ShapeKind } from './settings';

/** Rounded-rect parameters, m. */
export interface ShapeParams {
  halfWidth: number;
  halfHeight: number;
  radius: number;
}

const MIN_SIZE = 0.02; // m: below this a body is invisible at any sensible zoom

/**
 * The shape of a new body `size` m wide. A box has sharp corners; a rounded rect uses
 * `cornerRadius` (clamped to half the size); a capsule is twice as wide as it is tall; random
 * picks one of the four with a random aspect from `random`.
 */
export function shapeParams(kind: ShapeKind, size: number, cornerRadius: number, random: Random): ShapeParams {
  const s = Math.max(MIN_SIZE, size);
  const half = s / 2;
  switch (kind) {
    case 'circle':
      return { halfWidth: 0, halfHeight: 0, radius: half };
    case 'box':
      return { halfWidth: half, halfHeight: half, radius: 0 };
    case 'rounded': {
      const r = Math.min(Math.max(0, cornerRadius), half);
      return { halfWidth: half - r, halfHeight: half - r, radius: r };
    }
    case 'capsule':
      return { halfWidth: half / 2, halfHeight: 0, radius: half / 2 };
    case 'random': {
      const pick = Math.floor(random() * 4);
      const aspect = 0.5 + random(); // height / width
      const h = half * aspect;
      if (pick === 0) return { halfWidth: 0, halfHeight: 0, radius: half * (0.6 + 0.4 * random()) };
      if (pick === 1) return { halfWidth: half, halfHeight: h, radius: 0 };
      if (pick === 2) {
        const r = Math.min(half, h) * (0.2 + 0.5 * random());
        return { halfWidth: half - r, halfHeight: h - r, radius: r };
      }
      return random() < 0.5
        ? { halfWidth: half / 2, halfHeight: 0, radius: half / 2 }
        : { halfWidth: 0, halfHeight: half / 2, radius: half / 2 };
    }
  }
}

/** Shape families, for colour: what a rounded rect with these parameters looks like. */
export const SHAPE_CIRCLE = 0;
export const SHAPE_BOX = 1;
export const SHAPE_ROUNDED = 2;
export const SHAPE_CAPSULE = 3;

/** Which family a rounded rect belongs to. */
export function shapeFamily(halfWidth: number, halfHeight: number, radius: number): number {
  if (radius === 0) return SHAPE_BOX;
  if (halfWidth === 0 && halfHeight === 0) return SHAPE_CIRCLE;
  if (halfWidth === 0 || halfHeight === 0) return SHAPE_CAPSULE;
  return SHAPE_ROUNDED;
}
