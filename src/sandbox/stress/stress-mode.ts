/**
 * Stress mode: the ramp and the 1,000 / 10,000 / 50,000 body presets, run in the physics
 * worker (physics-worker.ts says why). This is the page's side: it starts the worker through
 * the sandbox, keeps the figures (physics ms per step from the worker's profiles, render ms
 * per frame measured here, apart), fills the HUD and composes the ramp's verdict:
 * "held N bodies at X ms/step (physics) and Y ms/frame (render)". Leaving hands the worker's
 * world back to the main thread (toJSON / fromJSON), so play goes on with what was built.
 *
 * The scenes are the shared ones: presets build crowd(N), the benchmark's main scene; the ramp
 * grows the stress arena (same bodies and density as crowd). The world's options are the
 * scene's own; nothing is set for the benchmark's sake.
 */
import { World, type StepProfile, type WorldStats } from '../../physics/index';
import type { Bounds } from '../shared/camera';
import { findScene } from '../../scenes/index';
import { showMessage } from '../ui/messages';
import { showSceneNote } from '../ui/scene-note';
import type { Sandbox } from '../sandbox';
import { readWorldSettings } from '../shared/settings';
import { StressHud } from './stress-hud';
import { formatMs as ms, median, rampOptions, type RampOptions } from '../shared/stress-ramp';
import { checkThreadMode, type ThreadMode } from '../../physics/index';
import { threadChoiceCount, threadChoiceText, threadHudLines } from '../shared/thread-choice-text';
import type { FrameMessage, RampStatus } from '../shared/worker-protocol';
import { WorkerSession } from '../worker/worker-session';

/** Steps and frames whose median the HUD shows. */
const FIGURE_WINDOW = 30;
/** The 50,000 body preset and its smaller siblings. */
export const STRESS_PRESETS = [1000, 10_000, 50_000] as const;
/** ms between HUD text updates. */
const TEXT_INTERVAL = 250; // ms

/** What runs in the worker: the ramp, a preset, or the world the page had. */
export type StressKind = 'ramp' | 'preset' | 'world';

/** The scene note for each kind of stress test: what the page now shows. */
const STRESS_NOTES: Record<StressKind, string> = {
  ramp: 'The ramp adds bodies in the physics worker while a step stays within the budget, then says how many it held.',
  preset: 'A crowd stepped in the physics worker: the card shows what each step and frame costs.',
  world: 'This world, stepped in the physics worker: the card shows what each step and frame costs.',
};

/** What stress mode is doing, for the HUD, the tests and the console. */
export interface StressState {
  active: boolean;
  kind: StressKind | null;
  /** Bodies in the worker's world (walls included), and the moving ones. */
  bodies: number;
  moving: number;
  /** Steps the worker ran in this world. */
  steps: number;
  /** Whether the worker's clock is paused (as of its newest frame). */
  paused: boolean;
  /** Median physics step of the last FIGURE_WINDOW steps, ms. */
  stepMs: number;
  /** Median main-thread render time of the last FIGURE_WINDOW frames, ms. */
  renderMs: number;
  /** Frame callbacks per second of the page (smoothed): how often it can answer input. */
  fps: number;
  /** Frames drawn per second (smoothed): lower than `fps` when the GPU is the bottleneck. */
  drawFps: number;
  /** Frame callbacks in stress mode, and frames drawn among them. */
  frames: number;
  drawn: number;
  /** Frames from the worker received. */
  workerFrames: number;
  ramp: RampStatus | null;
  /** The ramp's verdict once it ended. */
  report: string | null;
  /** Threads the worker steps on, and in words (with why, and the figures that decided it). */
  threads: number;
  threadsText: string;
  /** What the user asked for: measure and keep the faster ('auto'), every core, or one. */
  threadMode: ThreadMode;
}

