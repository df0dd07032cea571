/**
 * What the page and the physics worker (physics-worker.ts) say to each other. The page sends
 * commands (build a scene, run the ramp, input, settings); the worker sends frames: after each
 * step it packs every body into a typed array and transfers it (no copy), with the profile of
 * every step since its last frame. Buffers go back to the worker once drawn, so a few are
 * reused round and round; when the page is behind, the worker keeps stepping and skips frames
 * rather than queueing them. The layout of a frame's bodies, and its writer and readers, are in
 * frame.ts.
 */
import type { BodyEdit } from '../build/body-patch';
import type { BodyDef, StepProfile, WorldOptions, WorldSnapshot, WorldStats } from '../../physics/index';
import type { Bounds } from './camera';
import type { MaterialKey, NewMaterial } from './material';
import type { ShapeKind } from './settings';
import type { RampOptions, RampPoint, RampResult } from './stress-ramp';
import type { ThreadChoice, ThreadMode } from '../../physics/index';

/** Numbers per step in a frame's `profiles`: broadphase, narrowphase, solve, continuous, sleep, total (ms). */
export const PROFILE_FIELDS = 6;
/** Steps of profile a frame carries at most (older ones are dropped). */
export const MAX_PROFILE_STEPS = 120;

/** Reads step `k` of a frame's profiles into `out`. Does not allocate. */
export function readProfile(profiles: Float32Array, k: number, out: StepProfile): StepProfile {
  const o = k * PROFILE_FIELDS;
  out.broadphase = profiles[o];
  out.narrowphase = profiles[o + 1];
  out.solve = profiles[o + 2];
  out.continuous = profiles[o + 3];
  out.sleep = profiles[o + 4];
  out.total = profiles[o + 5];
  return out;
}

/** Where the ramp is, sent with every frame while one runs or after it ended. */
export interface RampStatus {
  options: RampOptions;
  phase: 'settling' | 'measuring' | 'done';
  /** Moving bodies now. */
  bodies: number;
  /** Steps measured toward the current judgement. */
  measured: number;
  batches: number;
  held: RampPoint;
  last: RampPoint | null;
  result: RampResult | null;
}


/** Page → worker. */
export type ToWorker =
  | { type: 'preset'; count: number }
  | { type: 'ramp'; options: Partial<RampOptions> }
  | { type: 'load'; snapshot: WorldSnapshot; bounds: Bounds }
  | { type: 'stop-ramp' }
  | { type: 'threads'; mode: ThreadMode }
  | { type: 'clock'; paused: boolean; hertz: number; timeScale: number }
  | { type: 'step' }
  | { type: 'options'; patch: Partial<WorldOptions> }
  | { type: 'material'; key: MaterialKey; value: number }
  | { type: 'spawn'; def: BodyDef }
  | { type: 'scatter'; count: number; shapes: ScatterShapes; material: NewMaterial }
  | { type: 'grab'; id: number; x: number; y: number }
  | { type: 'drag'; x: number; y: number }
  | { type: 'release'; vx: number; vy: number }
  | { type: 'remove'; id: number }
  | { type: 'create'; def: BodyDef }
  | { type: 'edit-bodies'; edits: BodyEdit[] }
  | { type: 'remove-bodies'; ids: number[] }
  | { type: 'export' }
  | { type: 'return'; buffer: ArrayBuffer };

/** How `scatter` shapes its bodies: the spawn panel's shape settings. */
export interface ScatterShapes {
  kind: ShapeKind;
  size: number;
  cornerRadius: number;
}

/** One frame: every body after a step (or after a change while paused). */
export interface FrameMessage {
  type: 'frame';
  /** The bodies (frame.ts: FRAME_STRIDE words each); transferred, send it back with `return`. */
  buffer: ArrayBuffer;
  /** Bodies in `buffer`. */
  count: number;
  /** Changes whenever bodies are created or destroyed: frames of equal layout list the same bodies in the same order. */
  layout: number;
  /** Steps since the world was built. */
  steps: number;
  /** PROFILE_FIELDS numbers per step since the last frame, oldest first. */
  profiles: Float32Array;
  stats: WorldStats;
  /** Live bodies, and the moving (non-static) ones among them. */
  bodies: number;
  moving: number;
  paused: boolean;
  bounds: Bounds;
  ramp: RampStatus | null;
  /** Threads the world steps on (1 unless the page is cross-origin isolated: worker/thread-pool.ts). */
  threads: number;
  /** Whether every thread, all but one or one steps fastest here, and why (physics/parallel/thread-trial.ts); null without a pool. */
  threadChoice: ThreadChoice | null;
  /** A worker thread stopped answering in the middle of a step: the pool was ended, and the world steps on one thread until the user picks the threads again. */
  threadsLost: boolean;
}

/** Worker → page. */
export type FromWorker =
  | FrameMessage
  | { type: 'scene'; options: WorldOptions; bounds: Bounds }
  | { type: 'options'; options: WorldOptions }
  | { type: 'world'; snapshot: WorldSnapshot }
  /** A preset, ramp or load could not be built: the worker has no world of the page's. */
  | { type: 'refused'; text: string }
  | { type: 'message'; text: string; kind: 'error' | 'info' }
  /** The worker paused its clock itself (a step failed): the page's pause follows, so one press resumes. */
  | { type: 'paused' };
