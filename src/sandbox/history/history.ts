/**
 * Undo, redo and the timeline, joined to the sandbox through a small port (no DOM): the
 * sandbox's host is wrapped (recording-host.ts) so that every world-changing call first
 * records the state before it for undo and then joins the timeline's inputs; a world replaced
 * whole (a scene, a file) is recorded by `replacingWorld`. Undo and redo are themselves
 * recorded in the timeline as the world they leave, so scrubbing crosses them exactly.
 *
 * Off while the physics runs in the stress worker (a snapshot there costs a round trip and a
 * copy of tens of thousands of bodies per action) and for worlds above the sandbox's history
 * cap (a snapshot of 5,000 bodies is about 2 MB and 15 ms).
 */
import type { World, WorldOptions } from '../../physics/index';
import type { PhysicsHost } from '../physics-host';
import { worldFromText, worldToText, type StepperFactory } from './ops';
import { recordingHost, type CallKind } from './recording-host';
import { Timeline, type Recording, type TimelineLimits } from './timeline';
import { COALESCE_TIME, UndoStack } from './undo-stack';

/**
 * Bodies above which undo and the timeline are off: a snapshot of 5,000 bodies is about 2 MB
 * and 15 ms, and one is taken per action and every KEYFRAME_EVERY steps.
 */
export const MAX_HISTORY_BODIES = 5000;

/** Calls that cannot be repeated exactly (scatter draws from the page's random stream): recorded as the world they leave. */
const WORLD_OP_CALLS = new Set(['scatter']);
/** Calls with a shorter coalescing window outside a pointer press (Delete pressed over one body after another). */
const QUICK_CALLS = new Set(['spawn', 'remove']);
const QUICK_COALESCE = 400; // ms
/** What an undo entry says, for calls that have a name for users. */
const LABELS: Record<string, string> = { spawn: 'spawn', scatter: 'spray', remove: 'delete', grab: 'drag', setMaterialAll: 'material', setOptions: 'settings' };

/** What history needs from the sandbox. */
export interface HistoryPort {
  /** The running world (what the user sees). */
  readonly world: World;
  /** Why history is off now (the stress worker runs the physics, the world is too big), or null. */
  readonly offReason: string | null;
  readonly paused: boolean;
  /** Whether the page's host holds a body. */
  readonly held: boolean;
  /** The scene the world came from. */
  readonly scene: string;
  /** Makes `world` the running world without recording it (an undo, a seek); `scene` when it changes. */
  adoptWorld(world: World, scene: string | null): void;
  /** The clock, ms. */
  now(): number;
}

/** What the history readout shows. */
export interface HistoryStatus {
  /** Why undo and the timeline are off, or null. */
  readonly off: string | null;
  readonly undoCount: number;
  readonly redoCount: number;
  readonly nextUndo: string | null;
  readonly nextRedo: string | null;
  readonly undoBytes: number;
  readonly timelineBytes: number;
  readonly base: number;
  readonly end: number;
  readonly cursor: number;
  /** Seconds recorded, and the cursor's place in them (0 = newest). */
  readonly seconds: number;
  readonly secondsBack: number;
  readonly diverged: number | null;
  /** The engine revision that recorded the steps, null when unknown (see `Recording.engine`). */
  readonly recordedBy: number | null;
  readonly playing: boolean;
}

export class History {
  readonly undos = new UndoStack<string>();
  readonly timeline: Timeline;
  /** Playing a loaded replay: steps follow the recording instead of running live. */
  playing = false;
  /** The last clock call's arguments as text: the same again is not recorded. */
  private lastClock = '';
  /** Grabs so far: each drag is its own entry, however soon after the last. */
  private grabs = 0;
  /** Pointer presses so far, and whether one is held: the calls of one press are one entry. */
  private presses = 0;
  private pressHeld = false;

  constructor(
    private readonly port: HistoryPort,
    makeStepper: StepperFactory,
    limits: Partial<TimelineLimits> = {},
  ) {
    this.timeline = new Timeline(makeStepper, limits);
  }

