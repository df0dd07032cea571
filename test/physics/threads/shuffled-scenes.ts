/**
 * The benchmark's pile and crowd with their moving bodies made in random order (the walls
 * first), as a game may make them: their numbers then say nothing of where they lie, so homes
 * by number leave nearly every row on a border (src/physics/place-homes.ts).
 */
import type { World } from '../../../src/physics/index';
import { mulberry32 } from '../../../src/physics/random';
import { addSceneBodies, type SceneBody } from '../../../src/scenes/arena';
import { CROWD_OPTIONS, crowdBodies } from '../../../src/scenes/crowd';
import { PILE_OPTIONS, pileBodies } from '../../../src/scenes/pile';

interface ShuffledOptions {
  count: number;
  /** Draws the order (the layout is the scene's own). */
  seed?: number;
}

/** Builds pile(`count`) into an empty world, its moving bodies made in an order drawn by `seed`. */
export function shuffledPile(world: World, options: ShuffledOptions): void {
  world.setOptions(PILE_OPTIONS);
  addShuffled(world, pileBodies(options.count), options.seed);
}

/** Builds crowd(`count`) into an empty world, its moving bodies made in an order drawn by `seed`. */
export function shuffledCrowd(world: World, options: ShuffledOptions): void {
  world.setOptions(CROWD_OPTIONS);
  addShuffled(world, crowdBodies(options.count), options.seed);
}

function addShuffled(world: World, bodies: SceneBody[], seed = 7): void {
  const walls = bodies.filter((b) => b.isStatic);
  const moving = bodies.filter((b) => !b.isStatic);
  const random = mulberry32(seed);
  for (let i = moving.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moving[i], moving[j]] = [moving[j], moving[i]];
  }
  addSceneBodies(world, [...walls, ...moving]);
}
