/**
 * The benchmark's scenes made in other orders (shuffled-scenes.ts) must be the same scenes: the
 * same bodies where the scene puts them, only made in another order, or `npm run ab` would
 * compare one scene with another.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { crowd } from '../../../src/scenes/crowd';
import { pile } from '../../../src/scenes/pile';
import { columnPile, shuffledCrowd, shuffledPile } from './shuffled-scenes';

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

describe('the reordered scenes repeat their scene\'s world options', () => {
  const optionsOf = (build: Build): unknown => {
    const world = new World();
    build(world, { count: 10 });
    return world.options;
  };

  it.each([
    ['shuffled pile', shuffledPile, pile],
    ['column pile', columnPile, pile],
    ['shuffled crowd', shuffledCrowd, crowd],
  ] as Array<[string, Build, Build]>)('%s', (_, build, original) => {
    expect(optionsOf(build)).toEqual(optionsOf(original));
  });
});
