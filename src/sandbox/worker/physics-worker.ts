/**
 * The physics worker: owns the World while the sandbox is in stress mode, steps it on its own
 * clock, and hands the page a frame of every body after each step (typed arrays, transferred).
 *
 * Why a worker, and why only in stress mode:
 * - At 50,000 bodies one step takes 15 to 19 ms on this class of machine (crowd(50000), 2
 *   shared cores: 15.6 in Node under `npm run bench`, 19 in this worker in Chromium). On the
 *   main thread that is a whole 60 Hz frame of nothing, every frame: no input, no panel, no
 *   drawing until the step ends, and slower machines fare worse. In a worker the step runs
 *   beside the page: the page only copies the newest frame into its instance buffer (well
 *   under a millisecond) and draws, so the pointer, keys, panel and camera answer at the
 *   display's rate whatever the step costs, and the step's figures are the engine's alone, not
 *   the engine's plus the renderer's.
 * - Every other sandbox feature (the collision explainer, debug layers, picking for selection,
 *   save files, the tests that read `window.jostle.world`) reads the world synchronously on the
 *   main thread. Moving all of that behind messages is a bigger change than the stress test
 *   needs, and small scenes step in well under a millisecond where a worker gains nothing. So
 *   normal play stays on the main thread; stress mode (the ramp, the 1k/10k/50k presets, or
 *   the page's own world moved here) runs here; the world crosses either way with
 *   `world.toJSON()` and `World.fromJSON()`, bit for bit.
 * - Input still works in stress mode: spawn, spray, spawn N, drag and throw, remove, pause,
 *   step, rate and world options arrive as messages and act between steps. The drag spring
 *   (`Grab`) runs here, before each step, exactly as it does on the main thread.
 *
 * Measured (headless Chromium, SwiftShader, 2 shared cores), crowd(50,000): in the worker,
 * keys are handled in 1 to 3 ms and no main-thread task reaches 50 ms while the worker steps
 * at about 19 ms, 37 steps a second (test/sandbox/browser/stress.test.ts prints these). Earlier, with
 * a 27 ms step, the same world on the main thread had tasks of 85 to 280 ms and 12 steps a
 * second. Not solved here: with software compositing (no GPU process, as on a blocklisted GPU)
 * the browser reads each WebGL frame back on the main thread, which then waits for the draw
 * itself: at 50,000 bodies, main-thread tasks of up to about 210 ms and keys answered in up to
 * about 180 ms (the same test under `--disable-gpu`). Drawing from a worker (OffscreenCanvas)
 * would fix that.
 *
 * Frames: a small pool of buffers circulates (the page sends each back when a newer one has
 * replaced it). If every buffer is out, the page is behind: the worker keeps stepping and skips
 * the frame instead of queueing megabytes the page cannot draw. Step profiles are kept until
 * the next frame goes out, so the page's graph still sees every step.
 */
import { World, mulberry32, type StepProfile, type WorldStats } from '../../physics/index';
import { crowd } from '../../scenes/crowd';
import { growStressArena, stressArena, stressArenaBounds, type StressArena } from '../../scenes/stress-arena';
import type { Bounds } from '../shared/camera';
import { FRAME_STRIDE, writeFrame } from '../shared/frame';
import { applyBodyEdits } from '../build/body-patch';
import { Grab } from '../shared/grab';
import { setMaterialAll } from '../shared/material';
import { scatter, scatterReport } from '../shared/scatter';
import { shapeParams } from '../shared/shapes';
import { StressRamp } from '../shared/stress-ramp';
import { ThreadChooser, checkThreadMode, type ThreadMode } from '../../physics/index';
import { MAX_PROFILE_STEPS, PROFILE_FIELDS, type FromWorker, type RampStatus, type ToWorker } from '../shared/worker-protocol';
import { worldBounds } from '../shared/world-view';
import { startThreadPool, type SandboxPool } from './thread-pool';

