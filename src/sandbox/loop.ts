/**
 * The frame loop: a fixed physics step fed by an accumulator of (scaled) real time, at most
 * MAX_STEPS_PER_FRAME steps a frame so a slow frame cannot snowball into slower ones, and a
 * render with the leftover fraction of a step for interpolation.
 */

/** Steps a frame may run before the loop drops the backlog (the sim then runs slower than real time). */
export const MAX_STEPS_PER_FRAME = 4;
/**
 * Milliseconds of stepping a frame may spend before the rest of the backlog is dropped: with
 * tens of thousands of bodies one step can take longer than a frame, and running four of them
 * would freeze the page; one step a frame keeps it responsive.
 */
export const STEP_BUDGET_PER_FRAME = 30; // ms
/** Longest frame the accumulator believes, s: a background tab does not come back to a burst. */
const MAX_FRAME_TIME = 0.1; // s

/** What the loop drives. */
export interface LoopClient {
  /** Runs one physics step of `dt` s. */
  step(dt: number): void;
  /** Draws, `alpha` in [0, 1] of the way from the previous step to the current one. */
  render(alpha: number, frameSeconds: number): void;
}

export class FixedStepLoop {
  /** Steps per simulated second. */
  hertz = 60;
  /** Simulated seconds per real second. */
  timeScale = 1;
  paused = false;
  /**
   * True while another thread steps the world (stress mode's worker): frames only render,
   * with alpha 1, and `steps` stands still.
   */
  physicsElsewhere = false;
  /** Physics steps run since the page opened. */
  steps = 0;
  /** Frames rendered since the page opened. */
  frames = 0;
  private accumulator = 0;
  private pendingSteps = 0;
  private last = -1;
  private handle = 0;

  constructor(private readonly client: LoopClient) {}

  /** Seconds per step. */
  get dt(): number {
    return 1 / this.hertz;
  }

  /** Asks for one step on the next frame, paused or not. */
  requestStep(): void {
    this.pendingSteps++;
  }

  /** Drops accumulated time (after pausing, loading or a change of rate). */
  resetTime(): void {
    this.accumulator = 0;
  }

  /** Starts calling requestAnimationFrame. */
  start(): void {
    const tick = (now: number): void => {
      this.handle = requestAnimationFrame(tick);
      this.frame(now);
    };
    this.handle = requestAnimationFrame(tick);
  }

  /** Stops the loop. */
  stop(): void {
    cancelAnimationFrame(this.handle);
  }

  /** One frame at time `now` (ms). */
  frame(now: number): void {
    const seconds = this.last < 0 ? 0 : Math.min(MAX_FRAME_TIME, (now - this.last) / 1000);
    this.last = now;
    const dt = this.dt;
    let ran = 0;
    if (this.physicsElsewhere) {
      this.accumulator = 0;
      this.pendingSteps = 0;
      this.frames++;
      this.client.render(1, seconds);
      return;
    }
    if (!this.paused) {
      this.accumulator += seconds * this.timeScale;
      const started = performance.now();
      // A step may pause (a failed step, a replay's end): the rest of the frame's steps wait.
      while (!this.paused && this.accumulator >= dt && ran < MAX_STEPS_PER_FRAME) {
        this.runStep(dt);
        this.accumulator -= dt;
        ran++;
        if (performance.now() - started > STEP_BUDGET_PER_FRAME) break;
      }
      if (this.accumulator >= dt) this.accumulator = Math.min(this.accumulator, dt);
    } else {
      this.accumulator = 0;
    }
    while (this.pendingSteps > 0) {
      this.pendingSteps--;
      this.runStep(dt);
    }
    this.frames++;
    this.client.render(this.paused ? 1 : this.accumulator / dt, seconds);
  }

  private runStep(dt: number): void {
    this.client.step(dt);
    this.steps++;
  }
}
