/**
 * box2d3-wasm (Box2D v3 compiled with Emscripten): metres and seconds, no scaling, Box2D v3's
 * default world (soft contacts, relax iterations, restitution threshold 1 m/s, continuous
 * collision on) stepped with its usual 4 substeps.
 *
 * Which build: the package ships two. "compat" has neither SIMD nor threads; "deluxe" has both
 * (its wasm uses v128 and atomic instructions and imports shared memory). Both columns run the
 * deluxe build, the only SIMD one: `box2d3` on the calling thread alone (no task system, no
 * worker threads started), `box2d3-deluxe` with a task system of `threads` workers, which
 * Emscripten runs as Node worker threads over a SharedArrayBuffer-backed memory.
 *
 * Loading under Node: the package exports only its entry (which picks the deluxe build when
 * SIMD validates and there is no window), so we import that and hand it the .wasm read from
 * disk as `wasmBinary`; the worker threads receive the compiled module from the main thread.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Box2DFactory from 'box2d3-wasm';
import type { EngineAdapter, SceneSetup, Simulation } from '../engine';
import { checkPeerShape } from '../engine';

type Box2D3 = Awaited<ReturnType<typeof Box2DFactory>>;
type BodyId = ReturnType<Box2D3['b2CreateBody']>;

const PACKAGE = 'box2d3-wasm';
const WASM = 'build/dist/es/deluxe/Box2D.deluxe.wasm';
/** Box2D v3's recommended substep count (its samples and documentation use 4). */
const SUBSTEPS = 4;

/** The installed package's folder: its `exports` hide package.json and the .wasm from require.resolve. */
function packageDir(): string {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths(PACKAGE) ?? []) {
    if (existsSync(join(dir, PACKAGE, 'package.json'))) return join(dir, PACKAGE);
  }
  throw new Error(`${PACKAGE} is not installed (run npm ci)`);
}

function createBox2D3(b2: Box2D3, threads: number | undefined, setup: SceneSetup): Simulation {
  const worldDef = b2.b2DefaultWorldDef();
  const vec = new b2.b2Vec2(setup.gravity.x, setup.gravity.y);
  worldDef.gravity = vec;
  worldDef.enableSleep = false;
  // Without a task system the step never leaves the calling thread.
  const tasks = threads === undefined ? undefined : new b2.TaskSystem(threads);
  const world = tasks === undefined ? b2.b2CreateWorld(worldDef) : b2.b2CreateThreadedWorld(worldDef, tasks);

  const bodyDef = b2.b2DefaultBodyDef();
  const locks = new b2.b2MotionLocks();
  locks.angularZ = true;
  bodyDef.motionLocks = locks;
  bodyDef.enableSleep = false;
  const shapeDef = b2.b2DefaultShapeDef();
  shapeDef.density = 1;
  // Box2D v3 mixes friction by geometric mean and restitution by maximum: 0 and 0.5 everywhere.
  const material = shapeDef.material;
  material.friction = 0;
  material.restitution = 0.5;
  shapeDef.material = material;
  const circle = new b2.b2Circle();
  const moving: BodyId[] = [];
  for (const b of setup.bodies) {
    bodyDef.type = b.isStatic ? b2.b2BodyType.b2_staticBody : b2.b2BodyType.b2_dynamicBody;
    vec.Set(b.x, b.y);
    bodyDef.position = vec;
    vec.Set(b.vx, b.vy);
    bodyDef.linearVelocity = vec;
    const body = b2.b2CreateBody(world, bodyDef);
    if (!b.isStatic && checkPeerShape(b) === 'circle') {
      circle.radius = b.radius;
      b2.b2CreateCircleShape(body, shapeDef, circle);
    } else {
      const box = b2.b2MakeBox(b.halfWidth, b.halfHeight);
      b2.b2CreatePolygonShape(body, shapeDef, box);
      box.delete();
    }
    if (!b.isStatic) moving.push(body);
  }
  // The definitions were copied into the world; free their wasm memory.
  for (const o of [vec, worldDef, bodyDef, locks, shapeDef, material, circle]) o.delete();

  return {
    step(dt) {
      b2.b2World_Step(world, dt, SUBSTEPS);
      // The task system counts the tasks it was given and runs any beyond its capacity on the
      // calling thread: without a reset every step, later steps would silently run serially.
      tasks?.ClearTasks();
    },
    read(out) {
      for (let i = 0; i < moving.length; i++) {
        const id = moving[i] as BodyId;
        const p = b2.b2Body_GetPosition(id);
        const v = b2.b2Body_GetLinearVelocity(id);
        out.x[i] = p.x;
        out.y[i] = p.y;
        out.vx[i] = v.x;
        out.vy[i] = v.y;
        p.delete();
        v.delete();
      }
    },
    dispose() {
      b2.b2DestroyWorld(world);
      tasks?.delete();
    },
  };
}

/**
 * Instantiates the deluxe build from the .wasm on disk. Without `threads` (`box2d3`) no worker
 * thread is started and the world has no task system. With it (`box2d3-deluxe`), the module
 * starts that many worker threads and the world gets a task system of that many workers: Box2D
 * then splits its step into that many parallel tasks, the calling thread taking part while it
 * waits, so `threads` cores do the work (measured: one worker thread stays idle).
 */
export async function load(threads?: number): Promise<EngineAdapter> {
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) {
    throw new Error(`box2d3-deluxe: threads must be a whole number >= 1, got ${threads}`);
  }
  const wasm = readFileSync(join(packageDir(), WASM));
  const { default: factory } = await import('box2d3-wasm');
  const b2 = await factory({ wasmBinary: wasm, pthreadCount: threads ?? 0 });
  return {
    name: threads === undefined ? 'box2d3' : 'box2d3-deluxe',
    packageName: PACKAGE,
    threads: threads ?? 1,
    create: (setup) => createBox2D3(b2, threads, setup),
  };
}
