/**
 * A body's new fat box, once it left its old one (fat-exit.ts says which did): its tight box
 * united with where its velocity carries it in the step and a little further (EXTEND), grown by
 * the broadphase's margin and leaning toward where it is going (LOOKAHEAD). The moves of a step
 * are written block by block of bodies on the step's threads (`newFatBlocks`, JOB_NEW_FAT), each
 * block into its own rows of the moved list, so the list and the boxes come out as one thread
 * in index order leaves them.
 */
import { FAT_STRIDE, type BodyStore } from './body-store.js';
import { reachHigh, reachLow } from './fat-exit.js';

/**
 * A new fat box leans toward where its body is going: its margin shifts by this many steps of
 * travel (up to half the margin) from the trailing side to the leading one. Same box, longer
 * life: a body drifting steadily stays inside it for longer, so fewer bodies move in the tree
 * (crowd 50k: 3,670 to 2,780 a step), with no more pairs.
 */
const LOOKAHEAD = 6;

/**
 * A new fat box also reaches this many further steps of travel ahead of its body (as Box2D 2.x
 * fattens by a multiple of the displacement): a body falling or thrown faster than the margin
 * per step would otherwise leave its box every step or two. Slow bodies barely notice it.
 */
const EXTEND = 2;

/** Twice float32's relative rounding error, and an absolute floor (m), for outward rounding. */
const F32_EPSILON = 2.4e-7;
const F32_TINY = 1e-6; // m

/**
 * Stores a fat box in the store's float32 arrays, rounded outward so that it still contains
 * the float64 box it was computed from.
 */
export function setFat(s: BodyStore, i: number, minX: number, minY: number, maxX: number, maxY: number): void {
  const o = i * FAT_STRIDE;
  s.fat[o] = minX - (Math.abs(minX) * F32_EPSILON + F32_TINY);
  s.fat[o + 1] = minY - (Math.abs(minY) * F32_EPSILON + F32_TINY);
  s.fat[o + 2] = maxX + (Math.abs(maxX) * F32_EPSILON + F32_TINY);
  s.fat[o + 3] = maxY + (Math.abs(maxY) * F32_EPSILON + F32_TINY);
}

/**
 * Body i left its fat box: records it as row `row` of the moved list (`moved`, with its old box
 * in `oldFat`), gives it a new fat box around its reach in `dt` (s), `margin` (m) wide, and marks
 * it pending its pair search. Its leaf widens its way up the tree after.
 */
export function newFatBox(s: BodyStore, moved: Int32Array, oldFat: Float32Array, pending: Uint8Array, i: number, row: number, dt: number, margin: number): void {
  const { fat } = s;
  const o = i * FAT_STRIDE;
  moved[row] = i;
  const old = row * FAT_STRIDE;
  oldFat[old] = fat[o];
  oldFat[old + 1] = fat[o + 1];
  oldFat[old + 2] = fat[o + 2];
  oldFat[old + 3] = fat[o + 3];
  const ex = s.halfWidth[i] + s.radius[i];
  const ey = s.halfHeight[i] + s.radius[i];
  const dx = s.vx[i] * dt;
  const dy = s.vy[i] * dt;
  const lean = margin * 0.5;
  let sx = dx * LOOKAHEAD;
  sx = sx > lean ? lean : sx < -lean ? -lean : sx;
  let sy = dy * LOOKAHEAD;
  sy = sy > lean ? lean : sy < -lean ? -lean : sy;
  // min(d, 0) and max(d, 0) as (d -+ |d|) / 2, as in fat-exit.ts.
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const reach = EXTEND * 0.5;
  setFat(
    s,
    i,
    reachLow(s.x[i], ex, dx) - margin + sx + (dx - ax) * reach,
    reachLow(s.y[i], ey, dy) - margin + sy + (dy - ay) * reach,
    reachHigh(s.x[i], ex, dx) + margin + sx + (dx + ax) * reach,
    reachHigh(s.y[i], ey, dy) + margin + sy + (dy + ay) * reach,
  );
  pending[i] = 1;
}

/**
 * New fat boxes for the flagged bodies (`pending`) of body blocks [from, to) of `blockSize`
 * bodies: block k's go to the moved list's rows from `counts[2k + 1]` on, in index order, when
 * `counts[2k]` (its flagged count) is not 0.
 */
export function newFatBlocks(
  s: BodyStore,
  moved: Int32Array,
  oldFat: Float32Array,
  pending: Uint8Array,
  counts: Float64Array,
  blockSize: number,
  from: number,
  to: number,
  dt: number,
  margin: number,
): void {
  for (let k = from; k < to; k++) {
    if (counts[2 * k] === 0) continue;
    let row = counts[2 * k + 1];
    const end = Math.min((k + 1) * blockSize, s.end);
    for (let i = k * blockSize; i < end; i++) {
      if (pending[i] === 1) newFatBox(s, moved, oldFat, pending, i, row++, dt, margin);
    }
  }
}
