/**
 * matter-js. Its units are pixels and milliseconds, and velocities are pixels per 1/60 s
 * (`Body._baseDelta`), so metres are scaled by PX_PER_M on the way in and out. Matter's position
 * correction (slop 0.05 px) and resting threshold are in pixels, so the scale is chosen to make
 * our 1 m bodies the size matter's own examples use (tens of pixels).
 */
import Matter from 'matter-js';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { checkPeerShape } from '../engine';

/** Pixels per metre: a 1 m body is 50 px across. */
const PX_PER_M = 50;
/** Matter's reference step (ms): velocities are stored per this much time. */
const BASE_DELTA_MS = 1000 / 60;
/**
 * Matter adds force = mass · gravity · scale each step and integrates it with Verlet over dt in
 * ms, so an acceleration a (px/s²) needs gravity = a / (scale · 1e6) for its default scale.
 */
const GRAVITY_SCALE = 0.001;

function createMatter(setup: SceneSetup): Simulation {
  const engine = Matter.Engine.create({
    enableSleeping: false,
    gravity: {
      x: (setup.gravity.x * PX_PER_M) / (GRAVITY_SCALE * 1e6),
      y: (setup.gravity.y * PX_PER_M) / (GRAVITY_SCALE * 1e6),
      scale: GRAVITY_SCALE,
    },
  });
  // m/s per (px per base step).
  const toMetresPerSecond = 1000 / BASE_DELTA_MS / PX_PER_M;
  const moving: Matter.Body[] = [];
  const all: Matter.Body[] = [];
  for (const b of setup.bodies) {
    const options: Matter.IChamferableBodyDefinition = {
      isStatic: b.isStatic,
      friction: 0,
      frictionAir: 0,
      frictionStatic: 0,
      restitution: 0.5,
      // Density is per px²: this gives 1 kg/m², though only mass ratios matter here.
      density: 1 / (PX_PER_M * PX_PER_M),
    };
    const x = b.x * PX_PER_M;
    const y = b.y * PX_PER_M;
    const body =
      !b.isStatic && checkPeerShape(b) === 'circle'
        ? Matter.Bodies.circle(x, y, b.radius * PX_PER_M, options)
        : Matter.Bodies.rectangle(x, y, 2 * b.halfWidth * PX_PER_M, 2 * b.halfHeight * PX_PER_M, options);
    if (!b.isStatic) {
      // Infinite inertia locks rotation; set after creation, since the factory computes inertia from the shape.
      Matter.Body.setInertia(body, Infinity);
      Matter.Body.setVelocity(body, { x: b.vx / toMetresPerSecond, y: b.vy / toMetresPerSecond });
      moving.push(body);
    }
    all.push(body);
  }
  Matter.Composite.add(engine.world, all);
  return {
    step: (dt) => Matter.Engine.update(engine, dt * 1000),
    read(out) {
      for (let i = 0; i < moving.length; i++) {
        const body = moving[i] as Matter.Body;
        const v = Matter.Body.getVelocity(body);
        out.x[i] = body.position.x / PX_PER_M;
        out.y[i] = body.position.y / PX_PER_M;
        out.vx[i] = v.x * toMetresPerSecond;
        out.vy[i] = v.y * toMetresPerSecond;
      }
    },
    dispose: () => Matter.Engine.clear(engine),
  };
}

export async function load(): Promise<EngineAdapter> {
  return { name: 'matter', packageName: 'matter-js', threads: 1, create: createMatter };
}
