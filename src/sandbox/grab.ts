/**
 * Dragging a body. While the world runs, the body stays dynamic and is pulled toward the
 * pointer by a stiff spring with a force cap: each step its velocity is steered toward
 * "close the gap in a few steps", changed by at most MAX_ACCELERATION·dt. So it still
 * collides, pushes others with bounded force, and cannot be forced through a wall (its speed
 * stays below MAX_DRAG_SPEED, which the engine's speculative contacts and sweep handle). While
 * paused, the body follows the pointer exactly (a teleport): the collision lab's drag.
 */
import type { Body } from '../physics/index';

/** Time the spring takes to close a gap, s: stiff, but not a teleport. */
const CLOSE_TIME = 0.05; // s
/** Largest velocity change per second the spring may apply, m/s² (the force cap is mass times this). */
const MAX_ACCELERATION = 600; // m/s²
/** Fastest the spring drives a body, m/s. */
const MAX_DRAG_SPEED = 60; // m/s
/** Fastest a release throws a body, m/s. */
export const MAX_THROW_SPEED = 60; // m/s

export class Grab {
  /** Where the pointer holds the body, relative to its centre, m (bodies do not rotate). */
  readonly offsetX: number;
  readonly offsetY: number;
  /** Where the pointer is, m. */
  targetX: number;
  targetY: number;

  constructor(
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
    b.setVelocity(b.vx + dvx, b.vy + dvy);
  }

  /** Moves the body exactly under the pointer (paused drag). */
  follow(): void {
    if (this.body.isValid) this.body.setPosition(this.targetX - this.offsetX, this.targetY - this.offsetY);
  }

  /** Lets go, giving the body velocity (vx, vy) m/s, capped at MAX_THROW_SPEED. */
  release(vx: number, vy: number): void {
    const b = this.body;
    if (!b.isValid || b.type !== 'dynamic') return;
    const speed = Math.hypot(vx, vy);
    const k = speed > MAX_THROW_SPEED ? MAX_THROW_SPEED / speed : 1;
    b.setVelocity(vx * k, vy * k);
  }
}
