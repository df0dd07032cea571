/** Issue 14, strict options: null is a value (and a wrong one); a missing gravity component keeps its value. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { expectRefused, run } from '../helpers';

function busy(): World {
  const world = new World({ gravity: { x: 2, y: -10 } });
  world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
  world.createBody({ y: 1, radius: 0.5 });
  run(world, 20);
  return world;
}

describe('strict options', () => {
  for (const key of ['x', 'y'] as const) {
    it(`setOptions({ gravity: { ${key}: null } }) is refused naming gravity.${key}, and nothing changes`, () => {
      const world = busy();
      expectRefused(world, () => world.setOptions({ gravity: { [key]: null } as never }), `gravity.${key}`, 'null');
      expect(world.options.gravity).toEqual({ x: 2, y: -10 });
    });
  }

  it('new World({ gravity: { x: null } }) is refused like createBody({ x: null })', () => {
    expect(() => new World({ gravity: { x: null } as never })).toThrow(/gravity\.x must be a finite number, got null/);
    expect(() => new World().createBody({ x: null as never })).toThrow(/body\.x must be a finite number, got null/);
  });

  it('{ gravity: { y: -5 } } keeps the current x, and { x: 1 } the current y', () => {
    const world = busy();
    world.setOptions({ gravity: { y: -5 } as never });
    expect(world.options.gravity).toEqual({ x: 2, y: -5 });
    world.setOptions({ gravity: { x: 1 } as never });
    expect(world.options.gravity).toEqual({ x: 1, y: -5 });
  });

  it('hitSpeed is checked like every option', () => {
    const world = busy();
    expectRefused(world, () => world.setOptions({ hitSpeed: -1 }), 'hitSpeed', '-1');
    expectRefused(world, () => world.setOptions({ hitSpeed: NaN }), 'hitSpeed', 'NaN');
    world.setOptions({ hitSpeed: 3 });
    expect(world.options.hitSpeed).toBe(3);
  });
});
