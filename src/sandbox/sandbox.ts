/**
 * The sandbox's state and the things a user can do to it, whichever way they ask (pointer,
 * keyboard, panel, file, test): open a scene, spawn, grab, remove, select, pause, step, tune.
 * The running `world` may be replaced (a scene, a loaded file), so everything reads it from
 * here each time instead of keeping it.
 *
 * In stress mode a worker owns the world (`worker` is set, physics-worker.ts says why): the
 * actions below forward to it instead, and `world` is an empty stand-in until the worker's
 * world is handed back.
 */
import { World, mulberry32, roundedRectOverlap, type Body, type PointHit, type Random } from '../physics/index';
import { SCENES, findScene } from '../scenes/index';
import { BodyInstances } from './shared/body-instances';
import { Camera, type Bounds } from './shared/camera';
import { Grab } from './shared/grab';
import type { FixedStepLoop } from './loop';
import { showMessage } from './ui/messages';
import { defaultSettings, readWorldSettings, worldOptionsOf, type Settings } from './shared/settings';
import { scatter, scatterReport } from './shared/scatter';
import type { StatsCounts } from './ui/stats';
import { shapeParams } from './shared/shapes';
import type { PickedBody, WorkerSession } from './worker/worker-session';
import { worldBounds } from './shared/world-view';

/** Bodies above which a reset asks first: a world this big took a stress test or a long while to build. */
export const CONFIRM_RESET_BODIES = 5000;
/** How long a reset waits for its confirmation (the second r), ms. */
const CONFIRM_RESET_TIME = 5000; // ms

/** How far from a body (CSS px) a press still picks it: small bodies stay easy to grab. */
const PICK_TOLERANCE = 4; // px

export class Sandbox {
  world: World = new World();
  readonly settings: Settings = defaultSettings();
  readonly camera = new Camera();
  readonly instances = new BodyInstances();
  /** Up to two bodies: the pair the collision explainer shows (the older first). */
  selection: Body[] = [];
  /** The body being dragged. */
  grab: Grab | null = null;
  /** What "fit" frames, m: the bounds of the scene as opened. */
  sceneBounds: Bounds = { minX: -10, minY: -10, maxX: 10, maxY: 10 };
  /** CSS px on the right of the view that the panel covers; fitting keeps the scene clear of it. */
  fitInsetRight = 0;
  /** The physics worker while in stress mode, else null. */
  worker: WorkerSession | null = null;
  /** The moving bodies have different restitutions: the slider shows "mixed" instead of one value. */
  restitutionMixed = false;
  /** What the scene list shows when the world is not one of its scenes (a stress test's), else null. */
  sceneLabel: string | null = null;
  /** When the last unconfirmed reset asked (ms, performance.now), or -Infinity. */
  private resetAsked = -Infinity;
  /** Steps run in the current world (0: its pairs and contacts are not measured yet). */
  stepsInWorld = 0;
  private loop: FixedStepLoop | null = null;
  /** The camera as the last fit left it, or null before the first. */
  private fitted: { x: number; y: number; scale: number } | null = null;
  private readonly workerEndListeners: Array<() => void> = [];
  private readonly random: Random = mulberry32(0x5eed);
  private readonly changeListeners: Array<() => void> = [];
  private readonly hit: PointHit = { nx: 0, ny: 0, overlap: 0 };

  /** Connects the frame loop (pause, step, rate). */
  attachLoop(loop: FixedStepLoop): void {
    this.loop = loop;
    this.syncLoop();
  }

  /** Calls `listener` whenever state changes outside the panel (a new world, a key press). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Tells the listeners that state changed. */
  changed(): void {
    for (const fn of this.changeListeners) fn();
  }

  /** Calls `listener` when the worker stops owning the world (stress mode ends). */
  onWorkerEnd(listener: () => void): void {
    this.workerEndListeners.push(listener);
  }

  /**
   * Hands the physics to `session` (stress mode): the loop stops stepping here, the world here
   * becomes an empty stand-in, and the clock settings go to the worker.
   */
  useWorker(session: WorkerSession): void {
    if (this.worker === session) return;
    this.dropWorker();
    this.world = new World();
    this.grab = null;
    this.selection = [];
    this.instances.reset();
    this.worker = session;
    if (this.loop !== null) this.loop.physicsElsewhere = true;
    this.syncLoop();
  }

  /** Stops the worker (its world is dropped; take it first with `exportWorld` to keep it). */
  dropWorker(): void {
    const session = this.worker;
    if (session === null) return;
    this.worker = null;
    session.dispose();
    if (this.loop !== null) this.loop.physicsElsewhere = false;
    this.instances.reset();
    for (const fn of this.workerEndListeners) fn();
  }

  /** Runs one physics step of `dt` s: the drag spring, the interpolation capture, the world. */
  step(dt: number): void {
    if (this.grab !== null && !this.settings.paused) this.grab.drive(dt);
    this.instances.capture(this.world);
    this.world.step(dt);
    this.stepsInWorld++;
  }