/** A ring of the last FIGURE_WINDOW numbers. */
class Window {
  readonly values = new Float64Array(FIGURE_WINDOW);
  count = 0;
  private next = 0;
  push(v: number): void {
    this.values[this.next] = v;
    this.next = (this.next + 1) % FIGURE_WINDOW;
    this.count = Math.min(FIGURE_WINDOW, this.count + 1);
  }
  clear(): void {
    this.count = 0;
    this.next = 0;
  }
  median(): number {
    return this.count === 0 ? 0 : median(this.values, this.count);
  }
}

/** Running average of intervals (s): an average of rates would overstate a stuttering page. */
const smooth = (average: number, sample: number): number => (average === 0 ? sample : average + (sample - average) * 0.1);
const rate = (interval: number): number => (interval > 0 ? 1 / interval : 0);
const count = (n: number): string => n.toLocaleString('en-US');

export class StressMode {
  readonly hud = new StressHud();
  private session: WorkerSession | null = null;
  private kind: StressKind | null = null;
  private readonly steps = new Window();
  private readonly renders = new Window();
  /** Smoothed seconds between frame callbacks, and between drawn frames (0: none yet). */
  private frameInterval = 0;
  private drawInterval = 0;
  private lastDraw = -1;
  private lastFrame = -1;
  private frames = 0;
  private drawn = 0;
  private workerFrames = 0;
  private latest: FrameMessage | null = null;
  private judged = 0;
  /** Render ms measured when each count was judged within the budget. */
  private readonly renderAt = new Map<number, number>();
  private report: string | null = null;
  private lastText = -Infinity;
  private readonly profileListeners: Array<(p: StepProfile) => void> = [];
  /** The page's world from before the session, brought back if the worker fails. */
  private kept: { world: World; bounds: Bounds; label: string | null } | null = null;

  constructor(private readonly sandbox: Sandbox) {
    sandbox.onWorkerEnd(() => this.ended());
  }

  /** True while the worker owns the world. */
  get active(): boolean {
    return this.session !== null;
  }

  /** True from the start of a ramp until its verdict. */
  get rampRunning(): boolean {
    return this.session !== null && this.kind === 'ramp' && this.report === null;
  }

  /** Calls `listener` with each step's profile from the worker (the stats readout). */
  onProfile(listener: (p: StepProfile) => void): void {
    this.profileListeners.push(listener);
  }

  /** Counts of the worker's world for the stats readout, or null before its first frame. */
  get counts(): { bodies: number; stats: WorldStats } | null {
    return this.latest === null ? null : { bodies: this.latest.bodies, stats: this.latest.stats };
  }

  /**
   * Starts the ramp in the worker: the budget and batch default to the panel's settings; an
   * invalid option throws before anything changes.
   */
  runRamp(options: Partial<RampOptions> = {}): void {
    const s = this.sandbox.settings;
    const o = rampOptions({ budgetMs: s.stressBudget, batch: s.stressBatch, ...options });
    // The panel shows what runs (its sliders clamp what they cannot show).
    s.stressBudget = o.budgetMs;
    s.stressBatch = o.batch;
    this.start('ramp', 'Stress ramp', (session) => session.ramp(o));
    this.hud.setBudget(o.budgetMs);
  }

  /** Builds crowd(`bodies`) in the worker and runs it. */
  runPreset(bodies: number): void {
    if (!Number.isInteger(bodies) || bodies < 1) throw new Error(`a preset needs a whole number of bodies ≥ 1, got ${bodies}`);
    this.start('preset', `Crowd of ${count(bodies)}`, (session) => session.preset(bodies));
    this.hud.setBudget(this.sandbox.settings.stressBudget);
  }

  /**
   * Moves the page's current world into the worker as it is (toJSON / fromJSON, bit for bit),
   * paused or not: the same scene, stepped off the main thread.
   */
  runCurrentWorld(): void {
    if (this.session !== null) throw new Error('the world is already in the worker');
    const snapshot = this.sandbox.world.toJSON();
    const bounds = { ...this.sandbox.sceneBounds };
    const title = findScene(this.sandbox.settings.scene)?.title ?? 'This world';
    this.start('world', title, (session) => session.load(snapshot, bounds));
    this.hud.setBudget(this.sandbox.settings.stressBudget);
  }

