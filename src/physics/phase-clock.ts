/**
 * A reusable lap clock for the step's profile (Box2D's b2GetMillisecondsAndReset): each lap adds
 * the milliseconds since the previous lap to one phase. Allocates nothing.
 */

/** Milliseconds spent in each phase of the last step. */
export interface StepProfile {
  broadphase: number;
  narrowphase: number;
  solve: number;
  continuous: number;
  sleep: number;
  total: number;
}

/** The phases a lap can be charged to. */
export type StepPhase = Exclude<keyof StepProfile, 'total'>;

export class PhaseClock {
  private started = 0;
  private last = 0;

  constructor(private readonly profile: StepProfile) {}

  /** Zeroes the profile and starts timing. */
  start(): void {
    const p = this.profile;
    p.broadphase = p.narrowphase = p.solve = p.continuous = p.sleep = p.total = 0;
    this.started = this.last = performance.now();
  }

  /** Charges the time since the last lap (or the start) to `phase`. */
  lap(phase: StepPhase): void {
    const now = performance.now();
    this.profile[phase] += now - this.last;
    this.last = now;
  }

  /** Writes the total since `start`. */
  stop(): void {
    this.profile.total = performance.now() - this.started;
  }
}
