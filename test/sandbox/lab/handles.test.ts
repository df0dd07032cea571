import { describe, expect, it } from 'vitest';
import { Camera } from '../../../src/sandbox/shared/camera';
import { MIN_HANDLE_PX, VELOCITY_TIME, handlePoint, pickHandle, velocityAt } from '../../../src/sandbox/lab/handles';

function camera(): Camera {
  const c = new Camera();
  c.setViewport(0, 0, 800, 600);
  c.x = 0;
  c.y = 0;
  c.scale = 50;
  return c;
}

describe('velocity handles', () => {
  it('sit at the tip of the velocity arrow, and dragging one there gives the velocity back', () => {
    const c = camera();
    const tip = handlePoint(c, 1, 1, 4, -2);
    expect(tip.x).toBeCloseTo(400 + 50 + 4 * VELOCITY_TIME * 50, 9);
    expect(tip.y).toBeCloseTo(300 - 50 + 2 * VELOCITY_TIME * 50, 9);
    const v = velocityAt(c, 1, 1, tip.x, tip.y);
    expect(v.x).toBeCloseTo(4, 9);
    expect(v.y).toBeCloseTo(-2, 9);
  });

  it('of a slow or resting body stay clear of its centre', () => {
    const c = camera();
    const rest = handlePoint(c, 0, 0, 0, 0);
    expect(Math.hypot(rest.x - 400, rest.y - 300)).toBeCloseTo(MIN_HANDLE_PX, 9);
    const slow = handlePoint(c, 0, 0, 0, 0.1);
    expect(slow.x).toBeCloseTo(400, 9);
    expect(slow.y).toBeCloseTo(300 - MIN_HANDLE_PX, 9);
  });

  it('are picked within reach, the nearest first', () => {
    const handles = [
      { x: 100, y: 100 },
      { x: 108, y: 100 },
    ];
    expect(pickHandle(handles, 106, 100, 12)).toBe(1);
    expect(pickHandle(handles, 100, 130, 12)).toBe(-1);
  });
});
