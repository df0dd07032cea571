/**
 * The sandbox's state and the things a user can do to it, whichever way they ask (pointer,
 * keyboard, panel, file, test): open a scene, spawn, grab, remove, select, pause, step, tune.
 * The running `world` may be replaced (a scene, a loaded file), so everything reads it from
 * here each time instead of keeping it.
 *
 * Every action goes through `host` (physics-host.ts): the local host on this thread, or in
 * stress mode the worker (`worker` is set, physics-worker.ts says why), so each is written
 * once. In stress mode `world` is an empty stand-in until the worker's world is handed back.
 */
import { World, mulberry32, type Body, type Random } from '../physics/index';
import { SCENES, findScene, type SceneGame } from '../scenes/index';
import { BuildController } from './build/build-controller';
import { BodyInstances } from './shared/body-instances';
import { Camera, type Bounds } from './shared/camera';
import type { Grab } from './shared/grab';
import { LocalHost } from './local-host';
import { olderEngine } from './files/replay-file';
import { History, MAX_HISTORY_BODIES } from './history/history';
import type { Recording } from './history/timeline';
import { HostStepper } from './history/host-stepper';
import type { FixedStepLoop } from './loop';
import type { PhysicsHost, PickedBody } from './physics-host';
import { showMessage } from './ui/messages';
import { showSceneNote } from './ui/scene-note';
import { LIMITS, defaultSettings, readWorldSettings, worldOptionsOf, type Settings } from './shared/settings';
import { MATERIAL_KEYS, commonMaterial, type MaterialKey, type NewMaterial } from './shared/material';
import type { StatsCounts } from './ui/stats';
import { shapeParams } from './shared/shapes';
import type { WorkerSession } from './worker/worker-session';
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
  /** The build tools (walls, movers, select, move, resize) and the selection the inspector shows. */
  readonly build: BuildController = new BuildController(this);
  /** Up to two bodies: the pair the collision explainer shows (the older first). */
  selection: Body[] = [];
  /** What "fit" frames, m: the bounds of the scene as opened. */
  sceneBounds: Bounds = { minX: -10, minY: -10, maxX: 10, maxY: 10 };
  /** CSS px on the right of the view that the panel covers; fitting keeps the scene clear of it. */
  fitInsetRight = 0;
  /** CSS px on the left of the view that the tool palette covers. */
  fitInsetLeft = 0;
  /** The physics worker while in stress mode, else null. */
  worker: WorkerSession | null = null;
  /** Per material setting, whether the moving bodies differ in it: its slider shows "mixed" instead of one value. */
  readonly materialMixed: Record<MaterialKey, boolean> = { restitution: false, friction: false };
  /** What the scene list shows when the world is not one of its scenes (a stress test's), else null. */
  sceneLabel: string | null = null;
  /** When the last unconfirmed reset asked (ms, performance.now), or -Infinity. */
  private resetAsked = -Infinity;
  /** The game the open scene plays (the flappy course), or null. */
  game: SceneGame | null = null;
  /** Steps run in the current world (0: its pairs and contacts are not measured yet). */
  stepsInWorld = 0;
  private loop: FixedStepLoop | null = null;
  /** The camera as the last fit left it, or null before the first. */
  private fitted: { x: number; y: number; scale: number } | null = null;
  private readonly workerEndListeners: Array<() => void> = [];
  private readonly random: Random = mulberry32(0x5eed);
  private readonly changeListeners: Array<() => void> = [];
  /** The physics on this thread. */
  private readonly local: LocalHost;
  /** Undo, redo and the timeline (history/). */
  readonly history: History;
  /** The local host with history around every call that changes the world. */
  private readonly recordedLocal: PhysicsHost;

  constructor() {
    // The host reads the sandbox's world, loop and bounds each time: all three get replaced.
    // Getters cannot be arrows, so they reach the sandbox through a name.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sandbox = this;
    this.local = new LocalHost({
      get world() {
        return sandbox.world;
      },
      get loop() {
        return sandbox.loop;
      },
      get bounds() {
        return sandbox.sceneBounds;
      },
      random: this.random,
      optionsRefused: () => {
        readWorldSettings(this.settings, this.world.options);
        this.changed();
      },
    });
    this.history = new History(
      {
        get world() {
          return sandbox.world;
        },
        get offReason() {
          if (sandbox.worker !== null) return 'off in stress mode';
          // A game's rules (the flappy course's pipes, score) change the world outside the recorded calls.
          if (sandbox.game !== null) return 'off in a game scene';
          return sandbox.world.bodyCount > MAX_HISTORY_BODIES ? `off above ${MAX_HISTORY_BODIES.toLocaleString('en-US')} bodies` : null;
        },
        get paused() {
          return sandbox.settings.paused;
        },
        get held() {
          return sandbox.local.held !== null;
        },
        get scene() {
          return sandbox.settings.scene;
        },
        adoptWorld: (world, scene) => this.adoptWorld(world, scene),
        now: () => performance.now(),
      },
      // Re-stepping runs a local host of its own on the restored world, loop-less and quiet.
      (world, paused) =>
        new HostStepper(world, paused, (where) => new LocalHost({ get world() { return where.world; }, loop: null, bounds: this.sceneBounds, random: mulberry32(0), optionsRefused: () => undefined })),
    );
    this.recordedLocal = this.history.wrap(this.local);
  }

  /** Where the physics runs now: the worker in stress mode, else this thread. */
  get host(): PhysicsHost {
    return this.worker ?? this.recordedLocal;
  }

  /** The body being dragged on this thread, or null (the overlay draws its spring). */
  get grab(): Grab | null {
    return this.worker === null ? this.local.held : null;
  }

  /** Connects the frame loop (pause, step, rate). */
  attachLoop(loop: FixedStepLoop): void {
    this.loop = loop;
    this.syncClock();
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
    this.game = null;
    this.local.held = null;
    this.selection = [];
    this.instances.reset();
    this.worker = session;
    if (this.loop !== null) this.loop.physicsElsewhere = true;
    this.syncClock();
  }

  /** Stops the worker (its world is dropped; take it first with `exportWorld` to keep it). */
  dropWorker(): void {
    const session = this.worker;
    if (session === null) return;
    this.worker = null;
    session.dispose();
    if (this.loop !== null) this.loop.physicsElsewhere = false;
    this.instances.reset();
    this.syncClock();
    for (const fn of this.workerEndListeners) fn();
  }

  /** Runs one physics step of `dt` s: the drag spring, the interpolation capture, the world. */
  step(dt: number): void {
    this.instances.capture(this.world);
    if (this.history.playing) {
      // A loaded replay: the step repeats the recording's, checked against its hash.
      if (!this.history.playStep()) this.replayEnded();
    } else {
      this.history.beforeStep();
      this.local.step(dt);
      this.game?.afterStep();
      this.history.afterStep(dt);
    }
    this.stepsInWorld++;
  }

  private replayEnded(): void {
    this.setPaused(true);
    const d = this.history.timeline.diverged;
    const why = olderEngine(this.history.timeline.recordedBy, true);
    showMessage(d === null ? 'The replay has ended: every step matched the recording. Resume to go on live.' : `The replay has ended. It DIVERGED from the recording at step ${d}.${why}`, d === null ? 'info' : 'error');
    this.changed();
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
    this.replaceWorld(world, `open ${entry.title}`, () => (this.settings.scene = entry.id));
    if (entry.view !== undefined) this.sceneBounds = { ...entry.view };
    // The explainer is on in the scene made for it (the lab) and off elsewhere until asked for.
    this.settings.explain = entry.explainPair !== undefined;
    if (entry.explainPair !== undefined) {
      const [a, b] = entry.explainPair;
      this.selection = [world.getBody(a), world.getBody(b)].filter((x): x is Body => x !== undefined);
    }
    this.setPaused(entry.startPaused === true);
    this.fitView();
    showSceneNote(entry.description);
    this.changed();
  }

  /** The game's action key (space, a tap): a flap, or after a crash the course again. Runs time if paused. */
  gameAction(): void {
    const game = this.game;
    if (game === null) return;
    if (game.action() === 'restart') this.reset();
    if (this.settings.paused) this.setPaused(false);
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

  /**
   * Makes `world` the running world (from a scene or a file); the settings follow its options.
   * The world before becomes an undo entry named `label`; `before` runs once it is recorded.
   */
  replaceWorld(world: World, label = 'load file', before?: () => void): void {
    this.history.replacingWorld(label);
    before?.();
    this.installWorld(world);
    this.history.replacedWorld();
  }

  /** Makes `world` (from undo, redo or the timeline) the running world without recording it. */
  private adoptWorld(world: World, scene: string | null): void {
    // An undo back across a scene load: that scene's view, fitted.
    const otherScene = scene !== null && scene !== this.settings.scene;
    if (scene !== null) this.settings.scene = scene;
    if (world === this.world) {
      // Stepped in place (playback, a step forward): only the interpolation is stale.
      this.instances.reset();
      return;
    }
    // The same view and the same explained pair (by slot: ids are the same across states).
    const view = this.sceneBounds;
    const selected = this.selection.map((b) => b.id);
    this.installWorld(world);
    this.sceneBounds = view;
    this.selection = selected.map((id) => world.getBody(id)).filter((b): b is Body => b !== undefined);
    if (otherScene) {
      this.sceneBounds = worldBounds(world) ?? view;
      this.fitView();
    }
  }

  private installWorld(world: World): void {
    this.dropWorker();
    this.world = world;
    this.game = gameFor(this.settings.scene, world);
    this.stepsInWorld = 0;
    this.local.held = null;
    this.selection = [];
    this.instances.reset();
    readWorldSettings(this.settings, world.options);
    this.readMaterial();
    this.sceneBounds = worldBounds(world) ?? this.sceneBounds;
    this.loop?.resetTime();
  }

  /** Frames the scene in the viewport. */
  fitView(): void {
    const c = this.camera;
    c.fit(this.sceneBounds, 24, this.fitInsetRight, this.fitInsetLeft);
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
    // Interpolation restarts from here: the last captured step is stale after a pause.
    if (this.settings.paused && !paused) this.instances.reset();
    this.settings.paused = paused;
    this.syncClock();
  }

  /** Runs exactly one step on the next frame (paused or not). */
  stepOnce(): void {
    // Scrubbed back, a step goes forward along the recording (the future stays).
    if (!this.history.stepForward()) this.host.stepOnce();
  }

  /** Pushes rate, pause and world options from the settings; a rejected option is reported and undone. */
  applySettings(): void {
    this.host.setOptions(worldOptionsOf(this.settings));
    this.syncClock();
  }

  /** Gives the host the clock the settings ask for. */
  private syncClock(): void {
    const s = this.settings;
    this.host.setClock(s.paused, s.hertz, s.timeScale);
  }

  // ---- History (history/) ----

  /** Takes the last action back, or says why not. */
  undo(): void {
    if (!this.history.undo()) showMessage(this.historyRefusal('undo'), 'info');
  }

  redo(): void {
    if (!this.history.redo()) showMessage(this.historyRefusal('redo'), 'info');
  }

  /** Pauses and shows the step before (`,` or ←). */
  stepBack(): void {
    this.setPaused(true);
    this.history.stepBack();
  }

  /** Pauses and steps forward: along the recording when scrubbed back, else a live step (`.` or →). */
  stepForwardInTime(): void {
    this.setPaused(true);
    this.stepOnce();
  }

  /** Pauses and shows timeline step `tick`. */
  scrubTo(tick: number): void {
    this.setPaused(true);
    this.history.seek(tick);
  }

  /** Plays a checked replay from its start (the world before is an undo entry). */
  playReplay(rec: Recording, scene: string | null): void {
    if (this.worker !== null) throw new Error('the stress test runs in a worker: leave it first (the panel\'s "leave, keep the world")');
    this.history.play(rec, 'load replay');
    if (scene !== null) this.settings.scene = scene;
    this.sceneLabel = null;
    this.sceneBounds = worldBounds(this.world) ?? this.sceneBounds;
    this.fitView();
    this.setPaused(false);
    this.changed();
  }

  private historyRefusal(what: 'undo' | 'redo'): string {
    const off = this.history.status.off;
    return off !== null ? `Undo and the timeline are ${off}.` : `Nothing to ${what}.`;
  }

  // ---- Material ----

  /**
   * Makes the material settings the world's: the moving bodies' common value of each, or
   * "mixed" when they differ (the setting, the default for new bodies, is then left as it was).
   */
  private readMaterial(): void {
    for (const key of MATERIAL_KEYS) {
      const value = commonMaterial(this.world, key);
      this.materialMixed[key] = value === 'mixed';
      if (typeof value === 'number') this.settings[key] = value;
    }
  }

  /** Sets `key` of every body, and the default of new ones, to `value` (clamped to its LIMITS). */
  setMaterialAll(key: MaterialKey, value: number): void {
    const [min, max] = LIMITS[key];
    const clamped = Math.min(max, Math.max(min, value));
    this.settings[key] = clamped;
    this.materialMixed[key] = false;
    this.host.setMaterialAll(key, clamped);
  }

  /** What new bodies are made of. */
  private get newMaterial(): NewMaterial {
    const s = this.settings;
    return { restitution: s.restitution, friction: s.friction, density: s.density };
  }

  // ---- Bodies (client points are CSS px, as pointer events carry them) ----

  /** Spawns the selected shape at (x, y) m with velocity (vx, vy) m/s; a refusal is reported. */
  spawnAt(x: number, y: number, vx = 0, vy = 0): void {
    const s = this.settings;
    const shape = shapeParams(s.shape, s.size, s.cornerRadius, this.random);
    this.host.spawn({ x, y, vx, vy, ...shape, ...this.newMaterial });
  }

  /** Spawns up to `count` bodies at free spots of the scene and says how many found room. */
  spawnMany(count: number): void {
    const s = this.settings;
    this.host.scatter(count, { kind: s.shape, size: s.size, cornerRadius: s.cornerRadius }, this.newMaterial);
  }

  /** The body under client point (clientX, clientY), or null (in stress mode: in the worker's newest frame). */
  pickAtScreen(clientX: number, clientY: number): PickedBody | null {
    const p = this.camera.screenToWorld(clientX, clientY);
    return this.host.pick(p.x, p.y, PICK_TOLERANCE / this.camera.scale);
  }

  /** The engine's handle of body `id` on this thread; undefined in stress mode (the world is in the worker). */
  bodyById(id: number): Body | undefined {
    return this.worker === null ? this.world.getBody(id) : undefined;
  }

  /** Removes the body under client point (clientX, clientY), if any. */
  removeAtScreen(clientX: number, clientY: number): void {
    const picked = this.pickAtScreen(clientX, clientY);
    if (picked === null) return;
    this.selection = this.selection.filter((b) => b.isValid && b.id !== picked.id);
    this.host.remove(picked.id);
  }

  /** Makes `body` the newest of the selected pair. */
  select(body: Body): void {
    this.selection = [...this.selection.filter((b) => b !== body && b.isValid), body].slice(-2);
  }

  /** Starts dragging `picked` from client point (clientX, clientY); with the explainer on, it joins the explained pair. */
  startGrab(picked: PickedBody, clientX: number, clientY: number): void {
    const p = this.camera.screenToWorld(clientX, clientY);
    this.host.grab(picked.id, p.x, p.y);
    const body = this.bodyById(picked.id);
    if (this.settings.explain && body !== undefined) this.select(body);
  }

  /** The user asked to explain `body` (a modifier-click): the explainer comes on with it selected. */
  explainBody(body: Body): void {
    this.settings.explain = true;
    this.select(body);
    this.changed();
  }
}

/**
 * The game scene `id` plays on `world` (the flappy course), or null: none for the scene, or a
 * world that is not its course (a file saved from the scene, then edited).
 */
function gameFor(id: string, world: World): SceneGame | null {
  const make = findScene(id)?.game;
  if (make === undefined) return null;
  try {
    return make(world);
  } catch {
    return null;
  }
}
