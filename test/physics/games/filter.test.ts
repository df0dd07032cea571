/**
 * Issue 14, collision filtering: category, mask and group with Box2D's rule, filtered in the
 * broadphase pair search (filtered pairs never exist), re-evaluated when a filter changes.
 */
import { describe, expect, it } from 'vitest';
import { World, type Body, type BodyDef } from '../../../src/physics/index';
import { expectRefused, internals, roundTrip, run, stateHash } from '../helpers';

/** A ball dropped onto a floor, each with its own filter; returns the ball after 1 s. */
function drop(floorFilter: BodyDef, ballFilter: BodyDef): Body {
  const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
  world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, ...floorFilter });
  const ball = world.createBody({ y: 1, radius: 0.5, ...ballFilter });
  run(world, 60);
  return ball;
}

const lands = (ball: Body): boolean => ball.y > 0;

describe('collision filtering (Box2D rule)', () => {
  it('defaults collide', () => {
    expect(lands(drop({}, {}))).toBe(true);
  });

  const cases: Array<[string, BodyDef, BodyDef, boolean]> = [
    ['mask without the other category', { category: 2 }, { mask: 1 }, false],
    ['the other direction', { mask: 4 }, { category: 2 }, false],
    ['both masks allow', { category: 2, mask: 1 }, { category: 1, mask: 2 }, true],
    ['category 0 collides with nothing', { category: 0 }, {}, false],
    ['the top bit works (32 bits)', { category: 0x80000000 }, { mask: 0x80000000 }, true],
    ['same positive group always collides, even when masks forbid', { group: 3, mask: 0 }, { group: 3, mask: 0 }, true],
    ['same negative group never collides', { group: -3 }, { group: -3 }, false],
    ['different groups fall back to the masks', { group: -3, category: 2 }, { group: -4, mask: 1 }, false],
    ['different negative groups with default masks collide', { group: -3 }, { group: -4 }, true],
  ];
  for (const [name, floor, ball, collide] of cases) {
    it(`${name}: ${collide ? 'collides' : 'passes'}`, () => {
      expect(lands(drop(floor, ball))).toBe(collide);
    });
  }

  it('filtered pairs never reach the narrowphase: they are not in the pair cache', () => {
    const world = new World();
    world.createBody({ x: 0, radius: 0.5, group: -1 });
    world.createBody({ x: 0.2, radius: 0.5, group: -1 });
    world.createBody({ x: 0.4, radius: 0.5 });
    const { bp } = internals(world);
    expect(bp.pairs.count).toBe(2); // 0-2 and 1-2, never 0-1
    expect(bp.pairs.find(0, 1)).toBe(-1);
    world.step(1 / 60);
    expect(world.stats.pairs).toBe(2);
  });

  it('setFilter drops a touching pair at once (with contactEnd) and restores it later', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: false });
    const floor = world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
    const ball = world.createBody({ y: 0.5, radius: 0.5, restitution: 0 });
    const events: string[] = [];
    world.on('contactBegin', () => events.push('begin'));
    world.on('contactEnd', () => events.push('end'));
    run(world, 10);
    expect(events).toEqual(['begin']);
    ball.setFilter({ mask: 0 });
    world.step(1 / 60);
    expect(events).toEqual(['begin', 'end']);
    expect(internals(world).bp.pairs.find(floor.id, ball.id)).toBe(-1);
    run(world, 20);
    expect(ball.y).toBeLessThan(0);
    ball.setPosition(0, 2);
    ball.setFilter({ mask: 0xffffffff });
    run(world, 90);
    expect(ball.y).toBeGreaterThan(0.4);
    expect([ball.category, ball.mask, ball.group]).toEqual([1, 0xffffffff, 0]);
  });

  it('a filter change wakes a sleeper that now falls', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, timeToSleep: 0.1 });
    const floor = world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
    const ball = world.createBody({ y: 0.5, radius: 0.5, restitution: 0 });
    run(world, 120);
    expect(ball.isAwake).toBe(false);
    floor.setFilter({ category: 2, mask: 2 });
    run(world, 30);
    expect(ball.y).toBeLessThan(0);
  });

  it('bad filters are refused naming the field and the value; nothing changes', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const b = world.createBody({ category: 2 });
    expectRefused(world, () => world.createBody({ category: -1 }), 'body.category', '-1');
    expectRefused(world, () => world.createBody({ mask: 2 ** 32 }), 'body.mask', '4294967296');
    expectRefused(world, () => world.createBody({ group: 1.5 }), 'body.group', '1.5');
    expectRefused(world, () => world.createBody({ group: 2 ** 31 }), 'body.group', '2147483648');
    // All fields are checked before any applies.
    expectRefused(world, () => b.setFilter({ category: 4, mask: NaN }), 'filter.mask', 'NaN');
    expectRefused(world, () => b.setFilter({ colour: 1 } as never), 'filter', '"colour"');
    expectRefused(world, () => b.setFilter(null as never), 'filter', 'null');
    expect(b.category).toBe(2);
  });

  it('filters survive a snapshot, and a snapshot pairing bodies whose filters exclude each other is refused', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, category: 2 });
    world.createBody({ y: 1, radius: 0.5, mask: 1, group: -7 });
    world.createBody({ x: 3, y: 1, radius: 0.5, category: 5 });
    run(world, 10);
    const copy = roundTrip(world);
    expect([copy.getBody(1)?.mask, copy.getBody(1)?.group, copy.getBody(2)?.category]).toEqual([1, -7, 5]);
    run(world, 30);
    run(copy, 30);
    expect(stateHash(copy)).toBe(stateHash(world));

    const json = world.toJSON();
    const body = json.bodies.find((b) => b.id === 2);
    if (body === undefined) throw new Error('no body 2');
    body.mask = 0; // body 2 rests on the floor: its pair is now one the filter forbids
    expect(() => World.fromJSON(json)).toThrow(/snapshot\.pairs: bodies 0 and 2 .*collision filters exclude each other/);
  });
});
