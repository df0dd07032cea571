/**
 * Issue 14, queries: queryShape ("is this spot free?"), castShape (a swept rounded rect),
 * rayCastAll, a filter (category mask and predicate) on every query, and variants that write
 * into the caller's array. Checked against brute force over every body.
 */
import { describe, expect, it } from 'vitest';
import { World, mulberry32, rayVsRoundedRect, type Body, type RayCastResult, type RayHit } from '../../../src/physics/index';
import { expectRefused, shapeDistance, shapeOf } from '../helpers';

const EDGE = 1e-9; // m

/** A field of random bodies, every third in category 2. */
function field(seed: number): { world: World; bodies: Body[] } {
  const random = mulberry32(seed);
  const world = new World();
  const bodies: Body[] = [];
  for (let k = 0; k < 60; k++) {
    const boxy = random() < 0.5;
    bodies.push(
      world.createBody({
        type: random() < 0.3 ? 'static' : 'dynamic',
        x: random() * 30 - 15,
        y: random() * 30 - 15,
        halfWidth: boxy ? 0.2 + random() : 0,
        halfHeight: boxy ? 0.2 + random() : 0,
        radius: boxy && random() < 0.5 ? 0 : 0.1 + random() * 0.6,
        category: k % 3 === 0 ? 2 : 1,
        userData: k,
      }),
    );
  }
  return { world, bodies };
}

describe('queryShape', () => {
  it('finds exactly the bodies whose shape overlaps the rounded rect (brute force), in slot order', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { world, bodies } = field(seed);
      const random = mulberry32(seed * 77);
      for (let q = 0; q < 40; q++) {
        const probe = { x: random() * 30 - 15, y: random() * 30 - 15, hw: random(), hh: random() * 2, r: random() < 0.5 ? 0 : random() };
        const found = world.queryShape(probe.x, probe.y, probe.hw, probe.hh, probe.r);
        const ids = found.map((b) => b.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        for (const b of bodies) {
          const d = shapeDistance(probe, shapeOf(b));
          if (d < -EDGE) expect(found).toContain(b);
          if (d > EDGE) expect(found).not.toContain(b);
        }
      }
    }
  });

  it('answers "is this spot free?" for a crate next to a wall', () => {
    const world = new World();
    world.createBody({ type: 'static', x: 0, halfWidth: 1, halfHeight: 1 });
    expect(world.queryShape(2.5, 0, 0.5, 0.5, 0)).toEqual([]);
    expect(world.queryShape(1.4, 0, 0.5, 0.5, 0).length).toBe(1);
    expect(world.queryShape(1.6, 1.6, 0.5, 0.5, 0.1)).toEqual([]); // the corner gap
  });
});

describe('castShape', () => {
  it('returns the first body the swept shape touches: the ray cast against each CSO, by brute force', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { world, bodies } = field(seed);
      const random = mulberry32(seed * 31);
      const hit: RayHit = { fraction: 0, nx: 0, ny: 0 };
      for (let q = 0; q < 40; q++) {
        const [x1, y1, x2, y2] = [random() * 30 - 15, random() * 30 - 15, random() * 30 - 15, random() * 30 - 15];
        const [hw, hh, r] = [random() * 0.5, random() * 0.5, random() * 0.3];
        let best = Infinity;
        let nearest: Body | null = null;
        for (const b of bodies) {
          const ok = rayVsRoundedRect(x1, y1, x2 - x1, y2 - y1, b.x, b.y, b.halfWidth + hw, b.halfHeight + hh, b.radius + r, hit);
          if (ok && hit.fraction < best) {
            best = hit.fraction;
            nearest = b;
          }
        }
        const cast = world.castShape(x1, y1, x2, y2, hw, hh, r);
        if (nearest === null) {
          expect(cast).toBeNull();
          continue;
        }
        expect(cast?.body).toBe(nearest);
        expect(cast?.fraction).toBe(best);
        // At the hit the shape touches the body: distance 0.
        const at = { x: cast?.x ?? NaN, y: cast?.y ?? NaN, hw, hh, r };
        expect(Math.abs(shapeDistance(at, shapeOf(nearest)))).toBeLessThan(1e-7);
      }
    }
  });

  it('a crate slid right stops at the wall: centre at wall face minus its half width', () => {
    const world = new World();
    const wall = world.createBody({ type: 'static', x: 5, halfWidth: 0.5, halfHeight: 3 });
    const cast = world.castShape(0, 0, 10, 0, 0.5, 0.5, 0);
    expect(cast?.body).toBe(wall);
    expect(cast?.x).toBeCloseTo(4, 12);
    expect([cast?.nx, cast?.ny]).toEqual([-1, 0]);
    expect(cast?.fraction).toBeCloseTo(0.4, 12);
  });
});

