/**
 * Issue 14, contact data: contactBegin gets the point, the normal a→b, the approach speed and the
 * normal impulse of the solve; contactHit fires for impacts at hitSpeed or more; begin fires on
 * touch, not on a speculative contact.
 */
import { describe, expect, it } from 'vitest';
import { World, type ContactData } from '../../../src/physics/index';
import { run } from '../helpers';


/** A ball of mass `m` thrown down at `speed` onto a static floor whose top is at y = 0. */
function throwDown(speed: number, restitution = 0): { world: World; ballId: number; floorId: number } {
  const world = new World({ enableSleep: false });
  const floor = world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, restitution });
  const ball = world.createBody({ x: 0.3, y: 2, radius: 0.5, vy: -speed, restitution });
  return { world, ballId: ball.id, floorId: floor.id };
}

describe('contact data', () => {
  it('contactBegin gets the point on the surface, the normal a→b, the approach speed and the impulse', () => {
    const { world, ballId, floorId } = throwDown(6);
    const seen: ContactData[] = [];
    const order: number[][] = [];
    world.on('contactBegin', (a, b, c) => {
      seen.push({ ...c });
      order.push([a.id, b.id]);
    });
    run(world, 60);
    expect(order).toEqual([[floorId, ballId]]);
    const c = seen[0] as ContactData;
    expect(c.x).toBeCloseTo(0.3, 9); // under the ball, on the floor's top
    expect(c.y).toBeCloseTo(0, 9);
    expect([c.nx, c.ny]).toEqual([0, 1]); // floor (a) toward ball (b)
    expect(c.approachSpeed).toBeCloseTo(6, 6); // no gravity: the throw speed
    // Restitution 0: the impulse stops the ball, m·v, m = π·0.25 kg.
    expect(c.normalImpulse).toBeCloseTo(Math.PI * 0.25 * 6, 6);
  });

  it('the data object is reused and refilled for each listener', () => {
    const { world } = throwDown(6);
    const objects: ContactData[] = [];
    world.on('contactBegin', (_a, _b, c) => {
      objects.push(c);
      c.approachSpeed = -1; // a listener scribbling on it
    });
    world.on('contactBegin', (_a, _b, c) => objects.push({ ...c }));
    run(world, 60);
    expect(objects[0]).not.toBe(objects[1]);
    expect((objects[1] as ContactData).approachSpeed).toBeCloseTo(6, 6);
  });

  it('begin fires on touch, not when a speculative contact is made: a ball stopping short never begins', () => {
    const world = new World({ enableSleep: false, linearDamping: 0 });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
    // 1 cm above the floor (inside the 2 cm speculative distance), drifting down at 0.1 mm/s.
    const ball = world.createBody({ y: 0.51, radius: 0.5, vy: -0.0001 });
    let begins = 0;
    world.on('contactBegin', () => begins++);
    run(world, 10);
    expect(world.stats.contacts).toBe(1); // a speculative row exists
    expect(begins).toBe(0);
    ball.setVelocity(0, -3);
    run(world, 5);
    expect(begins).toBe(1);
  });

  it('contactEnd gets zero data', () => {
    const { world } = throwDown(6, 1);
    const ends: ContactData[] = [];
    world.on('contactEnd', (_a, _b, c) => ends.push({ ...c }));
    run(world, 60);
    expect(ends.length).toBe(1);
    expect(ends[0]).toEqual({ x: 0, y: 0, nx: 0, ny: 0, approachSpeed: 0, normalImpulse: 0 });
  });
});

describe('contactHit', () => {
  it('fires for an impact at hitSpeed or more, with its data, and not for a slower one', () => {
    for (const [speed, hitSpeed, expected] of [[6, 1, 1], [6, 5.9, 1], [0.5, 1, 0], [6, 7, 0]] as const) {
      const { world } = throwDown(speed);
      world.setOptions({ hitSpeed });
      const hits: ContactData[] = [];
      world.on('contactHit', (_a, _b, c) => hits.push({ ...c }));
      run(world, 60);
      expect(hits.length, `speed ${speed}, hitSpeed ${hitSpeed}`).toBe(expected);
      if (expected === 1) {
        expect(hits[0]?.approachSpeed).toBeCloseTo(speed, 6);
        expect(hits[0]?.normalImpulse).toBeGreaterThan(0);
      }
    }
  });

  it('a body resting under gravity does not keep firing hits', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, restitution: 0 });
    world.createBody({ y: 0.5, radius: 0.5, restitution: 0 });
    let hits = 0;
    world.on('contactHit', () => hits++);
    run(world, 120);
    expect(hits).toBe(0);
  });

  it('a sensor begin has the normal and approach speed, and no impulse', () => {
    const world = new World({ enableSleep: false });
    world.createBody({ type: 'static', x: 2, halfWidth: 1, halfHeight: 1, sensor: true });
    world.createBody({ x: 0, radius: 0.5, vx: 3 });
    const seen: ContactData[] = [];
    world.on('contactBegin', (_a, _b, c) => seen.push({ ...c }));
    run(world, 30);
    expect(seen.length).toBe(1);
    const c = seen[0] as ContactData;
    expect([c.nx, c.ny]).toEqual([-1, 0]); // from the sensor (a) toward the ball (b) on its left
    expect(c.approachSpeed).toBe(3);
    expect(c.normalImpulse).toBe(0);
    expect(c.x).toBeCloseTo(1, 9);
  });
});
