/**
 * Small Canvas 2D helpers for the overlay: world-space paths through the camera, arrows, and
 * labels that stay readable over any background.
 */
import type { Camera } from '../shared/camera';

/** Screen x (CSS px from the viewport's left) of world x. */
export function sx(camera: Camera, x: number): number {
  return camera.width / 2 + (x - camera.x) * camera.scale;
}

/** Screen y (CSS px from the viewport's top) of world y. */
export function sy(camera: Camera, y: number): number {
  return camera.height / 2 - (y - camera.y) * camera.scale;
}

/** Adds a rounded rect (world m) to the current path. */
export function roundedRectPath(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  x: number,
  y: number,
  halfWidth: number,
  halfHeight: number,
  radius: number,
): void {
  const s = camera.scale;
  const cx = sx(camera, x);
  const cy = sy(camera, y);
  if (halfWidth === 0 && halfHeight === 0) {
    ctx.moveTo(cx + radius * s, cy);
    ctx.arc(cx, cy, radius * s, 0, 2 * Math.PI);
    return;
  }
  const w = (halfWidth + radius) * s;
  const h = (halfHeight + radius) * s;
  ctx.roundRect(cx - w, cy - h, 2 * w, 2 * h, radius * s);
}

/** Draws an arrow between screen points with a head of `head` px. */
export function arrow(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number, head = 7): void {
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len < 0.5) return;
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const h = Math.min(head, len * 0.6);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - ux * h - uy * h * 0.5, y2 - uy * h + ux * h * 0.5);
  ctx.lineTo(x2 - ux * h + uy * h * 0.5, y2 - uy * h - ux * h * 0.5);
  ctx.closePath();
  ctx.fill();
}

/** Draws `text` at a screen point on a dark rounded chip, in `color`. */
export function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, color = '#e6edf3'): void {
  ctx.font = '12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
  ctx.textBaseline = 'middle';
  const w = ctx.measureText(text).width;
  ctx.fillStyle = 'rgba(13, 17, 23, 0.82)';
  ctx.beginPath();
  ctx.roundRect(x - 4, y - 9, w + 8, 18, 4);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

/** Formats metres for labels: three decimals, a unit. */
export function metres(value: number): string {
  return `${fixed(value, 3)} m`;
}

/** `value` with `digits` decimals; a value that rounds to zero prints as 0, never "-0.00". */
export function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}
