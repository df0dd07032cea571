/** The crate room: the shoved crate moves others, and floor friction brings everything to rest. */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { crateRoom } from '../../src/scenes/crate-room';

describe('crate room', () => {
  it('the shove pushes crates of the grid, and after 8 s every crate is asleep, at rest', () => {
    const world = new World();
    crateRoom(world);
    const crates = world.getBodies().filter((b) => b.type === 'dynamic');
    const grid = crates.slice(0, -1); // the last one created is the shoved crate
    const start = grid.map((b) => [b.x, b.y]);
    expect(crates[crates.length - 1].vx).toBeGreaterThan(0);
    for (let s = 0; s < 8 * 60; s++) world.step(1 / 60);
    const moved = grid.filter((b, i) => Math.hypot(b.x - start[i][0], b.y - start[i][1]) > 0.1);
    expect(moved.length).toBeGreaterThan(0);
    for (const c of crates) {
      expect(c.isAwake).toBe(false);
      expect(Math.hypot(c.vx, c.vy)).toBe(0);
      expect(Math.abs(c.x)).toBeLessThan(12);
      expect(Math.abs(c.y)).toBeLessThan(8);
    }
  });
});
