/**
 * The per-frame instance buffer both renderers draw from: for every live body its centre
 * (relative to the camera, so float32 keeps its precision far from the origin), half extents,
 * radius and packed colour. Positions are interpolated between the last two physics steps:
 * `capture` records the positions before each step, `pack` blends toward the current ones.
 */
import type { World } from '../../physics/index';
import { bodyColor } from './palette';
import { shapeFamily } from './shapes';
import { KIND_FREE, KIND_STATIC, bodyArrays } from './world-view';

/** Floats per instance: x, y, halfWidth, halfHeight, radius, colour (as uint32 bits). */
export const INSTANCE_STRIDE = 6;
/** Bytes per instance. */
export const INSTANCE_BYTES = INSTANCE_STRIDE * 4;

export class BodyInstances {
  /** Instance data; read `count` instances. */
  floats: Float32Array = new Float32Array(0);
  /** The same memory as `floats`, for the colour word. */
  words: Uint32Array = new Uint32Array(0);
  /** Instances packed by the last `pack`. */
  count = 0;
  private prevX: Float64Array = new Float64Array(0);
  private prevY: Float64Array = new Float64Array(0);
  /** Generation of each slot at capture time: a changed one means a new body, not a move. */
  private prevGeneration: Uint32Array = new Uint32Array(0);
  private prevKind: Uint8Array = new Uint8Array(0);

  /** Records every body's position; call just before each physics step. Does not allocate (after growth). */
  capture(world: World): void {
    const s = bodyArrays(world);
    const n = s.slotCount;
    if (this.prevX.length < n) this.growPrevious(s.x.length);
    this.prevX.set(s.x.subarray(0, n));
    this.prevY.set(s.y.subarray(0, n));
    this.prevGeneration.set(s.generation.subarray(0, n));
    this.prevKind.set(s.kind.subarray(0, n));
  }

  /** Forgets the captured positions (a new world, or a resume): the next pack draws current ones. */
  reset(): void {
    this.prevKind.fill(KIND_FREE);
  }

  /**
   * Fills the buffer with every live body at `alpha` in [0, 1] between the captured and the
   * current positions, relative to (originX, originY) m. Static bodies come first, so moving
   * bodies draw over them.
   */
  pack(world: World, alpha: number, originX: number, originY: number): void {
    const s = bodyArrays(world);
    const n = s.slotCount;
    if (this.floats.length < world.bodyCount * INSTANCE_STRIDE) this.growInstances(s.x.length);
    const f = this.floats;
    const w = this.words;
    const known = Math.min(n, this.prevX.length);
    let k = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < n; i++) {
        const kind = s.kind[i];
        if (kind === KIND_FREE || (kind === KIND_STATIC) !== (pass === 0)) continue;
        let x = s.x[i];
        let y = s.y[i];
        if (i < known && this.prevKind[i] !== KIND_FREE && this.prevGeneration[i] === s.generation[i]) {
          x = this.prevX[i] + (x - this.prevX[i]) * alpha;
          y = this.prevY[i] + (y - this.prevY[i]) * alpha;
        }
        const hw = s.halfWidth[i];
        const hh = s.halfHeight[i];
        const r = s.radius[i];
        const o = k * INSTANCE_STRIDE;
        f[o] = x - originX;
        f[o + 1] = y - originY;
        f[o + 2] = hw;
        f[o + 3] = hh;
        f[o + 4] = r;
        w[o + 5] = bodyColor(kind, shapeFamily(hw, hh, r), Math.hypot(s.vx[i], s.vy[i]), s.awake[i] === 1);
        k++;
      }
    }
    this.count = k;
  }

  /** Makes room for `count` instances (keeps nothing: call before filling). Allocates when it grows. */
  reserve(count: number): void {
    if (this.floats.length < count * INSTANCE_STRIDE) this.growInstances(Math.ceil(count * 1.25));
  }

  private growPrevious(capacity: number): void {
    const keep = (a: Float64Array): Float64Array => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    this.prevX = keep(this.prevX);
    this.prevY = keep(this.prevY);
    const gen = new Uint32Array(capacity);
    gen.set(this.prevGeneration);
    this.prevGeneration = gen;
    const kind = new Uint8Array(capacity);
    kind.set(this.prevKind);
    this.prevKind = kind;
  }

  private growInstances(capacity: number): void {
    const buffer = new ArrayBuffer(capacity * INSTANCE_BYTES);
    this.floats = new Float32Array(buffer);
    this.words = new Uint32Array(buffer);
  }
}
