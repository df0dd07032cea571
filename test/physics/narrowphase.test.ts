/**
 * The geometry at the heart of the engine: a point against a rounded rectangle, the CSO of two
 * rounded rectangles, and a segment cast. Expected values are hand-worked for chosen points, and
 * checked against brute force (closest points by clamping, marching along segments) for random
 * ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  World,
  pointVsRoundedRect,
  rayVsRoundedRect,
  roundedRectOverlap,
  type PointHit,
  type RayHit,
} from '../../src/physics/index';
import { commonPoint, shapeDistance, signedDepth, type Shape } from './helpers';

const TOL = 1e-9; // m: round-off allowed on coordinates of magnitude up to ~100

function pointTest(px: number, py: number, s: Shape): PointHit & { inside: boolean } {
  const hit: PointHit = { nx: NaN, ny: NaN, overlap: NaN };
  const inside = pointVsRoundedRect(px, py, s.x, s.y, s.hw, s.hh, s.r, hit);
  return { ...hit, inside };
}

function rayTest(ox: number, oy: number, dx: number, dy: number, s: Shape): RayHit | null {
  const hit: RayHit = { fraction: NaN, nx: NaN, ny: NaN };
  return rayVsRoundedRect(ox, oy, dx, dy, s.x, s.y, s.hw, s.hh, s.r, hit) ? hit : null;
}

/** The CSO of two shapes, centred on a: B's centre against it answers the pair. */
function cso(a: Shape, b: Shape): Shape {
  return { x: a.x, y: a.y, hw: a.hw + b.hw, hh: a.hh + b.hh, r: a.r + b.r };
}

// ---- generators ----
const coord = fc.double({ min: -100, max: 100, noNaN: true });
const offset = fc.double({ min: -12, max: 12, noNaN: true });
const size = fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 5, noNaN: true }));
/** Shapes with an area (what bodies may have): a radius, or both half extents. */
const shapeArb: fc.Arbitrary<Shape> = fc
  .record({ x: coord, y: coord, hw: size, hh: size, r: size })
  .filter((s) => s.r > 0 || (s.hw > 0 && s.hh > 0));
/** Any shape, including a bare point or segment. */
const anyShapeArb: fc.Arbitrary<Shape> = fc.record({ x: coord, y: coord, hw: size, hh: size, r: size });

