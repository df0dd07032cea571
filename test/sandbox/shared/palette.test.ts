/** The body colours: sleep is a hint, not a body that looks switched off. */
import { describe, expect, it } from 'vitest';
import { BACKGROUND, bodyColor } from '../../../src/sandbox/shared/palette';
import { KIND_DYNAMIC } from '../../../src/sandbox/shared/world-view';

const channels = (rgba: number): number[] => [rgba & 255, (rgba >>> 8) & 255, (rgba >>> 16) & 255];

describe('bodyColor', () => {
  it('keeps at least three quarters of a sleeping body\'s colour above the background', () => {
    for (let family = 0; family < 4; family++) {
      const awake = channels(bodyColor(KIND_DYNAMIC, family, 0, true));
      const asleep = channels(bodyColor(KIND_DYNAMIC, family, 0, false));
      for (let c = 0; c < 3; c++) {
        const lift = awake[c] - BACKGROUND[c];
        if (Math.abs(lift) < 8) continue;
        expect((asleep[c] - BACKGROUND[c]) / lift).toBeGreaterThanOrEqual(0.75);
      }
      expect(asleep).not.toEqual(awake);
    }
  });
});
