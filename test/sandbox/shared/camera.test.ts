/** The camera: world ↔ screen, pan, zoom around a point, fit. */
import { describe, expect, it } from 'vitest';
import { Camera, MAX_SCALE, MIN_SCALE } from '../../../src/sandbox/shared/camera';

function camera(): Camera {
  const c = new Camera();
  c.setViewport(10, 20, 800, 600);
  return c;
}

describe('Camera', () => {
  it('maps world points to client pixels and back, y up in the world', () => {
    const c = camera();
    c.x = 3;
    c.y = -2;
    c.scale = 40;
    const s = c.worldToScreen(4, -1);
    expect(s).toEqual({ x: 10 + 400 + 40, y: 20 + 300 - 40 });
    const w = c.screenToWorld(s.x, s.y);
    expect(w.x).toBeCloseTo(4, 12);
    expect(w.y).toBeCloseTo(-1, 12);
  });

  it('zooms around the cursor: the world point under it stays put, within the zoom limits', () => {
    const c = camera();
    const before = c.screenToWorld(123, 456);
    c.zoomAt(123, 456, 3);
    const after = c.screenToWorld(123, 456);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    c.zoomAt(0, 0, 1e9);
    expect(c.scale).toBe(MAX_SCALE);
    c.zoomAt(0, 0, 1e-12);
    expect(c.scale).toBe(MIN_SCALE);
  });

  it('pans so the world follows the pointer', () => {
    const c = camera();
    const grabbed = c.screenToWorld(300, 300);
    c.panBy(50, -20);
    const now = c.worldToScreen(grabbed.x, grabbed.y);
    expect(now.x).toBeCloseTo(350, 9);
    expect(now.y).toBeCloseTo(280, 9);
  });

  it('fits a box inside the margins and clear of an inset on the right', () => {
    const c = camera();
    c.fit({ minX: -20, minY: -5, maxX: 20, maxY: 5 }, 24, 276);
    const left = c.worldToScreen(-20, 0);
    const right = c.worldToScreen(20, 0);
    expect(left.x).toBeCloseTo(10 + 24, 6);
    expect(right.x).toBeCloseTo(10 + 800 - 276 - 24, 6);
  });

  it('keeps the box clear of an inset on the left too (the tool palette)', () => {
    const c = camera();
    c.fit({ minX: -20, minY: -5, maxX: 20, maxY: 5 }, 24, 276, 120);
    expect(c.worldToScreen(-20, 0).x).toBeCloseTo(10 + 120 + 24, 6);
    expect(c.worldToScreen(20, 0).x).toBeCloseTo(10 + 800 - 276 - 24, 6);
  });
});
