/**
 * Shared by the engine's tests: brute-force geometry written independently of `narrowphase.ts`
 * (closest points by clamping, with `Math.hypot`), access to the world's internals, a bit-exact
 * state hash, and the check that bad input throws a clear Error and changes nothing.
 */
import { expect } from 'vitest';
import { World, type Body } from '../../src/physics/index';

/** A rounded rectangle: centre, half extents of the inner rectangle, corner radius (m). */
export interface Shape {
  x: number;
  y: number;
  hw: number;
  hh: number;
  r: number;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Distance (m) from a point to the inner rectangle of `s` (0 inside it). */
export function distanceToInner(px: number, py: number, s: Shape): number {
  const qx = clamp(px, s.x - s.hw, s.x + s.hw);
  const qy = clamp(py, s.y - s.hh, s.y + s.hh);
  return Math.hypot(px - qx, py - qy);
}

/**
 * Signed depth of a point in `s` by brute force: outside the inner rectangle, r minus the
 * distance to it (negative outside the shape: minus the distance to the shape); inside the inner
 * rectangle, the distance to the nearest flat side of the shape.
 */
export function signedDepth(px: number, py: number, s: Shape): number {
  const d = distanceToInner(px, py, s);
  if (d > 0) return s.r - d;
  return Math.min(s.hw - Math.abs(px - s.x), s.hh - Math.abs(py - s.y)) + s.r;
}

/** Gap (m) between two closed intervals, 0 when they meet. */
function intervalGap(minA: number, maxA: number, minB: number, maxB: number): number {
  return Math.max(0, Math.max(minA, minB) - Math.min(maxA, maxB));
}

/** Exact distance (m) between two rounded rectangles; negative or zero when they overlap. */
export function shapeDistance(a: Shape, b: Shape): number {
  const gx = intervalGap(a.x - a.hw, a.x + a.hw, b.x - b.hw, b.x + b.hw);
  const gy = intervalGap(a.y - a.hh, a.y + a.hh, b.y - b.hh, b.y + b.hh);
  return Math.hypot(gx, gy) - a.r - b.r;
}

/**
 * A point in both shapes when they overlap: on the segment between the closest points of the
 * inner rectangles, split in the ratio of the radii.
 */
export function commonPoint(a: Shape, b: Shape): [number, number] {
  const closest = (minA: number, maxA: number, minB: number, maxB: number): [number, number] => {
    if (maxA < minB) return [maxA, minB];
    if (maxB < minA) return [minA, maxB];
    const mid = (Math.max(minA, minB) + Math.min(maxA, maxB)) / 2;
    return [mid, mid];
  };
  const [ax, bx] = closest(a.x - a.hw, a.x + a.hw, b.x - b.hw, b.x + b.hw);
  const [ay, by] = closest(a.y - a.hh, a.y + a.hh, b.y - b.hh, b.y + b.hh);
  const t = a.r + b.r > 0 ? a.r / (a.r + b.r) : 0.5;
  return [ax + (bx - ax) * t, ay + (by - ay) * t];
}

/** The shape of a live body. */
export function shapeOf(body: Body): Shape {
  return { x: body.x, y: body.y, hw: body.halfWidth, hh: body.halfHeight, r: body.radius };
}

/** The world's struct-of-arrays store, broadphase and contact rows, for white-box checks. */
export function internals(world: World): World['internals'] {
  return world.internals;
}

/**
 * A hash of the Float64 bits of every live body's x, y, vx, vy (with its slot and generation),
 * in slot order: equal hashes mean bit-identical motion state. (FNV-style, a 32-bit word at a
 * time, so that it is cheap enough to take before every operation of the fuzz test.)
 */
export function stateHash(world: World): string {
  const { store: s } = internals(world);
  const f = new Float64Array(4);
  const words = new Uint32Array(f.buffer);
  let h = 0x811c9dc5;
  let live = 0;
  for (let i = 0; i < s.end; i++) {
    if (s.kind[i] === 0) continue;
    live++;
    h = Math.imul(h ^ i, 0x01000193);
    h = Math.imul(h ^ s.generation[i], 0x01000193);
    f[0] = s.x[i];
    f[1] = s.y[i];
    f[2] = s.vx[i];
    f[3] = s.vy[i];
    for (let k = 0; k < 8; k++) {
      h = Math.imul(h ^ words[k], 0x01000193);
      h ^= h >>> 15;
    }
  }
  return `${live}:${(h >>> 0).toString(16)}`;
}

/** The world as JSON text. */
export function snapshotText(world: World): string {
  return JSON.stringify(world.toJSON());
}

/** A world restored from a JSON round trip of `world`'s snapshot. */
export function roundTrip(world: World): World {
  return World.fromJSON(JSON.parse(snapshotText(world)));
}

/** The message of the Error `fn` throws; fails the test if it throws nothing or a non-Error. */
export function errorOf(fn: () => unknown): string {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, 'expected an Error to be thrown').toBeInstanceOf(Error);
  return (thrown as Error).message;
}

/**
 * Expects `fn` to throw an Error whose message names `field` and shows `value` (as text), and
 * the world's snapshot to be exactly what it was.
 */
export function expectRefused(world: World, fn: () => unknown, field: string, value: string): void {
  const before = snapshotText(world);
  const hashBefore = stateHash(world);
  const message = errorOf(fn);
  expect(message).toContain(field);
  expect(message).toContain(value);
  expect(snapshotText(world)).toBe(before);
  expect(stateHash(world)).toBe(hashBefore);
}

/** Steps `world` `steps` times by dt (s). */
export function run(world: World, steps: number, dt = 1 / 60): void {
  for (let k = 0; k < steps; k++) world.step(dt);
}
