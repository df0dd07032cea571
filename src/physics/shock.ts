/**
 * Shock propagation (Guendelman, Bridson and Fedkiw, 2003) for stacks of very unequal masses.
 *
 * Sequential impulses converge at a rate set by the mass ratio: a light box under a box 1,000
 * times heavier takes about a thousand passes to stop it, so in a few the heavy one sinks
 * through the light one into the floor. When some contact joins bodies of unequal mass, the
 * rows where one body holds another up against gravity are ordered upward from the static
 * bodies, breadth first (each body gets the level of its nearest support plus one), and one
 * final pass over that order solves each row as if its supporting side, already done, were
 * immovable: the floor stops the light box, then the light box stops the heavy one. It removes
 * energy, never adds it, and momentum is not conserved within that pass (the support takes no
 * reaction), which is the method's price; so side contacts and weightless worlds keep the
 * ordinary solve.
 */
import { BODY_DYNAMIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { grown } from './grown.js';

/**
 * Rows join bodies this many times apart in mass or more: the order is built and used. Low,
 * because ratios compound up a stack: 1, 10, 100, 1,000 (10 per contact) sank 64 cm, and
 * 1, 3, 9, ..., 243 (3 per contact) 19 cm, as one 1:1,000 contact did. Equal bodies (the
 * benchmark's piles: a box and a ball differ by 1.27) never use it.
 */
export const SHOCK_MASS_RATIO = 2;

/**
 * A support holds a body up: the normal from support to body points against gravity by at
 * least this cosine (about 60° from vertical). Side contacts and weightless worlds are left to
 * the ordinary solve, which conserves momentum.
 */
const SUPPORT_COSINE = 0.5;

export class ShockOrder {
  /** Rows in support order, and for each, 1 when body b is the support, 0 when body a is. */
  rows: Int32Array = new Int32Array(0);
  supportIsB: Uint8Array = new Uint8Array(0);
  count = 0;
  private level: Int32Array = new Int32Array(0);
  private start: Int32Array = new Int32Array(0);
  private rowsOf: Int32Array = new Int32Array(0);
  private queue: Int32Array = new Int32Array(0);

  /**
   * Orders the rows upward from the bodies that do not move under impulses, against gravity
   * (gx, gy, m/s²): a row joins the order where its lower body supports its upper one. With no
   * gravity the order is empty. Allocates only to grow.
   */
  build(store: BodyStore, contacts: ContactBuffer, gravityX: number, gravityY: number): void {
    const n = contacts.count;
    const end = store.end;
    const { a, b, nx, ny } = contacts;
    const kind = store.kind;
    const g = Math.sqrt(gravityX * gravityX + gravityY * gravityY);
    if (g === 0) {
      this.count = 0;
      return;
    }
    // Unit "up": a support's normal toward the body it holds points along it.
    const ux = -gravityX / g;
    const uy = -gravityY / g;
    if (this.level.length < end) {
      this.level = grown(this.level, store.capacity);
      this.start = new Int32Array(store.capacity + 1);
      this.queue = new Int32Array(store.capacity);
    }
    if (this.rows.length < n) {
      this.rows = new Int32Array(contacts.a.length);
      this.supportIsB = new Uint8Array(contacts.a.length);
      this.rowsOf = new Int32Array(2 * contacts.a.length);
    }
    // Rows of each body (compressed rows): count, prefix sums, fill.
    const { level, start, rowsOf, queue } = this;
    start.fill(0, 0, end + 1);
    for (let c = 0; c < n; c++) {
      start[a[c] + 1]++;
      start[b[c] + 1]++;
    }
    for (let i = 0; i < end; i++) start[i + 1] += start[i];
    for (let c = 0; c < n; c++) {
      rowsOf[start[a[c]]++] = c;
      rowsOf[start[b[c]]++] = c;
    }
    for (let i = end; i > 0; i--) start[i] = start[i - 1];
    start[0] = 0;
    // Breadth first from every body that impulses do not move.
    level.fill(-1, 0, end);
    let head = 0;
    let tail = 0;
    for (let c = 0; c < n; c++) {
      const ia = a[c];
      const ib = b[c];
      if (kind[ia] !== BODY_DYNAMIC && level[ia] < 0) {
        level[ia] = 0;
        queue[tail++] = ia;
      }
      if (kind[ib] !== BODY_DYNAMIC && level[ib] < 0) {
        level[ib] = 0;
        queue[tail++] = ib;
      }
    }
    let count = 0;
    while (head < tail) {
      const i = queue[head++];
      const next = level[i] + 1;
      for (let k = start[i]; k < start[i + 1]; k++) {
        const c = rowsOf[k];
        const iIsA = a[c] === i;
        const j = iIsA ? b[c] : a[c];
        // Only where i holds j up: the normal from i toward j points up.
        const up = (nx[c] * ux + ny[c] * uy) * (iIsA ? 1 : -1);
        if (up < SUPPORT_COSINE) continue;
        // Every support of a body comes before it: all rows from the level below.
        if (level[j] >= 0 && level[j] !== next) continue;
        if (level[j] < 0) {
          level[j] = next;
          queue[tail++] = j;
        }
        this.rows[count] = c;
        this.supportIsB[count] = iIsA ? 0 : 1;
        count++;
      }
    }
    this.count = count;
  }
}

/**
 * The final velocity pass: each row in support order, solved as if its support were immovable
 * (the other body takes the whole impulse change).
 */
export function solveShockVelocities(store: BodyStore, contacts: ContactBuffer, order: ShockOrder): void {
  const { vx, vy, invMass } = store;
  const { a, b, nx, ny, bias, impulse } = contacts;
  for (let k = 0; k < order.count; k++) {
    const c = order.rows[k];
    const moved = order.supportIsB[k] === 1 ? a[c] : b[c];
    const m = invMass[moved];
    if (m === 0) continue;
    const cnx = nx[c];
    const cny = ny[c];
    const vn = (vx[b[c]] - vx[a[c]]) * cnx + (vy[b[c]] - vy[a[c]]) * cny;
    const old = impulse[c];
    let next = old - (vn + bias[c]) / m;
    if (next < 0) next = 0;
    const d = next - old;
    if (d === 0) continue;
    impulse[c] = next;
    // Plus along n for b, minus for a.
    const s = moved === b[c] ? d * m : -d * m;
    vx[moved] += s * cnx;
    vy[moved] += s * cny;
  }
}

/** The final pushout pass: each row in support order moves only its supported body, to the slop. */
export function pushOutShock(store: BodyStore, contacts: ContactBuffer, order: ShockOrder, slop: number): void {
  const { x, y, invMass } = store;
  const { a, b, nx, ny } = contacts;
  for (let k = 0; k < order.count; k++) {
    const c = order.rows[k];
    const moved = order.supportIsB[k] === 1 ? a[c] : b[c];
    if (invMass[moved] === 0) continue;
    const cnx = nx[c];
    const cny = ny[c];
    const sep = contacts.separationNow(c, x, y);
    if (sep >= -slop) continue;
    const push = moved === b[c] ? -(sep + slop) : sep + slop;
    x[moved] += push * cnx;
    y[moved] += push * cny;
  }
}
