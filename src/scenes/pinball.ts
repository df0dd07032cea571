/**
 * pinball: balls fall under gravity through a field of static bumpers (rounded rects, capsules
 * and discs) with full restitution, so every bounce is lively.
 */
import { mulberry32, type World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the pinball scene. */
export interface PinballOptions {
  /** Balls dropped in from the top. Default 40. */
  balls?: number;
  /** Seed of the balls' jitter. Default 7. */
  seed?: number;
}

const WIDTH = 24; // m, inner
const HEIGHT = 36; // m, inner

/** Builds the table, the bumpers and the balls into `world`. */
export function pinball(world: World, options: PinballOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: -10 }, linearDamping: 0, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, WIDTH, HEIGHT));
  const bumper = (x: number, y: number, halfWidth: number, halfHeight: number, radius: number): void => {
    world.createBody({ type: 'static', x, y, halfWidth, halfHeight, radius, restitution: 1 });
  };
  // Staggered rows: rounded rects, then capsules, then discs, so every kind of corner shows.
  for (let row = 0; row < 4; row++) {
    const y = 8 - row * 5;
    const shift = row % 2 === 0 ? 0 : 3;
    for (let x = -9 + shift; x <= 9; x += 6) {
      if (row === 0) bumper(x, y, 1, 0.4, 0.5);
      else if (row === 1) bumper(x, y, 1.2, 0, 0.45);
      else if (row === 2) bumper(x, y, 0, 0, 1);
      else bumper(x, y, 0.6, 0.6, 0.3);
    }
  }
  // Two slingshots above the floor, steering balls back to the middle.
  bumper(-8, -12, 2.5, 0.3, 0.3);
  bumper(8, -12, 2.5, 0.3, 0.3);
  const random = mulberry32(options.seed ?? 7);
  const balls = options.balls ?? 40;
  for (let i = 0; i < balls; i++) {
    world.createBody({
      x: -10 + (i % 10) * 2.2 + random() * 0.4,
      y: 13 + Math.floor(i / 10) * 1.3,
      vx: (random() - 0.5) * 4,
      radius: 0.4,
      restitution: 0.6,
    });
  }
}
