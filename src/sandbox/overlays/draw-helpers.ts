/**
 * Small Canvas 2D helpers for the overlay: world-space paths through the camera, arrows, and
 * labels that stay readable over any background.
 */
import type { Camera } from '../shared/camera';
import type { LabelRequest, PlacedLabel } from '../lab/label-layout';

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

const LABEL_FONT = '12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const LABEL_HEIGHT = 18; // px of a label's chip
const LABEL_PAD = 4; // px of chip either side of the text
/** px: a label this far from its anchor gets a thin line back to it. */
const LEADER_DISTANCE = 18; // px

/** A label request for the layout: `text` in `color` measured in the label font, belonging at (x, y). */
export function measureLabel(ctx: CanvasRenderingContext2D, text: string, color: string, x: number, y: number): LabelRequest {
  ctx.font = LABEL_FONT;
  return { text, color, width: ctx.measureText(text).width + 2 * LABEL_PAD, height: LABEL_HEIGHT, anchorX: x, anchorY: y };
}

/** Draws laid-out labels on dark chips, with a leader line to any label placed away from its point. */
export function drawLabels(ctx: CanvasRenderingContext2D, placed: readonly PlacedLabel[]): void {
  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'middle';
  for (const p of placed) {
    const b = p.box;
    const nearX = Math.max(b.x, Math.min(p.anchorX, b.x + b.width));
    const nearY = Math.max(b.y, Math.min(p.anchorY, b.y + b.height));
    if (Math.hypot(nearX - p.anchorX, nearY - p.anchorY) > LEADER_DISTANCE) {
      ctx.strokeStyle = p.color;
      ctx.globalAlpha = 0.6;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(p.anchorX, p.anchorY);
      ctx.lineTo(nearX, nearY);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    ctx.fillStyle = 'rgba(13, 17, 23, 0.86)';
    ctx.beginPath();
    ctx.roundRect(b.x, b.y, b.width, b.height, 4);
    ctx.fill();
    ctx.fillStyle = p.color;
    ctx.fillText(p.text, b.x + LABEL_PAD, b.y + b.height / 2);
  }
}
