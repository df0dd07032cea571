/**
 * planck (TypeScript port of Box2D v2.3): metres and seconds like ours, so no scaling. Its
 * `world.step(dt)` uses its default 8 velocity and 3 position iterations.
 */
import { Box, Circle, World, type Body } from 'planck';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { checkPeerShape, readBodies } from '../engine';

function createPlanck(setup: SceneSetup): Simulation {
  const world = new World({ gravity: setup.gravity, allowSleep: false });
  const moving: Body[] = [];
  for (const b of setup.bodies) {
    const body = world.createBody({
      type: b.isStatic ? 'static' : 'dynamic',
      position: { x: b.x, y: b.y },
      linearVelocity: { x: b.vx, y: b.vy },
      fixedRotation: true,
      allowSleep: false,
    });
    const shape = !b.isStatic && checkPeerShape(b) === 'circle' ? new Circle(b.radius) : new Box(b.halfWidth, b.halfHeight);
    body.createFixture(shape, { density: 1, friction: 0, restitution: 0.5 });
    if (!b.isStatic) moving.push(body);
  }
  return {
    step: (dt) => world.step(dt),
    read: (out) => readBodies(out, moving, (b) => b.getPosition(), (b) => b.getLinearVelocity()),
  };
}

export async function load(): Promise<EngineAdapter> {
  return { name: 'planck', packageName: 'planck', threads: 1, create: createPlanck };
}
