/**
 * An open-addressing hash map from a body pair (a, b) to its row in the pair cache, in typed
 * arrays: linear probing, at most 70% full, deletion by backward shift (no tombstones), so
 * the broadphase finds, adds and drops pairs without allocating or hashing strings.
 */
const EMPTY = -1;

/** Grow past this share of slots used: probes stay short, and memory per pair stays low. */
const MAX_LOAD = 0.7;

export class PairIndex {
  private keyA: Int32Array = new Int32Array(0);
  private keyB: Int32Array = new Int32Array(0);
  private value: Int32Array = new Int32Array(0);
  private mask = 0;
  size = 0;

  constructor(capacity = 256) {
    this.allocate(capacity);
  }

  /** The row of pair (a, b), or -1. */
  get(a: number, b: number): number {
    const keyA = this.keyA;
    let slot = this.hash(a, b);
    for (;;) {
      const ka = keyA[slot];
      if (ka === EMPTY) return -1;
      if (ka === a && this.keyB[slot] === b) return this.value[slot];
      slot = (slot + 1) & this.mask;
    }
  }

  /** Sets the row of pair (a, b), adding the pair when absent. */
  set(a: number, b: number, row: number): void {
    if (this.size + 1 > this.keyA.length * MAX_LOAD) this.rehash(this.keyA.length * 2);
    const keyA = this.keyA;
    let slot = this.hash(a, b);
    for (;;) {
      const ka = keyA[slot];
      if (ka === EMPTY) {
        keyA[slot] = a;
        this.keyB[slot] = b;
        this.value[slot] = row;
        this.size++;
        return;
      }
      if (ka === a && this.keyB[slot] === b) {
        this.value[slot] = row;
        return;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** Removes pair (a, b) if present. */
  delete(a: number, b: number): void {
    const keyA = this.keyA;
    const keyB = this.keyB;
    const value = this.value;
    const mask = this.mask;
    let slot = this.hash(a, b);
    for (;;) {
      const ka = keyA[slot];
      if (ka === EMPTY) return;
      if (ka === a && keyB[slot] === b) break;
      slot = (slot + 1) & mask;
    }
    // Backward shift: pull later entries of the probe run into the hole when their home allows.
    let hole = slot;
    let next = (hole + 1) & mask;
    while (keyA[next] !== EMPTY) {
      const home = this.hash(keyA[next], keyB[next]);
      // Move the entry if its home is not in the cyclic range (hole, next].
      if (hole <= next ? home <= hole || home > next : home <= hole && home > next) {
        keyA[hole] = keyA[next];
        keyB[hole] = keyB[next];
        value[hole] = value[next];
        hole = next;
      }
      next = (next + 1) & mask;
    }
    keyA[hole] = EMPTY;
    this.size--;
  }

  /** Replaces every pair's row r by `newRow[r]`, in one pass over the table (no hashing). */
  renumber(newRow: Int32Array): void {
    const { keyA, value } = this;
    for (let slot = 0; slot < keyA.length; slot++) if (keyA[slot] !== EMPTY) value[slot] = newRow[value[slot]];
  }

  private hash(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h & this.mask;
  }

  private allocate(capacity: number): void {
    this.keyA = new Int32Array(capacity).fill(EMPTY);
    this.keyB = new Int32Array(capacity);
    this.value = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
  }

  private rehash(capacity: number): void {
    const { keyA, keyB, value } = this;
    this.allocate(capacity);
    for (let s = 0; s < keyA.length; s++) if (keyA[s] !== EMPTY) this.set(keyA[s], keyB[s], value[s]);
  }
}
