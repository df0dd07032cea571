/** Issue 14, shapes without traps: half extents without a radius make a box; outer extents. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';

describe('shapes without traps', () => {
  it('half extents without a radius make a sharp box of that size', () => {
    const box = new World().createBody({ halfWidth: 0.5, halfHeight: 0.25 });
    expect(box.radius).toBe(0);
    expect(box.mass).toBeCloseTo(1 * 0.5, 12); // 1 m × 0.5 m at density 1
  });

  it('one half extent without a radius is refused (a line has no area), naming the fix', () => {
    expect(() => new World().createBody({ halfWidth: 1 })).toThrow(/zero area.*give it a radius or both half extents/);
  });

  it('no size at all is still the default circle of radius 0.5 m', () => {
    const ball = new World().createBody({});
    expect([ball.halfWidth, ball.halfHeight, ball.radius]).toEqual([0, 0, 0.5]);
  });

  it('an explicit radius is kept with half extents', () => {
    const capsule = new World().createBody({ halfWidth: 1, radius: 0.3 });
    expect([capsule.halfWidth, capsule.halfHeight, capsule.radius]).toEqual([1, 0, 0.3]);
  });

  it('outerHalfWidth and outerHalfHeight are the inner half extents plus the radius, and follow setShape', () => {
    const world = new World();
    const b = world.createBody({ halfWidth: 1, halfHeight: 0.5, radius: 0.25 });
    expect([b.outerHalfWidth, b.outerHalfHeight]).toEqual([1.25, 0.75]);
    b.setShape(0, 0, 2);
    expect([b.outerHalfWidth, b.outerHalfHeight]).toEqual([2, 2]);
    world.destroyBody(b);
    expect(() => b.outerHalfWidth).toThrow(/stale/);
  });

  it('two default boxes side by side touch at their edges, not 1 m apart', () => {
    const world = new World();
    world.createBody({ type: 'static', x: 0, halfWidth: 0.5, halfHeight: 0.5 });
    expect(world.queryPoint(0.49, 0).length).toBe(1);
    expect(world.queryPoint(0.6, 0).length).toBe(0); // inside the old 2 m rounded square
  });
});
