/**
 * The collision explained: for a pair (A, B), what the engine computes, step by step, as
 * numbers the overlay can draw and the info card can print.
 *
 *   1. The CSO: A's rounded rect grown by B's, centre A, half extents hwA + hwB, hhA + hhB,
 *      radius rA + rB. B touches A exactly when B's centre lies in it.
 *   2. The point test: B's centre against the CSO gives the normal n (A toward B) and the
 *      overlap (m, positive when penetrating); the closest point of the CSO's boundary is
 *      centreB + n·overlap.
 *   3. Pushout: the overlap beyond the slop, split by inverse mass: A moves -n·overlap·wA,
 *      B moves +n·overlap·wB, wA + wB = 1 (static and kinematic bodies do not move).
 *   4. Restitution: the approach speed along n, if faster than the threshold, is reflected with
 *      e = max(eA, eB); slower approaches just stop. The normal impulse j changes
 *      vA by -j·invMassA·n and vB by +j·invMassB·n.
 * The engine runs 3 and 4 iteratively over every contact at once; this shows the single pair
 * alone, which is what the engine does when the pair touches nothing else.
 */
import { LINEAR_SLOP, roundedRectOverlap, type Body, type PointHit } from '../../physics/index';

/** A body's state as the explainer needs it. */
export interface PairBody {
  x: number;
  y: number;
  vx: number;
  vy: number;
  halfWidth: number;
  halfHeight: number;
  radius: number;
  /** 1/kg; 0 for static and kinematic bodies. */
  invMass: number;
  restitution: number;
}

/** Where B's centre lies relative to the CSO's inner rectangle. */
export type CsoRegion = 'corner' | 'side' | 'inside';

export interface Explanation {
  /** The CSO (m). */
  cso: { x: number; y: number; halfWidth: number; halfHeight: number; radius: number };
  /** B's centre: the point tested against the CSO (m). */
  point: { x: number; y: number };
  /** Closest point of the CSO's boundary to the point (m). */
  closest: { x: number; y: number };
  /** Unit normal from A toward B. */
  normal: { x: number; y: number };
  /** m: positive when the shapes overlap, minus the gap when apart. */
  overlap: number;
  region: CsoRegion;
  /** |point - centre| per axis, and how far that reaches past the inner half extents (m). */
  distance: { x: number; y: number };
  beyond: { x: number; y: number };
  /** Displacements pushout would apply (m). */
  pushA: { x: number; y: number };
  pushB: { x: number; y: number };
  /** Relative velocity of B along the normal before the solve (m/s, negative: approaching). */
  normalSpeed: number;
  /** The same after the solve (m/s). */
  normalSpeedAfter: number;
  /** Restitution applied: max(eA, eB), or 0 under the threshold or when not approaching. */
  restitution: number;
  /** Velocities after the solve (m/s). */
  velocityA: { x: number; y: number };
  velocityB: { x: number; y: number };
}

/** Reads a body into a PairBody (allocates). */
export function pairBodyOf(b: Body): PairBody {
  return {
    x: b.x,
    y: b.y,
    vx: b.vx,
    vy: b.vy,
    halfWidth: b.halfWidth,
    halfHeight: b.halfHeight,
    radius: b.radius,
    invMass: b.type === 'dynamic' ? 1 / b.mass : 0,
    restitution: b.restitution,
  };
}

/**
 * Explains the pair (a, b) with the world's restitution threshold (m/s). Allocates the result;
 * for the overlay, once a frame.
 */
export function explainPair(a: PairBody, b: PairBody, restitutionThreshold: number): Explanation {
  const cso = {
    x: a.x,
    y: a.y,
    halfWidth: a.halfWidth + b.halfWidth,
    halfHeight: a.halfHeight + b.halfHeight,
    radius: a.radius + b.radius,
  };
  const hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  const overlap = roundedRectOverlap(b.x, b.y, cso.x, cso.y, cso.halfWidth, cso.halfHeight, cso.radius, hit);
  const n = { x: hit.nx, y: hit.ny };
  const distance = { x: Math.abs(b.x - a.x), y: Math.abs(b.y - a.y) };
  const beyond = { x: distance.x - cso.halfWidth, y: distance.y - cso.halfHeight };
  const region: CsoRegion = beyond.x > 0 && beyond.y > 0 ? 'corner' : beyond.x > 0 || beyond.y > 0 ? 'side' : 'inside';

  const invSum = a.invMass + b.invMass;
  const wA = invSum > 0 ? a.invMass / invSum : 0;
  const wB = invSum > 0 ? b.invMass / invSum : 0;
  const correction = Math.max(0, overlap - LINEAR_SLOP);
  const pushA = { x: -n.x * correction * wA, y: -n.y * correction * wA };
  const pushB = { x: n.x * correction * wB, y: n.y * correction * wB };

  const normalSpeed = (b.vx - a.vx) * n.x + (b.vy - a.vy) * n.y;
  const approaching = normalSpeed < 0 && overlap >= 0;
  const e = approaching && -normalSpeed > restitutionThreshold ? Math.max(a.restitution, b.restitution) : 0;
  const normalSpeedAfter = approaching ? -e * normalSpeed : normalSpeed;
  const j = invSum > 0 ? (normalSpeedAfter - normalSpeed) / invSum : 0;
  return {
    cso,
    point: { x: b.x, y: b.y },
    closest: { x: b.x + n.x * overlap, y: b.y + n.y * overlap },
    normal: n,
    overlap,
    region,
    distance,
    beyond,
    pushA,
    pushB,
    normalSpeed,
    normalSpeedAfter,
    restitution: e,
    velocityA: { x: a.vx - j * a.invMass * n.x, y: a.vy - j * a.invMass * n.y },
    velocityB: { x: b.vx + j * b.invMass * n.x, y: b.vy + j * b.invMass * n.y },
  };
}
