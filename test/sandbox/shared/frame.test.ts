/** Frames: what the worker writes is what the page draws and picks from. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { BodyInstances } from '../../../src/sandbox/shared/body-instances';
import { FRAME_STRIDE, blendFrames, pickInFrame, writeFrame } from '../../../src/sandbox/shared/frame';

function frameOf(world: World): { view: Float32Array; moving: number } {
  const buffer = new ArrayBuffer(world.bodyCount * FRAME_STRIDE * 4);
  const moving = writeFrame(world, buffer);
  return { view: new Float32Array(buffer), moving };
}

describe('frames', () => {
  it('carry every body with its slot id, statics first, and the moving count', () => {
    const w = new World();
    const ball = w.createBody({ x: 1, y: 2, radius: 0.5 });
    w.createBody({ type: 'static', x: 0, y: -5, halfWidth: 10, halfHeight: 1 });
    const { view, moving } = frameOf(w);
    expect(moving).toBe(1);
    const hit = { nx: 0, ny: 0, overlap: 0 };
    expect(pickInFrame(view, 2, 1, 1.1, 2, 0.01, hit)).toEqual({ id: ball.id, isStatic: false });
    expect(pickInFrame(view, 2, 1, 3, -5, 0.01, hit)?.isStatic).toBe(true);
    expect(pickInFrame(view, 2, 1, 1.6, 2, 0.2, hit)?.id).toBe(ball.id); // within the tolerance
    expect(pickInFrame(view, 2, 1, 5, 5, 0.2, hit)).toBeNull();
  });

  it('blend between two frames of the same bodies, relative to an origin', () => {
    const w = new World();
    const ball = w.createBody({ x: 0, y: 0, radius: 0.5 });
    const a = frameOf(w).view;
    ball.setPosition(2, 4);
    const b = frameOf(w).view;
    const instances = new BodyInstances();
    blendFrames(instances, a, b, 1, 0.25, 1, 1);
    expect(instances.count).toBe(1);
    expect(instances.floats[0]).toBeCloseTo(0.5 - 1, 6);
    expect(instances.floats[1]).toBeCloseTo(1 - 1, 6);
  });
});
