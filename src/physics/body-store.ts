/**
 * Struct-of-arrays storage for every body slot. Hot per-body state lives in typed arrays that
 * grow by doubling, so the step walks flat memory and allocates nothing. A slot is addressed by
 * its index; a handle pairs the index with the slot's generation, bumped on every destroy, so a
 * stale handle is caught instead of followed into a reused slot.
 */

import { STORE_ARRAYS, type StoreArrays } from './body-schema.js';
import { grown, type GrowableArray } from './grown.js';

/** `BodyArrays.kind` of a slot with no body in it (never used, or freed by `destroyBody`). */
export const BODY_FREE = 0;
/** `BodyArrays.kind` of a static body: never moves, infinite mass. */
export const BODY_STATIC = 1;
/** `BodyArrays.kind` of a kinematic body: moves at its set velocity, pushes, is never pushed. */
export const BODY_KINEMATIC = 2;
/** `BodyArrays.kind` of a dynamic body: moved by gravity, contacts and impulses. */
export const BODY_DYNAMIC = 3;

/** Body kinds by their code in `BodyStore.kind`. */
export const BODY_TYPE_NAMES = ['free', 'static', 'kinematic', 'dynamic'] as const;

const INITIAL_CAPACITY = 64;

/** Floats per body in `BodyStore.fat`. */
export const FAT_STRIDE = 4;

/** The per-body arrays, declared by `STORE_ARRAYS` (body-schema.ts). */
export interface BodyStore extends StoreArrays {}

export class BodyStore {
  capacity = 0;
  /** One past the highest slot ever used: loops run over [0, end). */
  end = 0;
  /** Live bodies. */
  count = 0;

  /**
   * Fat boxes (m): the tight box and its predicted motion, grown by the broadphase margin, as
   * (minX, minY, maxX, maxY) at `4 * index`. Float32 (rounded outward by the broadphase): a fat
   * box is slack by design, and this halves its cost. Interleaved, because every reader (tree
   * queries, the pair cache's overlap test) wants all four at once: one cache line, not four.
   */
  fat: Float32Array = new Float32Array(0);

  /**
   * Scratch for the solver's passes (velocity iterations, then pushout): the pass, 1-based, in
   * which each body's velocity or position last changed; 0 for none.
   */
  passMark: Uint8Array = new Uint8Array(0);

  /** Free slots, used last-in first-out so that reuse is deterministic. */
  freeSlots: Int32Array = new Int32Array(0);
  freeCount = 0;

  /**
   * Arbitrary user values by slot, for the bodies that have one (kept out of the typed arrays).
   * A map, not an array by slot: most bodies have none, and a slot array cost 8 bytes a body.
   */
  readonly userData = new Map<number, unknown>();

  /** Sets slot `index`'s user value; undefined removes it. */
  setUserData(index: number, value: unknown): void {
    if (value === undefined) this.userData.delete(index);
    else this.userData.set(index, value);
  }

  constructor() {
    const arrays = this as unknown as Record<string, GrowableArray>;
    for (const name of ARRAY_NAMES) arrays[name] = new STORE_ARRAYS[name](0);
    this.grow(INITIAL_CAPACITY);
  }

  /** Takes a slot (a freed one first) and returns its index; the slot's fields are stale. */
  allocate(): number {
    let index: number;
    if (this.freeCount > 0) {
      index = this.freeSlots[--this.freeCount];
    } else {
      if (this.end === this.capacity) this.grow(this.capacity * 2);
      index = this.end++;
    }
    this.count++;
    return index;
  }

  /** Frees a slot: bumps its generation so that every handle to it goes stale. */
  release(index: number): void {
    this.kind[index] = BODY_FREE;
    this.awake[index] = 0;
    this.generation[index] = (this.generation[index] + 1) >>> 0;
    this.vx[index] = 0;
    this.vy[index] = 0;
    this.userData.delete(index);
    this.freeSlots[this.freeCount++] = index;
    this.count--;
  }

  /** Makes room for at least `capacity` slots, keeping every value. */
  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    const arrays = this as unknown as Record<string, GrowableArray>;
    for (const name of ARRAY_NAMES) arrays[name] = grown(arrays[name], capacity);
    this.passMark = grown(this.passMark, capacity); // shared with worker threads when they run (grown.ts)
    this.fat = grown(this.fat, capacity * FAT_STRIDE);
    this.freeSlots = grown(this.freeSlots, capacity);
    this.capacity = capacity;
  }
}

const ARRAY_NAMES = Object.keys(STORE_ARRAYS) as ReadonlyArray<keyof typeof STORE_ARRAYS>;

/** Area of a rounded rectangle (m²): inner rectangle, four side strips, four quarter discs. */
export function roundedRectArea(halfWidth: number, halfHeight: number, radius: number): number {
  return (
    4 * halfWidth * halfHeight + 4 * radius * (halfWidth + halfHeight) + Math.PI * radius * radius
  );
}
