/**
 * The step's jobs, timed from outside the engine: `npm run ab -- --jobs` prints, per side, how
 * long each of the step's parallel jobs took (parallel/jobs.ts's JOB_ codes), from the calling
 * thread's start of the job to its end, the wait for the other threads' last chunk included.
 * It wraps the methods of the world's step runner through which the step hands out its jobs
 * (`run`, `runHere`, `runHomes`, `runWave`, and `begin` to `join`), so the engine carries no
 * timer of its own, and a job that the runner runs through another of these methods (a team's
 * `run` is its `begin` then `join`) counts once.
 */

import type { StepRunner } from '../../../src/physics/parallel/jobs';

/** Job codes the clock keeps a slot for (parallel/jobs.ts's codes are below this). */
export const JOB_SLOTS = 64;

/** The runner methods the clock wraps. */
type Runner = Pick<StepRunner, 'run' | 'runHere' | 'runHomes' | 'runWave' | 'begin' | 'join'>;

/** Each job's time (ms) on one world's runner since the clock was last taken. */
export class JobClock {
  private readonly ms = new Float64Array(JOB_SLOTS);
  private readonly calls = new Float64Array(JOB_SLOTS);
  /** Wrapped calls under way: a call made inside another is the outer one's. */
  private depth = 0;
  /** The job `begin` handed out at the outermost level, and when (-1: none). */
  private begun = -1;
  private begunAt = 0;

  /** `waveJob`: the code `runWave` counts as (JOB_SOLVE_WAVE). */
  constructor(private readonly waveJob: number) {}

  /** Wraps `runner`'s job methods (its own properties from now on: the engine's other users of the runner see them too). */
  wrap(runner: Runner): void {
    const timed = <A extends unknown[], R>(method: (...args: A) => R, job: (args: A) => number): ((...args: A) => R) => {
      return (...args: A): R => {
        if (this.depth > 0) return method(...args);
        this.depth++;
        const start = performance.now();
        try {
          return method(...args);
        } finally {
          this.depth--;
          this.add(job(args), performance.now() - start);
        }
      };
    };
    // The runner's own methods, bound: its calls of its own methods go through the wrappers.
    const run = runner.run.bind(runner);
    const runHere = runner.runHere.bind(runner);
    const runHomes = runner.runHomes.bind(runner);
    const runWave = runner.runWave.bind(runner);
    const begin = runner.begin.bind(runner);
    const join = runner.join.bind(runner);
    runner.run = timed(run, (args) => args[0]);
    runner.runHere = timed(runHere, (args) => args[0]);
    runner.runHomes = timed(runHomes, (args) => args[0]);
    runner.runWave = timed(runWave, () => this.waveJob);
    // `begin` returns at once and `join` ends the job: the job's time runs from one to the other.
    runner.begin = (job: number, from: number, to: number): void => {
      if (this.depth === 0) {
        this.begun = job;
        this.begunAt = performance.now();
      }
      // A runner without threads runs the job here and now, through its own methods.
      this.depth++;
      try {
        begin(job, from, to);
      } finally {
        this.depth--;
      }
    };
    runner.join = (): number => {
      if (this.depth > 0 || this.begun < 0) return join();
      try {
        return join();
      } finally {
        this.add(this.begun, performance.now() - this.begunAt);
        this.begun = -1;
      }
    };
  }

  /** Each job's time (ms) and calls since the last `take`, by code; then starts again from zero. */
  take(): { ms: Float64Array; calls: Float64Array } {
    const taken = { ms: this.ms.slice(), calls: this.calls.slice() };
    this.ms.fill(0);
    this.calls.fill(0);
    return taken;
  }

  private add(job: number, ms: number): void {
    if (job < 0 || job >= JOB_SLOTS) return;
    this.ms[job] += ms;
    this.calls[job] += 1;
  }
}

/** The jobs' names by code, from the jobs module's JOB_ exports ("JOB_SOLVE_WAVE": "solve wave"). */
export function jobNames(exports: Readonly<Record<string, unknown>>): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(exports)) {
    if (!key.startsWith('JOB_') || typeof value !== 'number' || value < 0 || value >= JOB_SLOTS) continue;
    names[value] = key.slice(4).toLowerCase().replace(/_/g, ' ');
  }
  return names;
}

/** One side's jobs for `jobTable`: each job's time (ms) by code over `steps` steps of `stepMs` ms on average. */
export interface SideJobs {
  name: string;
  ms: Float64Array;
  steps: number;
  stepMs: number;
}

/**
 * The lines of a table of each job's time (µs a step) on every side: the jobs that took at least
 * a microsecond a step on some side, longest first, then the time outside them.
 */
export function jobTable(names: readonly string[], sides: readonly SideJobs[]): string[] {
  const perStep = (side: SideJobs, job: number): number => (1000 * side.ms[job]) / Math.max(1, side.steps);
  const longest = (job: number): number => Math.max(...sides.map((s) => perStep(s, job)));
  const jobs: number[] = [];
  for (let j = 0; j < JOB_SLOTS; j++) if (longest(j) >= 1) jobs.push(j);
  jobs.sort((x, y) => longest(y) - longest(x));
  const label = (job: number): string => names[job] ?? `job ${job}`;
  const width = Math.max('job (µs a step)'.length, 'outside jobs'.length, ...jobs.map((j) => label(j).length));
  const cell = (v: number): string => v.toFixed(0).padStart(8);
  const lines = [`${'job (µs a step)'.padEnd(width)} ${sides.map((s) => s.name.padStart(8)).join(' ')}`];
  for (const j of jobs) lines.push(`${label(j).padEnd(width)} ${sides.map((s) => cell(perStep(s, j))).join(' ')}`);
  const outside = sides.map((s) => {
    let inJobs = 0;
    for (let j = 0; j < JOB_SLOTS; j++) inJobs += perStep(s, j);
    return 1000 * s.stepMs - inJobs;
  });
  lines.push(`${'outside jobs'.padEnd(width)} ${outside.map(cell).join(' ')}`);
  return lines;
}
