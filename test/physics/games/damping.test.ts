/**
 * Issue 14, per-body linearDamping and gravityScale: the world's gravity times the body's scale;
 * the world's damping rate plus the body's.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { expectRefused, roundTrip, run, stateHash } from '../helpers';

const DT = 1 / 60;

describe('per-body gravityScale', () => {
  it('scales the world gravity: 0 floats, 2 falls twice as fast, -1 rises', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
    const floating = world.createBody({ x: 0, gravityScale: 0 });
    const normal = world.createBody({ x: 5 });
    const heavy = world.createBody({ x: 10, gravityScale: 2 });
    const rising = world.createBody({ x: 15, gravityScale: -1 });
    run(world, 60);
    expect(floating.vy).toBe(0);
    expect(floating.y).toBe(0);
    expect(normal.vy).toBeCloseTo(-10, 9);
    expect(heavy.vy).toBeCloseTo(-20, 9);
    expect(rising.vy).toBeCloseTo(10, 9);
  });

  it('setGravityScale changes it from the next step and wakes the body', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, timeToSleep: 0.1 });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
    const b = world.createBody({ y: 0.5, radius: 0.5, restitution: 0 });
    run(world, 120);
    expect(b.isAwake).toBe(false);
    b.setGravityScale(-1);
    expect(b.isAwake).toBe(true);
    expect(b.gravityScale).toBe(-1);
    run(world, 30);
    expect(b.y).toBeGreaterThan(1);
  });
});

describe('per-body linearDamping', () => {
  it('adds to the world rate: v / (1 + dt·(world + body)) each step', () => {
    const world = new World({ linearDamping: 0.5, enableSleep: false });
    const plain = world.createBody({ x: 0, vx: 10 });
    const damped = world.createBody({ x: 0, y: 5, vx: 10, linearDamping: 1.5 });
    world.step(DT);
    expect(plain.vx).toBeCloseTo(10 / (1 + DT * 0.5), 12);
    expect(damped.vx).toBeCloseTo(10 / (1 + DT * 2), 12);
    expect(damped.linearDamping).toBe(1.5);
  });

  it('works with no world damping, and setLinearDamping takes effect', () => {
    const world = new World({ enableSleep: false });
    const b = world.createBody({ vx: 10 });
    world.step(DT);
    expect(b.vx).toBe(10);
    b.setLinearDamping(3);
    world.step(DT);
    expect(b.vx).toBeCloseTo(10 / (1 + DT * 3), 12);
  });

  it('defaults change nothing: scale 1 and damping 0 step bit for bit as bodies without them', () => {
    const make = (explicit: boolean): World => {
      const world = new World({ gravity: { x: 0.3, y: -9.81 }, linearDamping: 0.2 });
      world.createBody({ type: 'static', y: -3, halfWidth: 10, halfHeight: 1 });
      for (let k = 0; k < 10; k++) {
        const extra = explicit ? { gravityScale: 1, linearDamping: 0 } : {};
        world.createBody({ x: k * 0.3 - 1.5, y: k, vx: k - 5, radius: 0.2, ...extra });
      }
      return world;
    };
    const a = make(false);
    const b = make(true);
    run(a, 120);
    run(b, 120);
    expect(stateHash(b)).toBe(stateHash(a));
  });

  it('bad values are refused naming the field, in definitions and setters', () => {
    const world = new World();
    const b = world.createBody();
    expectRefused(world, () => world.createBody({ linearDamping: -1 }), 'body.linearDamping', '-1');
    expectRefused(world, () => world.createBody({ gravityScale: NaN }), 'body.gravityScale', 'NaN');
    expectRefused(world, () => world.createBody({ gravityScale: 1e4 }), 'body.gravityScale', '10000');
    expectRefused(world, () => b.setLinearDamping(Infinity), 'linearDamping', 'Infinity');
    expectRefused(world, () => b.setGravityScale('2' as never), 'gravityScale', '"2"');
  });

  it('both survive a snapshot round trip', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ linearDamping: 2, gravityScale: 0.5, vx: 3 });
    const copy = roundTrip(world);
    const b = copy.getBody(0);
    expect([b?.linearDamping, b?.gravityScale]).toEqual([2, 0.5]);
    run(world, 30);
    run(copy, 30);
    expect(stateHash(copy)).toBe(stateHash(world));
  });
});
