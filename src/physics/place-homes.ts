/**
 * Homes by place, and the solve's body slots by home: for a pile on threads whose bodies'
 * numbers do not follow their places (made in any order, as a game makes them).
 *
 * On threads each body has a home, one per thread (colour.ts), and each thread solves the rows
 * of its own home's bodies (parallel/wave.ts). Homes by number (bodies [0, n/2) and [n/2, n))
 * follow place only where the bodies were made in order of place: the benchmark's pile is made
 * row by row, so its halves are its lower and upper half. Made in any other order, nearly every
 * row joins bodies of two homes, and both threads write the same bodies colour after colour.
 * Homes by place cut the bodies into slabs along the longer side of where they lie, as many
 * bodies in each; then a row joins two homes only along the cuts.
 *
 * But the kernels' copies of the bodies for the solve are laid out by number, four velocities
 * to a cache line, so slabs by place still share lines between the threads everywhere. So
 * those copies are laid out by slot instead: home 0's bodies first, in order of number, then
 * home 1's, and so on (`slotsByHome`); the rows' prepared copies name slots, not bodies. Where a
 * body's velocity sits in memory changes no arithmetic, so the bits are those of one thread.
 */
import { BODY_DYNAMIC, type BodyStore } from './body-store.js';
import { MAX_THREADS } from './parallel/control.js';

/** Slices of the longer side that the cuts fall between. */
const PLACE_BINS = 1024;

/** Writes homes by place: see the top of this file. */
export class PlaceHomes {
  private readonly bins = new Int32Array(PLACE_BINS);
  private readonly edges = new Int32Array(MAX_THREADS + 1);

  /**
   * Gives each dynamic body of [0, store.end) the home of its slab along the longer side of
   * the dynamic bodies' centres, the slabs cut so that each holds as many of them; every other
   * body (static, kinematic, free) gets home 0.
   */
  write(store: BodyStore, homeOf: Uint8Array, homes: number): void {
    const { x, y, kind } = store;
    const end = store.end;
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    let count = 0;
    for (let i = 0; i < end; i++) {
      if (kind[i] !== BODY_DYNAMIC) continue;
      x0 = Math.min(x0, x[i]);
      x1 = Math.max(x1, x[i]);
      y0 = Math.min(y0, y[i]);
      y1 = Math.max(y1, y[i]);
      count++;
    }
    const alongX = x1 - x0 >= y1 - y0;
    const at = alongX ? x : y;
    const low = alongX ? x0 : y0;
    const scale = count === 0 ? 0 : (PLACE_BINS - 1) / Math.max(alongX ? x1 - x0 : y1 - y0, Number.MIN_VALUE);
    const { bins, edges } = this;
    bins.fill(0);
    for (let i = 0; i < end; i++) if (kind[i] === BODY_DYNAMIC) bins[Math.floor((at[i] - low) * scale)]++;
    // Edge h: the first slice of home h.
    let seen = 0;
    let h = 1;
    for (let k = 0; k < PLACE_BINS && h < homes; k++) {
      seen += bins[k];
      while (h < homes && seen * homes >= h * count) edges[h++] = k + 1;
    }
    while (h < homes) edges[h++] = PLACE_BINS;
    edges[homes] = PLACE_BINS + 1;
    for (let i = 0; i < end; i++) {
      if (kind[i] !== BODY_DYNAMIC) {
        homeOf[i] = 0;
        continue;
      }
      const slice = Math.floor((at[i] - low) * scale);
      let home = 0;
      while (slice >= edges[home + 1]) home++;
      homeOf[i] = home;
    }
  }
}

/** The solve's body slots (wasm/row-kernels.ts's CollideRegions): each body's, each slot's body, and [1 while they are by home, 0]. */
export interface BodySlots {
  slotOf: Int32Array;
  bodyAt: Int32Array;
  slotted: Int32Array;
}

/**
 * Slots by home: home 0's bodies of [0, end) first, each home's in order of number. With homes
 * by number this is every body at its own number.
 */
export function slotsByHome(slots: BodySlots, homeOf: Uint8Array, homes: number, end: number): void {
  const { slotOf, bodyAt } = slots;
  const next = slotStarts;
  next.fill(0, 0, homes + 1);
  for (let i = 0; i < end; i++) next[homeOf[i] + 1]++;
  for (let h = 1; h <= homes; h++) next[h] += next[h - 1];
  for (let i = 0; i < end; i++) {
    const slot = next[homeOf[i]]++;
    slotOf[i] = slot;
    bodyAt[slot] = i;
  }
  slots.slotted[0] = 1;
}

/** Every body at its own number as its slot. */
export function ownSlots(slots: BodySlots): void {
  const { slotOf, bodyAt } = slots;
  for (let i = 0; i < slotOf.length; i++) slotOf[i] = bodyAt[i] = i;
  slots.slotted[0] = 0;
}

const slotStarts = new Int32Array(MAX_THREADS + 1);