  /**
   * The counts the stats show. Before the first step in a world (a scene opened paused) the
   * world's stats are all zero: bodies and awake bodies are counted here instead, and pairs and
   * contacts are marked as not measured yet. Allocates.
   */
  statsCounts(): StatsCounts {
    const w = this.world;
    if (this.stepsInWorld > 0) return { bodies: w.bodyCount, stats: w.stats };
    let awake = 0;
    for (const b of w.getBodies()) if (b.type !== 'static' && b.isAwake) awake++;
    return { bodies: w.bodyCount, stats: { ...w.stats, bodies: w.bodyCount, awakeBodies: awake }, measured: false };
  }

  // ---- Scenes and worlds ----

  /** Opens the scene `id` in a new world; an unknown id opens the first scene. */
  loadScene(id: string): void {
    const entry = findScene(id) ?? SCENES[0];
    this.sceneLabel = null;
    const world = new World();
    entry.build(world);
    this.settings.scene = entry.id;
    this.replaceWorld(world);
    if (entry.view !== undefined) this.sceneBounds = { ...entry.view };
    // The explainer is on in the scene made for it (the lab) and off elsewhere until asked for.
    this.settings.explain = entry.explainPair !== undefined;
    if (entry.explainPair !== undefined) {
      const [a, b] = entry.explainPair;
      this.selection = [world.getBody(a), world.getBody(b)].filter((x): x is Body => x !== undefined);
    }
    this.setPaused(entry.startPaused === true);
    this.fitView();
    this.changed();
  }

  /** Opens the current scene again, from scratch. */
  reset(): void {
    this.loadScene(this.settings.scene);
  }

  /** Bodies in the running world, wherever it steps (the worker's newest frame in stress mode). */
  get bodyCount(): number {
    return this.worker !== null ? (this.worker.frame?.bodies ?? 0) : this.world.bodyCount;
  }

  /**
   * Reset as the user asks for it (r, the panel): a big world is only thrown away when asked
   * twice within a few seconds; the first ask says so.
   */
  requestReset(): void {
    const n = this.bodyCount;
    const now = performance.now();
    if (n > CONFIRM_RESET_BODIES && now - this.resetAsked > CONFIRM_RESET_TIME) {
      this.resetAsked = now;
      const what = findScene(this.settings.scene)?.title ?? 'the scene';
      showMessage(`Reset throws away this world of ${n.toLocaleString('en-US')} bodies and opens "${what}": press r again (or "reset scene") to do it.`, 'info');
      return;
    }
    this.resetAsked = -Infinity;
    this.reset();
  }

  /** Makes `world` the running world (from a scene or a file); the settings follow its options. */
  replaceWorld(world: World): void {
    this.dropWorker();
    this.world = world;
    this.stepsInWorld = 0;
    this.grab = null;
    this.selection = [];
    this.instances.reset();
    readWorldSettings(this.settings, world.options);
    this.readRestitution();
    this.sceneBounds = worldBounds(world) ?? this.sceneBounds;
    this.loop?.resetTime();
  }

  /** Frames the scene in the viewport. */
  fitView(): void {
    const c = this.camera;
    c.fit(this.sceneBounds, 24, this.fitInsetRight);
    this.fitted = { x: c.x, y: c.y, scale: c.scale };
  }

  /** Whether the camera is where the last fit put it (the user has not zoomed or panned since). */
  get viewIsFitted(): boolean {
    const c = this.camera;
    const f = this.fitted;
    return f !== null && c.x === f.x && c.y === f.y && c.scale === f.scale;
  }

  // ---- Simulation ----

  /** Pauses or resumes. */
  setPaused(paused: boolean): void {
    this.settings.paused = paused;
    this.worker?.setClock(paused, this.settings.hertz, this.settings.timeScale);
    if (this.loop !== null) {
      if (this.loop.paused && !paused) this.instances.reset();
      this.loop.paused = paused;
      this.loop.resetTime();
    }
  }

  /** Runs exactly one step on the next frame (paused or not). */
  stepOnce(): void {
    if (this.worker !== null) this.worker.stepOnce();
    else this.loop?.requestStep();
  }

  /** Pushes rate, pause and world options from the settings; a rejected option is reported and undone. */
  applySettings(): void {
    if (this.worker !== null) {
      // The worker answers with its options (and a message if it refused them).
      this.worker.setOptions(worldOptionsOf(this.settings));
      this.syncLoop();
      return;
    }
    try {
      this.world.setOptions(worldOptionsOf(this.settings));
    } catch (error) {
      showMessage(`Not applied: ${(error as Error).message}`, 'error');
      readWorldSettings(this.settings, this.world.options);
      this.changed();
    }
    this.syncLoop();
  }

  private syncLoop(): void {
    if (this.loop === null) return;
    this.loop.hertz = this.settings.hertz;
    this.loop.timeScale = this.settings.timeScale;
    this.setPaused(this.settings.paused);
  }

  // ---- Material ----