describe('pointVsRoundedRect: hand-worked cases', () => {
  // A 4 x 2 inner rectangle with corner radius 0.625 at (10, -5): the corner circles are
  // centred at (10 ± 2, -5 ± 1); 0.375² + 0.5² = 0.625², so (12.375, -3.5) is on the boundary.
  const rr: Shape = { x: 10, y: -5, hw: 2, hh: 1, r: 0.625 };

  it('corner region: normal from the corner of the inner rectangle, overlap r - distance', () => {
    const on = pointTest(12.375, -3.5, rr);
    expect(on.inside).toBe(true);
    expect(on.overlap).toBe(0);
    expect(on.nx).toBeCloseTo(0.6, 15);
    expect(on.ny).toBeCloseTo(0.8, 15);

    // Mirrored into the opposite quadrant the normal flips sign on both axes.
    const mirrored = pointTest(7.625, -6.5, rr);
    expect(mirrored.nx).toBeCloseTo(-0.6, 15);
    expect(mirrored.ny).toBeCloseTo(-0.8, 15);
    expect(mirrored.overlap).toBe(0);

    // Halfway from the corner (12, -4) toward the boundary point: inside by 0.3125.
    const halfway = pointTest(12.1875, -3.75, rr);
    expect(halfway.inside).toBe(true);
    expect(halfway.overlap).toBeCloseTo(0.3125, 14);
    expect(halfway.nx).toBeCloseTo(0.6, 14);
    expect(halfway.ny).toBeCloseTo(0.8, 14);

    // Beyond it by 1.25 along the same direction: outside, overlap minus the distance.
    const beyond = pointTest(12 + 0.6 * 1.875, -4 + 0.8 * 1.875, rr);
    expect(beyond.inside).toBe(false);
    expect(beyond.overlap).toBeCloseTo(-1.25, 14);
    expect(beyond.nx).toBeCloseTo(0.6, 14);
    expect(beyond.ny).toBeCloseTo(0.8, 14);
  });

  it('side margins: axis normal, overlap r minus the distance past the inner rectangle', () => {
    const right = pointTest(12.5, -4.5, rr);
    expect(right).toEqual({ nx: 1, ny: 0, overlap: 0.125, inside: true });
    const left = pointTest(7.5, -5.25, rr);
    expect(left).toEqual({ nx: -1, ny: 0, overlap: 0.125, inside: true });
    const top = pointTest(11, -3.5, rr);
    expect(top).toEqual({ nx: 0, ny: 1, overlap: 0.125, inside: true });
    const bottom = pointTest(9, -7, rr);
    expect(bottom).toEqual({ nx: 0, ny: -1, overlap: -0.375, inside: false });
  });

  it('inside the inner rectangle: pushes out along the axis of least overlap', () => {
    // 1.5 m from the right side, 0.25 m from the top: up, by 0.25 + r.
    expect(pointTest(10.5, -4.25, rr)).toEqual({ nx: 0, ny: 1, overlap: 0.875, inside: true });
    // 0.25 m from the left side, 1.5 m from the bottom: left, by 0.25 + r.
    expect(pointTest(8.25, -4.5, rr)).toEqual({ nx: -1, ny: 0, overlap: 0.875, inside: true });
    // At the centre the short axis (y) wins.
    const centre = pointTest(10, -5, rr);
    expect(centre.nx).toBe(0);
    expect(Math.abs(centre.ny)).toBe(1);
    expect(centre.overlap).toBe(1.625);
  });

  it('outside the bounding box: no hit, overlap minus the distance', () => {
    expect(pointTest(20, -5, rr)).toEqual({ nx: 1, ny: 0, overlap: -7.375, inside: false });
    expect(pointTest(10, -20, rr)).toEqual({ nx: 0, ny: -1, overlap: -13.375, inside: false });
  });

  it('circle (0, 0, r): radial normal, overlap r - distance', () => {
    const circle: Shape = { x: 1, y: 1, hw: 0, hh: 0, r: 2 };
    const inside = pointTest(1.3, 1.4, circle);
    expect(inside.inside).toBe(true);
    expect(inside.overlap).toBeCloseTo(1.5, 14);
    expect(inside.nx).toBeCloseTo(0.6, 14);
    expect(inside.ny).toBeCloseTo(0.8, 14);
    const outside = pointTest(1 - 3, 1 - 4, circle);
    expect(outside.inside).toBe(false);
    expect(outside.overlap).toBeCloseTo(-3, 14);
    expect(outside.nx).toBeCloseTo(-0.6, 14);
    expect(outside.ny).toBeCloseTo(-0.8, 14);
  });

  it('sharp box (hw, hh, 0): overlap is the distance to the nearest side', () => {
    const box: Shape = { x: 0, y: 0, hw: 3, hh: 1, r: 0 };
    expect(pointTest(2.5, 0.25, box)).toEqual({ nx: 1, ny: 0, overlap: 0.5, inside: true });
    expect(pointTest(-1, -0.875, box)).toEqual({ nx: 0, ny: -1, overlap: 0.125, inside: true });
    expect(pointTest(3, 1, box).overlap).toBe(0); // the corner itself touches
    const diagonal = pointTest(6, 5, box); // 3 right and 4 above the corner (3, 1)
    expect(diagonal.inside).toBe(false);
    expect(diagonal.overlap).toBeCloseTo(-5, 14);
    expect(diagonal.nx).toBeCloseTo(0.6, 14);
    expect(diagonal.ny).toBeCloseTo(0.8, 14);
  });

  it('capsule (hw, 0, r): flat sides along the segment, round ends', () => {
    const capsule: Shape = { x: 0, y: 0, hw: 2, hh: 0, r: 0.5 };
    expect(pointTest(1, 0.25, capsule)).toEqual({ nx: 0, ny: 1, overlap: 0.25, inside: true });
    expect(pointTest(-1.5, -0.75, capsule)).toEqual({ nx: 0, ny: -1, overlap: -0.25, inside: false });
    const end = pointTest(2.3, -0.4, capsule);
    expect(end.overlap).toBeCloseTo(0, 14);
    expect(end.nx).toBeCloseTo(0.6, 14);
    expect(end.ny).toBeCloseTo(-0.8, 14);
    // On the segment itself: out through the nearer flat side.
    const mid = pointTest(0.5, 0, capsule);
    expect(mid.nx).toBe(0);
    expect(Math.abs(mid.ny)).toBe(1);
    expect(mid.overlap).toBe(0.5);
  });

  it('roundedRectOverlap fills the same hit and returns the overlap', () => {
    const a: PointHit = { nx: 0, ny: 0, overlap: 0 };
    const b: PointHit = { nx: 0, ny: 0, overlap: 0 };
    const o = roundedRectOverlap(12.1875, -3.75, rr.x, rr.y, rr.hw, rr.hh, rr.r, a);
    pointVsRoundedRect(12.1875, -3.75, rr.x, rr.y, rr.hw, rr.hh, rr.r, b);
    expect(o).toBe(a.overlap);
    expect(a).toEqual(b);
  });

  it('a point a subnormal distance off a corner still gets a unit normal', () => {
    // The squares of such offsets underflow to zero: the normal must not become 0/0.
    for (const d of [1e-170, 1e-200, 5e-324]) {
      const hit = pointTest(d, d, { x: 0, y: 0, hw: 0, hh: 0, r: 1 });
      expect(hit.inside).toBe(true);
      expect(Math.hypot(hit.nx, hit.ny)).toBeCloseTo(1, 12);
      expect(hit.nx).toBeCloseTo(Math.SQRT1_2, 12);
      expect(hit.overlap).toBeCloseTo(1, 12);
    }
    // And offsets whose squares overflow.
    const far = pointTest(1e200, -1e200, { x: 0, y: 0, hw: 1, hh: 1, r: 1 });
    expect(Math.hypot(far.nx, far.ny)).toBeCloseTo(1, 12);
    expect(far.ny).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(far.overlap / 1e200).toBeCloseTo(-Math.SQRT2, 12);
  });

  it('two circles a subnormal distance apart do not turn the world into NaN', () => {
    const world = new World();
    const a = world.createBody({ radius: 0.5 });
    const b = world.createBody({ x: 1e-170, y: 1e-170, radius: 0.5 });
    world.step(1 / 60);
    for (const v of [a.x, a.y, a.vx, a.vy, b.x, b.y, b.vx, b.vy]) expect(Number.isFinite(v)).toBe(true);
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThan(0.5); // pushed apart
  });
});

