/**
 * Narrowphase: every pair of bodies is one point against one rounded rectangle.
 *
 * Derivation (the heart of the design). A body is an axis-aligned rounded rectangle: the set of
 * points within distance r of the inner rectangle [cx - hw, cx + hw] x [cy - hh, cy + hh]. Two
 * such shapes A and B overlap exactly when B's centre lies inside the configuration-space
 * obstacle (CSO) A ⊕ (-B), the Minkowski sum of A with B mirrored through its centre. Inner
 * rectangles add as intervals and the disc of radius rA sums with the disc of radius rB to a
 * disc of radius rA + rB, so the CSO is again a rounded rectangle:
 *
 *     centre (xA, yA), half extents (hwA + hwB, hhA + hhB), radius rA + rB.
 *
 * So the whole collision test is `pointVsRoundedRect(B's centre, CSO)`. The signed distance of
 * the point from the CSO boundary equals the signed gap between the two shapes, and the CSO's
 * outward normal at the closest point is the contact normal from A toward B.
 *
 * The point test (collapse the four quadrants with |p - c|, keep the signs):
 *   o = (hw, hh) - |p - c|     (how far the point reaches into the inner rectangle per axis)
 *   o.x < 0 and o.y < 0  corner region: normal along -o (signed), overlap r - |o|
 *   o.x < 0 only         side margin:  normal along x,           overlap r + o.x
 *   o.y < 0 only         top/bottom:   normal along y,           overlap r + o.y
 *   both >= 0            inside the inner rectangle: push along the axis of least overlap.
 * Outside the shape the same formulas give a negative overlap: minus the exact distance.
 *
 * Sweeping the point along a segment against the CSO (a ray cast against a rounded rectangle:
 * two crossed slabs and four corner discs) gives the time of impact, for continuous collision
 * and for ray queries, from the same geometry.
 *
 * This file holds the pure geometry; `collide.ts` runs it over the pair cache.
 */
/** Result of a point test: unit normal from the rectangle toward the point, and the overlap (m). */
export interface PointHit {
  /** Unit normal x, from the rectangle toward the point. */
  nx: number;
  /** Unit normal y. */
  ny: number;
  /** Penetration depth in m: positive inside, zero on the boundary, minus the distance outside. */
  overlap: number;
}

/** Result of a segment cast: the fraction of the segment travelled and the surface normal. */
export interface RayHit {
  /** In [0, 1]: where along the segment the surface is first reached. */
  fraction: number;
  /** Unit surface normal x at the hit, pointing out of the shape. */
  nx: number;
  /** Unit surface normal y. */
  ny: number;
}

/** Corner distances (m) outside this range are found without squaring them (no under/overflow). */
const SQUARE_SAFE_MIN = 1e-150;
const SQUARE_SAFE_MAX = 1e150;

/**
 * Signed overlap of point (px, py) with the rounded rectangle centred at (cx, cy) with half
 * extents (halfWidth, halfHeight) and corner radius `radius` (all m). Always fills `out` with the
 * unit normal from the rectangle toward the point and the signed overlap (negative: separation),
 * and returns the overlap. Does not allocate.
 */
export function roundedRectOverlap(
  px: number,
  py: number,
  cx: number,
  cy: number,
  halfWidth: number,
  halfHeight: number,
  radius: number,
  out: PointHit,
): number {
  const dx = px - cx;
  const dy = py - cy;
  // dx < 0 ? -1 : 1 without a branch (see csoOverlap).
  const sx = 1 - 2 * +(dx < 0);
  const sy = 1 - 2 * +(dy < 0);
  const ox = halfWidth - Math.abs(dx);
  const oy = halfHeight - Math.abs(dy);
  if (ox < 0 && oy < 0) {
    const dist = Math.sqrt(ox * ox + oy * oy);
    if (dist > SQUARE_SAFE_MIN && dist < SQUARE_SAFE_MAX) {
      out.nx = (-ox * sx) / dist;
      out.ny = (-oy * sy) / dist;
      out.overlap = radius - dist;
    } else {
      // The squares under- or overflowed: scale the larger component to 1 first.
      const m = ox < oy ? -ox : -oy;
      const ux = ox / m;
      const uy = oy / m;
      const len = Math.sqrt(ux * ux + uy * uy);
      out.nx = (-ux * sx) / len;
      out.ny = (-uy * sy) / len;
      out.overlap = radius - m * len;
    }
  } else if (ox < 0) {
    out.nx = sx;
    out.ny = 0;
    out.overlap = radius + ox;
  } else if (oy < 0 || oy < ox) {
    out.nx = 0;
    out.ny = sy;
    out.overlap = radius + oy;
  } else {
    out.nx = sx;
    out.ny = 0;
    out.overlap = radius + ox;
  }
  return out.overlap;
}

/**
 * The seed tutorial's test: does point (px, py) touch the rounded rectangle? When it does
 * (overlap >= 0), `out` holds the unit normal from the rectangle toward the point and the
 * penetration depth (m); inside the inner rectangle the normal is along the axis of least
 * overlap. When it does not, `out` holds the normal and minus the distance. Does not allocate.
 */
