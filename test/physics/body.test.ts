/**
 * Body handles: a view over the world's arrays that reads back what was set, and goes stale
 * when the body is destroyed, also once its slot is reused, without touching the new body.
 */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../src/physics/index';
import { errorOf, internals, run, snapshotText, stateHash } from './helpers';

/** Every way to use a handle, each returning something so that getters are really called. */
const USES: Array<[string, (b: Body) => unknown]> = [
  ['x', (b) => b.x],
  ['y', (b) => b.y],
  ['vx', (b) => b.vx],
  ['vy', (b) => b.vy],
  ['mass', (b) => b.mass],
  ['type', (b) => b.type],
  ['halfWidth', (b) => b.halfWidth],
  ['halfHeight', (b) => b.halfHeight],
  ['radius', (b) => b.radius],
  ['density', (b) => b.density],
  ['restitution', (b) => b.restitution],
  ['isAwake', (b) => b.isAwake],
  ['userData', (b) => b.userData],
  ['userData =', (b) => (b.userData = 'overwritten')],
  ['setPosition', (b) => b.setPosition(1, 2)],
  ['setVelocity', (b) => b.setVelocity(1, 2)],
  ['setRestitution', (b) => b.setRestitution(0.9)],
  ['setDensity', (b) => b.setDensity(7)],
  ['setShape', (b) => b.setShape(1, 1, 0.1)],
  ['setType', (b) => b.setType('kinematic')],
  ['applyImpulse', (b) => b.applyImpulse(1, 1)],
  ['wake', (b) => b.wake()],
];

describe('Body reads back what was set', () => {
  it('definition fields, mass from density and area, and Infinity for non-dynamic bodies', () => {
    const world = new World();
    const box = world.createBody({ x: 1, y: -2, vx: 3, vy: -4, halfWidth: 1, halfHeight: 0.5, radius: 0, density: 2, restitution: 0.25, userData: { tag: 'box' } });
    expect([box.x, box.y, box.vx, box.vy]).toEqual([1, -2, 3, -4]);
    expect([box.halfWidth, box.halfHeight, box.radius, box.density, box.restitution]).toEqual([1, 0.5, 0, 2, 0.25]);
    expect(box.mass).toBeCloseTo(2 * 2 * 1, 12);
    expect(box.type).toBe('dynamic');
    expect(box.userData).toEqual({ tag: 'box' });
    const circle = world.createBody({ radius: 0.5, density: 3 });
    expect(circle.mass).toBeCloseTo(3 * Math.PI * 0.25, 12);
    const capsule = world.createBody({ halfWidth: 2, radius: 0.5 });
    expect(capsule.mass).toBeCloseTo(4 * 2 * 0.5 + Math.PI * 0.25, 12);
    capsule.setDensity(2);
    expect(capsule.mass).toBeCloseTo(2 * (4 * 2 * 0.5 + Math.PI * 0.25), 12);
    capsule.setShape(1, 1, 0);
    expect(capsule.mass).toBeCloseTo(2 * 4, 12);
    expect(world.createBody({ type: 'static', radius: 1 }).mass).toBe(Infinity);
    expect(world.createBody({ type: 'kinematic', radius: 1, vx: 1 }).mass).toBe(Infinity);
  });

  it('defaults make a dynamic circle of radius 0.5 at rest at the origin', () => {
    const b = new World().createBody();
    expect([b.type, b.x, b.y, b.vx, b.vy, b.halfWidth, b.halfHeight, b.radius, b.density, b.restitution]).toEqual([
      'dynamic', 0, 0, 0, 0, 0, 0, 0.5, 1, 0.5,
    ]);
  });

  it('setType: a body made static stops; made dynamic again it has its mass back', () => {
    const world = new World();
    const b = world.createBody({ radius: 1, vx: 2, density: 2 });
    const mass = b.mass;
    b.setType('static');
    expect([b.type, b.vx, b.vy, b.mass, b.isAwake]).toEqual(['static', 0, 0, Infinity, false]);
    b.setType('dynamic');
    expect(b.mass).toBe(mass);
    expect(b.isAwake).toBe(true);
  });

  it('applyImpulse changes a dynamic velocity by J / m and leaves other kinds alone', () => {
    const world = new World();
    const b = world.createBody({ radius: 1, density: 2 });
    b.applyImpulse(2 * b.mass, -b.mass);
    expect(b.vx).toBeCloseTo(2, 12);
    expect(b.vy).toBeCloseTo(-1, 12);
    const k = world.createBody({ type: 'kinematic', radius: 1, vx: 1 });
    k.applyImpulse(100, 100);
    expect([k.vx, k.vy]).toEqual([1, 0]);
  });
});

