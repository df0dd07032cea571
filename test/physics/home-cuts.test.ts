/**
 * Homes' cuts (home-cuts.ts): moved so that each home's share of the cost comes out even, the
 * cost taken as spread evenly over a home's bodies, and only part of the way at a slower pace.
 */
import { describe, expect, it } from 'vitest';
import { balanceCuts } from '../../src/physics/home-cuts';

function cut(cuts: number[], costs: number[], pace: number): number[] {
  const c = Int32Array.from(cuts);
  balanceCuts(c, costs, costs.length, pace, new Int32Array(costs.length));
  return Array.from(c);
}

describe('balanceCuts', () => {
  it('gives a home that cost three times the other fewer bodies, where the costs come out even', () => {
    // Home 0 cost 3 over bodies [0, 50): 0.06 a body; home 1 cost 1 over [50, 100). Half of the
    // total 4 is reached 2 / 0.06 = 33.3 bodies in.
    expect(cut([0, 50, 100], [3, 1], 1)).toEqual([0, 33, 100]);
    expect(cut([0, 50, 100], [1, 3], 1)).toEqual([0, 67, 100]);
  });

  it('at a slower pace moves that part of the way only', () => {
    // A quarter of the way from 50 to 33.3: 45.8.
    expect(cut([0, 50, 100], [3, 1], 0.25)).toEqual([0, 46, 100]);
  });

  it('leaves even costs where they are, over three homes too', () => {
    expect(cut([0, 30, 70, 100], [2, 2, 2], 1)).toEqual([0, 30, 70, 100]);
    // Three homes, the middle one twice as dear: each cut moves toward it.
    const [, c1, c2] = cut([0, 30, 60, 90], [1, 2, 1], 1);
    expect(c1).toBeGreaterThan(30);
    expect(c2).toBeLessThan(60);
    // Costs 1, 2, 1 over 30 bodies each: a third of 4 is reached at 30 + (4/3 - 1)/2 · 30 = 35.
    expect(c1).toBe(35);
    expect(c2).toBe(55);
  });

  it('moves nothing when there is no cost to weigh, or it is not a number', () => {
    expect(cut([0, 50, 100], [0, 0], 1)).toEqual([0, 50, 100]);
    expect(cut([0, 50, 100], [Number.NaN, 1], 1)).toEqual([0, 50, 100]);
  });
});