  /**
   * Makes the restitution setting the world's: the moving bodies' common value, or "mixed"
   * when they differ (the setting, the default for new bodies, is then left as it was).
   */
  private readRestitution(): void {
    let value: number | null = null;
    this.restitutionMixed = false;
    for (const b of this.world.getBodies()) {
      if (b.type === 'static') continue;
      if (value === null) value = b.restitution;
      else if (b.restitution !== value) {
        this.restitutionMixed = true;
        return;
      }
    }
    if (value !== null) this.settings.restitution = value;
  }

  /** Sets every body's restitution, and the default of new ones, to `e` in [0, 1]. */
  setRestitutionAll(e: number): void {
    const value = Math.min(1, Math.max(0, e));
    this.settings.restitution = value;
    this.restitutionMixed = false;
    if (this.worker !== null) {
      this.worker.setRestitutionAll(value);
      return;
    }
    for (const body of this.world.getBodies()) body.setRestitution(value);
  }

  // ---- Bodies ----

  /**
   * Spawns the selected shape at (x, y) m with velocity (vx, vy) m/s; reports and returns null
   * if the engine refuses. In stress mode the worker spawns it and this returns null.
   */
  spawnAt(x: number, y: number, vx = 0, vy = 0): Body | null {
    const s = this.settings;
    const shape = shapeParams(s.shape, s.size, s.cornerRadius, this.random);
    const def = { x, y, vx, vy, ...shape, restitution: s.restitution, density: s.density };
    if (this.worker !== null) {
      this.worker.spawn(def);
      return null;
    }
    try {
      return this.world.createBody(def);
    } catch (error) {
      showMessage(`Cannot spawn here: ${(error as Error).message}`, 'error');
      return null;
    }
  }

  /**
   * Spawns up to `count` bodies at free spots of the scene and says how many found room. In
   * stress mode the worker places them (they show in a later frame) and says so itself.
   */
  spawnMany(count: number): void {
    const s = this.settings;
    if (this.worker !== null) {
      this.worker.scatter(count, { kind: s.shape, size: s.size, cornerRadius: s.cornerRadius }, s.restitution, s.density);
      return;
    }
    const made = scatter(this.world, this.sceneBounds, s.size, count, this.random, (x, y) => this.spawnAt(x, y) !== null);
    showMessage(scatterReport(made, count), made === 0 ? 'error' : 'info');
  }

  /**
   * The body under client point (clientX, clientY): one containing the point (moving bodies
   * before static ones, newest first), else the nearest within PICK_TOLERANCE pixels.
   */
  bodyAtScreen(clientX: number, clientY: number): Body | undefined {
    const p = this.camera.screenToWorld(clientX, clientY);
    const inside = this.world.queryPoint(p.x, p.y);
    if (inside.length > 0) {
      const moving = inside.filter((b) => b.type !== 'static');
      const list = moving.length > 0 ? moving : inside;
      return list[list.length - 1];
    }
    const tol = PICK_TOLERANCE / this.camera.scale;
    let best: Body | undefined;
    let bestOverlap = -Infinity;
    for (const b of this.world.queryBox(p.x - tol, p.y - tol, p.x + tol, p.y + tol)) {
      const overlap = roundedRectOverlap(p.x, p.y, b.x, b.y, b.halfWidth, b.halfHeight, b.radius, this.hit);
      if (overlap >= -tol && overlap > bestOverlap) {
        best = b;
        bestOverlap = overlap;
      }
    }
    return best;
  }

  /** In stress mode: the body under client point (clientX, clientY) in the worker's newest frame, or null. */
  pickInWorker(clientX: number, clientY: number): PickedBody | null {
    if (this.worker === null) return null;
    const p = this.camera.screenToWorld(clientX, clientY);
    return this.worker.pick(p.x, p.y, PICK_TOLERANCE / this.camera.scale);
  }

  /** Removes the body under client point (clientX, clientY), if any, in either mode. */
  removeAtScreen(clientX: number, clientY: number): void {
    if (this.worker !== null) {
      const picked = this.pickInWorker(clientX, clientY);
      if (picked !== null) this.worker.remove(picked.id);
      return;
    }
    const body = this.bodyAtScreen(clientX, clientY);
    if (body !== undefined) this.remove(body);
  }

  /** Removes a body (and forgets it if selected or held). */
  remove(body: Body): void {
    if (!body.isValid) return;
    if (this.grab?.body === body) this.grab = null;
    this.selection = this.selection.filter((b) => b !== body);
    this.world.destroyBody(body);
  }

  /** Makes `body` the newest of the selected pair. */
  select(body: Body): void {
    this.selection = [...this.selection.filter((b) => b !== body && b.isValid), body].slice(-2);
  }

  /** Starts dragging `body` from world point (x, y) m; with the explainer on, it joins the explained pair. */
  startGrab(body: Body, x: number, y: number): void {
    this.grab = new Grab(this.world, body, x, y);
    if (this.settings.explain) this.select(body);
  }

  /** The user asked to explain `body` (a modifier-click): the explainer comes on with it selected. */
  explainBody(body: Body): void {
    this.settings.explain = true;
    this.select(body);
    this.changed();
  }
}
