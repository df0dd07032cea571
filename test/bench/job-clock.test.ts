import { describe, expect, it } from 'vitest';
import { JobClock, jobNames, jobTable } from './ab/job-clock';

const WAVE = 24;

/** Spins for `ms` milliseconds: a job that takes a known time at least. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

/** A runner shaped like a thread team: `run` is its own `begin` then `join`, `runHomes` its own `run`. */
class TeamLike {
  ran: number[] = [];
  private job = -1;
  run(job: number, from: number, to: number): number {
    this.begin(job, from, to);
    return this.join();
  }
  runHere(job: number, from: number, to: number): number {
    if (to < from) throw new Error('an empty range');
    this.ran.push(job);
    spin(1);
    return 0;
  }
  runHomes(job: number, bounds: Int32Array, first: number, homes: number): number {
    return this.run(job, bounds[first], bounds[first + homes]);
  }
  runWave(): number {
    spin(1);
    return 0;
  }
  begin(job: number, from: number, to: number): void {
    if (to < from) throw new Error('an empty range');
    this.job = job;
  }
  join(): number {
    this.ran.push(this.job);
    spin(1);
    return 0;
  }
}

/** A runner shaped like the calling thread alone: `begin` runs the job at once, through its own `runHere`. */
class LocalLike extends TeamLike {
  private begun = 0;
  override begin(job: number, from: number, to: number): void {
    this.begun = this.runHere(job, from, to);
  }
  override join(): number {
    return this.begun;
  }
}

describe('the step jobs clock (npm run ab -- --jobs)', () => {
  it('counts each job the step hands out once, whichever of its own methods the runner runs it through', () => {
    const team = new TeamLike();
    const clock = new JobClock(WAVE);
    clock.wrap(team);
    team.run(3, 0, 10);
    team.runHomes(4, new Int32Array([0, 5, 10]), 0, 2);
    team.runHere(5, 0, 1);
    team.runWave();
    team.begin(6, 0, 10);
    team.join();
    const { ms, calls } = clock.take();
    for (const job of [3, 4, 5, WAVE, 6]) {
      expect(calls[job], `job ${job}`).toBe(1);
      expect(ms[job], `job ${job}`).toBeGreaterThanOrEqual(1);
    }
    expect(calls.reduce((s, c) => s + c, 0)).toBe(5);
    // Taking the clock starts it again from zero.
    expect(clock.take().calls.every((c) => c === 0)).toBe(true);
  });

  it('times a job begun on a runner without threads from its begin to its join, once', () => {
    const local = new LocalLike();
    const clock = new JobClock(WAVE);
    clock.wrap(local);
    local.begin(7, 0, 10);
    spin(2);
    local.join();
    local.run(8, 0, 10);
    const { ms, calls } = clock.take();
    expect(calls[7]).toBe(1);
    expect(ms[7]).toBeGreaterThanOrEqual(3);
    expect(calls[8]).toBe(1);
    expect(calls.reduce((s, c) => s + c, 0)).toBe(2);
    expect(local.ran).toEqual([7, 8]);
  });

  it('names the jobs by their codes, and prints them longest first, then the time outside them', () => {
    const names = jobNames({ JOB_SOLVE_WAVE: 24, JOB_PREPARE_KERNELS: 17, P_H: 0, PAIR_BLOCK: 2048 });
    expect(names[24]).toBe('solve wave');
    expect(names[17]).toBe('prepare kernels');
    expect(names[0]).toBeUndefined();
    const one = new Float64Array(64);
    const two = new Float64Array(64);
    one[17] = 200; // ms over 100 steps: 2,000 µs a step
    one[24] = 300;
    two[24] = 100;
    two[17] = 0.05; // half a microsecond a step on this side, two thousand on the other: listed
    two[30] = 0.05; // under a microsecond a step on every side: left out
    const lines = jobTable(names, [
      { name: 'one', ms: one, steps: 100, stepMs: 6 },
      { name: 'two', ms: two, steps: 100, stepMs: 2 },
    ]);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^solve wave\s+3000\s+1000$/);
    expect(lines[2]).toMatch(/^prepare kernels\s+2000\s+1$/);
    expect(lines[3]).toMatch(/^outside jobs\s+1000\s+999$/);
  });
});