  /**
   * Steps on the fastest of every core, all but one and one, measured ('auto', the default), or
   * on every core or one whatever they measure. Throws, naming the value, for anything else.
   */
  setThreadMode(mode: ThreadMode): void {
    checkThreadMode(mode);
    this.sandbox.settings.stressThreads = mode;
    this.session?.setThreadMode(mode);
  }

  /** Ends a running ramp where it is (its verdict is what it held so far). */
  stopRamp(): void {
    this.session?.stopRamp();
  }

  /**
   * Leaves stress mode, bringing the worker's world back to the main thread. A worker that does
   * not answer, or answers with a world that cannot be read, ends the session as failed: the
   * page's world from before it comes back (fail).
   */
  async leave(): Promise<void> {
    const session = this.session;
    if (session === null) return;
    let world: World;
    try {
      world = World.fromJSON(await session.exportWorld());
    } catch (error) {
      if (this.session === session) this.fail((error as Error).message);
      return;
    }
    if (this.session !== session) return; // something else ended the session meanwhile
    const bounds = { ...this.sandbox.sceneBounds };
    // A preset or ramp world keeps its name; a moved world is its scene again.
    const label = this.kind === 'world' ? null : this.sandbox.sceneLabel;
    this.sandbox.replaceWorld(world);
    this.sandbox.sceneBounds = bounds;
    this.sandbox.sceneLabel = label;
    this.sandbox.changed();
  }

  /**
   * Records a frame callback of the page at `nowMs`: its render time (ms, main thread; negative
   * when the GPU was still busy and the draw was skipped).
   */
  recordFrame(renderMs: number, nowMs: number): void {
    if (this.session === null) return;
    const seconds = this.lastFrame < 0 ? 0 : (nowMs - this.lastFrame) / 1000;
    this.lastFrame = nowMs;
    this.frames++;
    if (renderMs >= 0) {
      this.drawn++;
      this.renders.push(renderMs);
      if (this.lastDraw >= 0) this.drawInterval = smooth(this.drawInterval, (nowMs - this.lastDraw) / 1000);
      this.lastDraw = nowMs;
    }
    if (seconds > 0) this.frameInterval = smooth(this.frameInterval, seconds);
    this.hud.draw();
    if (nowMs - this.lastText >= TEXT_INTERVAL) {
      this.lastText = nowMs;
      this.updateText();
    }
  }

  /** Where stress mode is. Allocates. */
  get state(): StressState {
    const f = this.latest;
    return {
      active: this.session !== null,
      kind: this.kind,
      bodies: f?.bodies ?? 0,
      moving: f?.moving ?? 0,
      steps: f?.steps ?? 0,
      paused: f?.paused ?? false,
      stepMs: this.steps.median(),
      renderMs: this.renders.median(),
      fps: rate(this.frameInterval),
      drawFps: rate(this.drawInterval),
      frames: this.frames,
      drawn: this.drawn,
      workerFrames: this.workerFrames,
      ramp: f?.ramp ?? null,
      report: this.report,
      threads: f?.threads ?? 1,
      threadsText: threadsText(f),
      threadMode: this.sandbox.settings.stressThreads,
    };
  }

  /**
   * Starts `kind` in the worker (starting the worker first if needed) with `send`. The page's
   * world is kept until the session ends: if the worker cannot be loaded, cannot be handed the
   * world, refuses it or crashes, that world comes back (fail).
   */
  private start(kind: StressKind, label: string, send: (session: WorkerSession) => void): void {
    const session = this.begin(kind, label);
    try {
      send(session);
    } catch {
      // postMessage's DataCloneError or RangeError: the browser could not copy the world.
      this.fail('the world could not be copied into the worker (a body\'s userData is nested too deeply or holds something that cannot be copied)');
    }
  }

