/**
 * A reusable lap clock for the step's profile (Box2D's b2GetMillisecondsAndReset): each lap adds
 * the milliseconds since the previous lap to one phase. Allocates nothing.
 */

/**
 * Milliseconds spent in each phase of the last step, summed over its substeps (see
 * `World.profile`). The phases add up to a little less than `total`.
 */
export interface StepProfile {
  /** ms refreshing fat boxes, moving them in the trees and updating the pair cache. */
  broadphase: number;
  /** ms testing each cached pair (one point against one rounded rectangle) into contact rows. */
  narrowphase: number;
  /** ms integrating velocities, solving the contacts, bouncing, moving and pushing apart. */
  solve: number;
  /** ms sweeping fast bodies against static ones so they cannot tunnel through. */
  continuous: number;
  /** ms finding resting islands and putting them to sleep. */
  sleep: number;
  /** ms for the whole step, substeps and bookkeeping included (not the contact listeners). */
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
