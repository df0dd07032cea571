/**
 * The timeline: the last minute of simulation, to scrub back and forth and to play from any
 * point. It keeps a keyframe (a snapshot) every KEYFRAME_EVERY steps and, for every step, its
 * dt, the hash of the world after it and the user's inputs before it (ops.ts). Any step is
 * reached by restoring the keyframe before it and re-stepping the recorded inputs, which the
 * engine's determinism makes exact; every re-stepped step is checked against its recorded hash
 * and the first mismatch is kept as `diverged` (Box2D's samples say DIVERGED).
 *
 * Inputs are part of what re-stepping replays (not a keyframe at each input): a drag is one
 * call a pointer move, and a keyframe each would cost a snapshot a frame. Keyframes are taken
 * only while nothing is held, as a grab's hold on its body lives outside the world.
 *
 * Scrubbed back (cursor < end), the world shown is the re-stepped one; the first live change
 * (`goLive`: a step, an input) drops the recorded future, as an editor does, and keyframes the
 * state it continues from. Memory is bounded by time (TIMELINE_SECONDS) and bytes.
 */
import { ENGINE_REVISION, type World } from '../../physics/index';
import { opBytes, worldFromText, worldToText, type InputOp, type Stepper, type StepperFactory } from './ops';
import { hashWorld } from './state-hash';

/** Simulated seconds kept behind the newest step (at least). */
export const TIMELINE_SECONDS = 60; // s
/** Steps between keyframes in a small world: the most a seek re-steps. */
export const KEYFRAME_EVERY = 30;
/**
 * Bytes a minute of keyframes (at 60 Hz) should take: a big world keyframes less often so that
 * its minute fits the cap (2,000 bodies: a 0.9 MB keyframe every 67 steps instead of 30).
 */
export const KEYFRAME_BUDGET = 48 * 1024 * 1024; // bytes a minute
/** Steps a minute at the usual rate, for the keyframe budget. */
const STEPS_A_MINUTE = 3600;
/** Bytes the timeline may hold; past it the oldest keyframes go (the window shortens). */
export const MAX_TIMELINE_BYTES = 64 * 1024 * 1024; // bytes
/** Bytes a recorded step costs besides its inputs (dt, hash, time, a slot). */
const STEP_BYTES = 40; // bytes

/** A snapshot to re-step from. */
interface Keyframe {
  readonly tick: number;
  /** Simulated time at the keyframe, s. */
  readonly time: number;
  readonly state: string;
  /** The hash of the recorded world at `tick`. */
  readonly hash: number;
  /** Whether the host was paused (a paused host does not drive a held body). */
  readonly paused: boolean;
}

/** One recorded step. */
export interface RecordedStep {
  /** s */
  readonly dt: number;
  /** hashWorld after the step. */
  readonly hash: number;
  /** Inputs applied before the step, or null. */
  readonly ops: readonly InputOp[] | null;
}

/** A recorded span: where it starts and every step after. */
export interface Recording {
  /** Snapshot text of the world at the first tick. */
  readonly start: string;
  /** Whether the host was paused at the start. */
  readonly paused: boolean;
  readonly steps: readonly RecordedStep[];
  /**
   * The engine revision (ENGINE_REVISION) whose steps the hashes are: this page's own for a
   * recording made here, null when unknown (a replay file saved before revisions were noted).
   * Missing means this page's own.
   */
  readonly engine?: number | null;
}

export interface TimelineLimits {
  seconds: number;
  /** Fewest steps between keyframes. */
  keyframeEvery: number;
  /** Bytes a minute of keyframes should take (raises the interval for big worlds). */
  keyframeBudget: number;
  maxBytes: number;
}

export class Timeline {
  /** Newest recorded tick. */
  end = 0;
  /** The tick the world shows. */
  cursor = 0;
  /** The first tick whose re-stepped state did not match the recording, or null. */
  diverged: number | null = null;
  /** The engine revision whose steps were recorded (see `Recording.engine`). */
  recordedBy: number | null = ENGINE_REVISION;
  private keys: Keyframe[] = [];
  /** steps[i] is tick base + 1 + i. */
  private steps: Array<RecordedStep & { readonly time: number }> = [];
  /** Inputs since the newest step. */
  private pending: InputOp[] = [];
  /** Re-stepping state at `cursor` (null while live: the live world has moved on). */
  private stepper: Stepper | null = null;
  /** Whether the stepper has the pending inputs applied (it stands at `end` then). */
  private pendingApplied = false;
  private bytesHeld = 0;
  private readonly limits: TimelineLimits;

