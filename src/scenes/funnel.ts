/**
 * funnel: grains with friction pour under gravity through a V of static discs into a bin. Like
 * the hourglass but with Coulomb friction between grains and glass, so the flow can arch and
 * stall at the neck the way real sand does.
 */
import { mulberry32, type World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the funnel. */
export interface FunnelOptions {
  /** Grains poured. Default 300. */
  grains?: number;
  /** Friction coefficient of grains and glass. Default 0.5. */
  friction?: number;
  /** Half width of the neck, m, to the centres of its discs. Default 2. */
  neckHalfWidth?: number;
  /** Seed of the grains' jitter (default 5): a pour is chaotic, so each seed jams or flows its own way. */
  seed?: number;
}

const TOP_HALF_WIDTH = 10; // m
const NECK_Y = 2; // m, height of the neck above the origin
const TOP_Y = 12; // m
const GLASS_RADIUS = 0.3; // m
const GRAIN_RADIUS = 0.2; // m
/** Height of the funnel's neck, m: grains below it have passed. */
export const FUNNEL_NECK_Y = NECK_Y;

/** Builds the bin, the funnel and the grains above it into `world`. */
export function funnel(world: World, options: FunnelOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: -10 }, linearDamping: 0, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, 2 * TOP_HALF_WIDTH + 2, 2 * TOP_Y + 4));
  const friction = options.friction ?? 0.5;
  for (const wall of world.getBodies()) wall.setFriction(friction);
  const neck = options.neckHalfWidth ?? 2;
  for (const side of [-1, 1]) {
    const x0 = side * TOP_HALF_WIDTH;
    const x1 = side * neck;
    const n = Math.ceil(Math.hypot(x1 - x0, TOP_Y - NECK_Y) / GLASS_RADIUS);
    for (let k = 0; k <= n; k++) {
      const t = k / n;
      world.createBody({ type: 'static', x: x0 + (x1 - x0) * t, y: TOP_Y + (NECK_Y - TOP_Y) * t, radius: GLASS_RADIUS, restitution: 0.1, friction });
    }
  }
  const random = mulberry32(options.seed ?? 5);
  const grains = options.grains ?? 300;
  const pitch = 2 * GRAIN_RADIUS + 0.05; // m between grain centres
  let placed = 0;
  // Rows from just inside the funnel's mouth upwards, clear of the glass.
  for (let y = TOP_Y - 3; placed < grains; y += pitch) {
    const halfWidth = Math.min(TOP_HALF_WIDTH, neck + ((TOP_HALF_WIDTH - neck) * (y - NECK_Y)) / (TOP_Y - NECK_Y)) - 1;
    for (let x = -halfWidth; x <= halfWidth && placed < grains; x += pitch) {
      world.createBody({ x: x + (random() - 0.5) * 0.04, y, radius: GRAIN_RADIUS, restitution: 0.1, friction });
      placed++;
    }
  }
}
