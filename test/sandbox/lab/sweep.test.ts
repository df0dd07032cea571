import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { pairBodyOf, type PairBody } from '../../../src/sandbox/overlays/collision-explainer';
import { sweepPair } from '../../../src/sandbox/lab/sweep';

function body(p: Partial<PairBody>): PairBody {
  return { type: 'dynamic', x: 0, y: 0, vx: 0, vy: 0, halfWidth: 0, halfHeight: 0, radius: 0.5, density: 1, restitution: 0.5, friction: 0.6, ...p };
}

describe('sweepPair', () => {
  it('finds the time of impact of a head-on approach (gap over closing speed)', () => {
    const a = body({ halfWidth: 1, halfHeight: 1, radius: 0 });
    const b = body({ x: 5, vx: -4 });
    const s = sweepPair(a, b);
    expect(s.outcome).toBe('hit');
    // B's centre reaches the CSO's side at x = 1 + 0.5: 3.5 m at 4 m/s.
    expect(s.toi).toBeCloseTo(3.5 / 4, 12);
    expect(s.normal).toEqual({ x: 1, y: 0 });
    expect(s.atB.x).toBeCloseTo(1.5, 12);
  });

  it('sweeps the relative motion: both moving meet sooner, and the ghosts are where each is then', () => {
    const a = body({ vx: 2 });
    const b = body({ x: 5, vx: -2 });
    const s = sweepPair(a, b);
    expect(s.toi).toBeCloseTo(4 / 4, 12);
    expect(s.atA.x).toBeCloseTo(2, 12);
    expect(s.atB.x).toBeCloseTo(3, 12);
  });

  it('agrees with the engine: a body stepped for the time of impact just touches', () => {
    const world = new World();
    const a = world.createBody({ type: 'static', halfWidth: 1, halfHeight: 0.5, radius: 0.2 });
    const b = world.createBody({ x: 4, y: 2.5, vx: -3, vy: -1.4, radius: 0.4 });
    const s = sweepPair(pairBodyOf(a), pairBodyOf(b));
    expect(s.outcome).toBe('hit');
    const cast = world.castShape(b.x, b.y, b.x + s.delta.x, b.y + s.delta.y, 0, 0, 0.4, { predicate: (x) => x === a });
    expect(cast?.fraction).toBeCloseTo(s.fraction, 9);
  });

  it('says miss, inside and still rather than a time that is not there', () => {
    expect(sweepPair(body({}), body({ x: 5, vx: 4 })).outcome).toBe('miss');
    expect(sweepPair(body({}), body({ x: 0.5, vx: -4 })).outcome).toBe('inside');
    expect(sweepPair(body({}), body({ x: 5 })).outcome).toBe('still');
  });
});
