/**
 * billiards: a rack of fifteen balls in a triangle and a cue ball already rolling into it, on
 * a table with cushions. No gravity (top-down); linear damping plays the cloth.
 */
import type { World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the billiards break. */
export interface BilliardsOptions {
  /** Speed of the cue ball, m/s. Default 30. */
  cueSpeed?: number;
}

const BALL_RADIUS = 0.5; // m
const TABLE_WIDTH = 28; // m, inner
const TABLE_HEIGHT = 14; // m, inner
const RACK_ROWS = 5;
// A hair between balls, so the rack does not start in contact and the break spreads it.
const RACK_GAP = 0.002; // m

/** Builds the table, the rack and the cue ball into `world`. */
export function billiards(world: World, options: BilliardsOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: 0 }, linearDamping: 0.35, enableSleep: true, restitutionThreshold: 0.2 });
  addSceneBodies(world, arenaBodies(0, 1, TABLE_WIDTH, TABLE_HEIGHT));
  for (const wall of world.getBodies()) wall.setRestitution(0.8);
  const step = 2 * BALL_RADIUS + RACK_GAP;
  const apexX = TABLE_WIDTH / 4;
  for (let row = 0; row < RACK_ROWS; row++) {
    for (let k = 0; k <= row; k++) {
      world.createBody({
        x: apexX + row * step * Math.cos(Math.PI / 6),
        y: (k - row / 2) * step,
        radius: BALL_RADIUS,
        restitution: 0.95,
      });
    }
  }
  world.createBody({
    x: -TABLE_WIDTH / 4,
    y: 0.02,
    vx: options.cueSpeed ?? 30,
    radius: BALL_RADIUS,
    restitution: 0.95,
    density: 1.2,
  });
}
