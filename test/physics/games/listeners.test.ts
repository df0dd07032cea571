/**
 * Issue 14, listeners are isolated: one throwing does not cost another its events, one removing
 * itself does not make the next one miss, and names like '__proto__' are unknown types.
 */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../../src/physics/index';

/** Balls falling onto a floor one after another: a contactBegin every few steps. */
function rain(): { world: World; floor: Body } {
  const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
  const floor = world.createBody({ type: 'static', y: -1, halfWidth: 50, halfHeight: 1 });
  for (let k = 0; k < 40; k++) world.createBody({ x: -40 + 2 * k, y: 1 + 0.4 * k, radius: 0.5, restitution: 0 });
  return { world, floor };
}

function runCatching(world: World, steps: number): unknown[] {
  const errors: unknown[] = [];
  for (let k = 0; k < steps; k++) {
    try {
      world.step(1 / 60);
    } catch (e) {
      errors.push(e);
    }
  }
  return errors;
}

describe('listener isolation', () => {
  it('a throwing listener costs no other listener an event; the first error is rethrown from step', () => {
    const reference = rain().world;
    let expected = 0;
    reference.on('contactBegin', () => expected++);
    runCatching(reference, 300);
    expect(expected).toBeGreaterThanOrEqual(40);

    const { world } = rain();
    let before = 0;
    let after = 0;
    world.on('contactBegin', () => before++);
    const stopThrowing = world.on('contactBegin', () => {
      throw new Error('boom');
    });
    world.on('contactBegin', () => after++);
    const errors = runCatching(world, 300);
    expect(before).toBe(expected);
    expect(after).toBe(expected);
    expect(errors.length).toBeGreaterThan(0);
    expect((errors[0] as Error).message).toBe('boom');
    // The world is usable after a listener threw (once that listener is gone).
    stopThrowing();
    expect(() => world.step(1 / 60)).not.toThrow();
  });

  it('a listener removing itself during dispatch does not make the next one miss an event', () => {
    const { world } = rain();
    let total = 0;
    world.on('contactBegin', () => total++);
    const reference = runCatching(world, 300);
    expect(reference).toEqual([]);

    const second = rain().world;
    let onceCalls = 0;
    let next = 0;
    const off = second.on('contactBegin', () => {
      onceCalls++;
      off();
    });
    second.on('contactBegin', () => next++);
    runCatching(second, 300);
    expect(onceCalls).toBe(1);
    expect(next).toBe(total);
  });

  it('a listener removed by another during dispatch gets no further events', () => {
    const { world } = rain();
    let calls = 0;
    const victim = (): void => {
      calls++;
    };
    world.on('contactBegin', () => world.off('contactBegin', victim));
    world.on('contactBegin', victim);
    runCatching(world, 300);
    expect(calls).toBe(0);
  });

  for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'contactbegin', '']) {
    it(`on and off with ${JSON.stringify(name)} throw the documented Error`, () => {
      const world = new World();
      expect(() => world.on(name as never, () => {})).toThrow(`on: unknown event type ${JSON.stringify(name)}`);
      expect(() => world.off(name as never, () => {})).toThrow(`off: unknown event type ${JSON.stringify(name)}`);
    });
  }

  it('a non-string type and a non-function listener are refused', () => {
    const world = new World();
    expect(() => world.on(5 as never, () => {})).toThrow(/on: unknown event type 5/);
    expect(() => world.on('contactBegin', 'f' as never)).toThrow(/listener must be a function, got "f"/);
  });
});
