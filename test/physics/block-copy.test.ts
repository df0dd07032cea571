import { describe, expect, it } from 'vitest';
import { copyRange } from '../../src/physics/wasm/block-copy';

describe('copyRange', () => {
  it('copies exactly [start, end) to the same places, however often the range and the source change', () => {
    const from = Float64Array.from({ length: 20 }, (_, i) => i + 1);
    const to = new Float64Array(20);
    copyRange(to, from, 4, 9);
    expect(Array.from(to)).toEqual([0, 0, 0, 0, 5, 6, 7, 8, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // The same start, a longer range, new values: the kept view must not be the short one.
    from.fill(-1);
    copyRange(to, from, 4, 12);
    expect(Array.from(to.subarray(3, 13))).toEqual([0, -1, -1, -1, -1, -1, -1, -1, -1, 0]);
    // A shorter one again, and another source array with the same start.
    const other = new Float64Array(20).fill(7);
    copyRange(to, other, 4, 6);
    expect(Array.from(to.subarray(3, 8))).toEqual([0, 7, 7, -1, -1]);
    // An empty range copies nothing.
    copyRange(to, other, 9, 9);
    expect(to[9]).toBe(-1);
  });

  it('copies any element type block by block as one copy would', () => {
    const from = Int32Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1000);
    const whole = new Int32Array(3000);
    const blocks = new Int32Array(3000);
    copyRange(whole, from, 0, 3000);
    for (let start = 0; start < 3000; start += 1024) copyRange(blocks, from, start, Math.min(start + 1024, 3000));
    expect(Array.from(blocks)).toEqual(Array.from(whole));
    expect(Array.from(whole)).toEqual(Array.from(from));
  });
});
