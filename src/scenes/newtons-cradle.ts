/**
 * newtonsCradle: a row of equal balls just touching, perfectly elastic and frictionless, with
 * no gravity, and a striker rolling into one end. The momentum it brings should come out at the
 * other end, the balls between passing it on without moving off.
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

/** Builds the row, the striker and walls far away on both sides into `world`. */
export function newtonsCradle(world: World, options: NewtonsCradleOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: 0, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, ROOM_WIDTH, 6));
  for (const wall of world.getBodies()) wall.setRestitution(1);
  const balls = options.balls ?? 5;
  const ball = (x: number, vx: number): void => {
    world.createBody({ x, y: 0, vx, radius: BALL_RADIUS, restitution: 1, friction: 0 });
  };
  // Touching: centres one diameter apart, the row centred on the origin.
  const first = -(balls - 1) * BALL_RADIUS;
  for (let i = 0; i < balls; i++) ball(first + 2 * i * BALL_RADIUS, 0);
  ball(first - 6 * BALL_RADIUS, options.strikerSpeed ?? 8);
}
