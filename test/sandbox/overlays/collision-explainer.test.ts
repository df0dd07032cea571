import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, LINEAR_SLOP, pushoutSlop } from '../../../src/physics/index';
import { explainPair } from '../../../src/sandbox/overlays/collision-explainer';
import { labPair } from '../lab/lab-pair';

const DT = 1 / 60;

const dot = (u: { x: number; y: number }, v: { x: number; y: number }): number => u.x * v.x + u.y * v.y;

describe('explainPair', () => {
  it("explains the lab's pair: the CSO, d, h, q, a corner, and the overlap of the engine's point test", () => {
    const [a, b] = labPair();
    const e = explainPair(a, b, DEFAULT_OPTIONS, DT);
    expect(e.cso).toEqual({ x: -1, y: 0, halfWidth: 1.6, halfHeight: 0.8, radius: 1.5 });
    expect(e.d.x).toBeCloseTo(2.6, 12);
    expect(e.q.x).toBeCloseTo(1, 12);
    expect(e.q.y).toBeCloseTo(0.5, 12);
    expect(e.region).toBe('corner');
    expect(e.overlap).toBeCloseTo(1.5 - Math.hypot(1, 0.5), 12);
    expect(e.touching).toBe(true);
    expect(e.withinSlop).toBe(false);
  });

  it("takes the pushout from the engine's step: along n, apart, by inverse mass, about the overlap beyond the slop", () => {
    const [a, b] = labPair();
    const e = explainPair(a, b, DEFAULT_OPTIONS, DT);
    const along = dot(e.pushB, e.normal) - dot(e.pushA, e.normal);
    expect(along).toBeGreaterThan(0.9 * (e.overlap - e.slop));
    expect(along).toBeLessThanOrEqual(e.overlap - e.slop + 1e-9);
    // A is the heavier body: it moves less.
    expect(Math.hypot(e.pushA.x, e.pushA.y)).toBeLessThan(Math.hypot(e.pushB.x, e.pushB.y));
  });

  it('bounces an approach faster than the threshold with e = the larger restitution, as the engine steps it', () => {
    const [a, b] = labPair();
    const e = explainPair(a, { ...b, restitution: 0.3 }, DEFAULT_OPTIONS, DT);
    expect(e.approach).toBe('bouncing');
    expect(e.normalSpeed).toBeLessThan(-1);
    expect(e.restitution).toBeCloseTo(0.8, 2);
    expect(e.normalSpeedAfter).toBeGreaterThan(0);
  });

  it('says separating (not e = 0) when the pair moves apart, and leaves the velocities alone', () => {
    const [a, b] = labPair();
    const e = explainPair(a, { ...b, vx: 3, vy: 1.5 }, DEFAULT_OPTIONS, DT);
    expect(e.approach).toBe('separating');
    expect(e.restitution).toBeNull();
    expect(e.velocityB.x).toBeCloseTo(3, 9);
    expect(e.velocityB.y).toBeCloseTo(1.5, 9);
  });

  it('stops a slow approach without a bounce', () => {
    const [a, b] = labPair();
    const e = explainPair(a, { ...b, vx: -0.4, vy: -0.2 }, DEFAULT_OPTIONS, DT);
    expect(e.approach).toBe('slow');
    expect(e.restitution).toBeNull();
    expect(Math.abs(e.normalSpeedAfter)).toBeLessThan(0.05);
  });

  it('calls a pair touching only when it touches, and an overlap within the slop is left alone', () => {
    const [a, b] = labPair();
    const apart = explainPair(a, { ...b, x: 3.5, y: 0, vx: 0, vy: 0 }, DEFAULT_OPTIONS, DT);
    expect(apart.touching).toBe(false);
    expect(apart.approach).toBe('apart');
    // B's centre 3 mm inside the CSO's right side (x = -1 + 1.6 + 1.5): within the slop under
    // Earth's gravity, beyond it with none (the default), where the engine pushes it out.
    const inside = { ...b, x: 2.1 - 0.003, y: 0, vx: 0, vy: 0 };
    const earth = { ...DEFAULT_OPTIONS, gravity: { x: 0, y: -9.81 } };
    const slight = explainPair(a, inside, earth, DT);
    expect(slight.slop).toBe(LINEAR_SLOP);
    expect(slight.touching).toBe(true);
    expect(slight.withinSlop).toBe(true);
    expect(Math.hypot(slight.pushB.x, slight.pushB.y)).toBe(0);
    const topDown = explainPair(a, inside, DEFAULT_OPTIONS, DT);
    expect(topDown.slop).toBe(pushoutSlop(0, 0, DT));
    expect(topDown.withinSlop).toBe(false);
    expect(Math.hypot(topDown.pushB.x, topDown.pushB.y)).toBeGreaterThan(0);
  });

  it("calls B's centre inside the inner rectangle the inside case", () => {
    const [a, b] = labPair();
    expect(explainPair(a, { ...b, x: a.x + 0.2, y: a.y }, DEFAULT_OPTIONS, DT).region).toBe('inside');
  });
});
