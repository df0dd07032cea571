/**
 * The stats readout: frames per second, the step's milliseconds split by phase (smoothed over
 * recent steps), and the world's counts. The text updates a few times a second so it can be read.
 */
import type { StepProfile, WorldStats } from '../../physics/index';

/** The counts the readout shows: from the world here, or from the worker's newest frame. */
export interface StatsCounts {
  bodies: number;
  /** The last step's counts; pairs and contacts are unknown (null) until a step has run in this world. */
  stats: WorldStats;
  /** False while no step has run in this world (a paused scene just opened): pairs and contacts are not measured yet. */
  measured?: boolean;
}

const SMOOTHING = 0.1; // weight of the newest sample in the running averages
const UPDATE_INTERVAL = 250; // ms between text updates

export class StatsReadout {
  /** Running average of the frame length, s: averaging 1/length instead would overstate a stuttering page (measured: 11 fps shown for 2.5 frames a second). */
  private frameSeconds = 0;
  private lastFrame = -1;
  private readonly phases = { broadphase: 0, narrowphase: 0, solve: 0, continuous: 0, sleep: 0, total: 0 };
  private lastText = 0;

  constructor(private readonly element: HTMLElement) {}

  /** Records a step's profile. */
  step(p: StepProfile): void {
    for (const key of Object.keys(this.phases) as Array<keyof typeof this.phases>) {
      this.phases[key] += (p[key] - this.phases[key]) * SMOOTHING;
    }
  }

  /**
   * Records a frame at `nowMs` (the real clock: the loop's frame time is capped for the
   * physics) and, now and then, rewrites the text; `where` says which thread steps.
   */
  frame(read: () => StatsCounts, renderer: string, nowMs: number, where = 'main thread'): void {
    const seconds = this.lastFrame < 0 ? 0 : (nowMs - this.lastFrame) / 1000;
    this.lastFrame = nowMs;
    if (seconds > 0) this.frameSeconds += (seconds - this.frameSeconds) * (this.frameSeconds === 0 ? 1 : SMOOTHING);
    if (nowMs - this.lastText < UPDATE_INTERVAL) return;
    this.lastText = nowMs;
    const counts = read();
    const p = this.phases;
    const st = counts.stats;
    const ms = (v: number): string => v.toFixed(2).padStart(6);
    this.element.textContent = [
      `fps          ${(this.frameSeconds > 0 ? 1 / this.frameSeconds : 0).toFixed(0).padStart(6)}   ${renderer}`,
      `step ms      ${ms(p.total)}   ${where}`,
      `  broadphase ${ms(p.broadphase)}`,
      `  narrow     ${ms(p.narrowphase)}`,
      `  solve      ${ms(p.solve)}`,
      `  continuous ${ms(p.continuous)}`,
      `  sleep      ${ms(p.sleep)}`,
      `bodies       ${String(counts.bodies).padStart(6)}`,
      `awake        ${String(st.awakeBodies).padStart(6)}`,
      `pairs        ${(counts.measured === false ? '–' : String(st.pairs)).padStart(6)}`,
      `contacts     ${(counts.measured === false ? '–' : String(st.contacts)).padStart(6)}${counts.measured === false ? '   after a step' : ''}`,
    ].join('\n');
  }
}
