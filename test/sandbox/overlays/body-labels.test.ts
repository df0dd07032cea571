import { describe, expect, it } from 'vitest';
import { densityText } from '../../../src/sandbox/overlays/body-labels';
import { layoutLabels } from '../../../src/sandbox/lab/label-layout';

describe('body labels', () => {
  it('write densities so the ratios read at a glance', () => {
    expect(densityText(1)).toBe('1 kg/m²');
    expect(densityText(1000)).toBe('1,000 kg/m²');
    expect(densityText(0.05)).toBe('0.05 kg/m²');
    expect(densityText(2.345)).toBe('2.3 kg/m²');
  });

  it('sit centred on their body when there is room, beside it when not', () => {
    const view = { x: 0, y: 0, width: 400, height: 300 };
    const request = (x: number) => ({ text: 'x', color: '#fff', width: 40, height: 18, anchorX: x, anchorY: 100, centred: true });
    const [a, b] = layoutLabels([request(100), request(100)], [], view);
    expect(a.box).toEqual({ x: 80, y: 91, width: 40, height: 18 });
    expect(b.box).not.toEqual(a.box);
  });
});
