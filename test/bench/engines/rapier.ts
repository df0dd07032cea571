/**
 * @dimforge/rapier2d-compat (Rust compiled to wasm, inlined as base64): metres and seconds, no
 * scaling. Friction and restitution combine by average by default, so every collider, walls
 * included, gets friction 0 and restitution 0.5.
 *
 * The builder takes the module as an argument, typed by the few members it uses, so the SIMD
 * package (rapier-simd.ts), whose classes are declared separately, builds through the same code.
 */
import RAPIER from '@dimforge/rapier2d-compat';
import type { EngineAdapter, SceneSetup, Simulation, VectorLike } from '../engine';
import { checkPeerShape, readBodies } from '../engine';

interface RapierBodyDesc<D> {
  setLinvel(x: number, y: number): D;
  lockRotations(): D;
  setCanSleep(can: boolean): D;
  setTranslation(x: number, y: number): D;
}

interface RapierColliderDesc<C> {
  setDensity(density: number): C;
  setFriction(friction: number): C;
  setRestitution(restitution: number): C;
}

interface RapierBody {
  translation(): VectorLike;
  linvel(): VectorLike;
}

/**
 * What the benchmark uses of a Rapier 2D module; generic in the module's own body and
 * description classes, which each package declares separately.
 */
export interface RapierModule<B extends RapierBody, D extends RapierBodyDesc<D>, C extends RapierColliderDesc<C>> {
  init(): Promise<void>;
  World: new (gravity: VectorLike) => {
    timestep: number;
    step(): void;
    free(): void;
    createRigidBody(desc: D): B;
    createCollider(desc: C, body?: B): unknown;
  };
  RigidBodyDesc: { fixed(): D; dynamic(): D };
  ColliderDesc: { ball(radius: number): C; cuboid(hx: number, hy: number): C };
}

function createRapier<B extends RapierBody, D extends RapierBodyDesc<D>, C extends RapierColliderDesc<C>>(
  rapier: RapierModule<B, D, C>,
  setup: SceneSetup,
): Simulation {
  const world = new rapier.World(setup.gravity);
  const moving: B[] = [];
  for (const b of setup.bodies) {
    const desc = b.isStatic
      ? rapier.RigidBodyDesc.fixed()
      : rapier.RigidBodyDesc.dynamic().setLinvel(b.vx, b.vy).lockRotations().setCanSleep(false);
    const body = world.createRigidBody(desc.setTranslation(b.x, b.y));
    const shape =
      !b.isStatic && checkPeerShape(b) === 'circle'
        ? rapier.ColliderDesc.ball(b.radius)
        : rapier.ColliderDesc.cuboid(b.halfWidth, b.halfHeight);
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

/** Instantiates `rapier`'s inlined wasm (once per process) and wraps it as `name`. */
export async function loadRapier<B extends RapierBody, D extends RapierBodyDesc<D>, C extends RapierColliderDesc<C>>(
  rapier: RapierModule<B, D, C>,
  name: 'rapier' | 'rapier-simd',
  packageName: string,
): Promise<EngineAdapter> {
  await rapier.init();
  return { name, packageName, threads: 1, create: (setup) => createRapier(rapier, setup) };
}

export function load(): Promise<EngineAdapter> {
  return loadRapier(RAPIER, 'rapier', '@dimforge/rapier2d-compat');
}
