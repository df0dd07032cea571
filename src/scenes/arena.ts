/**
 * The box every benchmark scene lives in, and its grid of bodies: shared so that crowd and pile
 * (and the matching scenes of other engines in the benchmark) are built by one definition.
 */
import { mulberry32, type World } from '../physics/index';

/** Thickness of arena walls (m). */
export const WALL_THICKNESS = 4; // m
/** Grid spacing of scene bodies (m). */
export const CELL = 1.6; // m

/** One wall or body of a scene, engine-neutral: centre, half extents, radius (m), velocity (m/s). */
export interface SceneBody {
  isStatic: boolean;
  x: number;
  y: number;
  halfWidth: number;
  halfHeight: number;
  radius: number;
  vx: number;
  vy: number;
}

/**
 * Walls whose inner faces bound [-width/2, width/2] x [-height/2, height/2], then `count`
 * bodies on a `cols`-wide grid from the bottom-left: circles (radius 0.5) at even i, 1x1 boxes
 * at odd i, each with seeded jitter (±0.25 m) and velocity (±5 m/s), drawn in the order
 * jx, jy, vx, vy from mulberry32(seed), seed 1 unless given. Allocates the list.
 */
export function arenaBodies(count: number, cols: number, width: number, height: number, seed = 1): SceneBody[] {
  const out: SceneBody[] = [];
  const t = WALL_THICKNESS / 2;
  const wall = (x: number, y: number, halfWidth: number, halfHeight: number): void => {
    out.push({ isStatic: true, x, y, halfWidth, halfHeight, radius: 0, vx: 0, vy: 0 });
  };
  wall(0, -height / 2 - t, width / 2 + WALL_THICKNESS, t);
  wall(0, height / 2 + t, width / 2 + WALL_THICKNESS, t);
  wall(-width / 2 - t, 0, t, height / 2);
  wall(width / 2 + t, 0, t, height / 2);
  const random = mulberry32(seed);
  for (let i = 0; i < count; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const jx = (2 * random() - 1) * 0.25;
    const jy = (2 * random() - 1) * 0.25;
    const vx = (2 * random() - 1) * 5;
    const vy = (2 * random() - 1) * 5;
    const circle = i % 2 === 0;
    out.push({
      isStatic: false,
      x: -width / 2 + (col + 0.5) * CELL + jx,
      y: -height / 2 + (row + 0.5) * CELL + jy,
      halfWidth: circle ? 0 : 0.5,
      halfHeight: circle ? 0 : 0.5,
      radius: circle ? 0.5 : 0,
      vx,
      vy,
    });
  }
  return out;
}

/**
 * Creates the scene bodies in `world` with restitution 0.5, density 1 and friction 0: the
 * benchmark's peers run frictionless, so its scenes do too.
 */
export function addSceneBodies(world: World, bodies: readonly SceneBody[]): void {
  // The count is known: room for exactly these, not the next doubling.
  world.reserve(world.bodyCount + bodies.length);
  for (const b of bodies) {
    world.createBody({
      type: b.isStatic ? 'static' : 'dynamic',
      x: b.x,
      y: b.y,
      vx: b.vx,
      vy: b.vy,
      halfWidth: b.halfWidth,
      halfHeight: b.halfHeight,
      radius: b.radius,
      restitution: 0.5,
      density: 1,
      friction: 0,
    });
  }
}
