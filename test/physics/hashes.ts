/**
 * Prints the state hashes of the benchmark scenes after a fixed number of steps, to show that
 * a refactor or a speed change leaves results bit for bit as they were:
 *   npx tsx test/physics/hashes.ts
 */
import { World } from '../../src/physics/index';
import { crowd } from '../../src/scenes/crowd';
import { pile } from '../../src/scenes/pile';
import { stateHash } from './helpers';

const STEPS = 300;
for (const [name, build] of [
  ['crowd 5000', (w: World) => crowd(w, { count: 5000 })],
  ['pile 2000', (w: World) => pile(w, { count: 2000 })],
] as const) {
  const world = new World();
  build(world);
  for (let k = 0; k < STEPS; k++) world.step(1 / 60);
  console.log(`${name} after ${STEPS} steps: ${stateHash(world)}`);
}
