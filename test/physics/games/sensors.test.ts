/** Issue 14, sensors: they report overlaps (begin and end) and never push or get pushed. */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../../src/physics/index';
import { expectRefused, roundTrip, run, stateHash } from '../helpers';

/** A ball rolling at 2 m/s through a static sensor zone, with events recorded. */
function zone(): { world: World; ball: Body; sensor: Body; events: string[] } {
  const world = new World({ enableSleep: false });
  const sensor = world.createBody({ type: 'static', x: 5, halfWidth: 1, halfHeight: 1, sensor: true });
  const ball = world.createBody({ x: 0, radius: 0.5, vx: 2 });
  const events: string[] = [];
  world.on('contactBegin', (a, b) => events.push(`begin ${a.id}-${b.id}`));
  world.on('contactEnd', (a, b) => events.push(`end ${a.id}-${b.id}`));
  return { world, ball, sensor, events };
}

describe('sensors', () => {
  it('a body passes through a sensor unslowed; begin when they first overlap, end when they part', () => {
    const { world, ball, sensor, events } = zone();
    const beginAt: number[] = [];
    world.on('contactBegin', () => beginAt.push(ball.x));
    run(world, 60); // 2 m: reaches the zone (x 3.5 starts overlap)
    expect(events).toEqual([]);
    run(world, 60); // 4 m: inside
    expect(events).toEqual([`begin ${sensor.id}-${ball.id}`]);
    expect(beginAt[0]).toBeGreaterThanOrEqual(3.5);
    expect(beginAt[0]).toBeLessThan(3.5 + 2 / 60 + 1e-9);
    run(world, 90); // 7 m: left it (overlap ends at 6.5)
    expect(events).toEqual([`begin ${sensor.id}-${ball.id}`, `end ${sensor.id}-${ball.id}`]);
    expect(ball.vx).toBe(2);
    expect(ball.vy).toBe(0);
    expect(ball.y).toBe(0);
  });

  it('a dynamic sensor is not pushed by a wall and does not push a ball', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
    const ghost = world.createBody({ y: 3, radius: 0.5, sensor: true });
    const resting = world.createBody({ x: 3, y: 0.5, radius: 0.5, restitution: 0 });
    const pusher = world.createBody({ x: 1, y: 0.5, radius: 0.5, vx: 2, sensor: true, gravityScale: 0 });
    run(world, 60);
    expect(ghost.y).toBeCloseTo(3 - 0.5 * 10 * 1 ** 2, 9); // free fall, y0 - g·t²/2 after 1 s, through the floor
    expect(Math.abs(resting.x - 3)).toBeLessThan(1e-9); // never pushed
    expect(pusher.vx).toBe(2);
  });

  it('a fast sensor crosses a thin wall (no continuous stop), and a wall does not stop bodies at a sensor', () => {
    const world = new World({ enableSleep: false });
    world.createBody({ type: 'static', x: 2, halfWidth: 0.01, halfHeight: 5 });
    const fast = world.createBody({ x: 0, radius: 0.1, vx: 600, sensor: true });
    world.createBody({ type: 'static', x: 12, halfWidth: 0.01, halfHeight: 5, sensor: true });
    const solid = world.createBody({ x: 8, y: 0, radius: 0.1, vx: 600 });
    world.step(1 / 60);
    expect(fast.x).toBeCloseTo(10, 9);
    expect(solid.x).toBeCloseTo(18, 9);
  });

  it('setSensor(true) stops the pushing; setSensor(false) makes it solid again', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
    const b = world.createBody({ y: 0.5, radius: 0.5, restitution: 0 });
    run(world, 30);
    expect(b.y).toBeGreaterThan(0.4);
    b.setSensor(true);
    expect(b.isSensor).toBe(true);
    run(world, 30);
    expect(b.y).toBeLessThan(0);
    b.setSensor(false);
    b.setPosition(0, 3);
    run(world, 120);
    expect(b.y).toBeGreaterThan(0.4);
  });

  it('bad values are refused, and the flag survives a snapshot', () => {
    const { world, sensor } = zone();
    expectRefused(world, () => world.createBody({ sensor: 1 as never }), 'body.sensor', '1');
    expectRefused(world, () => sensor.setSensor('yes' as never), 'sensor', '"yes"');
    run(world, 100);
    const copy = roundTrip(world);
    expect(copy.getBody(sensor.id)?.isSensor).toBe(true);
    expect(world.toJSON().bodies[sensor.id]?.sensor).toBe(true);
    run(world, 60);
    run(copy, 60);
    expect(stateHash(copy)).toBe(stateHash(world));
  });
});
