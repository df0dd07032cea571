/**
 * stress-arena: the crowd, grown in batches. The sandbox's stress ramp (and any benchmark
 * that wants "how many bodies fit in a budget") adds bodies a batch at a time and measures the
 * step after each batch; this scene makes every batch land the way crowd(N) is built.
 *
 * Same bodies, same density, same options as `crowd`: circles (radius 0.5) and 1x1 boxes in
 * turn, one per CELL x CELL cell, with seeded jitter (±0.25 m) and velocity (±5 m/s), no
 * gravity, no damping, no sleep. The floor is a square of `side` cells with its bottom-left
 * corner at the origin; `side` is ceil(√N) for N bodies, as in crowd(N), so at every count
 * the ramp measures a crowd as dense as the benchmark's.
 *
 * Growing: cells are numbered in square shells (cell k² .. (k+1)² - 1 is the column and the
 * row that turn a k x k square into a (k+1) x (k+1) one), so the first N cells always fill the
 * ceil(√N) square. A batch first moves the right and top walls out to fit the new count (the
 * space they uncover is empty: it was wall), then puts each body in the next cell whose box
 * no body overlaps. Bodies wander, so a cell opened by an earlier batch may be taken: it is
 * skipped, and if the shells run out the arena grows one more cell per side. No new body ever
 * overlaps an existing one, and every batch places all its bodies.
 */
import { mulberry32, type Body, type Random, type World } from '../physics/index';
import { CELL, addSceneBodies, arenaBodies } from './arena';
import { CROWD_OPTIONS, type CountOptions } from './crowd';

/** Half the extent of a stress body (a circle of radius 0.5 or a 1x1 box), m. */
const BODY_HALF = 0.5; // m
/** Clearance a new body keeps from every other body when placed, m. */
const PLACE_GAP = 0.05; // m
/** Most jitter of a body from its cell's centre, per axis, m (as `arenaBodies`). */
const JITTER = 0.25; // m
/** Most speed of a new body per axis, m/s (as `arenaBodies`). */
const SPEED = 5; // m/s

/** A stress arena in a world: its walls and how far it has grown. Plain data; mutate only through the functions here. */
export interface StressArena {
  /** Bottom, top, left and right wall. */
  readonly walls: readonly Body[];
  /** Cells per side of the floor. */
  side: number;
  /** Next cell to try, in shell order. */
  nextCell: number;
  /** Bodies placed so far (circles at even counts, boxes at odd ones). */
  added: number;
  /** Jitter and velocity of new bodies. */
  readonly random: Random;
}

/** Column and row of cell `index` in shell order (see the file comment). Does not allocate when `out` is given. */
export function shellCell(index: number, out: { col: number; row: number } = { col: 0, row: 0 }): { col: number; row: number } {
  const k = Math.floor(Math.sqrt(index));
  const j = index - k * k;
  if (j <= k) {
    out.col = k;
    out.row = j;
  } else {
    out.col = j - k - 1;
    out.row = k;
  }
  return out;
}

/** Cells per side of a floor that holds `count` bodies at crowd density (≥ 1). */
export function stressArenaSide(count: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(count)));
}

/**
 * Builds the walls (and `count` bodies, default 0) into an empty `world`, sets crowd's
 * options, and returns the arena to grow. Allocates.
 */
export function stressArena(world: World, options: Partial<CountOptions> = {}): StressArena {
  world.setOptions(CROWD_OPTIONS);
  const first = world.bodyCount;
  addSceneBodies(world, arenaBodies(0, 1, CELL, CELL));
  const walls = world.getBodies().slice(first, first + 4);
  const arena: StressArena = { walls, side: 0, nextCell: 0, added: 0, random: mulberry32(1) };
  resizeWalls(arena, 1);
  const count = options.count ?? 0;
  if (count > 0) growStressArena(world, arena, count);
  return arena;
}

/** Adds `count` bodies to the arena, growing it to fit; returns `count`. Allocates a little per body (the overlap query). */
export function growStressArena(world: World, arena: StressArena, count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new Error(`growStressArena: count must be a whole number ≥ 0, got ${count}`);
  resizeWalls(arena, Math.max(arena.side, stressArenaSide(arena.added + count)));
  const cell = { col: 0, row: 0 };
  const h = BODY_HALF + PLACE_GAP;
  let placed = 0;
  while (placed < count) {
    if (arena.nextCell >= arena.side * arena.side) resizeWalls(arena, arena.side + 1);
    shellCell(arena.nextCell++, cell);
    const r = arena.random;
    const jx = (2 * r() - 1) * JITTER;
    const jy = (2 * r() - 1) * JITTER;
    const vx = (2 * r() - 1) * SPEED;
    const vy = (2 * r() - 1) * SPEED;
    const x = (cell.col + 0.5) * CELL + jx;
    const y = (cell.row + 0.5) * CELL + jy;
    if (world.queryBox(x - h, y - h, x + h, y + h).length > 0) continue;
    const circle = arena.added % 2 === 0;
    world.createBody({
      x,
      y,
      vx,
      vy,
      halfWidth: circle ? 0 : BODY_HALF,
      halfHeight: circle ? 0 : BODY_HALF,
      radius: circle ? BODY_HALF : 0,
      restitution: 0.5,
      density: 1,
    });
    arena.added++;
    placed++;
  }
  return placed;
}

/** The floor's bounds (m), walls excluded. */
export function stressArenaBounds(arena: StressArena): { minX: number; minY: number; maxX: number; maxY: number } {
  const size = arena.side * CELL;
  return { minX: 0, minY: 0, maxX: size, maxY: size };
}

/** Moves the walls so the floor is `side` cells square, bottom-left corner at the origin. */
function resizeWalls(arena: StressArena, side: number): void {
  if (side === arena.side) return;
  const size = side * CELL;
  // The same wall layout as every arena scene, shifted so the floor starts at the origin.
  const layout = arenaBodies(0, 1, size, size);
  for (let k = 0; k < 4; k++) {
    const wall = arena.walls[k];
    const w = layout[k];
    wall.setShape(w.halfWidth, w.halfHeight, w.radius);
    wall.setPosition(w.x + size / 2, w.y + size / 2);
  }
  arena.side = side;
}
