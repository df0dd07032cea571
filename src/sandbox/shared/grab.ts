/**
 * Dragging a body. While the world runs, the body stays dynamic and is pulled toward the
 * pointer by a stiff spring with a force cap: each step its velocity is steered toward
 * "close the gap in a few steps", changed by at most MAX_ACCELERATION·dt. So it still
 * collides, pushes others with bounded force, and cannot be forced through a wall (its speed
 * stays below MAX_DRAG_SPEED, which the engine's speculative contacts and sweep handle). While
 * paused, the body follows the pointer exactly (the collision lab's drag), sliding along walls
 * instead of passing through them.
 *
 * The hand never pushes a held body into a static body: the spring's velocity into a wall it
 * touches is dropped, and toward a wall ahead it is cut to what reaches the surface in one
 * step. Without that, a body pulled past a wall is driven in at the spring's full force every
 * step, pushed out again, and buzzes a few centimetres off the wall at ±10 m/s.
 */
import { LINEAR_SLOP, rayVsRoundedRect, roundedRectOverlap, type Body, type PointHit, type RayHit, type World } from '../../physics/index';

/** Time the spring takes to close a gap, s: stiff, but not a teleport. */
const CLOSE_TIME = 0.05; // s
/** Largest velocity change per second the spring may apply, m/s² (the force cap is mass times this). */
const MAX_ACCELERATION = 600; // m/s²
/** Fastest the spring drives a body, m/s. */
const MAX_DRAG_SPEED = 60; // m/s
/** Fastest a release throws a body, m/s. */
export const MAX_THROW_SPEED = 60; // m/s
/** A held body this close to a static one (m) counts as touching it: the hand does not push further in. */
const TOUCH_SKIN = 2 * LINEAR_SLOP; // m
/** How far outside a wall a paused drag stops, m: on the surface, not in it. */
const SURFACE_GAP = LINEAR_SLOP / 2; // m
/** Slides a paused drag makes along walls before it stops. */
const MAX_SLIDES = 3;

export class Grab {
  /** Where the pointer holds the body, relative to its centre, m (bodies do not rotate). */
  readonly offsetX: number;
  readonly offsetY: number;
  /** Where the pointer is, m. */
  targetX: number;
  targetY: number;
  /** Whether the spring has set the body's velocity (a release while paused then clears it). */
  private driven = false;
  private readonly hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  private readonly ray: RayHit = { fraction: 0, nx: 0, ny: 0 };

  constructor(
    private readonly world: World,
    readonly body: Body,
    pointerX: number,
    pointerY: number,
  ) {
    this.offsetX = pointerX - body.x;
    this.offsetY = pointerY - body.y;
    this.targetX = pointerX;
    this.targetY = pointerY;
  }

  /** Steers the body's velocity toward the pointer for a step of `dt` s. */
  drive(dt: number): void {
    const b = this.body;
    if (!b.isValid || b.type === 'static') return;
    let wantX = (this.targetX - this.offsetX - b.x) / Math.max(CLOSE_TIME, dt);
    let wantY = (this.targetY - this.offsetY - b.y) / Math.max(CLOSE_TIME, dt);
    const want = Math.hypot(wantX, wantY);
    if (want > MAX_DRAG_SPEED) {
      wantX *= MAX_DRAG_SPEED / want;
      wantY *= MAX_DRAG_SPEED / want;
    }
    let dvx = wantX - b.vx;
    let dvy = wantY - b.vy;
    const dv = Math.hypot(dvx, dvy);
    const cap = MAX_ACCELERATION * dt;
    if (dv > cap) {
      dvx *= cap / dv;
      dvy *= cap / dv;
    }
    const v = this.clearOfStatics(b.vx + dvx, b.vy + dvy, dt);
    b.setVelocity(v.x, v.y);
    this.driven = true;
  }

  /**
   * Moves the body toward the pointer (paused drag): exactly under it when the way is free,
   * else as far as the first static body allows, sliding along it.
   */
  follow(): void {
    const b = this.body;
    if (!b.isValid) return;
    let x = b.x;
    let y = b.y;
    let dx = this.targetX - this.offsetX - x;
    let dy = this.targetY - this.offsetY - y;
    if (b.type === 'static') {
      b.setPosition(x + dx, y + dy);
      return;
    }
    for (let k = 0; k < MAX_SLIDES && (dx !== 0 || dy !== 0); k++) {
      const first = this.firstStaticHit(x, y, dx, dy);
      if (first === null) {
        x += dx;
        y += dy;
        break;
      }
      // Stop on the surface (a hair outside), then slide the rest of the way along it.
      const { fraction: t, nx, ny } = first;
      x += dx * t + nx * SURFACE_GAP;
      y += dy * t + ny * SURFACE_GAP;
      const restX = dx * (1 - t);
      const restY = dy * (1 - t);
      const into = restX * nx + restY * ny;
      dx = restX - into * nx;
      dy = restY - into * ny;
    }
    b.setPosition(x, y);
  }