  /** Ends a session that failed and brings back the world the page had when it started. */
  private fail(reason: string): void {
    const kept = this.kept;
    this.kept = null;
    this.sandbox.dropWorker();
    let back = '';
    if (kept !== null) {
      this.sandbox.replaceWorld(kept.world);
      this.sandbox.sceneBounds = kept.bounds;
      this.sandbox.sceneLabel = kept.label;
      this.sandbox.changed();
      back = ` Your world is back as it was when the stress test started (${count(kept.world.bodyCount)} bodies).`;
    }
    showMessage(`The stress test stopped: ${reason}.${back}`, 'error');
  }

  private begin(kind: StressKind, label: string): WorkerSession {
    let session = this.session;
    if (session === null) {
      const s = this.sandbox;
      this.kept = { world: s.world, bounds: { ...s.sceneBounds }, label: s.sceneLabel };
      session = new WorkerSession({
        failed: (reason) => this.fail(reason),
        frame: (frame, profiles) => this.takeFrame(frame, profiles),
        scene: (options, bounds) => {
          readWorldSettings(this.sandbox.settings, options);
          this.sandbox.sceneBounds = { ...bounds };
          // A new scene is framed; a moved world keeps the view it had.
          if (this.kind !== 'world') this.sandbox.fitView();
          this.sandbox.changed();
        },
        options: (options) => {
          readWorldSettings(this.sandbox.settings, options);
          this.sandbox.changed();
        },
        message: (text, level) => showMessage(text, level),
        paused: () => {
          if (this.sandbox.settings.paused) return;
          this.sandbox.setPaused(true);
          this.sandbox.changed();
        },
      });
      this.sandbox.useWorker(session);
      this.session = session;
      session.setThreadMode(s.settings.stressThreads);
    }
    // A ramp or a preset starts running, whatever the page was doing; a moved world keeps its state.
    if (kind !== 'world' && this.sandbox.settings.paused) this.sandbox.setPaused(false);
    this.kind = kind;
    this.sandbox.sceneLabel = label;
    // The note of the scene the page had would describe a world that is no longer shown.
    showSceneNote(STRESS_NOTES[kind]);
    this.latest = null;
    this.steps.clear();
    this.renders.clear();
    this.renderAt.clear();
    this.judged = 0;
    this.report = null;
    this.frames = 0;
    this.drawn = 0;
    this.lastDraw = -1;
    this.lastFrame = -1;
    this.frameInterval = 0;
    this.drawInterval = 0;
    this.workerFrames = 0;
    this.hud.show(true);
    this.hud.clear();
    this.lastText = -Infinity;
    this.sandbox.changed();
    return session;
  }

  private ended(): void {
    this.session = null;
    this.kept = null;
    this.kind = null;
    this.latest = null;
    this.hud.show(false);
    this.sandbox.changed();
  }

  private takeFrame(frame: FrameMessage, profiles: readonly StepProfile[]): void {
    this.latest = frame;
    this.workerFrames++;
    for (const p of profiles) {
      this.steps.push(p.total);
      this.hud.addStep(p);
      for (const fn of this.profileListeners) fn(p);
    }
    const b = frame.bounds;
    const scene = this.sandbox.sceneBounds;
    if (b.minX !== scene.minX || b.minY !== scene.minY || b.maxX !== scene.maxX || b.maxY !== scene.maxY) {
      // The ramp's arena grew: follow it unless the user moved the camera since the last fit.
      const untouched = this.sandbox.viewIsFitted;
      this.sandbox.sceneBounds = { ...b };
      if (untouched) this.sandbox.fitView();
    }
    const ramp = frame.ramp;
    if (ramp !== null) {
      if (ramp.batches > this.judged) {
        this.judged = ramp.batches;
        if (ramp.last !== null && ramp.last.stepMs <= ramp.options.budgetMs) this.renderAt.set(ramp.last.bodies, this.renders.median());
      }
      if (ramp.result !== null && this.report === null) {
        this.report = this.verdict(ramp);
        this.updateText();
        this.sandbox.changed();
      }
    }
  }