describe('rayCastAll', () => {
  it('returns every body the segment enters, nearest first, the first being rayCast', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { world, bodies } = field(seed);
      const random = mulberry32(seed * 13);
      const hit: RayHit = { fraction: 0, nx: 0, ny: 0 };
      for (let q = 0; q < 30; q++) {
        const [x1, y1, x2, y2] = [random() * 30 - 15, random() * 30 - 15, random() * 30 - 15, random() * 30 - 15];
        const expected = bodies
          .filter((b) => rayVsRoundedRect(x1, y1, x2 - x1, y2 - y1, b.x, b.y, b.halfWidth, b.halfHeight, b.radius, hit))
          .map((b) => b.id)
          .sort((a, b) => a - b);
        const all = world.rayCastAll(x1, y1, x2, y2);
        expect(all.map((h) => h.body.id).sort((a, b) => a - b)).toEqual(expected);
        for (let k = 1; k < all.length; k++) expect(all[k]?.fraction).toBeGreaterThanOrEqual(all[k - 1]?.fraction ?? 0);
        const first = world.rayCast(x1, y1, x2, y2);
        if (all.length === 0) expect(first).toBeNull();
        else expect(first).toEqual(all[0]);
      }
    }
  });

  it('writes into the caller array, reusing its result objects', () => {
    const world = new World();
    for (let k = 0; k < 5; k++) world.createBody({ type: 'static', x: 2 * k + 2, radius: 0.5 });
    const out: RayCastResult[] = [];
    const got = world.rayCastAll(0, 0, 20, 0, undefined, out);
    expect(got).toBe(out);
    expect(out.map((h) => h.body.id)).toEqual([0, 1, 2, 3, 4]);
    const objects = [...out];
    world.rayCastAll(20, 0, 0, 0, undefined, out);
    expect(out.map((h) => h.body.id)).toEqual([4, 3, 2, 1, 0]);
    for (const o of out) expect(objects).toContain(o);
    world.rayCastAll(0, 5, 20, 5, undefined, out);
    expect(out).toEqual([]);
  });
});

describe('query filters', () => {
  it('a category mask and a predicate apply to every query', () => {
    const { world, bodies } = field(3);
    const inTwo = (b: Body): boolean => b.category === 2;
    const even = (b: Body): boolean => (b.userData as number) % 2 === 0;
    const random = mulberry32(5);
    for (let q = 0; q < 30; q++) {
      const [x, y] = [random() * 30 - 15, random() * 30 - 15];
      const [x2, y2] = [random() * 30 - 15, random() * 30 - 15];
      const all = {
        point: world.queryPoint(x, y),
        box: world.queryBox(x, y, x + 4, y + 3),
        shape: world.queryShape(x, y, 2, 1, 0.5),
        rays: world.rayCastAll(x, y, x2, y2).map((h) => h.body),
      };
      const masked = {
        point: world.queryPoint(x, y, { mask: 2 }),
        box: world.queryBox(x, y, x + 4, y + 3, { mask: 2 }),
        shape: world.queryShape(x, y, 2, 1, 0.5, { mask: 2 }),
        rays: world.rayCastAll(x, y, x2, y2, { mask: 2 }).map((h) => h.body),
      };
      const both = world.queryShape(x, y, 2, 1, 0.5, { mask: 2, predicate: even });
      expect(masked.point).toEqual(all.point.filter(inTwo));
      expect(masked.box).toEqual(all.box.filter(inTwo));
      expect(masked.shape).toEqual(all.shape.filter(inTwo));
      expect(masked.rays).toEqual(all.rays.filter(inTwo));
      expect(both).toEqual(all.shape.filter(inTwo).filter(even));
      const firstMasked = world.rayCast(x, y, x2, y2, { mask: 2 });
      expect(firstMasked?.body ?? null).toEqual(masked.rays[0] ?? null);
      const cast = world.castShape(x, y, x2, y2, 0.3, 0.3, 0, { predicate: (b) => !inTwo(b) });
      if (cast !== null) expect(inTwo(cast.body)).toBe(false);
    }
    expect(bodies.length).toBe(60);
  });

  it('body-list queries write into the caller array (cleared first) instead of allocating', () => {
    const world = new World();
    const a = world.createBody({ type: 'static', x: 0, radius: 1 });
    const out: Body[] = [a, a, a];
    expect(world.queryPoint(0, 0, undefined, out)).toBe(out);
    expect(out).toEqual([a]);
    expect(world.queryBox(5, 5, 6, 6, {}, out)).toEqual([]);
    expect(world.queryShape(0.5, 0, 1, 1, 0, { mask: 1 }, out)).toEqual([a]);
  });

  it('bad filters, shapes and arrays are refused naming the field; a predicate may not query', () => {
    const world = new World();
    world.createBody({ type: 'static', radius: 1 });
    expectRefused(world, () => world.queryPoint(0, 0, { mask: -1 }), 'filter.mask', '-1');
    expectRefused(world, () => world.queryBox(0, 0, 1, 1, { predicate: 3 } as never), 'filter.predicate', '3');
    expectRefused(world, () => world.rayCastAll(0, 0, 1, 1, { colour: 1 } as never), 'filter', '"colour"');
    expectRefused(world, () => world.queryShape(0, 0, -1, 0, 0), 'halfWidth', '-1');
    expectRefused(world, () => world.queryShape(0, 0, 0, NaN, 0), 'halfHeight', 'NaN');
    expectRefused(world, () => world.castShape(0, 0, 1, 1, 0, 0, Infinity), 'radius', 'Infinity');
    expectRefused(world, () => world.castShape(NaN, 0, 1, 1, 0, 0, 0), 'x1', 'NaN');
    expectRefused(world, () => world.queryPoint(0, 0, undefined, 'list' as never), 'out', '"list"');
    expect(() => world.queryPoint(0, 0, { predicate: () => world.queryPoint(1, 1).length > 0 })).toThrow(
      /queries cannot run inside a query filter predicate/,
    );
    expect(world.queryPoint(0, 0).length).toBe(1); // still usable afterwards
  });
});
