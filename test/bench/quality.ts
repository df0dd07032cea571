/**
 * The quality line, computed from final states outside every engine so all engines are judged
 * by one function: deepest overlap between any two bodies (walls included) using the exact
 * rounded-rect geometry, bodies whose centre left the arena, and mean speed.
 *
 * Candidate pairs come from a uniform grid with cells at least as wide as the largest body, so
 * any two overlapping bodies sit in the same or adjacent cells. Centres outside the grid are
 * clamped to its edge cells; clamping is monotone, so near neighbours stay adjacent.
 */
import { roundedRectOverlap, type PointHit } from '../../src/physics/index';
import type { SceneBody } from '../../src/scenes/arena';
import type { BodyStates } from './engine';

export interface Quality {
  /** Deepest overlap between two bodies or a body and a wall (m); 0 when nothing touches. */
  maxOverlap: number;
  /** Bodies whose centre is outside the walls' inner faces, or not finite. */
  outside: number;
  /** Mean speed of the moving bodies (m/s). */
  meanSpeed: number;
}

/** Inner faces of the arena: the walls facing the origin from the left, right, bottom and top. */
export function innerBounds(walls: readonly SceneBody[]): { minX: number; maxX: number; minY: number; maxY: number } {
  const b = { minX: -Infinity, maxX: Infinity, minY: -Infinity, maxY: Infinity };
  for (const w of walls) {
    const spansX = Math.abs(w.x) < w.halfWidth; // a floor or ceiling reaches across the origin
    if (spansX && w.y < 0) b.minY = Math.max(b.minY, w.y + w.halfHeight + w.radius);
    else if (spansX) b.maxY = Math.min(b.maxY, w.y - w.halfHeight - w.radius);
    else if (w.x < 0) b.minX = Math.max(b.minX, w.x + w.halfWidth + w.radius);
    else b.maxX = Math.min(b.maxX, w.x - w.halfWidth - w.radius);
  }
  return b;
}

/**
 * Scores the final `states` of the moving bodies of `bodies` (in scene order). Allocates the
 * grid; O(n) for bodies spread as densely as the scenes.
 */
export function measureQuality(bodies: readonly SceneBody[], states: BodyStates): Quality {
  const walls = bodies.filter((b) => b.isStatic);
  const moving = bodies.filter((b) => !b.isStatic);
  const n = moving.length;
  const bounds = innerBounds(walls);
  const hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  let maxOverlap = 0;
  let outside = 0;
  let speed = 0;
  let reach = 0;
  for (let i = 0; i < n; i++) {
    const b = moving[i] as SceneBody;
    reach = Math.max(reach, Math.max(b.halfWidth, b.halfHeight) + b.radius);
    const x = states.x[i] as number;
    const y = states.y[i] as number;
    if (!(x >= bounds.minX && x <= bounds.maxX && y >= bounds.minY && y <= bounds.maxY)) outside++;
    speed += Math.hypot(states.vx[i] as number, states.vy[i] as number);
    for (const w of walls) {
      const o = roundedRectOverlap(x, y, w.x, w.y, w.halfWidth + b.halfWidth, w.halfHeight + b.halfHeight, w.radius + b.radius, hit);
      if (o > maxOverlap) maxOverlap = o;
    }
  }
  maxOverlap = Math.max(maxOverlap, maxPairOverlap(moving, states, bounds, 2 * reach, hit));
  return { maxOverlap, outside, meanSpeed: n > 0 ? speed / n : 0 };
}

/** Deepest overlap between two moving bodies, from a grid over `bounds` with `cell`-wide cells. */
function maxPairOverlap(
  moving: readonly SceneBody[],
  s: BodyStates,
  bounds: { minX: number; maxX: number; minY: number; maxY: number },
  cell: number,
  hit: PointHit,
): number {
  const n = moving.length;
  if (n < 2 || !(cell > 0)) return 0;
  const cols = Math.max(1, Math.ceil((bounds.maxX - bounds.minX) / cell));
  const rows = Math.max(1, Math.ceil((bounds.maxY - bounds.minY) / cell));
  const cellOf = new Int32Array(n);
  const start = new Int32Array(cols * rows + 1);
  for (let i = 0; i < n; i++) {
    const cx = clampCell((s.x[i] as number) - bounds.minX, cell, cols);
    const cy = clampCell((s.y[i] as number) - bounds.minY, cell, rows);
    const c = cy * cols + cx;
    cellOf[i] = c;
    (start[c + 1] as number)++;
  }
  for (let c = 0; c < cols * rows; c++) start[c + 1] = (start[c + 1] as number) + (start[c] as number);
  const fill = start.slice(0, cols * rows);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = cellOf[i] as number;
    order[(fill[c] as number)++] = i;
  }
  let max = 0;
  for (let i = 0; i < n; i++) {
    const a = moving[i] as SceneBody;
    const ax = s.x[i] as number;
    const ay = s.y[i] as number;
    const c = cellOf[i] as number;
    const cx = c % cols;
    const cy = (c - cx) / cols;
    for (let y = Math.max(0, cy - 1); y <= Math.min(rows - 1, cy + 1); y++) {
      for (let x = Math.max(0, cx - 1); x <= Math.min(cols - 1, cx + 1); x++) {
        const k = y * cols + x;
        for (let m = start[k] as number; m < (start[k + 1] as number); m++) {
          const j = order[m] as number;
          if (j <= i) continue; // each pair once
          const b = moving[j] as SceneBody;
          const o = roundedRectOverlap(
            s.x[j] as number,
            s.y[j] as number,
            ax,
            ay,
            a.halfWidth + b.halfWidth,
            a.halfHeight + b.halfHeight,
            a.radius + b.radius,
            hit,
          );
          if (o > max) max = o;
        }
      }
    }
  }
  return max;
}

/** Cell index of offset `d` (m), clamped to [0, count); NaN lands in cell 0. */
function clampCell(d: number, cell: number, count: number): number {
  const c = Math.floor(d / cell);
  return c >= 0 ? Math.min(count - 1, c) : 0;
}
