/** The build tools' geometry: drawn rectangles, handles, resizing, the velocity arrow. */
import { describe, expect, it } from 'vitest';
import {
  ARROW_TIME,
  MIN_HALF_EXTENT,
  ROUNDED_SHARE,
  arrowTip,
  cornerOf,
  hitCorner,
  hitHandle,
  outerOf,
  rectFromDrag,
  rectTouchesBox,
  resizeByCorner,
  velocityFromArrow,
} from '../../../src/sandbox/build/geometry';

describe('build geometry', () => {
  it('a drag in any direction draws the rectangle between its ends; rounded keeps the outer size', () => {
    expect(rectFromDrag(4, 3, 0, 1, false)).toEqual({ x: 2, y: 2, halfWidth: 2, halfHeight: 1, radius: 0 });
    const r = rectFromDrag(0, 0, 4, 2, true);
    if (r === null) throw new Error('no rectangle');
    expect(r.radius).toBeCloseTo(ROUNDED_SHARE * 1, 12);
    expect(r.halfWidth + r.radius).toBeCloseTo(2, 12);
    expect(r.halfHeight + r.radius).toBeCloseTo(1, 12);
  });

  it('a click or a drag along a line draws nothing', () => {
    expect(rectFromDrag(1, 1, 1, 1, false)).toBeNull();
    expect(rectFromDrag(0, 0, 5, MIN_HALF_EXTENT, false)).toBeNull();
  });

  it('finds the nearest corner within the tolerance', () => {
    const rect = { x: 0, y: 0, ow: 2, oh: 1, radius: 0 };
    expect(hitCorner(rect, 2.05, 1.02, 0.1)).toBe(2);
    expect(hitCorner(rect, -2, -1, 0.1)).toBe(0);
    expect(hitCorner(rect, 0, 0, 0.1)).toBe(-1);
    expect(cornerOf(rect, 3)).toEqual({ x: -2, y: 1 });
  });

  it('the middle of a body smaller than the reach is not a corner: it moves the body', () => {
    const tiny = { x: 0, y: 0, ow: 0.1, oh: 0.1, radius: 0.1 };
    expect(hitCorner(tiny, 0.01, 0.01, 0.3)).toBe(-1);
    expect(hitCorner(tiny, 0.12, 0.12, 0.3)).toBe(2);
  });

  it('resizing by a corner keeps the opposite corner, flips past it, and shrinks the radius only when it must', () => {
    const rect = outerOf({ x: 0, y: 0, halfWidth: 1.5, halfHeight: 0.5, radius: 0.5 });
    const grown = resizeByCorner(rect, 2, 4, 3);
    expect(grown).toEqual({ x: 1, y: 1, halfWidth: 2.5, halfHeight: 1.5, radius: 0.5 });
    expect(cornerOf(outerOf(grown), 0)).toEqual({ x: -2, y: -1 });
    const flipped = resizeByCorner(rect, 2, -4, -2);
    expect(flipped.x).toBe(-3);
    expect(flipped.y).toBe(-1.5);
    const squeezed = resizeByCorner(rect, 2, -1.8, 0);
    expect(squeezed.radius).toBeCloseTo(0.1, 12);
    expect(squeezed.halfWidth).toBeCloseTo(0, 12);
  });

  it('a handle hit: the nearer of a corner and the arrow tip, the tip only where there is one', () => {
    const rect = { x: 0, y: 0, ow: 2, oh: 0.5, radius: 0 };
    const tip = { x: 2, y: 0.9 };
    expect(hitHandle(rect, tip, 2, 0.85, 0.6)).toEqual({ kind: 'arrow' });
    expect(hitHandle(rect, tip, 2, 0.55, 0.6)).toEqual({ kind: 'corner', corner: 2 });
    expect(hitHandle(rect, null, 2, 0.85, 0.6)).toEqual({ kind: 'corner', corner: 2 });
    expect(hitHandle(rect, tip, 5, 5, 0.6)).toBeNull();
  });

  it('the arrow tip and the velocity it sets are inverses', () => {
    const tip = arrowTip(1, 2, 3, -4);
    expect(tip).toEqual({ x: 1 + 3 * ARROW_TIME, y: 2 - 4 * ARROW_TIME });
    const v = velocityFromArrow(1, 2, tip.x, tip.y);
    expect(v.vx).toBeCloseTo(3, 12);
    expect(v.vy).toBeCloseTo(-4, 12);
  });

  it('a box selects what it touches', () => {
    const rect = { x: 0, y: 0, ow: 1, oh: 1, radius: 0 };
    expect(rectTouchesBox(rect, 0.5, 0.5, 3, 3)).toBe(true);
    expect(rectTouchesBox(rect, 3, 3, 1.1, 0)).toBe(false);
  });
});
