/**
 * hourglass: sand grains under gravity pour through the neck of an hourglass. Every body is
 * axis-aligned, so the slanted glass is a chain of overlapping static discs: a smooth slope
 * made of the one shape the engine has.
 */
import { mulberry32, type World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the hourglass. */
export interface HourglassOptions {
  /** Grains of sand (at most what the upper bulb holds, about 400). Default 400. */
  grains?: number;
  /** Seed of the grains' jitter. Default 3. */
  seed?: number;
}

const BULB_HALF_WIDTH = 9; // m, at the top and bottom of the glass
const BULB_HEIGHT = 11; // m, per bulb
const NECK_HALF_WIDTH = 1.1; // m, to the centres of the neck's discs
const GLASS_RADIUS = 0.3; // m, of each disc of the glass
const GRAIN_RADIUS = 0.2; // m

/** Builds the glass and the sand (in the upper bulb) into `world`. */
export function hourglass(world: World, options: HourglassOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: -10 }, linearDamping: 0, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, 2 * BULB_HALF_WIDTH + 2, 2 * BULB_HEIGHT + 2));
  const glass = (x0: number, y0: number, x1: number, y1: number): void => {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.ceil(length / GLASS_RADIUS);
    for (let k = 0; k <= n; k++) {
      const t = k / n;
      world.createBody({ type: 'static', x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t, radius: GLASS_RADIUS, restitution: 0.1 });
    }
  };
  for (const side of [-1, 1]) {
    glass(side * BULB_HALF_WIDTH, BULB_HEIGHT, side * NECK_HALF_WIDTH, 0);
    glass(side * NECK_HALF_WIDTH, 0, side * BULB_HALF_WIDTH, -BULB_HEIGHT);
  }
  const random = mulberry32(options.seed ?? 3);
  const grains = options.grains ?? 400;
  const pitch = 2 * GRAIN_RADIUS + 0.04; // m between grain centres
  let placed = 0;
  // Fill the upper bulb row by row from its top, staying clear of the glass.
  for (let y = BULB_HEIGHT - 1; y > 1.5 && placed < grains; y -= pitch) {
    const halfWidth = NECK_HALF_WIDTH + ((BULB_HALF_WIDTH - NECK_HALF_WIDTH) * y) / BULB_HEIGHT - 1;
    for (let x = -halfWidth; x <= halfWidth && placed < grains; x += pitch) {
      world.createBody({
        x: x + (random() - 0.5) * 0.04,
        y,
        radius: GRAIN_RADIUS,
        restitution: 0.1,
      });
      placed++;
    }
  }
}
