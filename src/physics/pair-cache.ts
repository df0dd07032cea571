/**
 * Pair cache: between steps, exactly the pairs of overlapping fat boxes that include a dynamic
 * body, each with its warm-start impulse and touching flag. Knows nothing about trees. It is
 * the one owner of touching state, so every contact event is recorded here: a pair that starts
 * or stops touching, and a touching pair that is dropped.
 */
import type { BodyStore } from './body-store.js';
import { EVENT_BEGIN, EVENT_END, type EventBuffer } from './events.js';
import { grown } from './grown.js';
import { PairIndex } from './pair-index.js';

export class PairCache {
  /** Body indices, a < b. */
  a: Int32Array = new Int32Array(64);
  b: Int32Array = new Int32Array(64);
  /** Warm-start normal impulse, N·s. Float32: a warm start only needs to be close, and it is the largest field. */
  impulse: Float32Array = new Float32Array(64);
  /** Warm-start friction impulse, N·s, along (-ny, nx) of the pair's normal a→b. */
  tangentImpulse: Float32Array = new Float32Array(64);
  /** 1 while the pair's shapes touch (see `setTouching`). */
  touching: Uint8Array = new Uint8Array(64);
  count = 0;
  /** Moves whenever a row's bodies change (add, remove, sort): copies of `a` and `b` compare it. */
  version = 0;
  private readonly index = new PairIndex(this);

  constructor(
    private readonly store: BodyStore,
    private readonly events: EventBuffer,
  ) {}

  /** Whether touching changes are recorded as events now (someone listens): else only the flags matter. */
  get recordsEvents(): boolean {
    return this.events.enabled;
  }

  /** Row of pair (a, b) in either order, or -1. */
  find(a: number, b: number): number {
    return a < b ? this.index.get(a, b) : this.index.get(b, a);
  }

  /** Appends pair (a < b) with its warm-start state (a snapshot restores both). */
  add(a: number, b: number, impulse: number, touching: number, tangentImpulse = 0): void {
    // By half again, not double: the cache is a large share of a crowd's memory (five arrays a
    // pair), and a pair is added far more rarely than it is read.
    if (this.count === this.a.length) this.grow(Math.ceil(this.count * 1.5));
    const p = this.count++;
    this.version++;
    this.a[p] = a;
    this.b[p] = b;
    this.impulse[p] = impulse;
    this.tangentImpulse[p] = tangentImpulse;
    this.touching[p] = touching;
    this.index.set(a, b, p);
  }

  /** Drops row p (ending its contact if it touched); the last row takes its place. */
  remove(p: number): void {
    this.setTouching(p, 0);
    this.version++;
    const last = --this.count;
    this.index.delete(this.a[p], this.b[p]);
    if (p !== last) {
      this.a[p] = this.a[last];
      this.b[p] = this.b[last];
      this.impulse[p] = this.impulse[last];
      this.tangentImpulse[p] = this.tangentImpulse[last];
      this.touching[p] = this.touching[last];
      this.index.set(this.a[p], this.b[p], p);
    }
  }

  /**
   * Sets row p's touching flag, recording a begin or end event when it changes. Returns whether
   * an event was recorded (so the caller can add its contact data).
   */
  setTouching(p: number, touching: number): boolean {
    if (this.touching[p] === touching) return false;
    this.touching[p] = touching;
    // No one listens: the bodies' generations would be two reads far from anything else here.
    if (!this.events.enabled) return false;
    const a = this.a[p];
    const b = this.b[p];
    const g = this.store.generation;
    return this.events.push(touching === 1 ? EVENT_BEGIN : EVENT_END, a, b, g[a], g[b]);
  }

  /**
   * Sorts the rows by (a, b) and re-indexes them. The solver walks contacts in pair order, and
   * swap-removes shuffle that order over time; sorted pairs touch body memory in order.
   * `bodyEnd` bounds the body indices. Allocates (it runs at tree rebuilds, not every step).
   */
  sort(bodyEnd: number): void {
    const n = this.count;
    this.version++;
    const { a: pairA, b: pairB } = this;
    // Counting sort by a (stable), then insertion sort by b within each a: a body has a few pairs.
    const start = new Int32Array(bodyEnd + 1);
    for (let p = 0; p < n; p++) start[pairA[p] + 1]++;
    for (let i = 1; i < start.length; i++) start[i] += start[i - 1];
    const order = new Int32Array(n);
    for (let p = 0; p < n; p++) order[start[pairA[p]]++] = p;
    for (let k = 1; k < n; k++) {
      const row = order[k];
      const a = pairA[row];
      const b = pairB[row];
      let j = k - 1;
      while (j >= 0 && pairA[order[j]] === a && pairB[order[j]] > b) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = row;
    }
    const newRow = new Int32Array(n);
    const a = pairA.slice(0, n);
    const b = pairB.slice(0, n);
    const imp = this.impulse.slice(0, n);
    const tangent = this.tangentImpulse.slice(0, n);
    const touching = this.touching.slice(0, n);
    for (let k = 0; k < n; k++) {
      const row = order[k];
      newRow[row] = k;
      pairA[k] = a[row];
      pairB[k] = b[row];
      this.impulse[k] = imp[row];
      this.tangentImpulse[k] = tangent[row];
      this.touching[k] = touching[row];
    }
    this.index.renumber(newRow);
  }

  private grow(n: number): void {
    this.a = grown(this.a, n);
    this.b = grown(this.b, n);
    this.impulse = grown(this.impulse, n);
    this.tangentImpulse = grown(this.tangentImpulse, n);
    this.touching = grown(this.touching, n);
  }
}
