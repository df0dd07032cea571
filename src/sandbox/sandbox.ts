/**
 * The sandbox's state and the things a user can do to it, whichever way they ask (pointer,
 * keyboard, panel, file, test): open a scene, spawn, grab, remove, select, pause, step, tune.
 * The running `world` may be replaced (a scene, a loaded file), so everything reads it from
 * here each time instead of keeping it.
 */
import { World, mulberry32, roundedRectOverlap, type Body, type PointHit, type Random } from '../physics/index';
import { SCENES, findScene } from '../scenes/index';
import { BodyInstances } from './body-instances';
import { Camera, type Bounds } from './camera';
import { Grab } from './grab';
import type { FixedStepLoop } from './loop';
import { showMessage } from './messages';
import { defaultSettings, readWorldSettings, worldOptionsOf, type Settings } from './settings';
import { shapeParams } from './shapes';

/** How far from a body (CSS px) a press still picks it: small bodies stay easy to grab. */
const PICK_TOLERANCE = 4; // px
/** Tries to find a free spot per body of "spawn N". */
const SPAWN_TRIES = 12;

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
  private loop: FixedStepLoop | null = null;
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

  /** Runs one physics step of `dt` s: the drag spring, the interpolation capture, the world. */
  step(dt: number): void {
    if (this.grab !== null && !this.settings.paused) this.grab.drive(dt);
    this.instances.capture(this.world);
    this.world.step(dt);
  }

  // ---- Scenes and worlds ----

  /** Opens the scene `id` in a new world; an unknown id opens the first scene. */
  loadScene(id: string): void {
    const entry = findScene(id) ?? SCENES[0];
    const world = new World();
    entry.build(world);
    this.settings.scene = entry.id;
    this.replaceWorld(world);
    if (entry.view !== undefined) this.sceneBounds = { ...entry.view };
    if (entry.explainPair !== undefined) {
      const [a, b] = entry.explainPair;
      this.selection = [world.getBody(a), world.getBody(b)].filter((x): x is Body => x !== undefined);
      this.settings.explain = true;
    }
    this.setPaused(entry.startPaused === true);
    this.fitView();
    this.changed();
  }

  /** Opens the current scene again, from scratch. */
  reset(): void {
    this.loadScene(this.settings.scene);
  }

  /** Makes `world` the running world (from a scene or a file); the settings follow its options. */
  replaceWorld(world: World): void {
    this.world = world;
    this.grab = null;
    this.selection = [];
    this.instances.reset();
    readWorldSettings(this.settings, world.options);
    this.sceneBounds = boundsOf(world) ?? this.sceneBounds;
    this.loop?.resetTime();
  }

  /** Frames the scene in the viewport. */
  fitView(): void {
    this.camera.fit(this.sceneBounds, 24, this.fitInsetRight);
  }

  // ---- Simulation ----

  /** Pauses or resumes. */
  setPaused(paused: boolean): void {
    this.settings.paused = paused;
    if (this.loop !== null) {
      if (this.loop.paused && !paused) this.instances.reset();
      this.loop.paused = paused;
      this.loop.resetTime();
    }
  }

  /** Runs exactly one step on the next frame (paused or not). */
  stepOnce(): void {
    this.loop?.requestStep();
  }

  /** Pushes rate, pause and world options from the settings; a rejected option is reported and undone. */
  applySettings(): void {
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

  /** Sets every body's restitution, and the default of new ones, to `e` in [0, 1]. */
  setRestitutionAll(e: number): void {
    const value = Math.min(1, Math.max(0, e));
    this.settings.restitution = value;
    for (const body of this.world.getBodies()) body.setRestitution(value);
  }

  // ---- Bodies ----

  /** Spawns the selected shape at (x, y) m with velocity (vx, vy) m/s; reports and returns null if the engine refuses. */
  spawnAt(x: number, y: number, vx = 0, vy = 0): Body | null {
    const s = this.settings;
    const shape = shapeParams(s.shape, s.size, s.cornerRadius, this.random);
    try {
      return this.world.createBody({ x, y, vx, vy, ...shape, restitution: s.restitution, density: s.density });
    } catch (error) {
      showMessage(`Cannot spawn here: ${(error as Error).message}`, 'error');
      return null;
    }
  }

  /** Spawns up to `count` bodies at free spots of the scene; returns how many found room. */
  spawnMany(count: number): number {
    const b = this.sceneBounds;
    const size = this.settings.size;
    let made = 0;
    for (let n = 0; n < count; n++) {
      for (let attempt = 0; attempt < SPAWN_TRIES; attempt++) {
        const x = b.minX + size + this.random() * Math.max(0, b.maxX - b.minX - 2 * size);
        const y = b.minY + size + this.random() * Math.max(0, b.maxY - b.minY - 2 * size);
        const h = size * 0.55;
        if (this.world.queryBox(x - h, y - h, x + h, y + h).length > 0) continue;
        if (this.spawnAt(x, y) !== null) made++;
        break;
      }
    }
    return made;
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

  /** Starts dragging `body` from world point (x, y) m. */
  startGrab(body: Body, x: number, y: number): void {
    this.grab = new Grab(body, x, y);
    this.select(body);
  }
}

/** The bounds of every body of `world` (m), or null for an empty world. */
export function boundsOf(world: World): Bounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of world.getBodies()) {
    const ex = b.halfWidth + b.radius;
    const ey = b.halfHeight + b.radius;
    minX = Math.min(minX, b.x - ex);
    minY = Math.min(minY, b.y - ey);
    maxX = Math.max(maxX, b.x + ex);
    maxY = Math.max(maxY, b.y + ey);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}
