/**
 * The build tools' geometry, in metres (y up), with no DOM: a dragged rectangle to a body's
 * shape, the handles of a selected body and which one a press lands on, a resize by a corner,
 * and the velocity arrow of a mover. Allocates its small results.
 */

/** A body's box as the tools see it: centre and outer half extents (inner plus radius), m. */
export interface OuterRect {
  x: number;
  y: number;
  /** Outer half width and height, m (halfWidth + radius, halfHeight + radius). */
  ow: number;
  oh: number;
  /** Corner radius, m. */
  radius: number;
}

/** A body's centre and shape as the engine takes them. */
export interface RectShape {
  x: number;
  y: number;
  halfWidth: number;
  halfHeight: number;
  radius: number;
}

/** The corners, in handle order: 0 bottom-left, 1 bottom-right, 2 top-right, 3 top-left (y up). */
export const CORNERS = [
  [-1, -1],
  [1, -1],
  [1, 1],
  [-1, 1],
] as const;

/** Smallest outer half extent a drawn or resized body gets, m: a 2 cm wide body is still easy to see and pick. */
export const MIN_HALF_EXTENT = 0.01; // m
/** A drawn rounded rectangle's corner radius, as a share of its smaller outer half extent. */
export const ROUNDED_SHARE = 0.4;
/** The velocity arrow's length per m/s: its tip is where the mover will be this many seconds from now. */
export const ARROW_TIME = 0.5; // s

/**
 * The body a drag from (x0, y0) to (x1, y1) m draws: that rectangle, sharp or with rounded
 * corners; null when it is too small to be meant (a click, or a drag along one line).
 */
export function rectFromDrag(x0: number, y0: number, x1: number, y1: number, rounded: boolean): RectShape | null {
  const ow = Math.abs(x1 - x0) / 2;
  const oh = Math.abs(y1 - y0) / 2;
  if (ow < MIN_HALF_EXTENT || oh < MIN_HALF_EXTENT) return null;
  const radius = rounded ? ROUNDED_SHARE * Math.min(ow, oh) : 0;
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, halfWidth: ow - radius, halfHeight: oh - radius, radius };
}

/** A body's shape as an outer rectangle. */
export function outerOf(shape: RectShape): OuterRect {
  return { x: shape.x, y: shape.y, ow: shape.halfWidth + shape.radius, oh: shape.halfHeight + shape.radius, radius: shape.radius };
}

/** Corner `k` (see CORNERS) of `rect`, m. */
export function cornerOf(rect: OuterRect, k: number): { x: number; y: number } {
  const [sx, sy] = CORNERS[k];
  return { x: rect.x + sx * rect.ow, y: rect.y + sy * rect.oh };
}

/**
 * The corner of `rect` within `tolerance` m of (x, y) (the nearest), or -1. The middle of the
 * body (half its extents around the centre) is never a corner: a body drawn smaller than the
 * handles' reach is still moved, not resized, by a press on its centre.
 */
export function hitCorner(rect: OuterRect, x: number, y: number, tolerance: number): number {
  if (Math.abs(x - rect.x) < rect.ow / 2 && Math.abs(y - rect.y) < rect.oh / 2) return -1;
  let best = -1;
  let bestDistance = tolerance;
  for (let k = 0; k < CORNERS.length; k++) {
    const c = cornerOf(rect, k);
    const d = Math.hypot(c.x - x, c.y - y);
    if (d <= bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * `rect` resized by dragging corner `k` to (x, y) m: the opposite corner stays put; a corner
 * dragged past it flips the box. The corner radius is kept unless the box gets too small for
 * it, then it shrinks with the box (a circle stays a circle until it is squeezed).
 */
export function resizeByCorner(rect: OuterRect, k: number, x: number, y: number): RectShape {
  const [sx, sy] = CORNERS[k];
  const fixedX = rect.x - sx * rect.ow;
  const fixedY = rect.y - sy * rect.oh;
  const ow = Math.max(MIN_HALF_EXTENT, Math.abs(x - fixedX) / 2);
  const oh = Math.max(MIN_HALF_EXTENT, Math.abs(y - fixedY) / 2);
  const cx = fixedX + Math.sign(x - fixedX || sx) * ow;
  const cy = fixedY + Math.sign(y - fixedY || sy) * oh;
  const radius = Math.min(rect.radius, ow, oh);
  return { x: cx, y: cy, halfWidth: ow - radius, halfHeight: oh - radius, radius };
}

/** Which handle of a selected body a press at (x, y) m takes: a corner, the arrow's tip, or none. */
export type HandleHit = { kind: 'corner'; corner: number } | { kind: 'arrow' } | null;

/**
 * The handle of `rect` a press at (x, y) m within `tolerance` m takes: its corners, and the
 * arrow's tip at `tip` (null for a body without one). A slow mover's tip can sit by a corner:
 * the nearer handle wins, the tip on a tie.
 */
export function hitHandle(rect: OuterRect, tip: { x: number; y: number } | null, x: number, y: number, tolerance: number): HandleHit {
  const corner = hitCorner(rect, x, y, tolerance);
  const cornerDistance = corner >= 0 ? distanceTo(cornerOf(rect, corner), x, y) : Infinity;
  if (tip !== null) {
    const tipDistance = distanceTo(tip, x, y);
    if (tipDistance <= tolerance && tipDistance <= cornerDistance) return { kind: 'arrow' };
  }
  return corner >= 0 ? { kind: 'corner', corner } : null;
}

function distanceTo(p: { x: number; y: number }, x: number, y: number): number {
  return Math.hypot(p.x - x, p.y - y);
}

/** Where a mover's velocity arrow ends, m: its centre plus ARROW_TIME seconds of its velocity. */
export function arrowTip(x: number, y: number, vx: number, vy: number): { x: number; y: number } {
  return { x: x + vx * ARROW_TIME, y: y + vy * ARROW_TIME };
}

/** The velocity (m/s) an arrow from the centre (x, y) to its tip (tx, ty) m sets. */
export function velocityFromArrow(x: number, y: number, tx: number, ty: number): { vx: number; vy: number } {
  return { vx: (tx - x) / ARROW_TIME, vy: (ty - y) / ARROW_TIME };
}

/** Whether `rect` lies inside or crosses the box from (x0, y0) to (x1, y1) m (corners in any order). */
export function rectTouchesBox(rect: OuterRect, x0: number, y0: number, x1: number, y1: number): boolean {
  return (
    rect.x + rect.ow >= Math.min(x0, x1) &&
    rect.x - rect.ow <= Math.max(x0, x1) &&
    rect.y + rect.oh >= Math.min(y0, y1) &&
    rect.y - rect.oh <= Math.max(y0, y1)
  );
}
