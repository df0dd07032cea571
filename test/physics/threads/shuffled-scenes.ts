/**
 * The benchmark's pile and crowd with their moving bodies made in random order (the walls
 * first), as a game may make them: their numbers then say nothing of where they lie, so homes
 * by number leave nearly every row on a border (src/physics/place-homes.ts); the pile made
 * from left to right, the other way round: numbers that follow place; and that pile cut in two
 * by a wall (`splitPile`). `npm run ab` copies
 * this file into older commits' checkouts (test/bench/ab.ts), so it takes from src/scenes only
 * what they export too: the layouts, not PILE_OPTIONS or CROWD_OPTIONS, whose values it repeats.
 */
import type { World } from '../../../src/physics/index';
import { mulberry32 } from '../../../src/physics/random';
import { addSceneBodies, type SceneBody } from '../../../src/scenes/arena';
import { crowdBodies } from '../../../src/scenes/crowd';
import { pileBodies } from '../../../src/scenes/pile';

interface ShuffledOptions {
  count: number;
  /** Draws the order (the layout is the scene's own). */
  seed?: number;
}

/** pile()'s and crowd()'s world options, repeated (see above). */
const PILE_OPTIONS = { gravity: { x: 0, y: -10 }, linearDamping: 0, enableSleep: false };
const CROWD_OPTIONS = { gravity: { x: 0, y: 0 }, linearDamping: 0, enableSleep: false };

/** Builds pile(`count`) into an empty world, its moving bodies made in an order drawn by `seed`. */
export function shuffledPile(world: World, options: ShuffledOptions): void {
  world.setOptions(PILE_OPTIONS);
  addReordered(world, pileBodies(options.count), (moving) => shuffle(moving, options.seed));
}

/** Builds crowd(`count`) into an empty world, its moving bodies made in an order drawn by `seed`. */
export function shuffledCrowd(world: World, options: ShuffledOptions): void {
  world.setOptions(CROWD_OPTIONS);
  addReordered(world, crowdBodies(options.count), (moving) => shuffle(moving, options.seed));
}

/**
 * Builds pile(`count`) into an empty world, its moving bodies made from left to right (by their
 * starting x): numbers that follow place, so that homes by number meet along a vertical seam
 * 25 bodies high instead of across the pile's whole width.
 */
export function columnPile(world: World, options: ShuffledOptions): void {
  world.setOptions(PILE_OPTIONS);
  addReordered(world, pileBodies(options.count), (moving) => moving.sort((p, q) => p.x - q.x));
}

/** Makes the scene's walls first, then its moving bodies in the order `reorder` puts them (in place). */
function addReordered(world: World, bodies: SceneBody[], reorder: (moving: SceneBody[]) => void): void {
  const walls = bodies.filter((b) => b.isStatic);
  const moving = bodies.filter((b) => !b.isStatic);
  reorder(moving);
  addSceneBodies(world, [...walls, ...moving]);
}

/** Shuffles `list` in place, in an order drawn by `seed`. */
function shuffle(list: SceneBody[], seed = 7): void {
  const random = mulberry32(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}

/** Half the thickness of the split pile's middle wall (m). */
const SPLIT_WALL_HALF = 0.25;
/** The bodies whose centres lie this near x = 0 are left out of the split pile (m): the wall's half thickness, a body's half extent and a margin. */
export const SPLIT_GAP = 1.1;

/**
 * pile(`count`) cut in two by a static wall at x = 0 from floor to ceiling, its moving bodies
 * made from left to right: two half piles apart in one world. On two threads homes by number
 * are then about its halves; where the cut between them falls at the wall, no row joins them
 * and no body is written by both threads, the most a split into regions could give. (The cut
 * follows the walks' times, so left alone it lands a column or so off the wall: the bench
 * README.) The bodies that would lie in the wall are left out (50 of 10,000).
 */
export function splitPile(world: World, options: ShuffledOptions): void {
  world.setOptions(PILE_OPTIONS);
  const bodies = pileBodies(options.count).filter((b) => b.isStatic || Math.abs(b.x) > SPLIT_GAP);
  const walls = bodies.filter((b) => b.isStatic);
  const top = Math.max(...walls.map((b) => b.y + b.halfHeight));
  const bottom = Math.min(...walls.map((b) => b.y - b.halfHeight));
  bodies.push({ isStatic: true, x: 0, y: (top + bottom) / 2, halfWidth: SPLIT_WALL_HALF, halfHeight: (top - bottom) / 2, radius: 0, vx: 0, vy: 0 });
  addReordered(world, bodies, (moving) => moving.sort((p, q) => p.x - q.x));
}