  /** "held N bodies at X ms/step (physics) and Y ms/frame (render)", and why the ramp ended. */
  private verdict(ramp: RampStatus): string {
    const r = ramp.result;
    if (r === null) return '';
    const held = r.held;
    const render = this.renderAt.get(held.bodies) ?? this.renders.median();
    const head =
      held.bodies > 0
        ? `held ${count(held.bodies)} bodies at ${ms(held.stepMs)} ms/step (physics) and ${ms(render)} ms/frame (render)`
        : `held no count: the first batch already took more than ${ramp.options.budgetMs} ms/step`;
    let why: string;
    if (r.end === 'budget' && r.over !== null) why = `${count(r.over.bodies)} bodies took ${ms(r.over.stepMs)} ms/step, over the ${ramp.options.budgetMs} ms budget`;
    else if (r.end === 'cap') why = `stopped at the cap of ${count(ramp.options.maxBodies)} bodies`;
    else if (r.end === 'time') why = `stopped at the time limit of ${ramp.options.maxSeconds} s`;
    else why = 'stopped by hand';
    return `${head} on ${threadsInVerdict(this.latest)}; ${why} (${r.batches} batches, ${r.seconds.toFixed(0)} s).`;
  }

  private updateText(): void {
    const f = this.latest;
    const ramp = f?.ramp ?? null;
    let headline: string;
    if (this.report !== null) headline = this.report;
    else if (f === null) headline = 'Building…';
    else if (ramp !== null) {
      const o = ramp.options;
      const judging = ramp.phase === 'settling' ? 'settling' : `measuring ${ramp.measured}/${o.window} steps`;
      headline = `Ramping: ${count(ramp.bodies)} bodies, ${judging}; held ${count(ramp.held.bodies)} so far (budget ${o.budgetMs} ms/step).`;
    } else if (this.kind === 'world') {
      headline = `This world, stepped in the worker: ${count(f.moving)} moving bodies.`;
    } else {
      headline = `crowd(${count(f.moving)}): ${count(f.moving)} moving bodies.`;
    }
    const choice = f?.threadChoice ?? null;
    const lines = [
      `bodies   ${count(f?.moving ?? 0).padStart(8)} moving, ${count((f?.bodies ?? 0) - (f?.moving ?? 0))} static`,
      `physics  ${ms(this.steps.median()).padStart(8)} ms/step   median of ${this.steps.count}, worker`,
      ...(choice !== null ? threadHudLines(choice) : [`threads  ${threadsText(f)}`]),
      `render   ${ms(this.renders.median()).padStart(8)} ms/frame  median, main thread`,
      `page     ${rate(this.frameInterval).toFixed(0).padStart(8)} fps       ${rate(this.drawInterval).toFixed(0)} drawn/s, ${count(f?.steps ?? 0)} steps`,
    ];
    this.hud.setText({ headline, lines });
  }
}

/**
 * The threads in words: the worker has a pool only when the page is cross-origin isolated
 * (worker/thread-pool.ts), and then steps on the fastest of every core, all but one and one
 * (physics/parallel/thread-chooser.ts), with the figures that decided it.
 */
function threadsText(f: FrameMessage | null): string {
  if (f?.threadChoice) return threadChoiceText(f.threadChoice);
  if (f?.threadsLost === true) return '1 thread (one stopped answering)';
  const threads = f?.threads ?? 1;
  if (threads > 1) return `${threads} threads`;
  return (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true ? '1 thread' : '1 thread (page not cross-origin isolated)';
}

/** The threads as the ramp's verdict names them (thread-choice-text.ts's wording where there is a pool). */
function threadsInVerdict(f: FrameMessage | null): string {
  const c = f?.threadChoice;
  return c && c.available > 1 ? threadChoiceCount(c) : threadsText(f);
}
