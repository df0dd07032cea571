import { describe, expect, it } from 'vitest';
import { makeBodyStates } from './engine';
import { innerBounds, measureQuality } from './quality';
import { crowdBodies } from '../../src/scenes/crowd';
import type { SceneBody } from '../../src/scenes/arena';

function place(bodies: readonly SceneBody[], xy: ReadonlyArray<[number, number]>, speed = 0): ReturnType<typeof makeBodyStates> {
  const s = makeBodyStates(bodies.filter((b) => !b.isStatic).length);
  xy.forEach(([x, y], i) => {
    s.x[i] = x;
    s.y[i] = y;
    s.vx[i] = speed;
  });
  return s;
}

describe('benchmark quality line', () => {
  // crowd(4): a 2x2 grid in a 3.2 m box; bodies 0, 2 are circles (r 0.5), 1, 3 are 1x1 boxes.
  const bodies = crowdBodies(4);

  it('finds the arena inner faces', () => {
    expect(innerBounds(bodies.filter((b) => b.isStatic))).toEqual({ minX: -1.6, maxX: 1.6, minY: -1.6, maxY: 1.6 });
  });

  it('measures the deepest pair overlap with exact shapes, escapes and mean speed', () => {
    // Circle 0 and box 1, 0.9 m apart centre to centre: 0.1 m overlap. Box 3 escaped far from any wall.
    const states = place(bodies, [[-1, 0], [-0.1, 0], [1, 1], [50, 50]], 2);
    const q = measureQuality(bodies, states);
    expect(q.maxOverlap).toBeCloseTo(0.1, 9);
    expect(q.outside).toBe(1);
    expect(q.meanSpeed).toBeCloseTo(2, 12);
  });

  it('counts the overlap of a body sunk into a wall, and NaN as outside', () => {
    const states = place(bodies, [[-1.4, 0], [0, 0], [1, 1], [Number.NaN, 0]]);
    const q = measureQuality(bodies, states);
    expect(q.maxOverlap).toBeCloseTo(0.3, 9); // circle reaching 0.5 m left of -1.4
    expect(q.outside).toBe(1);
  });
});
