/**
 * Where the physics runs, behind one interface: on this thread (LocalHost, normal play) or in
 * the physics worker (WorkerSession, stress mode). Each sandbox action (spawn, drag, remove,
 * set options...) is written once, against this interface; the sandbox only chooses the host.
 * Bodies are named by slot id, which both hosts share (the worker's world is the page's world
 * moved bit for bit, or one it built).
 */
import type { BodyDef, WorldOptions } from '../physics/index';
import type { BodyEdit } from './build/body-patch';
import type { MaterialKey, NewMaterial } from './shared/material';
import type { ScatterShapes } from './shared/worker-protocol';

/** A body found under a point. */
export interface PickedBody {
  /** Slot id in the host's world. */
  id: number;
  isStatic: boolean;
}

export interface PhysicsHost {
  /** Whether time runs, at how many steps per simulated second, how fast. */
  setClock(paused: boolean, hertz: number, timeScale: number): void;
  /** Runs exactly one step soon (paused or not). */
  stepOnce(): void;
  /** Applies world options; a refusal is reported to the user and the settings read back. */
  setOptions(patch: Partial<WorldOptions>): void;
  /** Sets `key` (restitution, friction) of every body, static ones too, to `value` (within its LIMITS). */
  setMaterialAll(key: MaterialKey, value: number): void;
  /** Creates a body; a refusal is reported to the user. */
  spawn(def: BodyDef): void;
  /** Spawns up to `count` bodies at free spots and tells the user how many found room. */
  scatter(count: number, shapes: ScatterShapes, material: NewMaterial): void;
  /**
   * The body at world point (x, y) m: one containing it (moving before static, newest first),
   * else the nearest within `tolerance` m; null if none.
   */
  pick(x: number, y: number, tolerance: number): PickedBody | null;
  /** Starts dragging body `id`, held at world point (x, y) m. */
  grab(id: number, x: number, y: number): void;
  /** Moves the drag target to (x, y) m (while paused, the body follows it at once). */
  drag(x: number, y: number): void;
  /** Lets go, throwing with (vx, vy) m/s while time runs; while paused nothing is thrown. */
  release(vx: number, vy: number): void;
  /** Removes body `id` (and lets go of it if held). */
  remove(id: number): void;

  // ---- Build tools and the inspector (build/): one call is one user action ----

  /**
   * Creates a body (a drawn wall or mover); its slot id, or null when the engine refused it
   * (reported to the user) or when the worker makes it (the id is not known here).
   */
  createBody(def: BodyDef): number | null;
  /**
   * Changes bodies (an inspector edit, a bulk edit, a move or resize by the build tools), every
   * edit checked before any applies (body-patch.ts). Returns the engine's refusal, which names
   * the field and the value, or null when applied; a refusal changes nothing. The worker
   * reports its refusals as a message and returns null. A drag sends one call per pointer move.
   */
  editBodies(edits: readonly BodyEdit[]): string | null;
  /** Removes every body of `ids` (those still alive), letting go of a held one. */
  removeBodies(ids: readonly number[]): void;
}
