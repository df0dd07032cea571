/**
 * The page's side of the physics worker (physics-worker.ts explains why there is one): starts
 * it, forwards commands, keeps the two newest frames and sends older buffers back, and turns
 * frames into what the page needs: the instance buffer to draw (interpolated between the two
 * frames, so a worker stepping at its own rate still moves smoothly on screen), a body under
 * the pointer, counts and profiles. Nothing here waits for the worker.
 */
import type { BodyEdit } from '../build/body-patch';
import type { BodyDef, PointHit, StepProfile, WorldOptions, WorldSnapshot } from '../../physics/index';
import type { BodyInstances } from '../shared/body-instances';
import type { Bounds } from '../shared/camera';
import { FRAME_STRIDE, blendFrames, pickInFrame } from '../shared/frame';
import type { MaterialKey, NewMaterial } from '../shared/material';
import type { PhysicsHost, PickedBody } from '../physics-host';
import type { RampOptions } from '../shared/stress-ramp';
import type { ThreadMode } from '../../physics/index';
import { PROFILE_FIELDS, readProfile, type FrameMessage, type FromWorker, type ScatterShapes, type ToWorker } from '../shared/worker-protocol';

/** Frame interval assumed before two frames have arrived, ms. */
const FIRST_INTERVAL = 1000 / 60; // ms
/** Weight of the newest interval in the smoothed frame interval. */
const INTERVAL_SMOOTHING = 0.2;
/**
 * How long `exportWorld` waits for the worker's world, ms. The worker answers between two steps,
 * so a live one answers within a step and a copy (well under a second at 100,000 bodies); one
 * that has not answered by then is stuck (a thread that never came back to a job, say), and
 * waiting longer would only keep the user from their world.
 */
export const EXPORT_TIMEOUT_MS = 10_000;

/** What the session reports as frames and replies arrive. */
export interface SessionListener {
  /** A frame arrived; `profiles` holds each step since the previous frame, oldest first. */
  frame?(frame: FrameMessage, profiles: readonly StepProfile[]): void;
  /** The worker built or loaded a world. */
  scene?(options: WorldOptions, bounds: Bounds): void;
  /** The worker's world options after a change (or a refused change). */
  options?(options: WorldOptions): void;
  /** Something to tell the user. */
  message?(text: string, kind: 'error' | 'info'): void;
  /** The worker paused itself (a step failed). */
  paused?(): void;
  /** The worker failed (its script did not load, it crashed, or it refused to build a world), in words. */
  failed?(reason: string): void;
}

/** The physics in the worker: a PhysicsHost whose commands are messages and whose picks read the newest frame. */
export class WorkerSession implements PhysicsHost {
  private readonly worker: Worker;
  private previous: FrameMessage | null = null;
  private current: FrameMessage | null = null;
  private previousView: Float32Array = new Float32Array(0);
  private currentView: Float32Array = new Float32Array(0);
  private arrived = 0;
  private interval = FIRST_INTERVAL;
  private readonly waitingForWorld: Array<(snapshot: WorldSnapshot) => void> = [];
  private readonly hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  private disposed = false;

