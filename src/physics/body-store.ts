/**
 * Struct-of-arrays storage for every body slot. Hot per-body state lives in typed arrays that
 * grow by doubling, so the step walks flat memory and allocates nothing. A slot is addressed by
 * its index; a handle pairs the index with the slot's generation, bumped on every destroy, so a
 * stale handle is caught instead of followed into a reused slot.
 */

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

export class BodyStore {
  capacity = 0;
  /** One past the highest slot ever used: loops run over [0, end). */
  end = 0;
  /** Live bodies. */
  count = 0;

  kind: Uint8Array = new Uint8Array(0);
  awake: Uint8Array = new Uint8Array(0);
  generation: Uint32Array = new Uint32Array(0);

  x: Float64Array = new Float64Array(0); // m
  y: Float64Array = new Float64Array(0); // m
  vx: Float64Array = new Float64Array(0); // m/s
  vy: Float64Array = new Float64Array(0); // m/s
  halfWidth: Float64Array = new Float64Array(0); // m
  halfHeight: Float64Array = new Float64Array(0); // m
  radius: Float64Array = new Float64Array(0); // m
  density: Float64Array = new Float64Array(0); // kg/m²
  invMass: Float64Array = new Float64Array(0); // 1/kg, 0 for static and kinematic
  restitution: Float64Array = new Float64Array(0);
  sleepTime: Float32Array = new Float32Array(0); // s spent slow enough to sleep

  /**
   * Fat boxes (m): the tight box and its predicted motion, grown by the broadphase margin, as
   * (minX, minY, maxX, maxY) at `4 * index`. Float32 (rounded outward by the broadphase): a fat
   * box is slack by design, and this halves its cost. Interleaved, because every reader (tree
   * queries, the pair cache's overlap test) wants all four at once: one cache line, not four.
   */
  fat: Float32Array = new Float32Array(0);

  /** Positions before this step's position update (m): the start of the continuous sweep. */
  prevX: Float64Array = new Float64Array(0);
  prevY: Float64Array = new Float64Array(0);

  /**
   * Scratch for the solver's passes (velocity iterations, then pushout): the pass, 1-based, in
   * which each body's velocity or position last changed; 0 for none.
   */
  passMark: Uint8Array = new Uint8Array(0);

  /** Free slots, used last-in first-out so that reuse is deterministic. */
  freeSlots: Int32Array = new Int32Array(0);
  freeCount = 0;

  /** Arbitrary user values by slot (kept out of the typed arrays). */
  userData: unknown[] = [];

  constructor() {
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
    this.userData[index] = undefined;
    this.freeSlots[this.freeCount++] = index;
    this.count--;
  }

  /** Makes room for at least `capacity` slots, keeping every value. */
  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    const f32 = (a: Float32Array): Float32Array => {
      const b = new Float32Array(capacity);
      b.set(a);
      return b;
    };
    const u8 = (a: Uint8Array): Uint8Array => {
      const b = new Uint8Array(capacity);
      b.set(a);
      return b;
    };
    this.kind = u8(this.kind);
    this.awake = u8(this.awake);
    this.passMark = new Uint8Array(capacity);
    const gen = new Uint32Array(capacity);
    gen.set(this.generation);
    this.generation = gen;
    this.x = f64(this.x);
    this.y = f64(this.y);
    this.vx = f64(this.vx);
    this.vy = f64(this.vy);
    this.halfWidth = f64(this.halfWidth);
    this.halfHeight = f64(this.halfHeight);
    this.radius = f64(this.radius);
    this.density = f64(this.density);
    this.invMass = f64(this.invMass);
    this.restitution = f64(this.restitution);
    this.sleepTime = f32(this.sleepTime);
    const fat = new Float32Array(capacity * FAT_STRIDE);
    fat.set(this.fat);
    this.fat = fat;
    this.prevX = f64(this.prevX);
    this.prevY = f64(this.prevY);
    const free = new Int32Array(capacity);
    free.set(this.freeSlots);
    this.freeSlots = free;
    this.capacity = capacity;
  }
}

/** Area of a rounded rectangle (m²): inner rectangle, four side strips, four quarter discs. */
export function roundedRectArea(halfWidth: number, halfHeight: number, radius: number): number {
  return (
    4 * halfWidth * halfHeight + 4 * radius * (halfWidth + halfHeight) + Math.PI * radius * radius
  );
}
