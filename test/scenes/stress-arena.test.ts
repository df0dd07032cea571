/**
 * The stress arena: batches land without overlapping anything, at crowd's density, inside the
 * walls, the same way every time.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { CELL } from '../../src/scenes/arena';
import { growStressArena, shellCell, stressArena, stressArenaBounds, stressArenaSide } from '../../src/scenes/stress-arena';

/**
 * Overlaps between a moving body of `world` (only those not in `old`, when given) and any other
 * body: the engine's box query of the body's extent shrunk by a hair, exact for boxes; for two
 * circles the distance decides.
 */
function overlapping(world: World, old: ReadonlySet<number> = new Set()): number {
  let count = 0;
  for (const b of world.getBodies()) {
    if (b.type === 'static' || old.has(b.id)) continue;
    const ex = b.halfWidth + b.radius - 1e-6;
    const ey = b.halfHeight + b.radius - 1e-6;
    // A box query is exact for boxes; for circles it over-reports only near the corners, so check distances too.
    for (const o of world.queryBox(b.x - ex, b.y - ey, b.x + ex, b.y + ey)) {
      if (o === b) continue;
      if (b.radius > 0 && o.radius > 0 && o.halfWidth === 0 && Math.hypot(o.x - b.x, o.y - b.y) >= b.radius + o.radius) continue;
      count++;
    }
  }
  return count;
}

describe('shellCell', () => {
  it('numbers the cells so the first k² fill the k x k square, each cell once', () => {
    for (const k of [1, 2, 5, 17]) {
      const seen = new Set<string>();
      for (let i = 0; i < k * k; i++) {
        const { col, row } = shellCell(i);
        expect(col).toBeLessThan(k);
        expect(row).toBeLessThan(k);
        seen.add(`${col},${row}`);
      }
      expect(seen.size).toBe(k * k);
    }
  });
});

describe('stress arena', () => {
  it('builds crowd options, walls around an empty floor, and grows to crowd(N)’s size', () => {
    const world = new World();
    const arena = stressArena(world);
    expect(world.bodyCount).toBe(4);
    expect(world.options).toMatchObject({ gravity: { x: 0, y: 0 }, linearDamping: 0, enableSleep: false });
    expect(growStressArena(world, arena, 1000)).toBe(1000);
    expect(world.bodyCount).toBe(1004);
    expect(arena.side).toBe(stressArenaSide(1000));
    expect(stressArenaBounds(arena).maxX).toBeCloseTo(stressArenaSide(1000) * CELL);
    expect(overlapping(world)).toBe(0);
  });

  it('places later batches without overlapping bodies that moved, and keeps every body inside the walls', () => {
    const world = new World();
    const arena = stressArena(world, { count: 400 });
    for (let batch = 0; batch < 6; batch++) {
      for (let s = 0; s < 40; s++) world.step(1 / 60);
      // Bodies in contact overlap by the solver's slop; only the new ones must be clear.
      const old = new Set(world.getBodies().map((b) => b.id));
      growStressArena(world, arena, 300);
      expect(world.bodyCount).toBe(old.size + 300);
      expect(overlapping(world, old)).toBe(0);
    }
    for (let s = 0; s < 60; s++) world.step(1 / 60);
    const b = stressArenaBounds(arena);
    for (const body of world.getBodies()) {
      if (body.type === 'static') continue;
      expect(body.x).toBeGreaterThan(b.minX);
      expect(body.x).toBeLessThan(b.maxX);
      expect(body.y).toBeGreaterThan(b.minY);
      expect(body.y).toBeLessThan(b.maxY);
    }
    // Skipped cells grow the floor a little past crowd's, never by much.
    expect(arena.side).toBeLessThanOrEqual(stressArenaSide(2200) + 4);
  });

  it('is deterministic: the same batches give the same bodies', () => {
    const run = (): number[] => {
      const world = new World();
      const arena = stressArena(world, { count: 200 });
      for (let s = 0; s < 20; s++) world.step(1 / 60);
      growStressArena(world, arena, 200);
      return world.getBodies().flatMap((b) => [b.x, b.y, b.vx, b.vy]);
    };
    expect(run()).toEqual(run());
  });

  it('refuses a count that is not a whole number', () => {
    const world = new World();
    const arena = stressArena(world);
    expect(() => growStressArena(world, arena, -1)).toThrow(/count/);
    expect(() => growStressArena(world, arena, 1.5)).toThrow(/count/);
    expect(world.bodyCount).toBe(4);
  });
});
