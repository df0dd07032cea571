/**
 * The benchmark's pile with its moving bodies made in random order (the walls first), as a game
 * may make them: their numbers then say nothing of where they lie, so homes by number leave
 * nearly every row on a border (src/physics/place-homes.ts).
 */
import type { World } from '../../../src/physics/index';
import { mulberry32 } from '../../../src/physics/random';
import { addSceneBodies } from '../../../src/scenes/arena';
import { pileBodies } from '../../../src/scenes/pile';

/** Builds pile(`count`) into an empty world, its moving bodies shuffled by `seed`. */
export function shuffledPile(world: World, options: { count: number; seed?: number }): void {
  // pile()'s options, then its bodies in another order.
  world.setOptions({ gravity: { x: 0, y: -10 }, linearDamping: 0, enableSleep: false });
  const bodies = pileBodies(options.count);
  const walls = bodies.filter((b) => b.isStatic);
  const moving = bodies.filter((b) => !b.isStatic);
  const random = mulberry32(options.seed ?? 7);
  for (let i = moving.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moving[i], moving[j]] = [moving[j], moving[i]];
  }
  addSceneBodies(world, [...walls, ...moving]);
}