  constructor(
    private readonly makeStepper: StepperFactory,
    limits: Partial<TimelineLimits> = {},
  ) {
    this.limits = { seconds: TIMELINE_SECONDS, keyframeEvery: KEYFRAME_EVERY, keyframeBudget: KEYFRAME_BUDGET, maxBytes: MAX_TIMELINE_BYTES, ...limits };
  }

  get started(): boolean {
    return this.keys.length > 0;
  }

  /** Oldest tick that can be reached. */
  get base(): number {
    return this.keys.length > 0 ? this.keys[0].tick : 0;
  }

  /** Whether the world shows a recorded past (the future is still there to go back to). */
  get scrubbed(): boolean {
    return this.cursor < this.end;
  }

  /** Bytes held: keyframes, inputs and per-step records. */
  get bytes(): number {
    return this.bytesHeld;
  }

  get keyframeCount(): number {
    return this.keys.length;
  }

  /** The newest keyframe's tick (a seek to the step before it re-steps the most). */
  get newestKeyframe(): number {
    return this.keys.length > 0 ? this.keys[this.keys.length - 1].tick : 0;
  }

  /** Simulated time at `tick`, s (from the oldest kept step's own clock). */
  timeAt(tick: number): number {
    if (tick <= this.base) return this.keys[0]?.time ?? 0;
    return this.steps[tick - this.base - 1].time;
  }

  /** Seconds the timeline spans. */
  get seconds(): number {
    return this.timeAt(this.end) - this.timeAt(this.base);
  }

  /** Forgets everything. */
  clear(): void {
    this.keys = [];
    this.steps = [];
    this.pending = [];
    this.stepper = null;
    this.pendingApplied = false;
    this.end = this.cursor = 0;
    this.diverged = null;
    this.recordedBy = ENGINE_REVISION;
    this.bytesHeld = 0;
  }

  /** Starts recording from `world` as it is (tick 0) if not started yet. */
  ensureStarted(world: World, paused: boolean): void {
    if (this.started) return;
    this.clear();
    this.pushKey(0, 0, world, paused);
  }

  /**
   * Before a live change to `world` (what the page shows): a scrubbed timeline drops its
   * future and keyframes the state the change starts from.
   */
  goLive(world: World, paused: boolean): void {
    this.ensureStarted(world, paused);
    // Inputs made after the newest step belong to the end: gone with the future when cut before it.
    if (this.stepper !== null && !this.pendingApplied) {
      this.bytesHeld -= this.opsBytes(this.pending);
      this.pending = [];
    }
    if (this.scrubbed) {
      const cut = this.cursor;
      for (const s of this.steps.splice(cut - this.base)) this.bytesHeld -= STEP_BYTES + this.opsBytes(s.ops);
      while (this.keys[this.keys.length - 1].tick > cut) this.bytesHeld -= this.keys.pop()?.state.length ?? 0;
      this.end = cut;
      if (this.diverged !== null && this.diverged > cut) this.diverged = null;
      // The re-stepped host may have held a body the live one does not: re-stepping must start here.
      if (this.keys[this.keys.length - 1].tick < cut) this.pushKey(cut, this.timeAt(cut), world, paused);
    }
    this.stepper = null;
    this.pendingApplied = false;
  }

  /** Records a live input (call `goLive` first). */
  record(op: InputOp): void {
    this.pending.push(op);
    this.bytesHeld += opBytes(op);
  }

  /** Records the live step just run: `world` after it, `held` whether a body is held. */
  afterStep(world: World, dt: number, paused: boolean, held: boolean): void {
    const ops = this.pending.length > 0 ? this.pending : null;
    this.pending = [];
    this.end++;
    this.cursor = this.end;
    this.steps.push({ dt, hash: hashWorld(world), ops, time: this.timeAt(this.end - 1) + dt });
    this.bytesHeld += STEP_BYTES;
    if (!held && this.end - this.keys[this.keys.length - 1].tick >= this.keyframeInterval()) {
      this.pushKey(this.end, this.timeAt(this.end), world, paused);
    }
    this.trim();
  }