  constructor(private readonly listener: SessionListener) {
    this.worker = new Worker(new URL('./physics-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      // A script that did not load has no message; a crash says what threw.
      listener.failed?.(event.message ? `the physics worker stopped (${event.message})` : 'the physics worker could not be loaded');
    };
  }

  /** The newest frame, or null before the first. */
  get frame(): FrameMessage | null {
    return this.current;
  }

  // ---- Commands ----

  preset(count: number): void {
    this.send({ type: 'preset', count });
  }
  ramp(options: Partial<RampOptions>): void {
    this.send({ type: 'ramp', options });
  }
  load(snapshot: WorldSnapshot, bounds: Bounds): void {
    this.send({ type: 'load', snapshot, bounds });
  }
  stopRamp(): void {
    this.send({ type: 'stop-ramp' });
  }
  setThreadMode(mode: ThreadMode): void {
    this.send({ type: 'threads', mode });
  }
  setClock(paused: boolean, hertz: number, timeScale: number): void {
    this.send({ type: 'clock', paused, hertz, timeScale });
  }
  stepOnce(): void {
    this.send({ type: 'step' });
  }
  setOptions(patch: Partial<WorldOptions>): void {
    this.send({ type: 'options', patch });
  }
  setMaterialAll(key: MaterialKey, value: number): void {
    this.send({ type: 'material', key, value });
  }
  spawn(def: BodyDef): void {
    this.send({ type: 'spawn', def });
  }
  scatter(count: number, shapes: ScatterShapes, material: NewMaterial): void {
    this.send({ type: 'scatter', count, shapes, material });
  }
  grab(id: number, x: number, y: number): void {
    this.send({ type: 'grab', id, x, y });
  }
  drag(x: number, y: number): void {
    this.send({ type: 'drag', x, y });
  }
  release(vx: number, vy: number): void {
    this.send({ type: 'release', vx, vy });
  }
  remove(id: number): void {
    this.send({ type: 'remove', id });
  }
  createBody(def: BodyDef): number | null {
    this.send({ type: 'create', def });
    return null;
  }
  editBodies(edits: readonly BodyEdit[]): string | null {
    this.send({ type: 'edit-bodies', edits: [...edits] });
    return null;
  }
  removeBodies(ids: readonly number[]): void {
    this.send({ type: 'remove-bodies', ids: [...ids] });
  }

  /**
   * The worker's world as a snapshot (it keeps running); rejects, saying so, when the worker has
   * not answered within `timeoutMs`.
   */
  exportWorld(timeoutMs = EXPORT_TIMEOUT_MS): Promise<WorldSnapshot> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const k = this.waitingForWorld.indexOf(answer);
        if (k >= 0) this.waitingForWorld.splice(k, 1);
        reject(new Error(`the physics worker did not answer for ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const answer = (snapshot: WorldSnapshot): void => {
        clearTimeout(timer);
        resolve(snapshot);
      };
      this.waitingForWorld.push(answer);
      this.send({ type: 'export' });
    });
  }

  /** Stops the worker; the session is done. */
  dispose(): void {
    this.disposed = true;
    this.worker.terminate();
  }

  // ---- Reading frames ----

  /**
   * Fills `instances` with the bodies of the newest frames, relative to (originX, originY) m,
   * blended from the previous frame to the newest by how far `nowMs` is into the next frame
   * interval (one frame of latency for smooth motion). Does not allocate after growth.
   */
  pack(instances: BodyInstances, originX: number, originY: number, nowMs: number): void {
    const c = this.current;
    if (c === null) {
      instances.count = 0;
      return;
    }
    const p = this.previous;
    const blend = p !== null && p.layout === c.layout && p.count === c.count;
    const alpha = blend ? Math.min(1, Math.max(0, (nowMs - this.arrived) / this.interval)) : 1;
    blendFrames(instances, this.previousView, this.currentView, c.count, alpha, originX, originY);
  }

  /**
   * The body at world point (x, y) m in the newest frame: one containing it (moving before
   * static, newest first), else the nearest within `tolerance` m. Null if none.
   */
  pick(x: number, y: number, tolerance: number): PickedBody | null {
    const c = this.current;
    if (c === null) return null;
    return pickInFrame(this.currentView, c.count, c.bodies - c.moving, x, y, tolerance, this.hit);
  }

  // ---- Messages ----

  /** Posts `message`; throws (the browser's DataCloneError or RangeError) when it cannot be copied. */
  private send(message: ToWorker, transfer: Transferable[] = []): void {
    if (!this.disposed) this.worker.postMessage(message, transfer);
  }

  private receive(m: FromWorker): void {
    switch (m.type) {
      case 'frame':
        this.takeFrame(m);
        break;
      case 'scene':
        this.listener.scene?.(m.options, m.bounds);
        break;
      case 'options':
        this.listener.options?.(m.options);
        break;
      case 'message':
        this.listener.message?.(m.text, m.kind);
        break;
      case 'paused':
        this.listener.paused?.();
        break;
      case 'world':
        for (const resolve of this.waitingForWorld.splice(0)) resolve(m.snapshot);
        break;
      case 'refused':
        this.listener.failed?.(m.text);
        break;
    }
  }

  private takeFrame(frame: FrameMessage): void {
    const now = performance.now();
    if (this.current !== null) this.interval += (now - this.arrived - this.interval) * INTERVAL_SMOOTHING;
    // The frame two back is no longer drawn: its buffer goes back to the worker.
    if (this.previous !== null) this.send({ type: 'return', buffer: this.previous.buffer }, [this.previous.buffer]);
    this.previous = this.current;
    this.previousView = this.currentView;
    this.current = frame;
    this.currentView = new Float32Array(frame.buffer, 0, frame.count * FRAME_STRIDE);
    this.arrived = now;
    const steps = frame.profiles.length / PROFILE_FIELDS;
    const profiles: StepProfile[] = [];
    for (let k = 0; k < steps; k++) {
      profiles.push(readProfile(frame.profiles, k, { broadphase: 0, narrowphase: 0, solve: 0, continuous: 0, sleep: 0, total: 0 }));
    }
    this.listener.frame?.(frame, profiles);
  }
}