/** Frame buffers in circulation at most: two held by the page (previous and current), the rest in flight or free. */
const MAX_BUFFERS = 4;
/** Room a new buffer leaves for growth, as a share of the bodies it must hold. */
const BUFFER_HEADROOM = 1.25;
/** How often the worker looks for work while paused, ms. */
const IDLE_INTERVAL = 1000 / 30; // ms

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let world = new World();
let arena: StressArena | null = null;
let ramp: StressRamp | null = null;
let grab: Grab | null = null;
let bounds: Bounds = { minX: -10, minY: -10, maxX: 10, maxY: 10 };
let paused = false;
let hertz = 60;
let timeScale = 1;
let pendingSteps = 0;
/** Bumped whenever bodies are created or destroyed (see FrameMessage.layout). */
let layout = 0;
let steps = 0;
/** Something changed since the last frame went out. */
let dirty = true;
let running = false;
let nextDue = 0;
const random = mulberry32(0x5eed);

const freeBuffers: ArrayBuffer[] = [];
let buffersMade = 0;
const profiles = new Float32Array(MAX_PROFILE_STEPS * PROFILE_FIELDS);
let profileCount = 0;

// A zero-delay wake-up that is not clamped to 4 ms like a nested setTimeout(0).
const wakeChannel = new MessageChannel();
wakeChannel.port1.onmessage = () => tick();

// ---- Threads (issue 13): the world steps on the pool's threads too, where that is faster ----
let pool: SandboxPool | null = null;
/** What the user asked for (the panel's Stress test folder), kept for a pool that starts later. */
let threadMode: ThreadMode = 'auto';
/**
 * Steps the world on the pool's threads or on this one, whichever it measures faster (the
 * engine's ThreadChooser, one to a world); null until the pool has started, and once it is lost.
 */
let chooser: ThreadChooser | null = null;
/** A thread stopped answering mid-step and the pool was ended (see runStep). */
let threadsLost = false;

function startPool(): void {
  startThreadPool().then(
    (started) => {
      pool = started;
      if (started !== null) chooser = new ThreadChooser(world, started, threadMode);
      dirty = true;
    },
    (error: unknown) => say(`Stepping on one thread: ${(error as Error).message}`, 'info'),
  );
}
startPool();

/**
 * A thread stopped answering in the middle of a step and the world left the team (World.step).
 * Its pool is ended: the stopped worker may be holding a core, and it will not answer again.
 */
function loseThreads(): void {
  pool?.close();
  pool = null;
  chooser = null;
  threadsLost = true;
  dirty = true;
}

/** Lets the running world go of the pool before `next` replaces it (one world at a time uses it); `next` is measured anew. */
function moveThreads(next: World): void {
  if (next === world) return;
  world.setThreads(null);
  if (pool !== null) chooser = new ThreadChooser(next, pool, threadMode);
}
// ---- end of threads ----

function say(text: string, kind: 'error' | 'info' = 'error'): void {
  scope.postMessage({ type: 'message', text, kind });
}

/** Makes `next` the running world: forget the old one's drag and ramp; tell the page. */
function useWorld(next: World, nextBounds: Bounds | null): void {
  moveThreads(next);
  world = next;
  grab = null;
  steps = 0;
  layout++;
  profileCount = 0;
  bounds = nextBounds ?? worldBounds(next) ?? bounds;
  dirty = true;
  scope.postMessage({ type: 'scene', options: world.options, bounds });
  if (!running) {
    running = true;
    nextDue = performance.now();
    tick();
  }
}

function recordProfile(p: StepProfile): void {
  if (profileCount === MAX_PROFILE_STEPS) {
    profiles.copyWithin(0, PROFILE_FIELDS);
    profileCount--;
  }
  const o = profileCount * PROFILE_FIELDS;
  profiles[o] = p.broadphase;
  profiles[o + 1] = p.narrowphase;
  profiles[o + 2] = p.solve;
  profiles[o + 3] = p.continuous;
  profiles[o + 4] = p.sleep;
  profiles[o + 5] = p.total;
  profileCount++;
}

/** Moving bodies of the arena (its walls are the only static bodies it has). */
function arenaBodies(a: StressArena): number {
  return world.bodyCount - a.walls.length;
}

function addBatch(a: StressArena, r: StressRamp): void {
  growStressArena(world, a, r.options.batch);
  bounds = stressArenaBounds(a);
  layout++;
  r.added();
}

