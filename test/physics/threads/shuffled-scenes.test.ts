/**
 * The benchmark's scenes made in other orders (shuffled-scenes.ts) must be the same scenes: the
 * same bodies where the scene puts them, only made in another order, or `npm run ab` would
 * compare one scene with another.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { crowd } from '../../../src/scenes/crowd';
import { pile } from '../../../src/scenes/pile';
import { SPLIT_GAP, columnPile, shuffledCrowd, shuffledPile, splitPile } from './shuffled-scenes';

type Build = (world: World, options: { count: number }) => void;

/** Each body of the scene as a line of text, in the order made. */
function bodiesOf(build: Build, count: number): string[] {
  const world = new World();
  build(world, { count });
  return world.getBodies().map((b) => `${b.type} ${b.x} ${b.y} ${b.halfWidth} ${b.halfHeight} ${b.radius} ${b.vx} ${b.vy}`);
}

describe('the benchmark pile made in other orders', () => {
  const made = bodiesOf(pile, 1000);

  it.each([
    ['shuffled', shuffledPile],
    ['left to right', columnPile],
  ] as Array<[string, Build]>)('%s, holds the same bodies as the pile', (_, build) => {
    const other = bodiesOf(build, 1000);
    expect(other).toHaveLength(made.length);
    expect([...other].sort()).toEqual([...made].sort());
    expect(other).not.toEqual(made);
  });

  it('left to right, makes its walls first and then its moving bodies in order of x', () => {
    const world = new World();
    columnPile(world, { count: 1000 });
    const bodies = world.getBodies();
    const firstMoving = bodies.findIndex((b) => b.type !== 'static');
    expect(bodies.slice(firstMoving).every((b) => b.type !== 'static')).toBe(true);
    for (let k = firstMoving + 1; k < bodies.length; k++) expect(bodies[k].x).toBeGreaterThanOrEqual(bodies[k - 1].x);
  });
});

describe('the split pile', () => {
  it('is the pile without the bodies near x = 0, a wall there, its moving bodies in order of x', () => {
    const world = new World();
    splitPile(world, { count: 1000 });
    const bodies = world.getBodies();
    const moving = bodies.filter((b) => b.type !== 'static');
    const middle = bodies.filter((b) => b.type === 'static' && b.x === 0 && b.halfWidth < 1);
    expect(middle).toHaveLength(1);
    const pileWorld = new World();
    pile(pileWorld, { count: 1000 });
    const kept = pileWorld.getBodies().filter((b) => b.type !== 'static' && Math.abs(b.x) > SPLIT_GAP);
    expect(moving).toHaveLength(kept.length);
    expect(kept.length).toBeGreaterThanOrEqual(900);
    expect(bodies.findIndex((b) => b.type !== 'static')).toBe(bodies.length - moving.length);
    for (let k = 1; k < moving.length; k++) expect(moving[k].x).toBeGreaterThanOrEqual(moving[k - 1].x);
    // No moving body reaches into the wall: the halves start apart.
    for (const b of moving) expect(Math.abs(b.x) - b.halfWidth - b.radius).toBeGreaterThan(middle[0].halfWidth);
  });

  it('keeps its halves apart: after two seconds every body is on the side it started on', () => {
    const world = new World();
    splitPile(world, { count: 1000 });
    const moving = world.getBodies().filter((b) => b.type !== 'static');
    const sides = moving.map((b) => Math.sign(b.x));
    for (let k = 0; k < 120; k++) world.step(1 / 60);
    expect(moving.map((b) => Math.sign(b.x))).toEqual(sides);
  });
});

describe('the reordered scenes repeat their scene\'s world options', () => {
  const optionsOf = (build: Build): unknown => {
    const world = new World();
    build(world, { count: 10 });
    return world.options;
  };

  it.each([
    ['shuffled pile', shuffledPile, pile],
    ['column pile', columnPile, pile],
    ['split pile', splitPile, pile],
    ['shuffled crowd', shuffledCrowd, crowd],
  ] as Array<[string, Build, Build]>)('%s', (_, build, original) => {
    expect(optionsOf(build)).toEqual(optionsOf(original));
  });
});
