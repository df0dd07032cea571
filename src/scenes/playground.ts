/**
 * playground: the sandbox's opening scene. A wide room with a few static bumpers (a rounded
 * rect, a capsule, discs) and sixty bodies of every family (discs, boxes, rounded rects,
 * capsules) of mixed sizes, already moving, lively but not frantic: restitution 0.95 and a
 * little floor friction (damping), so it keeps moving for a good while and then settles.
 */
import { mulberry32, type World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the playground. */
export interface PlaygroundOptions {
  /** Moving bodies. Default 60. */
  count?: number;
  /** Seed of positions, shapes and velocities. Default 11. */
  seed?: number;
}

const WIDTH = 40; // m, inner
const HEIGHT = 24; // m, inner
const RESTITUTION = 0.95;
/** Floor friction of the top-down room, 1/s: a body keeps moving for about a minute. */
const DAMPING = 0.02; // 1/s
/** Fastest opening speed, m/s. */
const OPENING_SPEED = 7; // m/s

/** Builds the room, the bumpers and the bodies into an empty `world`. */
export function playground(world: World, options: PlaygroundOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: DAMPING, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, WIDTH, HEIGHT));
  const bumper = (x: number, y: number, halfWidth: number, halfHeight: number, radius: number): void => {
    world.createBody({ type: 'static', x, y, halfWidth, halfHeight, radius, restitution: 1 });
  };
  bumper(0, 0, 2, 0.5, 0.6);
  bumper(-11, 5, 0, 1.4, 0.6);
  bumper(11, -5, 0, 1.4, 0.6);
  bumper(-11, -6, 0, 0, 1.2);
  bumper(11, 6, 0, 0, 1.2);
  const random = mulberry32(options.seed ?? 11);
  const count = options.count ?? 60;
  const cols = 12;
  for (let i = 0; i < count; i++) {
    const size = 0.5 + random() * 0.7; // half size, m
    const angle = random() * Math.PI * 2;
    const speed = OPENING_SPEED * (0.4 + 0.6 * random());
    const family = i % 4;
    const shape =
      family === 0
        ? { halfWidth: 0, halfHeight: 0, radius: size }
        : family === 1
          ? { halfWidth: size, halfHeight: size * (0.6 + random() * 0.4), radius: 0 }
          : family === 2
            ? { halfWidth: size * 0.6, halfHeight: size * 0.5, radius: size * 0.4 }
            : { halfWidth: size * 0.8, halfHeight: 0, radius: size * 0.5 };
    world.createBody({
      x: -WIDTH / 2 + 2.2 + (i % cols) * ((WIDTH - 4.4) / (cols - 1)),
      y: -HEIGHT / 2 + 2.5 + Math.floor(i / cols) * 4.6 + (random() - 0.5),
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      ...shape,
      restitution: RESTITUTION,
    });
  }
}
