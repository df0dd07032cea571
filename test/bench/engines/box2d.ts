/**
 * box2d-wasm (Box2D v2.4 compiled with Emscripten): metres and seconds, no scaling. Steps with
 * Box2D's usual 8 velocity and 3 position iterations.
 *
 * Loading under Node: the package's ES build locates its .wasm with fetch(), which cannot load
 * a file path, so we load the UMD (CommonJS) build with `require`, read the .wasm with fs and
 * hand it in as `wasmBinary`. The package picks its SIMD build when WebAssembly SIMD validates;
 * we make the same choice, with the same probe, so the .js and .wasm always match.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Box2DFactory from 'box2d-wasm';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { checkPeerShape, readBodies } from '../engine';

type Box2DModule = Awaited<ReturnType<typeof Box2DFactory>>;

/** The smallest module using a SIMD instruction: the package's own feature test (wasm-feature-detect). */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

function createBox2D(box2d: Box2DModule, setup: SceneSetup): Simulation {
  const { b2BodyDef, b2CircleShape, b2FixtureDef, b2PolygonShape, b2Vec2, b2World } = box2d;
  const vec = new b2Vec2(setup.gravity.x, setup.gravity.y);
  const world = new b2World(vec);
  world.SetAllowSleeping(false);
  const bodyDef = new b2BodyDef();
  const fixtureDef = new b2FixtureDef();
  fixtureDef.set_friction(0);
  fixtureDef.set_restitution(0.5);
  const circle = new b2CircleShape();
  const box = new b2PolygonShape();
  const moving: Box2D.b2Body[] = [];
  for (const b of setup.bodies) {
    bodyDef.set_type(b.isStatic ? box2d.b2_staticBody : box2d.b2_dynamicBody);
    vec.Set(b.x, b.y);
    bodyDef.set_position(vec);
    vec.Set(b.vx, b.vy);
    bodyDef.set_linearVelocity(vec);
    bodyDef.set_fixedRotation(true);
    bodyDef.set_allowSleep(false);
    const body = world.CreateBody(bodyDef);
    if (!b.isStatic && checkPeerShape(b) === 'circle') {
      circle.set_m_radius(b.radius);
      fixtureDef.set_shape(circle);
    } else {
      box.SetAsBox(b.halfWidth, b.halfHeight);
      fixtureDef.set_shape(box);
    }
    fixtureDef.set_density(b.isStatic ? 0 : 1);
    body.CreateFixture(fixtureDef);
    if (!b.isStatic) moving.push(body);
  }
  // The definitions were copied into the world; free their wasm memory.
  for (const o of [vec, bodyDef, fixtureDef, circle, box]) box2d.destroy(o);
  return {
    step: (dt) => world.Step(dt, VELOCITY_ITERATIONS, POSITION_ITERATIONS),
    read: (out) => readBodies(out, moving, (b) => b.GetPosition(), (b) => b.GetLinearVelocity()),
    dispose: () => box2d.destroy(world),
  };
}

/** Loads the wasm build matching this runtime from disk and instantiates it. */
export async function load(): Promise<EngineAdapter> {
  const require = createRequire(import.meta.url);
  const base = WebAssembly.validate(SIMD_PROBE) ? 'box2d-wasm/dist/umd/Box2D.simd' : 'box2d-wasm/dist/umd/Box2D';
  const factory = require(`${base}.js`) as typeof Box2DFactory;
  const wasm = readFileSync(require.resolve(`${base}.wasm`));
  const box2d = await factory({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
  return { name: 'box2d', packageName: 'box2d-wasm', threads: 1, create: (setup) => createBox2D(box2d, setup) };
}