describe('a destroyed body’s handle', () => {
  it('throws on every use, and isValid turns false', () => {
    const world = new World();
    const body = world.createBody({ x: 1, radius: 0.5 });
    expect(body.isValid).toBe(true);
    world.destroyBody(body);
    expect(body.isValid).toBe(false);
    for (const [name, use] of USES) {
      expect(errorOf(() => use(body)), name).toMatch(/destroyed|stale/);
    }
    expect(errorOf(() => world.destroyBody(body))).toContain('destroyBody');
  });

  it('still throws after its slot is reused, and the new body at that slot is unaffected', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
    const old = world.createBody({ x: -2, y: 1, radius: 0.5 });
    const neighbour = world.createBody({ x: 2, y: 1, radius: 0.5 });
    run(world, 30);
    const generation = internals(world).store.generation[old.id];
    world.destroyBody(old);
    const reused = world.createBody({ x: -3, y: 4, halfWidth: 0.5, halfHeight: 0.25, radius: 0.1, restitution: 0.1, userData: 'new' });
    expect(reused.id).toBe(old.id); // the slot is reused...
    expect(reused).not.toBe(old); // ...under a new handle...
    expect(internals(world).store.generation[reused.id]).not.toBe(generation); // ...and a new generation
    const before = snapshotText(world);
    const hash = stateHash(world);
    for (const [name, use] of USES) {
      expect(errorOf(() => use(old)), name).toMatch(/destroyed|stale/);
    }
    expect(errorOf(() => world.destroyBody(old))).toContain('destroyBody');
    expect(snapshotText(world)).toBe(before);
    expect(stateHash(world)).toBe(hash);
    expect(reused.isValid).toBe(true);
    expect([reused.x, reused.y, reused.userData]).toEqual([-3, 4, 'new']);
    expect(world.getBody(old.id)).toBe(reused);
    expect(world.getBodies()).toContain(reused);
    expect(world.getBodies()).not.toContain(old);
    expect(neighbour.isValid).toBe(true);
    run(world, 10); // and the world steps on with the new body
    expect(reused.y).toBeLessThan(4);
  });

  it('a handle holds its world and its slot, nothing more (a world keeps one for every body)', () => {
    const world = new World();
    const body = world.createBody();
    // Each field is 8 bytes of every body's handle, at every body count (issue 13's memory budget).
    expect(Object.getOwnPropertyNames(body).sort()).toEqual(['host', 'id']);
  });

  it('a handle of another world is refused', () => {
    const a = new World();
    const b = new World();
    const body = a.createBody();
    b.createBody();
    expect(errorOf(() => b.destroyBody(body))).toContain('not a live body of this world');
    expect(body.isValid).toBe(true);
    expect(b.bodyCount).toBe(1);
  });

  it('slots are reused last-freed first, each reuse with a fresh generation', () => {
    const world = new World();
    const bodies = Array.from({ length: 6 }, (_, i) => world.createBody({ x: i * 3 }));
    const generations = internals(world).store.generation;
    const slotOf = (b: Body): string => `${b.id}/${generations[b.id]}`;
    const before = bodies.map(slotOf);
    world.destroyBody(bodies[1]);
    world.destroyBody(bodies[4]);
    const first = world.createBody();
    const second = world.createBody();
    expect([first.id, second.id]).toEqual([bodies[4].id, bodies[1].id]);
    // Each slot and generation, the six made first and the two reuses, is a body of its own.
    expect(new Set([...before, slotOf(first), slotOf(second)]).size).toBe(8);
    expect(new Set([first, second, ...bodies]).size).toBe(8);
    const firstGeneration = generations[first.id];
    world.destroyBody(first);
    const third = world.createBody();
    expect(third.id).toBe(first.id);
    expect(third).not.toBe(first);
    expect(generations[third.id]).not.toBe(firstGeneration);
    expect(bodies[4].isValid || first.isValid).toBe(false);
  });
});
