/**
 * An open-addressing hash map from a body pair (a, b) to its row in the pair cache, in one typed
 * array: linear probing, at most 70% full, deletion by backward shift (no tombstones), so the
 * broadphase finds, adds and drops pairs without allocating or hashing strings.
 *
 * A slot holds only the row: the pair's bodies are read from the cache's own `a`/`b`
 * at that row, so the keys are not stored twice (at crowd 50,000 that saves about 40 bytes a
 * body). The cache must therefore write a row's bodies before indexing it, and keep them until
 * the row is dropped from the index or renumbered.
 */
const EMPTY = -1;

/** Grow past this share of slots used: probes stay short, and memory per pair stays low. */
const MAX_LOAD = 0.7;

/** Where the rows' keys live (the broadphase's pair cache; its arrays may be replaced as it grows). */
export interface PairRows {
  readonly a: Int32Array;
  readonly b: Int32Array;
}

export class PairIndex {
  private rows: Int32Array = new Int32Array(0);
  private mask = 0;
  size = 0;

  constructor(
    private readonly keys: PairRows,
    capacity = 256,
  ) {
    this.allocate(capacity);
  }

  /** The row of pair (a, b), or -1. */
  get(a: number, b: number): number {
    const { rows, mask } = this;
    const { a: pairA, b: pairB } = this.keys;
    let slot = hash(a, b) & mask;
    for (;;) {
      const row = rows[slot];
      if (row === EMPTY) return -1;
      if (pairA[row] === a && pairB[row] === b) return row;
      slot = (slot + 1) & mask;
    }
  }

  /**
   * Indexes pair (a, b) at `row`, whose bodies the cache has already written; when the pair is
   * indexed already (at a row that still holds its bodies), moves it to `row`.
   */
  set(a: number, b: number, row: number): void {
    if (this.size + 1 > this.rows.length * MAX_LOAD) this.rehash(this.rows.length * 2);
    const { rows, mask } = this;
    const { a: pairA, b: pairB } = this.keys;
    let slot = hash(a, b) & mask;
    for (;;) {
      const r = rows[slot];
      if (r === EMPTY) {
        rows[slot] = row;
        this.size++;
        return;
      }
      if (pairA[r] === a && pairB[r] === b) {
        rows[slot] = row;
        return;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Removes pair (a, b) if present (its row must still hold its bodies). */
  delete(a: number, b: number): void {
    const { rows, mask } = this;
    const { a: pairA, b: pairB } = this.keys;
    let slot = hash(a, b) & mask;
    for (;;) {
      const row = rows[slot];
      if (row === EMPTY) return;
      if (pairA[row] === a && pairB[row] === b) break;
      slot = (slot + 1) & mask;
    }
    // Backward shift: pull later entries of the probe run into the hole when their home allows.
    let hole = slot;
    let next = (hole + 1) & mask;
    while (rows[next] !== EMPTY) {
      const home = hash(pairA[rows[next]], pairB[rows[next]]) & mask;
      // Move the entry if its home is not in the cyclic range (hole, next].
      if (hole <= next ? home <= hole || home > next : home <= hole && home > next) {
        rows[hole] = rows[next];
        hole = next;
      }
      next = (next + 1) & mask;
    }
    rows[hole] = EMPTY;
    this.size--;
  }

  /** Replaces every row r by `newRow[r]`, in one pass over the table (no hashing). */
  renumber(newRow: Int32Array): void {
    const rows = this.rows;
    for (let slot = 0; slot < rows.length; slot++) if (rows[slot] !== EMPTY) rows[slot] = newRow[rows[slot]];
  }

  private allocate(capacity: number): void {
    this.rows = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
    this.size = 0;
  }

  private rehash(capacity: number): void {
    const old = this.rows;
    const { a: pairA, b: pairB } = this.keys;
    this.allocate(capacity);
    for (let s = 0; s < old.length; s++) if (old[s] !== EMPTY) this.set(pairA[old[s]], pairB[old[s]], old[s]);
  }
}

function hash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}
