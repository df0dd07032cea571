/** The scale bar picks the longest round length that fits its budget. */
import { describe, expect, it } from 'vitest';
import { SCALE_LENGTHS, scaleBar } from '../../../src/sandbox/shared/scale-bar';

describe('scaleBar', () => {
  it('picks the longest round length within the budget, its width in px and its label', () => {
    expect(scaleBar(30)).toEqual({ metres: 2, px: 60, label: '2 m' });
    expect(scaleBar(100)).toEqual({ metres: 1, px: 100, label: '1 m' });
    expect(scaleBar(1000).label).toBe('0.1 m');
    expect(scaleBar(200).label).toBe('0.5 m');
    expect(scaleBar(12).label).toBe('10 m');
  });

  it('stays at the ends of the list past them, and every bar fits the budget in between', () => {
    expect(scaleBar(5000).metres).toBe(0.1);
    expect(scaleBar(0.5).metres).toBe(10);
    for (let px = 12; px <= 1200; px *= 1.1) {
      const bar = scaleBar(px, 120);
      expect(bar.px).toBeLessThanOrEqual(120 + 1e-9);
      const next = SCALE_LENGTHS[SCALE_LENGTHS.indexOf(bar.metres as (typeof SCALE_LENGTHS)[number]) + 1];
      if (next !== undefined) expect(next * px).toBeGreaterThan(120);
    }
  });
});