  /** `host` with history around every call that changes the world. */
  wrap(host: PhysicsHost): PhysicsHost {
    return recordingHost(host, { around: (name, kind, args, call) => this.around(name, kind, args, call) });
  }

  // ---- Live recording ----

  /** Before a live step. */
  beforeStep(): void {
    if (!this.on) return;
    this.goLive();
  }

  /** After a live step of `dt` s. */
  afterStep(dt: number): void {
    if (!this.on) return;
    this.timeline.afterStep(this.port.world, dt, this.port.paused, this.port.held);
  }

  /**
   * Before the sandbox replaces its world by `label` (a scene, a file): the world now becomes
   * an undo entry. Call `replacedWorld` after.
   */
  replacingWorld(label: string): void {
    if (!this.on) return;
    this.goLive();
    // The page's first world is empty: there is nothing to go back to.
    if (this.port.world.bodyCount === 0) return;
    this.undos.record(label, worldToText(this.port.world), this.port.scene, `world:${label}`, this.port.now());
  }

  /** The sandbox's new world is in place: the timeline records it. */
  replacedWorld(): void {
    if (!this.on) return;
    this.goLive();
    this.timeline.record({ world: worldToText(this.port.world) });
  }

  /**
   * A pointer went down anywhere on the page (the scene, a slider): until it is released,
   * calls with the same key are one entry however slowly they come (a slider dragged, a spray),
   * and no call of another press joins them (two quick clicks are two spawns).
   */
  pressStarted(): void {
    this.presses++;
    this.pressHeld = true;
  }

  pressEnded(): void {
    this.pressHeld = false;
  }

  // ---- Undo ----

  /** Takes the last action back; false when there is none (or in stress mode). */
  undo(): boolean {
    return this.travel('undo');
  }

  redo(): boolean {
    return this.travel('redo');
  }

  // ---- Timeline ----

  /** Shows tick `tick` of the timeline (the simulation should be paused). */
  seek(tick: number): void {
    if (!this.on) return;
    if (!this.timeline.started) this.timeline.ensureStarted(this.port.world, this.port.paused);
    const world = this.timeline.seek(tick);
    if (world !== null) this.port.adoptWorld(world, null);
  }

  /** One step back along the recording. */
  stepBack(): void {
    this.seek(this.timeline.cursor - 1);
  }

  /** One step forward along the recording; false at its end (the caller then steps live). */
  stepForward(): boolean {
    if (!this.timeline.scrubbed) return false;
    this.seek(this.timeline.cursor + 1);
    return true;
  }

  /** The recording from its oldest kept step. */
  recording(): Recording | null {
    return this.timeline.started ? this.timeline.recording() : null;
  }

  /** Plays `rec` from its start: the world becomes its first one (an undo entry keeps the current). */
  play(rec: Recording, label: string): void {
    if (!this.on) throw new Error(`undo and the timeline are ${this.port.offReason}`);
    this.goLive();
    this.undos.record(label, worldToText(this.port.world), this.port.scene, `world:${label}`, this.port.now());
    this.port.adoptWorld(this.timeline.load(rec), null);
    this.playing = true;
  }

  /** One step of playback (instead of a live step); false when the recording had ended (no step ran: the caller pauses). */
  playStep(): boolean {
    if (!this.timeline.scrubbed) {
      this.playing = false;
      return false;
    }
    this.seek(this.timeline.cursor + 1);
    return true;
  }

  get status(): HistoryStatus {
    const t = this.timeline;
    const u = this.undos;
    return {
      off: this.port.offReason,
      undoCount: u.undoCount,
      redoCount: u.redoCount,
      nextUndo: u.nextUndo,
      nextRedo: u.nextRedo,
      undoBytes: u.bytes,
      timelineBytes: t.bytes,
      base: t.base,
      end: t.end,
      cursor: t.cursor,
      seconds: t.started ? t.seconds : 0,
      secondsBack: t.started ? t.timeAt(t.end) - t.timeAt(t.cursor) : 0,
      diverged: t.diverged,
      recordedBy: t.recordedBy,
      playing: this.playing,
    };
  }

