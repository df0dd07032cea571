import { describe, expect, it } from 'vitest';
import type { StepProfile } from '../../../src/physics/index';
import { MIN_TOP_MS, PROFILE_PHASES, ProfileHistory, formatMs, niceCeil } from '../../../src/sandbox/ui/profile-history';

function step(ms: Partial<StepProfile>): StepProfile {
  const p = { broadphase: 0, narrowphase: 0, solve: 0, continuous: 0, sleep: 0, total: 0, ...ms };
  if (ms.total === undefined) p.total = p.broadphase + p.narrowphase + p.solve + p.continuous + p.sleep;
  return p;
}

describe('niceCeil', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeil(0.03)).toBeCloseTo(0.05, 12);
    expect(niceCeil(0.1)).toBeCloseTo(0.1, 12);
    expect(niceCeil(0.11)).toBeCloseTo(0.2, 12);
    expect(niceCeil(0.3)).toBeCloseTo(0.5, 12);
    expect(niceCeil(1)).toBe(1);
    expect(niceCeil(2.5)).toBe(5);
    expect(niceCeil(7)).toBe(10);
    expect(niceCeil(12)).toBe(20);
    expect(niceCeil(999)).toBe(1000);
  });
  it('refuses what has no scale', () => {
    expect(() => niceCeil(0)).toThrow(/positive finite number, got 0/);
    expect(() => niceCeil(Number.NaN)).toThrow(/NaN/);
  });
});

describe('ProfileHistory', () => {
  it('keeps the last steps, oldest first, and charges the unclaimed time to "other"', () => {
    const h = new ProfileHistory(3);
    for (let i = 1; i <= 5; i++) h.add(step({ solve: i, broadphase: 0.5, total: i + 1 }));
    expect(h.filled).toBe(3);
    const solve = PROFILE_PHASES.findIndex((p) => p.name === 'solve');
    const other = PROFILE_PHASES.findIndex((p) => p.name === 'other');
    expect([0, 1, 2].map((i) => h.value(i, solve))).toEqual([3, 4, 5]);
    expect(h.value(0, other)).toBeCloseTo(0.5, 6);
    expect(h.total(2)).toBeCloseTo(6, 6);
  });

  it('means each phase over the steps held', () => {
    const h = new ProfileHistory(4);
    h.add(step({ narrowphase: 1 }));
    h.add(step({ narrowphase: 3 }));
    const means = h.means();
    expect(means[PROFILE_PHASES.findIndex((p) => p.name === 'narrowphase')]).toBeCloseTo(2, 6);
    expect(means.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 6);
    h.clear();
    expect(h.means().every((m) => m === 0)).toBe(true);
  });

  it('scales to nine steps in ten, so one slow step does not flatten the rest', () => {
    const h = new ProfileHistory(100);
    for (let i = 0; i < 99; i++) h.add(step({ solve: 1 }));
    h.add(step({ solve: 40 }));
    expect(h.top()).toBe(2);
  });

  it('keeps a budget line inside the graph, and never shows a scale of noise', () => {
    const h = new ProfileHistory(10);
    expect(h.top()).toBe(MIN_TOP_MS);
    h.add(step({ solve: 0.2 }));
    expect(h.top(8)).toBe(10);
    expect(h.top()).toBeCloseTo(0.5, 9);
  });

  it('refuses a capacity that is not a whole number of steps', () => {
    expect(() => new ProfileHistory(0)).toThrow(/capacity must be a whole number of steps >= 1, got 0/);
  });
});

describe('formatMs', () => {
  it('reads at a glance', () => {
    expect(formatMs(0.012)).toBe('12 µs');
    expect(formatMs(0.25)).toBe('0.25 ms');
    expect(formatMs(2.5)).toBe('2.5 ms');
    expect(formatMs(20)).toBe('20 ms');
  });
});
