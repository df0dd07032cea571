/**
 * The engine's choice of threads (parallel/thread-trial.ts), and stress mode's words for it: it
 * times both sides in alternating blocks and keeps the faster, keeps threads only for a real gain, measures again when the world
 * doubles or halves, when the chosen side slows down and every RETRY_STEPS steps, and obeys
 * the user's 'all' and 'one'.
 */
import { describe, expect, it } from 'vitest';
import {
  DRIFT_FACTOR,
  KEEP_GAIN,
  RETRY_STEPS,
  TRIAL_SETTLE,
  TRIAL_STEPS,
  TRIAL_TIMED,
  TRIAL_WARMUP,
  ThreadTrial,
  trialSteps,
  WATCH_STEPS,
  type ThreadChoice,
  type ThreadMode,
} from '../../../src/physics/parallel/thread-trial';
import { HUD_COLUMNS, threadChoiceCount, threadChoiceText, threadHudLines } from '../../../src/sandbox/shared/thread-choice-text';

/** Steps a trial `steps` times on a machine whose step takes `cost(threads, step)` ms; returns the threads each step ran on. */
function drive(trial: ThreadTrial, bodies: number, steps: number, cost: (threads: number, step: number) => number): number[] {
  const used: number[] = [];
  for (let k = 0; k < steps; k++) {
    const threads = trial.threadsFor(bodies);
    used.push(threads);
    trial.record(threads, cost(threads, k));
  }
  return used;
}

/** A trial over a pool that has stepped its warm-up already (the warm-up's own tests start cold). */
const warmTrial = (available: number, mode?: ThreadMode): ThreadTrial => new ThreadTrial(available, mode, 0);