function runStep(): void {
  const dt = 1 / hertz;
  try {
    if (grab !== null) grab.drive(dt);
    if (chooser !== null) chooser.step(dt);
    else world.step(dt);
  } catch (error) {
    paused = true;
    scope.postMessage({ type: 'paused' });
    const lost = chooser?.lost ?? false;
    if (lost) loseThreads();
    // The engine's words name its job numbers; a user needs what happened and what to do.
    say(
      lost
        ? 'A worker thread stopped answering in the middle of a step: the simulation paused and steps on one thread now. Pick the threads again in the Stress test folder to start new ones.'
        : `The step failed and the simulation paused: ${(error as Error).message}`,
    );
    return;
  }
  steps++;
  dirty = true;
  recordProfile(world.profile);
  // A trial's steps alternate thread counts: the ramp judges counts on the chosen one only.
  const trialStep = chooser?.lastStepInTrial ?? false;
  if (ramp !== null && arena !== null && ramp.result === null && !trialStep) {
    if (ramp.record(world.profile.total, arenaBodies(arena), performance.now()) === 'add') addBatch(arena, ramp);
  }
}

function tick(): void {
  if (!paused && timeScale > 0) runStep();
  while (pendingSteps > 0) {
    pendingSteps--;
    runStep();
  }
  if (dirty) postFrame();
  schedule();
}

/** Next tick one step later on the worker's clock; more than a step behind, the backlog is dropped (the world then runs slower than real time). */
function schedule(): void {
  const interval = paused || timeScale <= 0 ? IDLE_INTERVAL : 1000 / (hertz * timeScale);
  const now = performance.now();
  nextDue += interval;
  if (nextDue < now - interval) nextDue = now;
  const wait = nextDue - now;
  if (wait <= 0) wakeChannel.port2.postMessage(null);
  else setTimeout(tick, wait);
}

/** A free buffer of at least `bytes`, or null when the page holds them all. */
function takeBuffer(bytes: number): ArrayBuffer | null {
  for (let k = 0; k < freeBuffers.length; k++) {
    if (freeBuffers[k].byteLength >= bytes) return freeBuffers.splice(k, 1)[0];
  }
  if (freeBuffers.length > 0) {
    freeBuffers.pop(); // too small for the world as it is now: let it go
    buffersMade--;
  }
  if (buffersMade >= MAX_BUFFERS) return null;
  buffersMade++;
  const words = Math.ceil((bytes / 4 / FRAME_STRIDE) * BUFFER_HEADROOM) * FRAME_STRIDE;
  return new ArrayBuffer(Math.max(words, FRAME_STRIDE) * 4);
}

/**
 * The world's counts as plain data a message can carry. `world.stats` is a live view (a getter
 * on its prototype, a reference to the world): spreading it drops the getter and copies the
 * reference, which postMessage cannot clone.
 */
function statsOf(w: World): WorldStats {
  const s = w.stats;
  return {
    bodies: s.bodies,
    awakeBodies: s.awakeBodies,
    pairs: s.pairs,
    contacts: s.contacts,
    movedInTree: s.movedInTree,
    treeRebuilds: s.treeRebuilds,
    sweptStops: s.sweptStops,
    solveRestarts: s.solveRestarts,
  };
}

/** Sends a frame of every body with the profiles since the last frame (or skips it when the page holds every buffer). */
function postFrame(): void {
  const buffer = takeBuffer(world.bodyCount * FRAME_STRIDE * 4);
  if (buffer === null) return; // the page is behind; this frame is skipped, the step is not
  const moving = writeFrame(world, buffer);
  const stepProfiles = profiles.slice(0, profileCount * PROFILE_FIELDS);
  profileCount = 0;
  scope.postMessage(
    {
      type: 'frame',
      buffer,
      count: world.bodyCount,
      layout,
      steps,
      profiles: stepProfiles,
      stats: statsOf(world),
      bodies: world.bodyCount,
      moving,
      paused,
      bounds,
      ramp: rampStatus(),
      threads: world.threads,
      threadChoice: chooser?.choice ?? null,
      threadsLost,
    },
    [buffer, stepProfiles.buffer],
  );
  dirty = false;
}

function rampStatus(): RampStatus | null {
  if (ramp === null || arena === null) return null;
  return {
    options: ramp.options,
    phase: ramp.phase,
    bodies: arenaBodies(arena),
    measured: ramp.measured,
    batches: ramp.batches,
    held: ramp.held,
    last: ramp.last,
    result: ramp.result,
  };
}

