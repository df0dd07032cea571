/**
 * The adapter every benchmarked engine implements: build a scene from the engine-neutral body
 * list, step it, and read the moving bodies back in metres. One shape for all engines, so the
 * harness, the quality check and the tests treat them alike.
 */
import type { SceneBody } from '../../src/scenes/arena';

/** The engines the benchmark knows, Jostle first (it is the one compared). */
export const ENGINE_NAMES = ['jostle', 'jostle-threads', 'matter', 'planck', 'rapier', 'rapier-simd', 'box2d', 'box2d3', 'box2d3-deluxe'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** The engines that step on several threads (`--threads`); every other engine, `jostle` included, steps on one. */
export const THREADED_ENGINES: readonly EngineName[] = ['jostle-threads', 'box2d3-deluxe'];

/** How to load an engine. */
export interface LoadOptions {
  /** Threads a threaded engine steps on (the calling thread included); single-threaded engines ignore it. */
  threads: number;
}

/** A scene to build: its name and size (Jostle builds from these), and the neutral list peers build from. */
export interface SceneSetup {
  scene: string;
  count: number;
  /** Seed of the bodies' jitter and velocities (the scenes' default: 1). */
  seed: number;
  /** Walls (static) and bodies (dynamic), in scene order. */
  bodies: readonly SceneBody[];
  /** m/s². */
  gravity: { x: number; y: number };
}

/** State of the moving bodies, in scene order: position (m) and velocity (m/s). */
export interface BodyStates {
  x: Float64Array;
  y: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
}

/** One built scene in one engine. */
export interface Simulation {
  /** Advances by dt seconds with the engine's default iteration counts. */
  step(dt: number): void;
  /** Writes every dynamic body's state, in scene order, into `out` (sized to the dynamic count). */
  read(out: BodyStates): void;
  /** Milliseconds per phase of the last step, for engines that report them (Jostle). */
  profile?(): Readonly<Record<string, number>>;
  /** Counts from the last step worth printing next to the profile (pairs, contacts). */
  counters?(): Readonly<Record<string, number>>;
  /**
   * Bytes the engine holds where `process.memoryUsage()` does not count them (a WebAssembly
   * memory is in neither the heap nor `arrayBuffers`); the harness counts them with the typed
   * arrays. Jostle's row kernels (src/physics/wasm) report theirs.
   */
  outsideBytes?(): number;
  /** Frees engine memory outside the JS heap (wasm); the harness exits anyway, tests call it. */
  dispose?(): void;
}

/** A loaded engine: module imported and any wasm instantiated, ready to build scenes. */
export interface EngineAdapter {
  readonly name: EngineName;
  /** npm package the version is read from. */
  readonly packageName: string;
  /** Threads a step runs on, the calling thread included: 1 for a single-threaded engine. */
  readonly threads: number;
  create(setup: SceneSetup): Simulation;
}

/** Allocates a BodyStates for `count` bodies. */
export function makeBodyStates(count: number): BodyStates {
  return {
    x: new Float64Array(count),
    y: new Float64Array(count),
    vx: new Float64Array(count),
    vy: new Float64Array(count),
  };
}

/** Throws for a shape the peers cannot build exactly: the scenes use only circles and sharp boxes. */
export function checkPeerShape(b: SceneBody): 'circle' | 'box' {
  if (b.halfWidth === 0 && b.halfHeight === 0 && b.radius > 0) return 'circle';
  if (b.radius === 0 && b.halfWidth > 0 && b.halfHeight > 0) return 'box';
  throw new Error(`peer engines build circles and sharp boxes only, got ${JSON.stringify(b)}`);
}

/** Anything with x and y: each engine's vector type. */
export interface VectorLike {
  readonly x: number;
  readonly y: number;
}

/** Fills `out` from engine bodies already in metres and m/s, through the engine's two getters. */
export function readBodies<T>(
  out: BodyStates,
  bodies: readonly T[],
  position: (body: T) => VectorLike,
  velocity: (body: T) => VectorLike,
): void {
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i] as T;
    const p = position(body);
    const v = velocity(body);
    out.x[i] = p.x;
    out.y[i] = p.y;
    out.vx[i] = v.x;
    out.vy[i] = v.y;
  }
}
