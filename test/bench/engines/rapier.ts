/**
 * @dimforge/rapier2d-compat (Rust compiled to wasm, inlined as base64): metres and seconds, no
 * scaling. Friction and restitution combine by average by default, so every collider, walls
 * included, gets friction 0 and restitution 0.5.
 */
import RAPIER from '@dimforge/rapier2d-compat';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { checkPeerShape, readBodies } from '../engine';

function createRapier(setup: SceneSetup): Simulation {
  const world = new RAPIER.World(setup.gravity);
  const moving: RAPIER.RigidBody[] = [];
  for (const b of setup.bodies) {
    const desc = b.isStatic
      ? RAPIER.RigidBodyDesc.fixed()
      : RAPIER.RigidBodyDesc.dynamic().setLinvel(b.vx, b.vy).lockRotations().setCanSleep(false);
    const body = world.createRigidBody(desc.setTranslation(b.x, b.y));
    const shape =
      !b.isStatic && checkPeerShape(b) === 'circle'
        ? RAPIER.ColliderDesc.ball(b.radius)
        : RAPIER.ColliderDesc.cuboid(b.halfWidth, b.halfHeight);
    world.createCollider(shape.setDensity(1).setFriction(0).setRestitution(0.5), body);
    if (!b.isStatic) moving.push(body);
  }
  return {
    step(dt) {
      world.timestep = dt;
      world.step();
    },
    read: (out) => readBodies(out, moving, (b) => b.translation(), (b) => b.linvel()),
    dispose: () => world.free(),
  };
}

/** Instantiates the inlined wasm once per process. */
export async function load(): Promise<EngineAdapter> {
  await RAPIER.init();
  return { name: 'rapier', packageName: '@dimforge/rapier2d-compat', create: createRapier };
}
