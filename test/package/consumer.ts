/**
 * What a game developer writes against the packed library: the files of a scratch project that
 * installs the tarball. Kept as text, because they import the package by name, which only
 * resolves inside that project.
 */

/** A strict consumer's compiler options; `moduleResolution` is filled in per run. */
export function consumerTsconfig(resolution: 'NodeNext' | 'Bundler'): string {
  return JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
        moduleResolution: resolution,
        // A web game: the DOM library, and no @types at all (no @types/rbush in particular).
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        skipLibCheck: false,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        noImplicitOverride: true,
        noUnusedLocals: true,
        verbatimModuleSyntax: true,
        noEmit: true,
      },
      files: ['game.ts', 'readme-example.ts'],
    },
    null,
    2,
  );
}

/** Touches every public export, and checks that the internals are not there. */
export const GAME_TS = `
import {
  Body,
  BODY_DYNAMIC,
  BODY_FREE,
  BODY_KINEMATIC,
  BODY_STATIC,
  DEFAULT_OPTIONS,
  ENGINE_REVISION,
  LINEAR_SLOP,
  MAX_COORDINATE,
  MAX_DT,
  MAX_SIZE,
  MAX_SPEED,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  THREAD_MODES,
  ThreadChooser,
  ThreadTrial,
  World,
  checkThreadMode,
  handleThreadMessage,
  mulberry32,
  pointVsRoundedRect,
  rayVsRoundedRect,
  roundedRectOverlap,
  validateBodyDef,
  type BodyArrays,
  type BodyDef,
  type BodySnapshot,
  type BodyType,
  type ContactEventType,
  type ContactListener,
  type DebugDrawer,
  type PointHit,
  type Random,
  type RayCastResult,
  type RayHit,
  type StepProfile,
  type ThreadChoice,
  type ThreadMessage,
  type ThreadMode,
  type ThreadPool,
  type WorldOptions,
  type WorldSnapshot,
  type WorldStats,
} from '@jostle/physics';

const options: Partial<WorldOptions> = { gravity: { x: 0, y: -10 }, substeps: 2 };
const world = new World(options);
const type: BodyType = 'dynamic';
const def: BodyDef = { type, x: 0, y: 5, halfWidth: 0.5, halfHeight: 0.25, radius: 0.1, userData: { name: 'crate' } };
const crate: Body = world.createBody(def);
world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
const event: ContactEventType = 'contactBegin';
const listener: ContactListener = (a, b) => void (a.isValid && b.isValid);
const off: () => void = world.on(event, listener);
world.step(1 / 60);
off();
crate.setVelocity(1, 0);
crate.applyImpulse(0, 1);
const profile: StepProfile = world.profile;
const stats: WorldStats = world.stats;
const arrays: BodyArrays = world.bodyArrays;
const firstX: number | undefined = arrays.x[0];
const hit: RayCastResult | null = world.rayCast(0, 10, 0, -10);
const hitBody: Body | undefined = hit?.body;
const drawer: DebugDrawer = { fatBox: (minX, minY, maxX, maxY, body) => void [minX, minY, maxX, maxY, body.id] };
world.debugDraw(drawer);
const snapshot: WorldSnapshot = world.toJSON();
const bodies: BodySnapshot[] = snapshot.bodies;
const copy: World = World.fromJSON(JSON.parse(JSON.stringify(snapshot)));
const random: Random = mulberry32(7);
const point: PointHit = { nx: 0, ny: 0, overlap: 0 };
const inside: boolean = pointVsRoundedRect(0, 0, 0, 0, 1, 1, 0, point);
const overlap: number = roundedRectOverlap(0, 0, 0, 0, 1, 1, 0, point);
const ray: RayHit = { fraction: 0, nx: 0, ny: 0 };
const crossed: boolean = rayVsRoundedRect(-5, 0, 10, 0, 0, 0, 1, 1, 0, ray);
const kinds: number[] = [BODY_FREE, BODY_STATIC, BODY_KINEMATIC, BODY_DYNAMIC];
const limits: number[] = [LINEAR_SLOP, MAX_COORDINATE, MAX_DT, MAX_SIZE, MAX_SPEED, SNAPSHOT_VERSION, ENGINE_REVISION];
validateBodyDef({ x: 1, restitution: 0.5 }, 'level.crate');
const format: string = SNAPSHOT_FORMAT;
const gravity: number = DEFAULT_OPTIONS.gravity.y;
const pool: ThreadPool = { size: 1, post: (index: number, message: ThreadMessage) => void [index, message] };
const mode: ThreadMode = THREAD_MODES[0];
checkThreadMode(mode);
const chooser = new ThreadChooser(world, pool, 'one');
chooser.setMode('auto');
const choice: ThreadChoice = chooser.choice;
const lost: boolean = chooser.lost;
const inTrial: boolean = chooser.lastStepInTrial;
const trial = new ThreadTrial(2, 'auto');
const ask: number = trial.threadsFor(world.bodyCount);
trial.record(ask, 1.5);
const handled: boolean = handleThreadMessage('ping');
export const seen = [profile, stats, firstX, hitBody, bodies, copy, random(), inside, overlap, crossed, kinds, limits, format, gravity, choice, lost, inTrial, handled];

// The internals are not part of the public types.
// @ts-expect-error world.store is internal
export const store = world.store;
// @ts-expect-error the BodyHost methods are internal
world.setBodyPosition(crate.id, 1, 2);
// @ts-expect-error Body's constructor (world, slot) is internal: bodies come from createBody
export const forged = new Body(world, 0);
// @ts-expect-error nor can a handle be made from nothing
export const empty = new Body();
// @ts-expect-error Body.of (World's own factory) is internal
export const made = Body.of(world, 0);
// @ts-expect-error a handle carries no slot generation: it is valid while it is its world's handle for the slot
export const generation = crate.generation;
`;

