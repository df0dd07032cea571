/**
 * A frame: every body of the worker's world after a step, as the page needs it, in one
 * ArrayBuffer that moves between the threads without a copy. FRAME_STRIDE words per body:
 * x, y, halfWidth, halfHeight, radius (float32, m), packed colour (uint32, the renderers'
 * layout) and slot id (uint32). Static bodies first, then the others, each in slot order.
 *
 * `writeFrame` runs in the worker; `blendFrames` and `pickInFrame` on the page.
 */
import { BODY_FREE, BODY_STATIC, roundedRectOverlap, type PointHit, type World } from '../../physics/index';
import { INSTANCE_STRIDE, type BodyInstances } from './body-instances';
import { bodyColor } from './palette';
import { shapeFamily } from './shapes';

/** Words per body. */
export const FRAME_STRIDE = 7;
const X = 0;
const Y = 1;
const HALF_WIDTH = 2;
const HALF_HEIGHT = 3;
const RADIUS = 4;
const COLOR = 5;
const ID = 6;

/**
 * Writes every live body of `world` into `buffer` (at least bodyCount · FRAME_STRIDE words);
 * returns how many bodies are moving (not static). Does not allocate beyond two array views.
 */
export function writeFrame(world: World, buffer: ArrayBuffer): number {
  const f = new Float32Array(buffer);
  const w = new Uint32Array(buffer);
  const s = world.bodyArrays;
  let k = 0;
  let moving = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < s.slotCount; i++) {
      const kind = s.kind[i];
      if (kind === BODY_FREE || (kind === BODY_STATIC) !== (pass === 0)) continue;
      const hw = s.halfWidth[i];
      const hh = s.halfHeight[i];
      const r = s.radius[i];
      const o = k * FRAME_STRIDE;
      f[o + X] = s.x[i];
      f[o + Y] = s.y[i];
      f[o + HALF_WIDTH] = hw;
      f[o + HALF_HEIGHT] = hh;
      f[o + RADIUS] = r;
      w[o + COLOR] = bodyColor(kind, shapeFamily(hw, hh, r), Math.hypot(s.vx[i], s.vy[i]), s.awake[i] === 1);
      w[o + ID] = i;
      k++;
      if (pass === 1) moving++;
    }
  }
  return moving;
}

/**
 * Fills `instances` with the `count` bodies of frame `current`, relative to (originX, originY) m,
 * `alpha` in [0, 1] of the way from frame `previous` (which must list the same bodies; pass
 * alpha 1 when it does not). Does not allocate after the instances grew.
 */
export function blendFrames(
  instances: BodyInstances,
  previous: Float32Array,
  current: Float32Array,
  count: number,
  alpha: number,
  originX: number,
  originY: number,
): void {
  instances.reserve(count);
  const out = instances.floats;
  const outWords = instances.words;
  const words = new Uint32Array(current.buffer, current.byteOffset, count * FRAME_STRIDE);
  for (let k = 0; k < count; k++) {
    const i = k * FRAME_STRIDE;
    const o = k * INSTANCE_STRIDE;
    let x = current[i + X];
    let y = current[i + Y];
    if (alpha < 1) {
      x = previous[i + X] + (x - previous[i + X]) * alpha;
      y = previous[i + Y] + (y - previous[i + Y]) * alpha;
    }
    out[o] = x - originX;
    out[o + 1] = y - originY;
    out[o + 2] = current[i + HALF_WIDTH];
    out[o + 3] = current[i + HALF_HEIGHT];
    out[o + 4] = current[i + RADIUS];
    outWords[o + 5] = words[i + COLOR];
  }
  instances.count = count;
}

/**
 * The body of frame `f` (`count` bodies, the first `statics` static) at point (x, y) m: one
 * containing it (moving before static, newest first), else the nearest within `tolerance` m.
 * Null if none. Uses `hit` as scratch; allocates only the result.
 */
export function pickInFrame(
  f: Float32Array,
  count: number,
  statics: number,
  x: number,
  y: number,
  tolerance: number,
  hit: PointHit,
): { id: number; isStatic: boolean } | null {
  let best = -1;
  let bestOverlap = -Infinity;
  // Static bodies come first, moving ones after in slot order: walk backwards.
  for (let k = count - 1; k >= 0; k--) {
    const i = k * FRAME_STRIDE;
    const cx = f[i + X];
    const cy = f[i + Y];
    const hw = f[i + HALF_WIDTH];
    const hh = f[i + HALF_HEIGHT];
    const r = f[i + RADIUS];
    if (Math.abs(x - cx) > hw + r + tolerance || Math.abs(y - cy) > hh + r + tolerance) continue;
    const overlap = roundedRectOverlap(x, y, cx, cy, hw, hh, r, hit);
    if (overlap >= 0) {
      best = k;
      break;
    }
    if (overlap >= -tolerance && overlap > bestOverlap) {
      best = k;
      bestOverlap = overlap;
    }
  }
  if (best < 0) return null;
  const words = new Uint32Array(f.buffer, f.byteOffset, count * FRAME_STRIDE);
  return { id: words[best * FRAME_STRIDE + ID], isStatic: best < statics };
}
