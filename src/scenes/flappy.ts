/**
 * flappy: a flappy-bird course. A dynamic circle (the bird) between a floor and a ceiling, and
 * columns of kinematic pipes gliding left at a set velocity, each with a gap to fly through.
 * The course only builds the bodies; the rules (flap, score, crash, pipes coming round again)
 * are flappy-rules.ts, run by whoever steps the world.
 */
import { mulberry32, type World } from '../physics/index';

/** m/s²: a bird falls this fast. */
export const FLAPPY_GRAVITY = -18; // m/s²
/** The bird's radius, m. */
export const BIRD_RADIUS = 0.35; // m
/** Where the bird flies, m. */
export const BIRD_X = -4; // m
/** Pipes' speed, m/s (they move left). */
export const PIPE_SPEED = 3; // m/s
/** Half width of a pipe, m. */
export const PIPE_HALF_WIDTH = 0.6; // m
/** Height of the gap in a column, m. */
export const PIPE_GAP = 3.2; // m
/** Columns, and the distance between two (m). */
export const PIPE_COLUMNS = 4;
export const PIPE_SPACING = 5.5; // m
/** The first column's x, m: time for a first flap or two. */
const FIRST_PIPE_X = 3; // m
/** Floor and ceiling faces, m. */
export const COURSE_FLOOR = -5; // m
export const COURSE_CEILING = 5; // m
/** A gap's centre stays this far from the floor and ceiling, m. */
const GAP_MARGIN = 1.2; // m
/** Where a column leaves the course on the left and comes round again on the right, m. */
export const COURSE_LEFT = -10; // m
const COURSE_HALF_LENGTH = 14; // m of floor either side of 0
const SLAB = 1; // m: half thickness of floor and ceiling

/** What the view frames, m. */
export const FLAPPY_VIEW = { minX: -8, minY: -5.5, maxX: 8, maxY: 5.5 } as const;

/** userData of the course's bodies, so the rules can find them in any world (a loaded one too). */
export type FlappyTag = { flappy: 'bird' } | { flappy: 'floor' } | { flappy: 'ceiling' } | { flappy: 'pipe'; column: number; part: 'top' | 'bottom' };

/** Gap centres, m: seeded, so a course is the same each time. Returns a function that draws the next. */
export function gapSource(seed: number): () => number {
  const random = mulberry32(seed);
  const range = COURSE_CEILING - COURSE_FLOOR - PIPE_GAP - 2 * GAP_MARGIN;
  return () => COURSE_FLOOR + GAP_MARGIN + PIPE_GAP / 2 + random() * range;
}

/** The top and bottom pipes of a column whose gap is centred at `gapY`: centre y and half height of each (m). */
export function pipeShapes(gapY: number): { top: { y: number; halfHeight: number }; bottom: { y: number; halfHeight: number } } {
  const topFrom = gapY + PIPE_GAP / 2;
  const bottomTo = gapY - PIPE_GAP / 2;
  return {
    top: { y: (topFrom + COURSE_CEILING) / 2, halfHeight: (COURSE_CEILING - topFrom) / 2 },
    bottom: { y: (COURSE_FLOOR + bottomTo) / 2, halfHeight: (bottomTo - COURSE_FLOOR) / 2 },
  };
}

/** Options of the course. */
export interface FlappyOptions {
  /** Seed of the gaps' heights. Default 1. */
  seed?: number;
}

/** Builds the course into an empty `world`: the pipes stand still until the rules start them. */
export function flappy(world: World, options: FlappyOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: FLAPPY_GRAVITY }, linearDamping: 0, enableSleep: false });
  const slab = (y: number, tag: FlappyTag): void => {
    world.createBody({ type: 'static', x: 0, y, halfWidth: COURSE_HALF_LENGTH, halfHeight: SLAB, radius: 0, friction: 0, restitution: 0, userData: tag });
  };
  slab(COURSE_FLOOR - SLAB, { flappy: 'floor' });
  slab(COURSE_CEILING + SLAB, { flappy: 'ceiling' });
  world.createBody({ x: BIRD_X, y: 0, radius: BIRD_RADIUS, restitution: 0, friction: 0, gravityScale: 0, userData: { flappy: 'bird' } });
  const nextGap = gapSource(options.seed ?? 1);
  for (let column = 0; column < PIPE_COLUMNS; column++) {
    const shapes = pipeShapes(nextGap());
    for (const part of ['top', 'bottom'] as const) {
      world.createBody({
        type: 'kinematic',
        x: FIRST_PIPE_X + column * PIPE_SPACING,
        y: shapes[part].y,
        halfWidth: PIPE_HALF_WIDTH,
        halfHeight: shapes[part].halfHeight,
        radius: 0,
        friction: 0,
        restitution: 0,
        userData: { flappy: 'pipe', column, part },
      });
    }
  }
}