/** Builds a world with `action`; an Error is reported as a refusal, so the page keeps its own world. */
function build(what: string, action: () => void): void {
  try {
    action();
  } catch (error) {
    scope.postMessage({ type: 'refused', text: `${what}: ${(error as Error).message}` });
  }
}

/** Runs `action`; an Error becomes a message to the page instead of killing the worker. */
function attempt(what: string, action: () => void): void {
  try {
    action();
  } catch (error) {
    say(`${what}: ${(error as Error).message}`);
  }
}

/** Removes body `id` if it lives, letting go of it if held. */
function removeBody(id: number): void {
  const body = world.getBody(id);
  if (body === undefined) return;
  if (grab?.body === body) grab = null;
  world.destroyBody(body);
  layout++;
  dirty = true;
}

scope.onmessage = (event) => {
  const m = event.data;
  switch (m.type) {
    case 'preset':
      build('Cannot build the preset', () => {
        const next = new World();
        crowd(next, { count: m.count });
        arena = null;
        ramp = null;
        useWorld(next, null);
      });
      break;
    case 'ramp':
      build('Cannot start the ramp', () => {
        const next = new StressRamp(m.options, performance.now());
        const nextWorld = new World();
        const a = stressArena(nextWorld, { count: next.options.batch });
        arena = a;
        ramp = next;
        useWorld(nextWorld, stressArenaBounds(a));
      });
      break;
    case 'load':
      build('Cannot load the world', () => {
        const next = World.fromJSON(m.snapshot);
        arena = null;
        ramp = null;
        useWorld(next, m.bounds);
      });
      break;
    case 'stop-ramp':
      ramp?.stop(performance.now());
      dirty = true;
      break;
    case 'threads':
      attempt('Threads not changed', () => {
        checkThreadMode(m.mode);
        chooser?.setMode(m.mode);
        threadMode = m.mode;
        // Threads lost to one that stopped answering start anew when the user picks a mode.
        if (threadsLost) {
          threadsLost = false;
          startPool();
        }
        dirty = true;
      });
      break;
    case 'clock':
      paused = m.paused;
      hertz = m.hertz;
      timeScale = m.timeScale;
      dirty = true;
      break;
    case 'step':
      pendingSteps++;
      break;
    case 'options':
      attempt('Not applied', () => world.setOptions(m.patch));
      scope.postMessage({ type: 'options', options: world.options });
      break;
    case 'material':
      attempt('Not applied', () => setMaterialAll(world, m.key, m.value));
      break;
    case 'spawn':
    case 'create':
      attempt(m.type === 'spawn' ? 'Cannot spawn here' : 'Cannot build here', () => {
        world.createBody(m.def);
        layout++;
        dirty = true;
      });
      break;
    case 'scatter':
      attempt('Cannot spawn', () => {
        const { kind, size, cornerRadius } = m.shapes;
        const made = scatter(world, bounds, size, m.count, random, (x, y) => {
          const shape = shapeParams(kind, size, cornerRadius, random);
          world.createBody({ x, y, ...shape, ...m.material });
          return true;
        });
        if (made > 0) layout++;
        dirty = true;
        say(scatterReport(made, m.count), made === 0 ? 'error' : 'info');
      });
      break;
    case 'grab': {
      const body = world.getBody(m.id);
      grab = body !== undefined ? new Grab(world, body, m.x, m.y) : null;
      break;
    }
    case 'drag':
      if (grab !== null) {
        grab.targetX = m.x;
        grab.targetY = m.y;
        if (paused) {
          grab.follow();
          dirty = true;
        }
      }
      break;
    case 'release':
      grab?.release(m.vx, m.vy, paused);
      grab = null;
      break;
    case 'remove':
      removeBody(m.id);
      break;
    case 'edit-bodies':
      attempt('Not changed', () => {
        applyBodyEdits(world, m.edits);
        dirty = true;
      });
      break;
    case 'remove-bodies':
      for (const id of m.ids) removeBody(id);
      break;
    case 'export':
      scope.postMessage({ type: 'world', snapshot: world.toJSON() });
      break;
    case 'return':
      freeBuffers.push(m.buffer);
      break;
  }
};