describe('pointVsRoundedRect against brute force', () => {
  it('overlap is the signed distance, the normal is unit and leads to the boundary', () => {
    fc.assert(
      fc.property(anyShapeArb, offset, offset, (s, ox, oy) => {
        const px = s.x + ox;
        const py = s.y + oy;
        const hit = pointTest(px, py, s);
        const depth = signedDepth(px, py, s);
        expect(Math.abs(hit.overlap - depth)).toBeLessThanOrEqual(TOL);
        expect(hit.inside).toBe(hit.overlap >= 0);
        expect(Math.abs(Math.hypot(hit.nx, hit.ny) - 1)).toBeLessThanOrEqual(1e-12);
        // From the rectangle toward the point: each non-zero component has the side's sign.
        if (hit.nx !== 0 && px !== s.x) expect(Math.sign(hit.nx)).toBe(Math.sign(px - s.x));
        if (hit.ny !== 0 && py !== s.y) expect(Math.sign(hit.ny)).toBe(Math.sign(py - s.y));
        // Moving the point by overlap along the normal lands on the boundary.
        const landed = signedDepth(px + hit.overlap * hit.nx, py + hit.overlap * hit.ny, s);
        expect(Math.abs(landed)).toBeLessThanOrEqual(TOL);
      }),
      { numRuns: 3000 },
    );
  });

  it('points outside: minus the overlap is the distance to the shape', () => {
    fc.assert(
      fc.property(shapeArb, offset, offset, (s, ox, oy) => {
        const px = s.x + ox;
        const py = s.y + oy;
        const distance = Math.max(0, Math.hypot(
          Math.max(0, Math.abs(ox) - s.hw),
          Math.max(0, Math.abs(oy) - s.hh),
        ) - s.r);
        fc.pre(distance > TOL);
        expect(Math.abs(-pointTest(px, py, s).overlap - distance)).toBeLessThanOrEqual(TOL);
      }),
      { numRuns: 1000 },
    );
  });

  it('points inside the inner rectangle: the axis of least overlap', () => {
    const frac = fc.double({ min: -1, max: 1, noNaN: true });
    fc.assert(
      fc.property(shapeArb, frac, frac, (s, fx, fy) => {
        const px = s.x + fx * s.hw;
        const py = s.y + fy * s.hh;
        const hit = pointTest(px, py, s);
        const toX = s.hw + s.r - Math.abs(px - s.x);
        const toY = s.hh + s.r - Math.abs(py - s.y);
        expect(hit.overlap).toBeCloseTo(Math.min(toX, toY), 12);
        // (Within round-off of a tie either axis is right.)
        if (toX < toY - TOL) expect([hit.nx, Math.abs(hit.ny)]).toEqual([Math.sign(px - s.x) || 1, 0]);
        if (toY < toX - TOL) expect([Math.abs(hit.nx), hit.ny]).toEqual([0, Math.sign(py - s.y) || 1]);
      }),
      { numRuns: 1000 },
    );
  });

  it('scales exactly with the scene, down to subnormal squares and up to overflowing ones', () => {
    const dyadic = fc.integer({ min: -640, max: 640 }).map((n) => n / 64);
    const dsize = fc.integer({ min: 0, max: 320 }).map((n) => n / 64);
    fc.assert(
      fc.property(
        fc.record({ x: dyadic, y: dyadic, hw: dsize, hh: dsize, r: dsize }),
        dyadic,
        dyadic,
        fc.integer({ min: -1010, max: 1014 }),
        (s, px, py, k) => {
          const scale = 2 ** k;
          const base = pointTest(px, py, s);
          const scaled = pointTest(px * scale, py * scale, {
            x: s.x * scale,
            y: s.y * scale,
            hw: s.hw * scale,
            hh: s.hh * scale,
            r: s.r * scale,
          });
          expect(Math.abs(scaled.nx - base.nx)).toBeLessThanOrEqual(1e-12);
          expect(Math.abs(scaled.ny - base.ny)).toBeLessThanOrEqual(1e-12);
          expect(Math.abs(scaled.overlap / scale - base.overlap)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(base.overlap)));
          expect(scaled.inside).toBe(base.inside);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('the CSO of two rounded rectangles', () => {
  it('overlap >= 0 exactly when the shapes overlap; minus it is their distance', () => {
    fc.assert(
      fc.property(shapeArb, shapeArb.map((s) => ({ ...s, x: s.x / 20, y: s.y / 20 })), (a, rel) => {
        const b: Shape = { ...rel, x: a.x + rel.x, y: a.y + rel.y };
        const c = cso(a, b);
        const hit = pointTest(b.x, b.y, c);
        const distance = shapeDistance(a, b);
        if (distance > TOL) {
          expect(hit.inside).toBe(false);
          expect(Math.abs(-hit.overlap - distance)).toBeLessThanOrEqual(TOL);
        }
        if (distance < -TOL) expect(hit.inside).toBe(true);
        if (hit.overlap > TOL) {
          // A witness: a point inside both shapes.
          const [wx, wy] = commonPoint(a, b);
          expect(signedDepth(wx, wy, a)).toBeGreaterThanOrEqual(-TOL);
          expect(signedDepth(wx, wy, b)).toBeGreaterThanOrEqual(-TOL);
        }
        // Moving b by overlap along the normal leaves the two just touching.
        const moved: Shape = { ...b, x: b.x + hit.overlap * hit.nx, y: b.y + hit.overlap * hit.ny };
        expect(Math.abs(shapeDistance(a, moved))).toBeLessThanOrEqual(TOL);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with sampling: a grid point inside both shapes means overlap', () => {
    const n = 24;
    fc.assert(
      fc.property(shapeArb, shapeArb.map((s) => ({ ...s, x: s.x / 25, y: s.y / 25 })), (a, rel) => {
        const b: Shape = { ...rel, x: a.x + rel.x, y: a.y + rel.y };
        const hit = pointTest(b.x, b.y, cso(a, b));
        let common = false;
        const ex = a.hw + a.r;
        const ey = a.hh + a.r;
        for (let i = 0; i <= n && !common; i++) {
          for (let j = 0; j <= n && !common; j++) {
            const px = a.x - ex + (2 * ex * i) / n;
            const py = a.y - ey + (2 * ey * j) / n;
            common = signedDepth(px, py, a) >= 0 && signedDepth(px, py, b) >= 0;
          }
        }
        if (common) expect(hit.overlap).toBeGreaterThanOrEqual(-TOL);
        if (!hit.inside) expect(common).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('rayVsRoundedRect: hand-worked cases', () => {
  const rr: Shape = { x: 1, y: 2, hw: 2, hh: 1, r: 0.5 };

  it('hits a flat side head-on', () => {
    const hit = rayTest(-5, 2.25, 10, 0, rr); // the left side is at x = -1.5
    expect(hit).not.toBeNull();
    expect(hit?.fraction).toBeCloseTo(0.35, 14);
    expect([hit?.nx, hit?.ny]).toEqual([-1, 0]);
    const down = rayTest(0, 10, 0, -10, rr); // the top is at y = 3.5
    expect(down?.fraction).toBeCloseTo(0.65, 14);
    expect([down?.nx, down?.ny]).toEqual([0, 1]);
  });

  it('hits a rounded corner with the radial normal', () => {
    // Aim at the corner point (3 + 0.3, 3 + 0.4) from straight below it.
    const hit = rayTest(3.3, 10, 0, -10, rr);
    expect(hit).not.toBeNull();
    expect(hit?.fraction).toBeCloseTo((10 - 3.4) / 10, 12);
    expect(hit?.nx).toBeCloseTo(0.6, 12);
    expect(hit?.ny).toBeCloseTo(0.8, 12);
  });

  it('misses past a rounded corner that a sharp box would have caught', () => {
    // (3.45, 3.45) lies in the bounding box but outside the corner circle.
    expect(rayTest(3.45, 10, 0, -6.5, rr)).toBeNull();
    const sharp: Shape = { ...rr, hw: 2.5, hh: 1.5, r: 0 };
    expect(rayTest(3.45, 10, 0, -6.5, sharp)?.fraction).toBeCloseTo(6.5 / 6.5, 12);
  });

  it('a segment that ends short misses; one that ends on the surface hits at fraction 1', () => {
    expect(rayTest(-5, 2, 3, 0, rr)).toBeNull();
    const exact = rayTest(-5, 2, 3.5, 0, rr);
    expect(exact?.fraction).toBe(1);
  });

  it('starts inside (or on the boundary): no hit', () => {
    expect(rayTest(1, 2, 10, 0, rr)).toBeNull(); // centre
    expect(rayTest(3.2, 3.2, 10, 10, rr)).toBeNull(); // in a corner disc
    expect(rayTest(-1.5, 2, 10, 0, rr)).toBeNull(); // on the left side, going in
    expect(rayTest(3.5, 2, 10, 0, rr)).toBeNull(); // on the right side, going out
  });

  it('circle, sharp box and capsule', () => {
    const circle = rayTest(-10, 0, 20, 0, { x: 0, y: 0, hw: 0, hh: 0, r: 1 });
    expect(circle?.fraction).toBeCloseTo(0.45, 14);
    expect([circle?.nx, circle?.ny]).toEqual([-1, 0]);
    const diagonal = rayTest(-10, -10, 20, 20, { x: 0, y: 0, hw: 0, hh: 0, r: 1 });
    expect(diagonal?.fraction).toBeCloseTo((Math.SQRT2 * 10 - 1) / (Math.SQRT2 * 20), 14);
    expect(diagonal?.nx).toBeCloseTo(-Math.SQRT1_2, 14);
    expect(diagonal?.ny).toBeCloseTo(-Math.SQRT1_2, 14);
    const box = rayTest(0.5, -4, 0, 8, { x: 0, y: 0, hw: 1, hh: 2, r: 0 });
    expect(box?.fraction).toBeCloseTo(0.25, 14);
    expect([box?.nx, box?.ny]).toEqual([0, -1]);
    const capsule = rayTest(5, 0.2, -10, 0, { x: 0, y: 0, hw: 2, hh: 0, r: 0.5 });
    expect(capsule?.fraction).toBeCloseTo((5 - 2 - Math.sqrt(0.25 - 0.04)) / 10, 14);
    expect(capsule?.nx).toBeCloseTo(Math.sqrt(0.21) / 0.5, 12);
    expect(capsule?.ny).toBeCloseTo(0.4, 12);
  });

  it('parallel to a side: misses just outside, hits the corner just inside', () => {
    expect(rayTest(-10, 3.5 + 1e-9, 20, 0, rr)).toBeNull();
    const inside = rayTest(-10, 3.4, 20, 0, rr);
    expect(inside).not.toBeNull();
    expect(inside?.nx).toBeLessThan(0);
    expect(inside?.ny).toBeGreaterThan(0);
  });

  it('a ray grazing a flat side reports the side normal, if it reports a hit', () => {
    for (const [ox, oy, dx, dy] of [
      [-10, 3.5, 20, 0], // along the top
      [-10, 0.5, 20, 0], // along the bottom
      [3.5, -10, 0, 20], // up the right side
      [-1.5, 10, 0, -20], // down the left side
    ]) {
      const hit = rayTest(ox, oy, dx, dy, rr);
      if (hit === null) continue;
      const there = pointTest(ox + dx * hit.fraction, oy + dy * hit.fraction, rr);
      expect(there.overlap).toBeCloseTo(0, 12);
      expect(hit.nx).toBeCloseTo(there.nx, 9);
      expect(hit.ny).toBeCloseTo(there.ny, 9);
    }
  });

  it('a zero-length segment never hits', () => {
    expect(rayTest(-5, 2, 0, 0, rr)).toBeNull();
    expect(rayTest(1, 2, 0, 0, rr)).toBeNull();
  });
});

describe('rayVsRoundedRect against brute force', () => {
  const STEPS = 400;

  it('agrees with marching along the segment; the normal is the point test normal there', () => {
    const start = fc.double({ min: -15, max: 15, noNaN: true });
    const end = fc.double({ min: -8, max: 8, noNaN: true });
    fc.assert(
      fc.property(shapeArb, start, start, end, end, (s, sx, sy, ex, ey) => {
        const ox = s.x + sx;
        const oy = s.y + sy;
        const dx = s.x + ex - ox;
        const dy = s.y + ey - oy;
        const hit = rayTest(ox, oy, dx, dy, s);
        const startDepth = signedDepth(ox, oy, s);
        if (startDepth > TOL) expect(hit).toBeNull();
        if (startDepth >= -TOL) return;
        const length = Math.hypot(dx, dy);
        let first = -1; // fraction of the first sample inside
        let deepest = -Infinity;
        for (let k = 1; k <= STEPS; k++) {
          const t = k / STEPS;
          const d = signedDepth(ox + dx * t, oy + dy * t, s);
          if (d > deepest) deepest = d;
          if (d >= 0 && first < 0) first = t;
        }
        if (hit === null) {
          expect(deepest).toBeLessThanOrEqual(TOL);
          return;
        }
        expect(hit.fraction).toBeGreaterThanOrEqual(0);
        expect(hit.fraction).toBeLessThanOrEqual(1);
        // Entering no later than the first sample inside, and not before the last one outside.
        if (first >= 0) expect((hit.fraction - first) * length).toBeLessThanOrEqual(TOL);
        if (first >= 0) expect((first - hit.fraction) * length).toBeLessThanOrEqual((length / STEPS) * 1.000001);
        const hx = ox + dx * hit.fraction;
        const hy = oy + dy * hit.fraction;
        expect(Math.abs(signedDepth(hx, hy, s))).toBeLessThanOrEqual(TOL);
        expect(Math.abs(Math.hypot(hit.nx, hit.ny) - 1)).toBeLessThanOrEqual(1e-9);
        expect(hit.nx * dx + hit.ny * dy).toBeLessThanOrEqual(TOL); // facing the ray
        // Sharp corners have no single normal: compare away from them.
        const nearSharpCorner =
          s.r === 0 && Math.abs(Math.abs(hx - s.x) - s.hw) < 1e-6 && Math.abs(Math.abs(hy - s.y) - s.hh) < 1e-6;
        if (!nearSharpCorner) {
          const there = pointTest(hx, hy, s);
          const tol = s.r > 0 ? 1e-6 : 1e-12;
          expect(Math.abs(hit.nx - there.nx)).toBeLessThanOrEqual(tol);
          expect(Math.abs(hit.ny - there.ny)).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('a segment starting inside the shape never hits it', () => {
    const frac = fc.double({ min: -0.999, max: 0.999, noNaN: true });
    const dir = fc.double({ min: -30, max: 30, noNaN: true });
    fc.assert(
      fc.property(shapeArb, frac, frac, dir, dir, (s, fx, fy, dx, dy) => {
        // A point of the bounding box, kept only if strictly inside the shape.
        const ox = s.x + fx * (s.hw + s.r);
        const oy = s.y + fy * (s.hh + s.r);
        fc.pre(signedDepth(ox, oy, s) > TOL);
        expect(rayTest(ox, oy, dx, dy, s)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});