  /**
   * The world at `tick` (clamped to the recorded span), re-stepped from the keyframe before it
   * (or forward from the cursor) and checked step by step; null when the cursor is there already.
   * At `end` the inputs made since the newest step are applied too, so the world is the live one.
   */
  seek(tick: number): World | null {
    if (!this.started) return null;
    const t = Math.max(this.base, Math.min(this.end, Math.round(tick)));
    if (t === this.cursor && (this.stepper !== null || !this.scrubbed)) return null;
    let s: Stepper;
    let at: number;
    if (this.stepper !== null && t > this.cursor) {
      s = this.stepper;
      at = this.cursor;
    } else {
      const k = this.keyBefore(t);
      s = this.makeStepper(worldFromText(k.state), k.paused);
      at = k.tick;
      this.check(at, hashWorld(s.world), k.hash);
    }
    while (at < t) {
      const rec = this.steps[at - this.base];
      if (rec.ops !== null) for (const op of rec.ops) s.apply(op);
      s.step(rec.dt);
      at++;
      const hash = hashWorld(s.world);
      this.check(at, hash, rec.hash);
      if (!s.held && at - this.keyBefore(at).tick >= this.keyframeInterval() && this.diverged === null) {
        this.insertKey(at, s.world, rec.hash, s.paused);
      }
    }
    this.pendingApplied = t === this.end;
    if (this.pendingApplied) for (const op of this.pending) s.apply(op);
    this.stepper = s;
    this.cursor = t;
    return s.world;
  }

  /** The recorded span from the oldest keyframe to the newest step (inputs since then are not in it). */
  recording(): Recording {
    const k = this.keys[0];
    return { start: k.state, paused: k.paused, steps: this.steps.map(({ dt, hash, ops }) => ({ dt, hash, ops })), engine: this.recordedBy };
  }

  /**
   * Replaces everything with `rec`, the cursor at its start; returns the world there (to
   * show, and to play forward with `seek`).
   */
  load(rec: Recording): World {
    this.clear();
    if (rec.engine !== undefined) this.recordedBy = rec.engine;
    const world = worldFromText(rec.start);
    this.keys.push({ tick: 0, time: 0, state: rec.start, hash: hashWorld(world), paused: rec.paused });
    this.bytesHeld += rec.start.length;
    let time = 0;
    for (const s of rec.steps) {
      time += s.dt;
      this.steps.push({ ...s, time });
      this.bytesHeld += STEP_BYTES + this.opsBytes(s.ops);
    }
    this.end = rec.steps.length;
    this.cursor = 0;
    this.stepper = this.makeStepper(world, rec.paused);
    return world;
  }

  private check(tick: number, got: number, want: number): void {
    if (got !== want && (this.diverged === null || tick < this.diverged)) this.diverged = tick;
  }

  private keyBefore(t: number): Keyframe {
    let k = this.keys[0];
    for (const key of this.keys) {
      if (key.tick > t) break;
      k = key;
    }
    return k;
  }

  /** Steps between keyframes now: KEYFRAME_EVERY, or more when the newest keyframe is big. */
  private keyframeInterval(): number {
    const { keyframeEvery, keyframeBudget } = this.limits;
    const size = this.keys.length > 0 ? this.keys[this.keys.length - 1].state.length : 0;
    return Math.max(keyframeEvery, Math.ceil((size * STEPS_A_MINUTE) / keyframeBudget));
  }

  private pushKey(tick: number, time: number, world: World, paused: boolean): void {
    const state = worldToText(world);
    this.keys.push({ tick, time, state, hash: hashWorld(world), paused });
    this.bytesHeld += state.length;
  }

  /** A keyframe taken while re-stepping (a loaded replay's, or ticks the live recording skipped while held). */
  private insertKey(tick: number, world: World, hash: number, paused: boolean): void {
    const i = this.keys.findIndex((k) => k.tick > tick);
    const next = i < 0 ? this.end + 1 : this.keys[i].tick;
    if (next - tick < this.keyframeInterval()) return;
    const state = worldToText(world);
    const key = { tick, time: this.timeAt(tick), state, hash, paused };
    this.keys.splice(i < 0 ? this.keys.length : i, 0, key);
    this.bytesHeld += state.length;
  }

  /** Drops the oldest keyframes (and their steps) past the window or the byte cap; the cursor's span stays. */
  private trim(): void {
    const { seconds, maxBytes } = this.limits;
    const now = this.timeAt(this.end);
    while (this.keys.length > 1 && this.keys[1].tick <= this.cursor && (now - this.keys[1].time >= seconds || this.bytesHeld > maxBytes)) {
      const dropped = this.keys.shift();
      if (dropped === undefined) break;
      this.bytesHeld -= dropped.state.length;
      for (const s of this.steps.splice(0, this.keys[0].tick - dropped.tick)) this.bytesHeld -= STEP_BYTES + this.opsBytes(s.ops);
    }
  }

  private opsBytes(ops: readonly InputOp[] | null): number {
    let n = 0;
    if (ops !== null) for (const op of ops) n += opBytes(op);
    return n;
  }
}
