/**
 * The collision explained: for a pair (A, B), what the engine computes, as numbers the overlay
 * draws and the cards print. Every number comes from the engine's own public functions, never
 * from a second copy of its maths, so the explainer shows what the engine does:
 *
 *   1. The CSO (configuration-space obstacle): A grown by B, centre A, half extents
 *      h = (hwA + hwB, hhA + hhB), radius rA + rB. B touches A exactly when B's centre is in it.
 *   2. The point test, `roundedRectOverlap(B's centre, CSO)`: the normal n (A toward B) and
 *      the overlap (m, positive when penetrating). With d = B's centre − A's centre and
 *      q = |d| − h per axis, B's centre is off a corner (both q > 0), beside a side (one) or
 *      inside the inner rectangle (none).
 *   3. Pushout and the bounce, from one engine step of the pair alone: a world with just A
 *      and B, stepped once as the pair's world would (its options, its step, its gravity's
 *      slop, but gravity not acting on the two); once more with both velocities zeroed, so
 *      that what moves the bodies is the pushout alone.
 * The pair alone is the whole story in the lab; elsewhere the other contacts also push.
 */
import { World, pushoutSlop, roundedRectOverlap, type Body, type BodyType, type PointHit, type WorldOptions } from '../../physics/index';

/** A body's state as the explainer needs it: what makes it again in a world of its own. */
export interface PairBody {
  type: BodyType;
  x: number;
  y: number;
  vx: number;
  vy: number;
  halfWidth: number;
  halfHeight: number;
  radius: number;
  density: number;
  restitution: number;
  friction: number;
}

/** Where B's centre lies relative to the CSO's inner rectangle (see q above). */
export type CsoRegion = 'corner' | 'side' | 'inside';

/** How the pair moves along the normal before the step. */
export type Approach = 'separating' | 'slow' | 'bouncing' | 'apart';

/** A 2D vector (m or m/s). */
export interface Vec {
  x: number;
  y: number;
}

export interface Explanation {
  /** The CSO (m). */
  cso: { x: number; y: number; halfWidth: number; halfHeight: number; radius: number };
  /** B's centre: the point tested against the CSO (m). */
  point: Vec;
  /** d = B's centre − A's centre (m). */
  d: Vec;
  /** h = the CSO's inner half extents (m). */
  h: Vec;
  /** q = |d| − h per axis (m): > 0 where B's centre is past the inner rectangle. */
  q: Vec;
  region: CsoRegion;
  /** Closest point of the CSO's boundary to the point (m). */
  closest: Vec;
  /** Unit normal from A toward B. */
  normal: Vec;
  /** m: positive when the shapes overlap, minus the gap when apart. */
  overlap: number;
  /** Whether the shapes touch (overlap >= 0). */
  touching: boolean;
  /** Touching with no more overlap than the slop: pushout leaves it alone. */
  withinSlop: boolean;
  /** The slop (m): the overlap pushout leaves under the world's gravity (`pushoutSlop`). */
  slop: number;
  /** How the pair moves along n: apart (not touching), separating, too slow to bounce, bouncing. */
  approach: Approach;
  /** The world's restitution threshold (m/s). */
  threshold: number;
  /** Displacements the engine's pushout applies in one step (m). */
  pushA: Vec;
  pushB: Vec;
  /** B's velocity relative to A along n, before and after the engine's step (m/s; < 0 approaching). */
  normalSpeed: number;
  normalSpeedAfter: number;
  /** Restitution the step showed: −after/before when it bounced, else null. */
  restitution: number | null;
  /** Velocities after the engine's step (m/s). */
  velocityA: Vec;
  velocityB: Vec;
}

/** Reads a body into a PairBody (allocates). */
export function pairBodyOf(b: Body): PairBody {
  return {
    type: b.type,
    x: b.x,
    y: b.y,
    vx: b.vx,
    vy: b.vy,
    halfWidth: b.halfWidth,
    halfHeight: b.halfHeight,
    radius: b.radius,
    density: b.density,
    restitution: b.restitution,
    friction: b.friction,
  };
}

/**
 * Both bodies in a world of their own, with `options`; `still` zeroes their velocities. Gravity
 * does not act on them (gravity scale 0), but the world keeps the page's, which sets how much
 * overlap pushout leaves (`pushoutSlop`).
 */
function pairWorld(a: PairBody, b: PairBody, options: WorldOptions, still: boolean): [World, Body, Body] {
  const world = new World({ ...options, linearDamping: 0, enableSleep: false });
  const make = (p: PairBody): Body =>
    world.createBody({
      type: p.type,
      x: p.x,
      y: p.y,
      vx: still || p.type === 'static' ? 0 : p.vx,
      vy: still || p.type === 'static' ? 0 : p.vy,
      halfWidth: p.halfWidth,
      halfHeight: p.halfHeight,
      radius: p.radius,
      density: p.density,
      restitution: p.restitution,
      friction: p.friction,
      gravityScale: 0,
    });
  return [world, make(a), make(b)];
}

/**
 * Explains the pair (a, b) as the engine sees it, for a world with `options` stepping `dt` s.
 * Allocates (two small worlds): call it when the pair changes, not in a hot loop.
 */
export function explainPair(a: PairBody, b: PairBody, options: WorldOptions, dt: number): Explanation {
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
  const d = { x: b.x - a.x, y: b.y - a.y };
  const h = { x: cso.halfWidth, y: cso.halfHeight };
  const q = { x: Math.abs(d.x) - h.x, y: Math.abs(d.y) - h.y };
  const region: CsoRegion = q.x > 0 && q.y > 0 ? 'corner' : q.x > 0 || q.y > 0 ? 'side' : 'inside';
  const touching = overlap >= 0;
  const slop = pushoutSlop(options.gravity.x, options.gravity.y, dt);

  // The engine's step of the pair alone, and its pushout alone.
  const [, movedA, movedB] = stepped(pairWorld(a, b, options, false), dt);
  const [, pushedA, pushedB] = stepped(pairWorld(a, b, options, true), dt);
  const pushA = { x: pushedA.x - a.x, y: pushedA.y - a.y };
  const pushB = { x: pushedB.x - b.x, y: pushedB.y - b.y };
  const velocityA = { x: movedA.vx, y: movedA.vy };
  const velocityB = { x: movedB.vx, y: movedB.vy };

  const normalSpeed = (b.vx - a.vx) * n.x + (b.vy - a.vy) * n.y;
  const normalSpeedAfter = (velocityB.x - velocityA.x) * n.x + (velocityB.y - velocityA.y) * n.y;
  const threshold = options.restitutionThreshold;
  const approach: Approach = !touching ? 'apart' : normalSpeed >= 0 ? 'separating' : -normalSpeed <= threshold ? 'slow' : 'bouncing';
  const restitution = approach === 'bouncing' ? -normalSpeedAfter / normalSpeed : null;
  return {
    cso,
    point: { x: b.x, y: b.y },
    d,
    h,
    q,
    region,
    closest: { x: b.x + n.x * overlap, y: b.y + n.y * overlap },
    normal: n,
    overlap,
    touching,
    withinSlop: touching && overlap <= slop,
    slop,
    approach,
    threshold,
    pushA,
    pushB,
    normalSpeed,
    normalSpeedAfter,
    restitution,
    velocityA,
    velocityB,
  };
}

function stepped(made: [World, Body, Body], dt: number): [World, Body, Body] {
  made[0].step(dt);
  return made;
}
