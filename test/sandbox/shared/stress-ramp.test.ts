/**
 * The stress ramp's judgement (Node, no browser): batches are judged by the median of settled
 * steps, the largest count within the budget is held, and every ramp ends.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RAMP, FIRST_COUNT_WINDOWS, StressRamp, median, rampOptions, type RampAction } from '../../../src/sandbox/shared/stress-ramp';

/** Drives a ramp with step times from `cost(bodies, stepInBatch)`; returns the actions and the bodies added. */
function drive(ramp: StressRamp, cost: (bodies: number, k: number) => number, maxSteps = 100_000, msPerStep = 1): { actions: RampAction[]; bodies: number } {
  let bodies = ramp.options.batch;
  ramp.added();
  const actions: RampAction[] = [];
  let k = 0;
  for (let step = 0; step < maxSteps; step++) {
    const action = ramp.record(cost(bodies, k++), bodies, step * msPerStep);
    actions.push(action);
    if (action === 'done') break;
    if (action === 'add') {
      bodies += ramp.options.batch;
      ramp.added();
      k = 0;
    }
  }
  return { actions, bodies };
}

describe('median', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median(new Float64Array([9, 1, 2, 100]), 3)).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe('StressRamp', () => {
  it('holds the largest count whose median step is within the budget, and names the count that went over', () => {
    // 1 ms per 1000 bodies: 8 ms holds 8000, 8500 goes over.
    const ramp = new StressRamp({ budgetMs: 8, batch: 500, window: 30, settleSteps: 10 }, 0);
    const { actions } = drive(ramp, (n) => n / 1000);
    expect(actions.at(-1)).toBe('done');
    expect(ramp.result).toMatchObject({ end: 'budget', held: { bodies: 8000, stepMs: 8 }, over: { bodies: 8500, stepMs: 8.5 } });
    expect(ramp.result?.batches).toBe(17);
    // Each batch: settleSteps ignored, then window steps measured.
    expect(actions.length).toBe(17 * 40);
  });

  it('ignores slow steps while a batch settles and a minority of slow steps in the window', () => {
    const ramp = new StressRamp({ budgetMs: 5, batch: 1000, window: 30, settleSteps: 10, maxBodies: 4000 }, 0);
    // Every batch starts with 10 steps of 100 ms (new pairs, tree rebuild) and has a 50 ms
    // spike every 5th step after that (a collection): the median still sees 1 ms.
    drive(ramp, (_n, k) => (k < 10 ? 100 : k % 5 === 0 ? 50 : 1));
    expect(ramp.result).toMatchObject({ end: 'cap', held: { bodies: 4000, stepMs: 1 }, over: null });
  });

  it('holds nothing when the first batch stays over the budget for all its windows', () => {
    const ramp = new StressRamp({ budgetMs: 1, batch: 100, window: 5, settleSteps: 0 }, 0);
    const { actions } = drive(ramp, () => 2);
    expect(ramp.result).toMatchObject({ end: 'budget', held: { bodies: 0 }, over: { bodies: 100, stepMs: 2 }, batches: 1 });
    expect(actions.length).toBe(FIRST_COUNT_WINDOWS * 5);
  });

  it('measures the first count again while its step is still being compiled, and judges later counts once', () => {
    // Cold code: the first two windows of the first batch are slow; after that a step costs
    // 1 ms per 1000 bodies, so 3000 holds and 3500 goes over at its first window.
    const ramp = new StressRamp({ budgetMs: 3, batch: 500, window: 10, settleSteps: 2 }, 0);
    let total = 0;
    const { actions } = drive(ramp, (n) => (total++ < 2 + 2 * 10 ? 50 : n / 1000));
    expect(ramp.result).toMatchObject({ end: 'budget', held: { bodies: 3000, stepMs: 3 }, over: { bodies: 3500, stepMs: 3.5 }, batches: 7 });
    expect(actions.length).toBe(2 + 3 * 10 + 6 * 12);
  });

  it('ends at the time limit however cheap the steps are', () => {
    const ramp = new StressRamp({ budgetMs: 8, batch: 10, window: 3, settleSteps: 1, maxSeconds: 2 }, 0);
    const { actions } = drive(ramp, () => 0.1, 100_000, 10); // 10 ms per step: 2 s is 200 steps
    expect(ramp.result?.end).toBe('time');
    expect(actions.length).toBeLessThanOrEqual(202);
    expect(ramp.result?.held.bodies).toBeGreaterThan(0);
    expect(ramp.result?.seconds).toBeGreaterThan(2);
  });

  it('stops by hand, once, and then answers done', () => {
    const ramp = new StressRamp({}, 0);
    ramp.added();
    expect(ramp.record(1, 500, 1)).toBe('step');
    const result = ramp.stop(5);
    expect(result).toMatchObject({ end: 'stopped', held: { bodies: 0 } });
    expect(ramp.stop(9)).toBe(result);
    expect(ramp.record(1, 500, 10)).toBe('done');
    expect(ramp.phase).toBe('done');
  });

  it('reports its phase and progress', () => {
    const ramp = new StressRamp({ window: 3, settleSteps: 2 }, 0);
    ramp.added();
    expect(ramp.phase).toBe('settling');
    ramp.record(1, 500, 0);
    ramp.record(1, 500, 0);
    expect(ramp.phase).toBe('measuring');
    ramp.record(1, 500, 0);
    expect(ramp.measured).toBe(1);
  });
});

describe('rampOptions', () => {
  it('fills the defaults: an 8 ms budget of a 60 Hz frame, a few hundred bodies a batch, a median of 30', () => {
    expect(rampOptions()).toEqual(DEFAULT_RAMP);
    expect(DEFAULT_RAMP).toMatchObject({ budgetMs: 8, window: 30 });
    expect(DEFAULT_RAMP.batch).toBeGreaterThanOrEqual(100);
    expect(DEFAULT_RAMP.batch).toBeLessThanOrEqual(1000);
  });

  it('refuses options that would never end or never judge', () => {
    expect(() => rampOptions({ batch: 0 })).toThrow(/batch/);
    expect(() => rampOptions({ batch: 2.5 })).toThrow(/batch/);
    expect(() => rampOptions({ budgetMs: Number.NaN })).toThrow(/budgetMs/);
    expect(() => rampOptions({ maxSeconds: Infinity })).toThrow(/maxSeconds/);
    expect(() => rampOptions({ window: 0 })).toThrow(/window/);
  });
});