describe('ThreadTrial', () => {
  it('keeps every thread where they step faster, and says so with both figures', () => {
    const trial = warmTrial(2);
    drive(trial, 10_000, TRIAL_STEPS, (t) => (t === 2 ? 3 : 5));
    expect(trial.measuring).toBe(false);
    expect(trial.threadsFor(10_000)).toBe(2);
    const c = trial.choice(2);
    expect(c).toMatchObject({ available: 2, using: 2, allMs: 3, oneMs: 5, bodies: 10_000 });
    expect(threadChoiceText(c)).toBe('2 threads: the faster here (3.00 ms on 2, 5.00 on 1, at 10,000 bodies)');
    expect(threadChoiceCount(c)).toBe('2 threads');
  });

  it('falls back to one thread where every thread is slower (a machine whose cores wait on each other)', () => {
    const trial = warmTrial(4);
    drive(trial, 10_000, trialSteps(4), (t) => (t > 1 ? 6.1 : 5.1));
    expect(trial.threadsFor(10_000)).toBe(1);
    expect(threadChoiceText(trial.choice(1))).toBe('1 of 4: one thread is faster here (6.10 ms on 4, 6.10 on 3, 5.10 on 1, at 10,000 bodies)');
    expect(threadChoiceCount(trial.choice(1))).toBe('1 of 4 threads (one stepped faster here)');
  });

  it('keeps all threads but one where they step fastest (one core busy with other work), and says so with the three figures', () => {
    const trial = warmTrial(4);
    // Four threads on four cores, one of them shared with a page's drawing: a worker that loses
    // its core mid-chunk holds the whole step, so four threads are slower than three.
    const used = drive(trial, 10_000, trialSteps(4), (t) => (t === 4 ? 8 : t === 3 ? 3 : 5));
    expect(trial.measuring).toBe(false);
    const block = TRIAL_SETTLE + TRIAL_TIMED;
    expect(Array.from({ length: used.length / block }, (_, b) => used[b * block])).toEqual([4, 3, 1, 1, 3, 4, 1, 4, 3, 3, 4, 1]);
    expect(trial.threadsFor(10_000)).toBe(3);
    const c = trial.choice(3);
    expect(c).toMatchObject({ available: 4, using: 3, allMs: 8, fewerMs: 3, oneMs: 5, bodies: 10_000 });
    expect(threadChoiceText(c)).toBe('3 of 4: one thread fewer is faster here (8.00 ms on 4, 3.00 on 3, 5.00 on 1, at 10,000 bodies)');
    expect(threadChoiceCount(c)).toBe('3 of 4 threads (one fewer stepped faster here)');
  });

  it("fits the stress HUD's card: the trial's figures break before the bodies where one line would not", () => {
    const small = warmTrial(2);
    drive(small, 2104, TRIAL_STEPS, (t) => (t === 2 ? 2.04 : 0.97));
    expect(threadHudLines(small.choice(1))).toEqual(['threads  1 of 2: one thread is faster here', 'trial    2.04 ms on 2, 0.97 on 1, at 2,104 bodies']);
    const big = warmTrial(16);
    drive(big, 100_000, trialSteps(16), (t) => (t === 16 ? 22.5 : t === 15 ? 14.25 : 40.93));
    const lines = threadHudLines(big.choice(15));
    expect(lines).toEqual(['threads  15 of 16: one thread fewer is faster here', 'trial    22.5 ms on 16, 14.3 on 15, 40.9 on 1,', '         at 100,000 bodies']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(HUD_COLUMNS);
  });

  it('keeps more threads only where they beat fewer by 5 %: every thread, all but one, or one', () => {
    const cases: Array<[all: number, fewer: number, one: number, kept: number]> = [
      [2.9, 3, 5, 3], // every thread wins by less than 5 % over all but one
      [2.8, 3, 5, 4],
      [2.8, 4.9, 5, 4], // all but one ties with one, every thread wins
      [4.9, 4.9, 5, 1],
    ];
    for (const [all, fewer, one, kept] of cases) {
      const trial = warmTrial(4);
      drive(trial, 10_000, trialSteps(4), (t) => (t === 4 ? all : t === 3 ? fewer : one));
      expect(trial.threadsFor(10_000), `${all}, ${fewer}, ${one}`).toBe(kept);
    }
  });

  it('a pool of two threads is timed on two and one only, as before', () => {
    const trial = warmTrial(2);
    expect(trialSteps(2)).toBe(TRIAL_STEPS);
    const used = drive(trial, 10_000, TRIAL_STEPS, (t) => (t === 2 ? 3 : 5));
    expect(new Set(used)).toEqual(new Set([1, 2]));
    expect(trial.choice(2)).toMatchObject({ allMs: 3, fewerMs: 0, oneMs: 5 });
  });

  it('with three sides too, a steady drift costs every side alike', () => {
    const trial = warmTrial(3);
    const used = drive(trial, 5000, trialSteps(3), (t, k) => 1 + k * 0.05 + (t === 2 ? 0 : 0.5));
    expect(new Set(used)).toEqual(new Set([1, 2, 3]));
    const c = trial.choice(2);
    expect(c.fewerMs - c.oneMs).toBeCloseTo(-0.5, 9);
    expect(c.allMs - c.oneMs).toBeCloseTo(0, 9);
    expect(trial.threadsFor(5000)).toBe(2);
  });

  it('watches all but one when it was kept, and measures again when it slows by DRIFT_FACTOR', () => {
    const trial = warmTrial(3);
    drive(trial, 10_000, trialSteps(3), (t) => (t === 3 ? 8 : t === 2 ? 3 : 5));
    expect(trial.threadsFor(10_000)).toBe(2);
    drive(trial, 10_000, 3 * WATCH_STEPS, () => 3 * (DRIFT_FACTOR - 0.1));
    expect(trial.measuring).toBe(false);
    drive(trial, 10_000, WATCH_STEPS, () => 3 * (DRIFT_FACTOR + 0.1));
    trial.threadsFor(10_000);
    expect(trial.measuring).toBe(true);
  });

  it('keeps threads only for a gain of at least 5 %', () => {
    const near = warmTrial(2);
    drive(near, 1000, TRIAL_STEPS, (t) => (t === 2 ? 0.97 : 1));
    expect(near.threadsFor(1000)).toBe(1);
    const enough = warmTrial(2);
    drive(enough, 1000, TRIAL_STEPS, (t) => (t === 2 ? KEEP_GAIN - 0.01 : 1));
    expect(enough.threadsFor(1000)).toBe(2);
  });

  it('alternates blocks so that a steady drift costs both sides alike, and drops the steps after each switch', () => {
    const trial = warmTrial(2);
    // Every step slower than the one before (a world that grows busier), and the first steps
    // after each switch far slower still: a trial that timed sides in one block each, or kept
    // the switch's steps, would pick the side measured first.
    let last = -1;
    let sinceSwitch = 0;
    const used = drive(trial, 5000, TRIAL_STEPS, (t, k) => {
      sinceSwitch = t === last ? sinceSwitch + 1 : 0;
      last = t;
      return 1 + k * 0.05 + (sinceSwitch < TRIAL_SETTLE ? 100 : 0) + (t === 2 ? 0.5 : 0);
    });
    const block = TRIAL_SETTLE + TRIAL_TIMED;
    const sides = Array.from({ length: used.length / block }, (_, b) => used[b * block]);
    expect(sides).toEqual([2, 1, 1, 2, 1, 2, 2, 1]);
    // Two threads were 0.5 ms slower at every step: one is kept.
    expect(trial.threadsFor(5000)).toBe(1);
    const c = trial.choice(1);
    expect(c.allMs - c.oneMs).toBeCloseTo(0.5, 9);
    expect(c.allMs).toBeLessThan(100);
  });

  it('measures again when the world doubles or halves, not for smaller changes', () => {
    const trial = warmTrial(2);
    drive(trial, 1000, TRIAL_STEPS, (t) => (t === 2 ? 2 : 1));
    expect(trial.threadsFor(1000)).toBe(1);
    expect(trial.threadsFor(1900)).toBe(1);
    expect(trial.measuring).toBe(false);
    trial.threadsFor(2000);
    expect(trial.measuring).toBe(true);
    drive(trial, 2000, TRIAL_STEPS, (t) => (t === 2 ? 1 : 2));
    expect(trial.threadsFor(2000)).toBe(2);
    expect(trial.choice(2).bodies).toBe(2000);
    trial.threadsFor(1000);
    expect(trial.measuring).toBe(true);
  });

  it('measures again when the chosen side slows by DRIFT_FACTOR per body, as on a machine whose cores changed', () => {
    const trial = warmTrial(2);
    drive(trial, 10_000, TRIAL_STEPS, (t) => (t === 2 ? 3 : 5));
    expect(trial.threadsFor(10_000)).toBe(2);
    // Slower, but by less than the factor: the choice holds.
    drive(trial, 10_000, 3 * WATCH_STEPS, () => 3 * (DRIFT_FACTOR - 0.1));
    expect(trial.measuring).toBe(false);
    // More bodies at the same cost per body: the choice holds too.
    drive(trial, 15_000, 3 * WATCH_STEPS, () => 4.5);
    expect(trial.measuring).toBe(false);
    // The second core is now busy with other work: two threads step at 6 ms, and one at 4.5.
    const cost = (t: number): number => (t === 2 ? 6 : 4.5);
    drive(trial, 10_000, WATCH_STEPS, cost);
    trial.threadsFor(10_000);
    expect(trial.measuring).toBe(true);
    drive(trial, 10_000, TRIAL_STEPS, cost);
    expect(trial.measuring).toBe(false);
    expect(trial.threadsFor(10_000)).toBe(1);
    expect(trial.choice(1)).toMatchObject({ allMs: 6, oneMs: 4.5, bodies: 10_000 });
  });

  it('measures again every RETRY_STEPS steps, as a side not chosen is not watched', () => {
    const trial = warmTrial(2);
    // One thread wins; later the machine lets two win, which one thread's steps cannot show.
    drive(trial, 10_000, TRIAL_STEPS, (t) => (t === 2 ? 6 : 4.5));
    const used = drive(trial, 10_000, RETRY_STEPS - 1, (t) => (t === 2 ? 3 : 4.5));
    expect(used.every((t) => t === 1)).toBe(true);
    expect(trial.measuring).toBe(false);
    drive(trial, 10_000, 1, () => 4.5);
    expect(trial.threadsFor(10_000)).toBe(2);
    expect(trial.measuring).toBe(true);
    drive(trial, 10_000, TRIAL_STEPS, (t) => (t === 2 ? 3 : 4.5));
    expect(trial.threadsFor(10_000)).toBe(2);
    expect(trial.measuring).toBe(false);
  });

  it("never measures on its own under 'all' or 'one'", () => {
    const trial = warmTrial(2, 'all');
    drive(trial, 10_000, RETRY_STEPS + WATCH_STEPS, (_, k) => 1 + k);
    expect(trial.measuring).toBe(false);
    expect(trial.threadsFor(10_000)).toBe(2);
  });

  it('a new world is measured anew', () => {
    const trial = warmTrial(2);
    drive(trial, 1000, TRIAL_STEPS, (t) => (t === 2 ? 2 : 1));
    trial.reset();
    expect(trial.choice(2).bodies).toBe(0);
    expect(trial.threadsFor(1000)).toBe(2);
    expect(trial.measuring).toBe(true);
  });

  it('does not count a step that ran on another count than its block asked for', () => {
    const trial = warmTrial(2);
    for (let k = 0; k < TRIAL_STEPS; k++) {
      const asked = trial.threadsFor(1000);
      trial.record(asked === 2 ? 1 : 2, 1); // a world that could not switch
    }
    expect(trial.measuring).toBe(true);
    expect(trial.choice(2).bodies).toBe(0);
  });

  it("obeys 'all' and 'one' without measuring, and measures again back on 'auto'", () => {
    const trial = warmTrial(3, 'one');
    expect(drive(trial, 10_000, 5, () => 1)).toEqual([1, 1, 1, 1, 1]);
    expect(threadChoiceText(trial.choice(1))).toBe('1 of 3, set by hand');
    expect(threadChoiceCount(trial.choice(1))).toBe('1 of 3 threads (set by hand)');
    trial.setMode('all');
    expect(drive(trial, 10_000, 5, () => 1)).toEqual([3, 3, 3, 3, 3]);
    expect(trial.measuring).toBe(false);
    expect(threadChoiceText(trial.choice(3))).toBe('3 threads, set by hand');
    trial.setMode('auto');
    trial.threadsFor(10_000);
    expect(trial.measuring).toBe(true);
    expect(threadChoiceText(trial.choice(3))).toBe('3 of 3, measuring which is faster');
  });

  it('without a pool there is one thread, whatever the mode', () => {
    const trial = warmTrial(1, 'all');
    expect(trial.threadsFor(50_000)).toBe(1);
    expect(threadChoiceText(trial.choice(1))).toBe('1 thread');
  });

  it('refuses what it cannot use, naming the value', () => {
    expect(() => new ThreadTrial(0)).toThrow('available threads must be a whole number ≥ 1, got 0');
    expect(() => new ThreadTrial(2).setMode('most' as never)).toThrow('threads must be one of auto, all, one, got most');
    expect(() => new ThreadTrial(2, 'auto', -1)).toThrow('warmup must be a whole number of steps ≥ 0, got -1');
  });

  it('times TRIAL_TIMED steps of each block', () => {
    const trial = warmTrial(2);
    let timedOnTwo = 0;
    drive(trial, 1000, TRIAL_STEPS, (t) => {
      if (t === 2) timedOnTwo++;
      return t;
    });
    expect(timedOnTwo).toBe(4 * (TRIAL_SETTLE + TRIAL_TIMED));
    const c: ThreadChoice = trial.choice(1);
    expect([c.allMs, c.oneMs]).toEqual([2, 1]);
  });

  it('steps TRIAL_WARMUP times on every thread before its first trial times anything, and says so', () => {
    const trial = new ThreadTrial(2);
    // The workers' first steps are slow (their code compiling): 50 ms, which no block may count.
    const used = drive(trial, 10_000, TRIAL_WARMUP - 1, () => 50);
    expect(used.every((t) => t === 2)).toBe(true);
    const c = trial.choice(2);
    expect(c).toMatchObject({ measuring: true, warming: true, bodies: 0 });
    expect(threadChoiceText(c)).toBe('2 of 2, warming up before measuring');
    drive(trial, 10_000, 1, () => 50);
    expect(trial.choice(2)).toMatchObject({ measuring: true, warming: false });
    drive(trial, 10_000, TRIAL_STEPS, (t) => (t === 2 ? 3 : 5));
    expect(trial.choice(2)).toMatchObject({ measuring: false, warming: false, allMs: 3, oneMs: 5 });
    expect(trial.threadsFor(10_000)).toBe(2);
  });

  it('keeps the threads of a pool that is slow only while its code warms up, where a trial from its first step would not', () => {
    // Two threads take 20 ms for their first 100 steps (each worker compiling the engine's code
    // for itself), then 5; one thread takes 8 throughout.
    const machine = (): ((threads: number) => number) => {
      let onAll = 0;
      return (t) => (t === 2 ? (++onAll <= 100 ? 20 : 5) : 8);
    };
    const cold = new ThreadTrial(2, 'auto', 0);
    drive(cold, 10_000, TRIAL_STEPS, machine());
    expect(cold.threadsFor(10_000)).toBe(1);
    const warmed = new ThreadTrial(2);
    drive(warmed, 10_000, TRIAL_WARMUP + TRIAL_STEPS, machine());
    expect(warmed.measuring).toBe(false);
    expect(warmed.threadsFor(10_000)).toBe(2);
    expect(warmed.choice(2)).toMatchObject({ allMs: 5, oneMs: 8 });
  });

  it("warms up before a world's first trial only: steps on one thread do not count, later trials time at once, a new world or 'auto' again warms anew", () => {
    const trial = new ThreadTrial(2);
    trial.threadsFor(1000);
    for (let k = 0; k < TRIAL_WARMUP; k++) trial.record(1, 1); // a world that could not switch: not a warm-up step
    expect(trial.choice(1).warming).toBe(true);
    drive(trial, 1000, TRIAL_WARMUP + TRIAL_STEPS, (t) => (t === 2 ? 2 : 1));
    expect(trial.threadsFor(1000)).toBe(1);
    // The world doubles: the next trial times from its first block.
    trial.threadsFor(2000);
    expect(trial.choice(1)).toMatchObject({ measuring: true, warming: false });
    const used = drive(trial, 2000, TRIAL_SETTLE + TRIAL_TIMED + 1, () => 1);
    expect(used[used.length - 1]).toBe(1);
    trial.reset();
    trial.threadsFor(2000);
    expect(trial.choice(2)).toMatchObject({ measuring: true, warming: true });
    trial.setMode('one');
    trial.setMode('auto');
    trial.threadsFor(2000);
    expect(trial.choice(2)).toMatchObject({ measuring: true, warming: true });
  });
});
