import { describe, expect, it } from 'vitest';
import { cardBox, fitInside, layoutLabels, overlapArea, placeCard, type LabelRequest, type Rect } from '../../../src/sandbox/lab/label-layout';

const VIEW: Rect = { x: 0, y: 0, width: 800, height: 600 };

function label(text: string, x: number, y: number, width = 60): LabelRequest {
  return { text, color: '#fff', width, height: 18, anchorX: x, anchorY: y };
}

function anyOverlap(boxes: Rect[]): boolean {
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlapArea(boxes[i], boxes[j]) > 0) return true;
  return false;
}

describe('layoutLabels', () => {
  it('spreads labels that name the same point (the inside case) so none covers another', () => {
    const names = ['A', 'B', 'd', 'h', 'overlap 0.382 m', 'n', 'vA', 'vB', 'pushout', 'vB after'];
    const placed = layoutLabels(names.map((t) => label(t, 400, 300, 20 + 8 * t.length)), [], VIEW);
    expect(anyOverlap(placed.map((p) => p.box))).toBe(false);
    // The first keeps the nearest spot: right of its point.
    expect(placed[0].box.x).toBe(406);
  });

  it('keeps off obstacles (the card) and inside the screen', () => {
    const card: Rect = { x: 0, y: 0, width: 300, height: 600 };
    const placed = layoutLabels([label('left of the edge', 310, 20, 120), label('corner', 795, 595)], [card], VIEW);
    for (const p of placed) {
      expect(overlapArea(p.box, card)).toBe(0);
      expect(p.box.x).toBeGreaterThanOrEqual(0);
      expect(p.box.y).toBeGreaterThanOrEqual(0);
      expect(p.box.x + p.box.width).toBeLessThanOrEqual(800);
      expect(p.box.y + p.box.height).toBeLessThanOrEqual(600);
    }
  });

  it('with no clear spot left, takes the one that covers least instead of failing', () => {
    const tiny: Rect = { x: 0, y: 0, width: 40, height: 20 };
    const placed = layoutLabels([label('a', 20, 10, 30), label('b', 20, 10, 30)], [], tiny);
    expect(placed).toHaveLength(2);
  });
});

describe('placeCard', () => {
  const card = { width: 300, height: 200 };
  const viewport = { width: 1000, height: 700 };

  it('takes the first corner clear of the bodies', () => {
    const bodies: Rect[] = [{ x: 50, y: 50, width: 200, height: 100 }];
    expect(placeCard(viewport, card, bodies, [], null)).toBe('bottom-left');
    const everywhereButRight: Rect[] = [{ x: 0, y: 0, width: 600, height: 700 }];
    expect(placeCard(viewport, card, everywhereButRight, [], null)).toBe('top-right');
  });

  it('keeps its spot while that stays clear, so it does not jump about during a drag', () => {
    expect(placeCard(viewport, card, [], [], 'bottom-right')).toBe('bottom-right');
  });

  it('keeps clear of other controls, and of the insets', () => {
    const panel: Rect = { x: 0, y: 0, width: 400, height: 700 };
    expect(placeCard(viewport, card, [], [panel], null)).toBe('top-right');
    const box = cardBox('bottom', 390, 844, { width: 366, height: 300 }, 12, { top: 44, bottom: 64 });
    expect(box.y + box.height).toBe(844 - 12 - 64);
    expect(cardBox('top', 390, 844, { width: 366, height: 300 }, 12, { top: 44, bottom: 64 }).y).toBe(56);
  });
});

describe('fitInside', () => {
  it('frames the bounds in the free part of the viewport', () => {
    const free: Rect = { x: 400, y: 0, width: 600, height: 600 };
    const fit = fitInside({ minX: -3, minY: -2, maxX: 3, maxY: 2 }, free, 1000, 600);
    expect(fit.scale).toBe(100);
    // The bounds' centre (0, 0) lands at the free part's centre (700, 300): 200 px right of the viewport's.
    expect(fit.x).toBeCloseTo(-2, 12);
    expect(fit.y).toBeCloseTo(0, 12);
  });
});
