/**
 * What contact listeners receive besides the two bodies, and where a contact point lies.
 */
import type { Body } from './body.js';
import type { BodyStore } from './body-store.js';

/**
 * Data of one contact event. The world passes one reused object, refilled for each call: it is
 * valid only during the listener call (copy what you keep). For `contactEnd` every field is 0.
 */
export interface ContactData {
  /** A point of the contact, x (m): on body a's surface, where it faces b. */
  x: number;
  /** The point's y, m. */
  y: number;
  /** Unit normal from body a toward body b, x component. */
  nx: number;
  /** The normal's y component. */
  ny: number;
  /** Speed (m/s, >= 0) at which the two approached along the normal when they met; 0 if parting. */
  approachSpeed: number;
  /** Normal impulse (N·s, >= 0) the solver applied in the step they met; 0 for sensors. */
  normalImpulse: number;
}

/**
 * Writes into `out` the point of body a's surface facing b along the normal (nx, ny) a→b: the
 * point of a's inner rectangle nearest b's centre, moved out by a's radius. Allocation-free.
 * @internal
 */
export function contactPoint(s: BodyStore, a: number, b: number, nx: number, ny: number, out: ContactData): void {
  const xa = s.x[a];
  const ya = s.y[a];
  const hw = s.halfWidth[a];
  const hh = s.halfHeight[a];
  const xb = s.x[b];
  const yb = s.y[b];
  const qx = xb < xa - hw ? xa - hw : xb > xa + hw ? xa + hw : xb;
  const qy = yb < ya - hh ? ya - hh : yb > ya + hh ? ya + hh : yb;
  out.x = qx + nx * s.radius[a];
  out.y = qy + ny * s.radius[a];
}

/**
 * Called after a step for each pair that started or stopped touching (or hit, see
 * `ContactEventType`). A body destroyed since (by `destroyBody`, which ends its contacts, or by
 * an earlier listener) arrives as a stale handle: `isValid` is false and reading it throws.
 * `contact` is one reused object, valid only during the call (see `ContactData`).
 */
export type ContactListener = (a: Body, b: Body, contact: ContactData) => void;