export function pointVsRoundedRect(
  px: number,
  py: number,
  cx: number,
  cy: number,
  halfWidth: number,
  halfHeight: number,
  radius: number,
  out: PointHit,
): boolean {
  return roundedRectOverlap(px, py, cx, cy, halfWidth, halfHeight, radius, out) >= 0;
}

/** Scratch for picking one of two numbers by a comparison without a branch. */
const PICK = new Float64Array(2);

/**
 * The overlap of `roundedRectOverlap` for the offset (dx, dy) of a point from the centre, without
 * its branches: with q = |d| - half extents, the distance to the inner rectangle is |max(q, 0)|
 * outside it and max(qx, qy) inside, and one of the two terms is always 0. Bit for bit the same
 * value, except within 1e-150 m of a corner, where the squares underflow (coordinates are
 * capped at 1e9 m, so they never overflow).
 */
export function csoOverlap(dx: number, dy: number, halfWidth: number, halfHeight: number, radius: number): number {
  const qx = Math.abs(dx) - halfWidth;
  const qy = Math.abs(dy) - halfHeight;
  const mx = (qx + Math.abs(qx)) * 0.5;
  const my = (qy + Math.abs(qy)) * 0.5;
  // max(qx, qy), picked from a two-slot table by the comparison: V8 makes `qx > qy ? qx : qy`
  // (and Math.max) a branch, and which is larger is a coin toss from pair to pair.
  PICK[0] = qy;
  PICK[1] = qx;
  const inner = PICK[+(qx > qy)];
  return radius - Math.sqrt(mx * mx + my * my) - (inner - Math.abs(inner)) * 0.5;
}

const RAY_EPSILON = 1e-12; // m: a direction component below this is parallel to the slab

/**
 * Casts the segment from (ox, oy) to (ox + dx, oy + dy) against a rounded rectangle. Returns
 * true with the first hit in `out` when the segment enters the shape; a segment that starts
 * inside (or on) the shape does not hit it, as in Box2D. Does not allocate.
 */
export function rayVsRoundedRect(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  cx: number,
  cy: number,
  halfWidth: number,
  halfHeight: number,
  radius: number,
  out: RayHit,
): boolean {
  const px = ox - cx;
  const py = oy - cy;
  let best = Infinity;
  let bnx = 0;
  let bny = 0;
  // Two crossed slabs: the rounded rectangle is their union with four corner discs.
  for (let k = 0; k < 2; k++) {
    const ex = k === 0 ? halfWidth + radius : halfWidth;
    const ey = k === 0 ? halfHeight : halfHeight + radius;
    let tNear = -Infinity;
    let tFar = Infinity;
    let nx = 0;
    let ny = 0;
    if (Math.abs(dx) < RAY_EPSILON) {
      if (px < -ex || px > ex) continue;
    } else {
      const inv = 1 / dx;
      let t1 = (-ex - px) * inv;
      let t2 = (ex - px) * inv;
      let s = -1;
      if (t1 > t2) {
        const t = t1;
        t1 = t2;
        t2 = t;
        s = 1;
      }
      tNear = t1;
      tFar = t2;
      nx = s;
    }
    if (Math.abs(dy) < RAY_EPSILON) {
      if (py < -ey || py > ey) continue;
    } else {
      const inv = 1 / dy;
      let t1 = (-ey - py) * inv;
      let t2 = (ey - py) * inv;
      let s = -1;
      if (t1 > t2) {
        const t = t1;
        t1 = t2;
        t2 = t;
        s = 1;
      }
      if (t1 > tNear) {
        tNear = t1;
        nx = 0;
        ny = s;
      }
      if (t2 < tFar) tFar = t2;
    }
    if (tNear > tFar || tFar < 0) continue;
    if (tNear <= 0) return false; // starts inside (or on) this slab, so inside the shape
    // With round corners a slab's short sides lie inside the shape: a ray reaches one first
    // only by grazing, where a corner circle gives the same time and the true normal.
    if (radius > 0 && (k === 0 ? ny !== 0 : nx !== 0)) continue;
    if (tNear < best) {
      best = tNear;
      bnx = nx;
      bny = ny;
    }
  }
  if (radius > 0) {
    const a = dx * dx + dy * dy;
    for (let k = 0; k < 4; k++) {
      const mx = px - (k & 1 ? halfWidth : -halfWidth);
      const my = py - (k & 2 ? halfHeight : -halfHeight);
      const c = mx * mx + my * my - radius * radius;
      if (c <= 0) return false; // starts inside a corner disc
      const b = mx * dx + my * dy;
      if (b >= 0 || a === 0) continue;
      const disc = b * b - a * c;
      if (disc < 0) continue;
      const t = (-b - Math.sqrt(disc)) / a;
      if (t < best) {
        best = t;
        bnx = (mx + t * dx) / radius;
        bny = (my + t * dy) / radius;
      }
    }
  }
  if (best > 1) return false;
  out.fraction = best;
  out.nx = bnx;
  out.ny = bny;
  return true;
}
