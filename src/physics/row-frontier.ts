/**
 * The rows a skipping solver pass must visit, on one thread (solver.ts).
 *
 * After the first pass, a velocity or pushout pass may skip a row whose bodies have not changed
 * since it was last solved: it would compute what it computed then, which changed nothing. The
 * marking passes find those rows by reading both bodies' marks for every row, which in a crowd
 * cost about half a full pass when a sixth of the rows were solved. Here each body lists its
 * rows' positions in colour order (once per colour order, shared by the velocity passes and
 * pushout: by the colouring as it writes the order when the last order's lists were used, else
 * by `build` when first needed), and a row that changes flags the rows of its bodies that rows
 * can move in two bit sets: `now` for the rows after it in this pass, `next` for all of them in
 * the next pass. A pass then walks only the set bits.
 *
 * The rows visited are those whose dynamic bodies changed in the last pass or earlier in this
 * one: the marking passes' rows, less those whose only changed body is static or kinematic
 * (no row changes their velocity or position). Skipping a row changes no bit, so the results
 * are those of the marking passes, and of any number of threads. Threads keep the marks: bits
 * written by two threads into one word would need atomic writes.
 */
import type { BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';

export class RowFrontier {
  /**
   * Body k's rows, as a list through `link`: entry e stands for the row at colour-order
   * position e >> 1 (its body a when e is even, b when odd); `head[k]` is body k's first entry
   * and `link[e]` the entry after e (-1 ends a list), in no set order.
   */
  head: Int32Array = new Int32Array(0);
  link: Int32Array = new Int32Array(0);
  /** Bit i: the row at colour-order position i is visited in this pass. */
  now: Uint32Array = new Uint32Array(0);
  /** Bit i: the row at position i is visited in the next pass. */
  next: Uint32Array = new Uint32Array(0);
  /** The pass that `now` is for (-1: none, `seed` sets it). */
  pass = -1;
  /** Whether the lists hold the current colour order (`invalidate` when it changes). */
  built = false;
  /** Whether a pass used the lists since the colour order last changed. */
  used = false;
  /** Words of the bit sets in use: one per 32 rows. */
  words = 0;
  /** `passMark`'s bytes four at a time (a view of its buffer, made again when it grows). */
  private markWords: Uint32Array = new Uint32Array(0);

  /**
   * The colour order changes (colour.ts): returns whether the lists were used since the last
   * change, in which case the colouring lists the new order's rows as it writes it
   * (`reserve`, then `push` for each row); else they are built when next needed.
   */
  invalidate(): boolean {
    const used = this.used;
    this.built = false;
    this.used = false;
    return used;
  }

  /** Readies the lists for a pass: builds them unless the colouring did, and notes them used. */
  ready(store: BodyStore, contacts: ContactBuffer): void {
    if (!this.built) this.build(store, contacts);
    this.used = true;
  }

  /** Lists each body's rows from `contacts.order` (rows [0, count)). Allocates only to grow. */
  build(store: BodyStore, contacts: ContactBuffer): void {
    const n = contacts.count;
    this.reserve(store.end, n);
    const { a, b, order } = contacts;
    for (let i = 0; i < n; i++) this.push(i, a[order[i]], b[order[i]]);
    this.built = true;
  }

  /** Empty lists for `end` bodies and `rows` rows (allocates only to grow). */
  reserve(end: number, rows: number): void {
    // Grown by half at a time: the lists count toward the memory per body (crowd 50,000: 500 B).
    if (this.head.length < end) this.head = new Int32Array(Math.max(end, Math.ceil(this.head.length * 1.5)));
    if (this.link.length < 2 * rows) this.link = new Int32Array(Math.max(2 * rows, Math.ceil(this.link.length * 1.5)));
    const words = (rows + 31) >>> 5;
    if (this.now.length < words) {
      this.now = new Uint32Array(Math.max(words, 2 * this.now.length));
      this.next = new Uint32Array(this.now.length);
    }
    this.words = words;
    this.head.fill(-1, 0, end);
  }

  /** Lists the row at position i, between bodies ia and ib (after `reserve`; any order of rows). */
  push(i: number, ia: number, ib: number): void {
    const { head, link } = this;
    link[2 * i] = head[ia];
    head[ia] = 2 * i;
    link[2 * i + 1] = head[ib];
    head[ib] = 2 * i + 1;
  }

  /**
   * Sets `now` for pass `pass` from the bodies' pass marks: the rows of every body marked
   * `pass` or later (changed in the pass before) that rows can move (`invMass`), and clears
   * `next`.
   */
  seed(passMark: Uint8Array, invMass: Float64Array, end: number, pass: number): void {
    this.start(pass);
    // Most bodies carry no mark: four at a time, where the marks' buffer allows.
    let k = 0;
    if (passMark.byteOffset % 4 === 0) {
      // A shared buffer may have grown in place: the same buffer, a longer array.
      if (this.markWords.buffer !== passMark.buffer || this.markWords.length !== passMark.length >>> 2) this.markWords = new Uint32Array(passMark.buffer, passMark.byteOffset, passMark.length >>> 2);
      const markWords = this.markWords;
      for (const quads = end >>> 2; k < 4 * quads; k += 4) {
        if (markWords[k >>> 2] === 0) continue;
        for (let q = k; q < k + 4; q++) if (passMark[q] >= pass && invMass[q] !== 0) this.visitAll(q);
      }
    }
    for (; k < end; k++) if (passMark[k] >= pass && invMass[k] !== 0) this.visitAll(k);
  }

  /** Starts pass `pass` with no row listed (rows are then added with `visit` and `visitAll`). */
  start(pass: number): void {
    this.now.fill(0, 0, this.words);
    this.next.fill(0, 0, this.words);
    this.pass = pass;
  }

  /** Lists the row at position i for this pass. */
  visit(i: number): void {
    this.now[i >>> 5] |= 1 << (i & 31);
  }

  /** Lists every row of body k for this pass. */
  visitAll(k: number): void {
    const link = this.link;
    for (let e = this.head[k]; e >= 0; e = link[e]) this.visit(e >> 1);
  }

  /** Body k, which rows can move, changed at position i: its rows after i join this pass, and all of them the next. */
  flag(k: number, i: number): void {
    const { link, now, next } = this;
    for (let e = this.head[k]; e >= 0; e = link[e]) {
      const j = e >> 1;
      const w = j >>> 5;
      const bit = 1 << (j & 31);
      next[w] |= bit;
      if (j > i) now[w] |= bit;
    }
  }

  /**
   * The row at position i changed bodies ia and ib in the pass whose marks are `mark`: flags
   * their rows (a body no row moves has none to flag; one already marked in this pass flagged
   * them then, the ones after i too) and marks both.
   */
  changed(passMark: Uint8Array, invMass: Float64Array, ia: number, ib: number, i: number, mark: number): void {
    if (passMark[ia] !== mark && invMass[ia] !== 0) this.flag(ia, i);
    if (passMark[ib] !== mark && invMass[ib] !== 0) this.flag(ib, i);
    passMark[ia] = mark;
    passMark[ib] = mark;
  }

  /** The first position after `i` (-1: from the start) whose row this pass visits, or -1. */
  after(i: number): number {
    const { now, words } = this;
    let w = (i + 1) >>> 5;
    if (w >= words) return -1;
    // Read again on every call: the row at i may just have flagged later rows of its word.
    let bits = now[w] & (-1 << ((i + 1) & 31));
    while (bits === 0) {
      if (++w >= words) return -1;
      bits = now[w];
    }
    return (w << 5) | (31 - Math.clz32(bits & -bits));
  }

  /** Ends pass `this.pass`: `next` becomes `now` for the pass after. */
  advance(): void {
    const spent = this.now;
    this.now = this.next;
    this.next = spent;
    spent.fill(0, 0, this.words);
    this.pass++;
  }
}
