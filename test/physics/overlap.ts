/** Brute-force measures for tests: the deepest overlap between any two bodies (m). */
import { roundedRectOverlap, type Body, type PointHit } from '../../src/physics/index';

/** Deepest overlap between any two bodies, by a uniform grid and the exact CSO test. */
export function maxOverlap(bodies: readonly Body[]): number {
  const cell = 2;
  const grid = new Map<string, number[]>();
  const snap = bodies.map((b) => ({ x: b.x, y: b.y, hw: b.halfWidth, hh: b.halfHeight, r: b.radius }));
  snap.forEach((b, i) => {
    const key = `${Math.floor(b.x / cell)},${Math.floor(b.y / cell)}`;
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });
  const hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  let worst = 0;
  snap.forEach((a, i) => {
    const cx = Math.floor(a.x / cell);
    const cy = Math.floor(a.y / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (j <= i) continue;
          const b = snap[j];
          const o = roundedRectOverlap(b.x, b.y, a.x, a.y, a.hw + b.hw, a.hh + b.hh, a.r + b.r, hit);
          if (o > worst) worst = o;
        }
      }
    }
  });
  return worst;
}