/** Runs in plain Node: a body dropped under gravity falls, and lands on the floor. */
export const FALL_MJS = `
import { World } from '@jostle/physics';

const world = new World({ gravity: { x: 0, y: -10 } });
world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
const ball = world.createBody({ y: 5, radius: 0.5, restitution: 0 });
const afterOneStep = (world.step(1 / 60), ball.y);
for (let k = 0; k < 240; k++) world.step(1 / 60);
console.log(JSON.stringify({ afterOneStep, rest: ball.y, bodies: world.bodyCount }));
`;

/**
 * A Node worker of the packed library's thread pool: hands the engine its messages, and answers
 * 'count' with how many of them were the engine's (each one a stretch of the step's jobs).
 */
export const THREAD_WORKER_MJS = `
import { parentPort } from 'node:worker_threads';
import { handleThreadMessage } from '@jostle/physics';

let handled = 0;
parentPort.on('message', (message) => {
  if (message === 'ping') parentPort.postMessage('ready');
  else if (message === 'count') parentPort.postMessage(handled);
  else if (handleThreadMessage(message)) handled++;
});
`;

/**
 * Runs in plain Node: a pile stepped by a ThreadChooser set to every thread (the calling one and
 * one worker) and the same pile on one thread end in the same places.
 */
export const THREADS_MJS = `
import { Worker } from 'node:worker_threads';
import { ThreadChooser, World } from '@jostle/physics';

const worker = new Worker(new URL('./thread-worker.mjs', import.meta.url));
const ask = (message) => new Promise((resolve) => { worker.once('message', resolve); worker.postMessage(message); });
await ask('ping');
const pool = { size: 1, post: (_index, message) => worker.postMessage(message) };

function pile() {
  const world = new World({ gravity: { x: 0, y: -10 } });
  world.createBody({ type: 'static', y: -1, halfWidth: 30, halfHeight: 1, radius: 0 });
  for (let i = 0; i < 800; i++) world.createBody({ x: -20 + (i % 40), y: 1 + Math.floor(i / 40), radius: 0.45 });
  return world;
}
const alone = pile();
const shared = pile();
const chooser = new ThreadChooser(shared, pool, 'all');
for (let k = 0; k < 120; k++) {
  chooser.step(1 / 60);
  alone.step(1 / 60);
}
const a = alone.bodyArrays;
const b = shared.bodyArrays;
let differ = 0;
for (let i = 0; i < a.slotCount; i++) if (a.x[i] !== b.x[i] || a.y[i] !== b.y[i]) differ++;
const threads = shared.threads;
const using = chooser.choice.using;
shared.setThreads(null);
const engineMessages = await ask('count');
console.log(JSON.stringify({ threads, using, differ, engineMessages, top: Math.max(...b.y.slice(0, b.slotCount)) }));
await worker.terminate();
`;
