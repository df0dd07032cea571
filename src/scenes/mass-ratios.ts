/**
 * massRatios: boxes of density 1, 10, 100 and 1000 on a floor under gravity: a stack of all
 * four with the heaviest on top (the ratios compound to 1:1,000) and beside it a 1000 box
 * resting on a 1 box, the 1:1,000 ratio at a single contact: the cases that make a solver sink
 * or jitter.
 */
import type { World } from '../physics/index';
import { addSceneBodies, arenaBodies } from './arena';

/** Options of the scene. */
export interface MassRatiosOptions {
  /** Each stack's densities from the bottom up, kg/m²; stacks stand side by side. */
  stacks?: readonly (readonly number[])[];
}

/** Half size of each box, m. */
export const MASS_BOX_HALF = 0.5; // m
/** Height of the floor's top face, m. */
export const MASS_FLOOR_Y = -4; // m
const STACK_SPACING = 4; // m between stacks

/** Builds the floor and the stacks into `world`, each stack bottom first, left to right. */
export function massRatios(world: World, options: MassRatiosOptions = {}): void {
  world.setOptions({ gravity: { x: 0, y: -10 }, linearDamping: 0, enableSleep: true });
  addSceneBodies(world, arenaBodies(0, 1, 14, -2 * MASS_FLOOR_Y));
  const stacks = options.stacks ?? [[1, 10, 100, 1000], [1, 1000]];
  stacks.forEach((densities, s) => {
    const x = (s - (stacks.length - 1) / 2) * STACK_SPACING;
    densities.forEach((density, i) => {
      world.createBody({
        x,
        y: MASS_FLOOR_Y + MASS_BOX_HALF * (2 * i + 1),
        halfWidth: MASS_BOX_HALF,
        halfHeight: MASS_BOX_HALF,
        radius: 0,
        density,
        restitution: 0,
      });
    });
  });
}
