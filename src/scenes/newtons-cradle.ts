/**
 * newtonsCradle: a row of equal balls a hair apart, perfectly elastic and frictionless, with no
 * gravity, and a striker rolling into one end. The momentum it brings comes out at the other
 * end, the balls between passing it on without moving off.
 *
 * Why a hair apart: the textbook cradle is a chain of two-ball collisions, one after another,
 * and a gap makes each one a separate impact, solved as such. Balls pressed together are one
 * contact problem instead, solved all at once, as every rigid-body solver with simultaneous
 * contacts does (Box2D's too): the hit is then shared along the row and the striker bounces
 * back.
 */
import type { World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the cradle. */
export interface NewtonsCradleOptions {
  /** Balls in the row, not counting the striker. Default 5. */
  balls?: number;
  /** Speed of the striker, m/s. Default 8. */
  strikerSpeed?: number;
}

const BALL_RADIUS = 0.5; // m
const ROOM_WIDTH = 30; // m, inner, so the last ball travels a while before the wall
/**
 * Between neighbouring balls (m): wider than the speculative distance (0.02 m), so that each
 * pair meets as an impact rather than resting contact; small beside a 1 m ball.
 */
const GAP = 0.05;

/** Builds the row, the striker and walls far away on both sides into `world`. */
export function newtonsCradle(world: World, options: NewtonsCradleOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: 0, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, ROOM_WIDTH, 6));
  for (const wall of world.getBodies()) wall.setRestitution(1);
  const balls = options.balls ?? 5;
  const ball = (x: number, vx: number): void => {
    world.createBody({ x, y: 0, vx, radius: BALL_RADIUS, restitution: 1, friction: 0 });
  };
  // Centres one diameter and a gap apart, the row centred on the origin.
  const pitch = 2 * BALL_RADIUS + GAP;
  const first = (-(balls - 1) * pitch) / 2;
  for (let i = 0; i < balls; i++) ball(first + i * pitch, 0);
  ball(first - 6 * BALL_RADIUS, options.strikerSpeed ?? 8);
}
