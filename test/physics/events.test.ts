/** Contact events: delivered after the step, never re-entrantly, and ended by destroyBody. */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../src/physics/index';

function ballOnFloor(): { world: World; ball: Body; floor: Body } {
  const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
  const floor = world.createBody({ type: 'static', y: -1, halfWidth: 5, halfHeight: 1, radius: 0, restitution: 0 });
  const ball = world.createBody({ y: 0.6, radius: 0.5, restitution: 0 });
  return { world, ball, floor };
}

describe('contact events', () => {
  it('a listener cannot step the world', () => {
    const { world } = ballOnFloor();
    const errors: unknown[] = [];
    world.on('contactBegin', () => {
      try {
        world.step(1 / 60);
      } catch (e) {
        errors.push(e);
      }
    });
    for (let k = 0; k < 30; k++) world.step(1 / 60);
    expect(errors.length).toBe(1);
    expect((errors[0] as Error).message).toMatch(/step: called from inside a step or a contact listener/);
  });

  it('destroying a touching body ends its contacts, with a stale handle', () => {
    const { world, ball, floor } = ballOnFloor();
    const seen: string[] = [];
    world.on('contactBegin', (a, b) => seen.push(`begin ${a.id}-${b.id}`));
    world.on('contactEnd', (a, b) => seen.push(`end ${a.id}-${b.id} ${a.isValid} ${b.isValid}`));
    for (let k = 0; k < 30; k++) world.step(1 / 60);
    expect(seen).toEqual([`begin ${floor.id}-${ball.id}`]);
    world.destroyBody(ball);
    world.createBody({ x: 3, y: 3 }); // reuses the slot before the events are handed out
    world.step(1 / 60);
    expect(seen).toEqual([`begin ${floor.id}-${ball.id}`, `end ${floor.id}-${ball.id} true false`]);
  });

  it('null is not a missing field', () => {
    const world = new World();
    expect(() => world.createBody({ radius: null as unknown as number })).toThrow(/radius must be a finite number, got null/);
    expect(world.bodyCount).toBe(0);
  });
});
