/** The collision lab's pair (A, B) as the explainer reads it, from a fresh lab world. */
import { World } from '../../../src/physics/index';
import { pairBodyOf, type PairBody } from '../../../src/sandbox/overlays/collision-explainer';
import { LAB_BODY_A, LAB_BODY_B, collisionLab } from '../../../src/scenes/collision-lab';

export function labPair(): [PairBody, PairBody] {
  const world = new World();
  collisionLab(world);
  const a = world.getBody(LAB_BODY_A);
  const b = world.getBody(LAB_BODY_B);
  if (a === undefined || b === undefined) throw new Error('the collision lab lost its pair');
  return [pairBodyOf(a), pairBodyOf(b)];
}
