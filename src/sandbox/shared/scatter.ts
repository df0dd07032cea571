/**
 * "Spawn N": bodies at random free spots of a region. Shared by the page (physics on the main
 * thread) and the physics worker, so both place bodies the same way.
 */
import type { Random, World } from '../../physics/index';
import type { Bounds } from './camera';

/** Tries to find a free spot per body. */
const SCATTER_TRIES = 12;

/**
 * Calls `spawn(x, y)` for up to `count` random spots (m) inside `bounds`, kept `size` m from
 * its edges, where no body overlaps a box of 0.55·size half extent. `spawn` answers whether
 * it made a body. Returns how many it made. Allocates per try (the overlap query).
 */
export function scatter(
  world: World,
  bounds: Bounds,
  size: number,
  count: number,
  random: Random,
  spawn: (x: number, y: number) => boolean,
): number {
  const b = bounds;
  const h = size * 0.55;
  let made = 0;
  for (let n = 0; n < count; n++) {
    for (let attempt = 0; attempt < SCATTER_TRIES; attempt++) {
      const x = b.minX + size + random() * Math.max(0, b.maxX - b.minX - 2 * size);
      const y = b.minY + size + random() * Math.max(0, b.maxY - b.minY - 2 * size);
      if (world.queryBox(x - h, y - h, x + h, y + h).length > 0) continue;
      if (spawn(x, y)) made++;
      break;
    }
  }
  return made;
}

/** What "spawn N" tells the user: how many it made of how many asked, and why not all. */
export function scatterReport(made: number, asked: number): string {
  const n = (v: number): string => v.toLocaleString('en-US');
  if (made === asked) return `Spawned ${n(made)} ${made === 1 ? 'body' : 'bodies'}.`;
  if (made === 0) return `Spawned none of ${n(asked)}: the scene has no free room for a body of this size. Try a smaller size, or remove some bodies.`;
  return `Spawned ${n(made)} of ${n(asked)}: the scene had no free room for more at this size.`;
}
