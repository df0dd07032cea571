/**
 * The lab's velocity handles: each body's velocity is drawn as an arrow of where the body goes
 * in VELOCITY_TIME, and the ring at its tip is a handle: drag it and the velocity follows.
 * A slow body's ring sits a little way out along its arrow, so it never hides under the body's
 * centre. Pure geometry (client px through the camera), tested in Node.
 */
import type { Camera } from '../shared/camera';
import type { Vec } from '../overlays/collision-explainer';

/** s: a velocity arrow is the path over this time. */
export const VELOCITY_TIME = 0.25; // s
/** px: the shortest distance from the centre a handle sits at. */
export const MIN_HANDLE_PX = 26; // px
/** px: how near a press must be to a handle to take it (fingers get more). */
export const HANDLE_REACH_MOUSE = 12; // px
export const HANDLE_REACH_TOUCH = 22; // px

/** Client point (px) of the handle of a body at (x, y) m moving at (vx, vy) m/s. */
export function handlePoint(camera: Camera, x: number, y: number, vx: number, vy: number): Vec {
  const c = camera.worldToScreen(x, y);
  let dx = vx * VELOCITY_TIME * camera.scale;
  let dy = -vy * VELOCITY_TIME * camera.scale;
  const len = Math.hypot(dx, dy);
  if (len < MIN_HANDLE_PX) {
    // Out along the arrow, or to the right of a body at rest.
    const ux = len > 1e-9 ? dx / len : 1;
    const uy = len > 1e-9 ? dy / len : 0;
    dx = ux * MIN_HANDLE_PX;
    dy = uy * MIN_HANDLE_PX;
  }
  return { x: c.x + dx, y: c.y + dy };
}

/** The velocity (m/s) a handle dragged to client point (clientX, clientY) sets for a body at (x, y) m. */
export function velocityAt(camera: Camera, x: number, y: number, clientX: number, clientY: number): Vec {
  const p = camera.screenToWorld(clientX, clientY);
  return { x: (p.x - x) / VELOCITY_TIME, y: (p.y - y) / VELOCITY_TIME };
}

/** Which of the handles (index into `handles`) is within `reach` px of (clientX, clientY), nearest first, or -1. */
export function pickHandle(handles: readonly Vec[], clientX: number, clientY: number, reach: number): number {
  let best = -1;
  let bestDistance = reach;
  handles.forEach((h, i) => {
    const d = Math.hypot(h.x - clientX, h.y - clientY);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}
