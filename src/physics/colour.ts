/**
 * Graph colouring of the contact rows, as Box2D v3 does it: each row gets the first colour in
 * which neither of its bodies has a row yet, so the rows of one colour share no body and can be
 * solved in any order, on any number of threads, with the same bits. Static bodies do not count
 * (impulses never change them); kinematic ones do (their rows are few). Rows with a static body
 * start at colour 1, leaving colour 0 to the dynamic pairs, which are the most numerous. A row
 * that finds no free colour goes to the overflow group, solved on one thread after the colours.
 *
 * The rows stay where the collide stage put them (in pair order, which events follow); the
 * colour order is a list of rows, colour by colour and in row order within a colour, that every
 * later pass over rows (solver, pushout, restitution) walks, whether one thread walks all of it
 * or each thread takes a share of each colour: one order, one result. (Moving the rows into
 * colour order instead cost more than the walk's indirection.)
 * This file does not solve anything; it only orders the rows.
 */
import { BODY_STATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { grown } from './grown.js';

/**
 * Colours before the overflow group. Box2D v3 uses 24; a pile needs about 8 to 12, a crowd
 * fewer. More colours mean more synchronisation between threads per pass.
 */
export const COLOUR_COUNT = 32;

/**
 * Colours open to rows between two moving bodies; the last few are kept for rows with a static
 * body, so a body pressed against a wall in a dense heap still finds a colour for that row.
 */
const DYNAMIC_COLOURS = COLOUR_COUNT - 4;

/** The colour groups of the current rows (see the top of this file). */
export class RowColours {
  /** Colours that hold at least one row (the overflow group not counted). */
  used = 0;
  /** One bit per body and colour: the body has a row of that colour. */
  private bits = new Uint32Array(0);
  private colour = new Uint8Array(0);

  /**
   * Colours the rows: writes the colour order to `contacts.order` and its groups to
   * `contacts.colourStart`.
   * Call after the collide stage, before the solver. Allocates only to grow.
   */
  sort(store: BodyStore, contacts: ContactBuffer): void {
    const n = contacts.count;
    const words = (store.end + 31) >>> 5;
    if (this.bits.length < COLOUR_COUNT * words) this.bits = new Uint32Array(COLOUR_COUNT * ((store.capacity + 31) >>> 5));
    if (this.colour.length < contacts.a.length) {
      const rows = contacts.a.length;
      this.colour = new Uint8Array(rows);
    }
    const { bits, colour } = this;
    if (contacts.order.length < contacts.a.length) contacts.order = grown(contacts.order, contacts.a.length);
    const order = contacts.order;
    const start = contacts.colourStart;
    bits.fill(0, 0, COLOUR_COUNT * words);
    start.fill(0);
    const kind = store.kind;
    const { a, b } = contacts;
    for (let c = 0; c < n; c++) {
      const ia = a[c];
      const ib = b[c];
      const staticA = kind[ia] === BODY_STATIC;
      const staticB = kind[ib] === BODY_STATIC;
      const wa = ia >>> 5;
      const wb = ib >>> 5;
      const ma = staticA ? 0 : 1 << (ia & 31);
      const mb = staticB ? 0 : 1 << (ib & 31);
      const wall = staticA || staticB;
      let k = wall ? 1 : 0;
      const last = wall ? COLOUR_COUNT : DYNAMIC_COLOURS;
      for (; k < last; k++) {
        const base = k * words;
        if ((bits[base + wa] & ma) === 0 && (bits[base + wb] & mb) === 0) {
          bits[base + wa] |= ma;
          bits[base + wb] |= mb;
          break;
        }
      }
      if (k === last) k = COLOUR_COUNT; // overflow
      colour[c] = k;
      start[k + 1]++;
    }
    let used = 0;
    for (let k = 0; k < COLOUR_COUNT; k++) if (start[k + 1] > 0) used++;
    this.used = used;
    for (let k = 0; k <= COLOUR_COUNT; k++) start[k + 1] += start[k];
    // Stable counting sort: row `order[i]` is the i-th in colour order.
    for (let c = 0; c < n; c++) order[start[colour[c]]++] = c;
    for (let k = COLOUR_COUNT + 1; k > 0; k--) start[k] = start[k - 1];
    start[0] = 0;
  }
}

/** Marks the rows as never coloured and makes their order row order (buffers filled by hand, as in tests). */
export function useRowOrder(contacts: ContactBuffer): void {
  const n = contacts.count;
  if (contacts.order.length < n) contacts.order = grown(contacts.order, contacts.a.length);
  for (let c = 0; c < n; c++) contacts.order[c] = c;
}
