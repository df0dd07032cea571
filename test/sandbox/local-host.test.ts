/** The local physics host's build calls: create, edit (checked whole), remove; in Node. */
import { describe, expect, it } from 'vitest';
import { World, mulberry32 } from '../../src/physics/index';
import { LocalHost } from '../../src/sandbox/local-host';

function host(world: World): LocalHost {
  return new LocalHost({ world, loop: null, bounds: { minX: -10, minY: -10, maxX: 10, maxY: 10 }, random: mulberry32(1), optionsRefused: () => undefined });
}

describe('LocalHost build calls', () => {
  it('createBody answers the new body id; editBodies applies every edit; removeBodies removes them', () => {
    const world = new World();
    const h = host(world);
    const wall = h.createBody({ type: 'static', x: 1, halfWidth: 2, halfHeight: 0.5 });
    const mover = h.createBody({ type: 'kinematic', y: 3, halfWidth: 1, halfHeight: 0.5 });
    if (wall === null || mover === null) throw new Error('refused');
    expect(world.getBody(wall)?.type).toBe('static');
    expect(h.editBodies([{ id: mover, vx: 2 }, { id: wall, x: -4, friction: 0.1 }])).toBeNull();
    expect([world.getBody(mover)?.vx, world.getBody(wall)?.x, world.getBody(wall)?.friction]).toEqual([2, -4, 0.1]);
    h.removeBodies([wall, mover, 99]);
    expect(world.bodyCount).toBe(0);
  });

  it('a refused edit answers the engine message and changes no body, not even the ones before it', () => {
    const world = new World();
    const h = host(world);
    const a = h.createBody({ x: 0 });
    const b = h.createBody({ x: 3, type: 'static' });
    if (a === null || b === null) throw new Error('refused');
    const before = JSON.stringify(world.toJSON());
    expect(h.editBodies([{ id: a, x: 5 }, { id: b, vy: 1 }])).toMatch(/^body 1: vx\/vy: a static body cannot move/);
    expect(h.editBodies([{ id: a, density: -1 }])).toMatch(/^density must be .* got -1$/);
    expect(JSON.stringify(world.toJSON())).toBe(before);
  });

  it('removing the held body lets go of it', () => {
    const world = new World();
    const h = host(world);
    const a = h.createBody({});
    if (a === null) throw new Error('refused');
    h.grab(a, 0, 0);
    expect(h.held).not.toBeNull();
    h.removeBodies([a]);
    expect(h.held).toBeNull();
  });
});