  /**
   * Lets go, giving the body velocity (vx, vy) m/s, capped at MAX_THROW_SPEED. While paused
   * there is no throw: a body the spring was moving is left at rest, others keep their velocity.
   */
  release(vx: number, vy: number, paused = false): void {
    const b = this.body;
    if (!b.isValid || b.type !== 'dynamic') return;
    if (paused) {
      if (this.driven) b.setVelocity(0, 0);
      return;
    }
    const speed = Math.hypot(vx, vy);
    const k = speed > MAX_THROW_SPEED ? MAX_THROW_SPEED / speed : 1;
    b.setVelocity(vx * k, vy * k);
  }

  /** (vx, vy) less what would push the body into a static body this step. Allocates the result. */
  private clearOfStatics(vx: number, vy: number, dt: number): { x: number; y: number } {
    const b = this.body;
    const reach = Math.hypot(vx, vy) * dt + TOUCH_SKIN;
    for (const s of this.nearStatics(b.x, b.y, reach, reach)) {
      const overlap = this.overlapWith(s, b.x, b.y);
      const h = this.hit;
      const into = vx * h.nx + vy * h.ny; // negative: toward the static body
      if (into >= 0) continue;
      if (overlap > -TOUCH_SKIN) {
        vx -= into * h.nx;
        vy -= into * h.ny;
      } else if (rayVsRoundedRect(b.x, b.y, vx * dt, vy * dt, s.x, s.y, s.halfWidth + b.halfWidth, s.halfHeight + b.halfHeight, s.radius + b.radius, this.ray)) {
        // Reach the surface (less the slop) this step, no further: the normal part is cut.
        const gap = -overlap - LINEAR_SLOP;
        const allowed = Math.max(0, gap / dt);
        const excess = -into - allowed;
        if (excess > 0) {
          vx += excess * h.nx;
          vy += excess * h.ny;
        }
      }
    }
    return { x: vx, y: vy };
  }

  /** The first static body the body meets moving from (x, y) by (dx, dy) m, or null. */
  private firstStaticHit(x: number, y: number, dx: number, dy: number): RayHit | null {
    const b = this.body;
    let best: RayHit | null = null;
    const boxX = Math.abs(dx) + TOUCH_SKIN;
    const boxY = Math.abs(dy) + TOUCH_SKIN;
    for (const s of this.nearStatics(x + dx / 2, y + dy / 2, boxX / 2 + TOUCH_SKIN, boxY / 2 + TOUCH_SKIN)) {
      const hw = s.halfWidth + b.halfWidth;
      const hh = s.halfHeight + b.halfHeight;
      const r = s.radius + b.radius;
      const overlap = roundedRectOverlap(x, y, s.x, s.y, hw, hh, r, this.hit);
      if (overlap > -LINEAR_SLOP) {
        // Already touching: only motion into it is blocked.
        if (dx * this.hit.nx + dy * this.hit.ny < 0 && (best === null || best.fraction > 0)) best = { fraction: 0, nx: this.hit.nx, ny: this.hit.ny };
        continue;
      }
      if (rayVsRoundedRect(x, y, dx, dy, s.x, s.y, hw, hh, r, this.ray) && (best === null || this.ray.fraction < best.fraction)) {
        best = { ...this.ray };
      }
    }
    return best;
  }

  /** Static bodies whose boxes come within (rx, ry) m of the held body centred at (x, y). */
  private nearStatics(x: number, y: number, rx: number, ry: number): Body[] {
    const b = this.body;
    const ex = b.halfWidth + b.radius + rx;
    const ey = b.halfHeight + b.radius + ry;
    return this.world.queryBox(x - ex, y - ey, x + ex, y + ey).filter((s) => s.type === 'static' && s !== b);
  }

  /** Signed overlap of the held body at (x, y) with `s` (m, negative: apart); the normal (from `s` toward it) is in `hit`. */
  private overlapWith(s: Body, x: number, y: number): number {
    const b = this.body;
    return roundedRectOverlap(x, y, s.x, s.y, s.halfWidth + b.halfWidth, s.halfHeight + b.halfHeight, s.radius + b.radius, this.hit);
  }
}