  // ---- Inside ----

  /**
   * Whether history runs now. While it is off the timeline is dropped: steps it did not see
   * would make its recording a lie.
   */
  private get on(): boolean {
    if (this.port.offReason === null) return true;
    if (this.timeline.started) this.timeline.clear();
    this.playing = false;
    return false;
  }

  private goLive(): void {
    this.playing = false;
    this.timeline.goLive(this.port.world, this.port.paused);
  }

  private around(name: string, kind: CallKind, args: unknown[], call: () => unknown): unknown {
    if (!this.on || kind === 'step') return call();
    if (kind === 'clock') {
      const clock = JSON.stringify(args);
      if (clock === this.lastClock) return call();
      this.lastClock = clock;
      // Pausing changes no world, and a replay resumes along its recording: the future stays.
      if (this.timeline.scrubbed && (args[0] === true || this.playing)) return call();
    }
    this.goLive();
    const world = this.port.world;
    let before: string | null = null;
    if (kind === 'action') {
      const key = this.coalescingKey(name, args, world);
      const window = this.pressHeld ? Infinity : QUICK_CALLS.has(name) ? QUICK_COALESCE : COALESCE_TIME;
      if (key !== null && !this.undos.continues(key, this.port.now(), window)) {
        before = worldToText(world);
        this.undos.record(this.label(name, args, world), before, this.port.scene, key, this.port.now());
      }
    }
    let result: unknown;
    try {
      result = call();
    } catch (error) {
      if (before !== null) this.undos.dropLast();
      throw error;
    }
    // A refused spawn, a slider set to the value it had: no entry for nothing. A grab changes
    // nothing yet but is the start of a drag.
    if (before !== null && name !== 'grab' && worldToText(this.port.world) === before) this.undos.dropLast();
    this.timeline.record(WORLD_OP_CALLS.has(name) ? { world: worldToText(this.port.world) } : { call: name, args: structuredClone(args) });
    return result;
  }

  /**
   * Calls with the same key close together make one undo entry: the same option or material
   * moved (a slider dragged), the same kind of call with the same leading arguments. Null: the
   * call changes nothing undoable (options set to what they are).
   */
  private coalescingKey(name: string, args: unknown[], world: World): string | null {
    const press = `#${this.presses}`;
    if (name === 'setOptions') {
      const changed = changedOptions(args[0], world.options);
      return changed.length === 0 ? null : `setOptions:${changed.join(',')}${press}`;
    }
    if (name === 'grab') return `grab:${++this.grabs}`;
    return `${name}:${JSON.stringify(args.slice(0, -1))}${press}`;
  }

  private label(name: string, args: unknown[], world: World): string {
    if (name === 'setOptions') return changedOptions(args[0], world.options).join(', ');
    if (name === 'setMaterialAll' && typeof args[0] === 'string') return args[0];
    return LABELS[name] ?? name;
  }

  private travel(way: 'undo' | 'redo'): boolean {
    if (!this.on) return false;
    const now = worldToText(this.port.world);
    const entry = way === 'undo' ? this.undos.undo(now, this.port.scene) : this.undos.redo(now, this.port.scene);
    if (entry === null) return false;
    this.goLive();
    this.port.adoptWorld(worldFromText(entry.state), entry.meta);
    this.timeline.record({ world: entry.state });
    return true;
  }
}

/** Keys of `patch` whose value differs from `options`, in order. */
function changedOptions(patch: unknown, options: WorldOptions): string[] {
  if (typeof patch !== 'object' || patch === null) return [];
  const current = options as unknown as Record<string, unknown>;
  return Object.entries(patch).filter(([k, v]) => JSON.stringify(current[k]) !== JSON.stringify(v)).map(([k]) => k);
}
