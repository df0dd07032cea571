/**
 * Draws a collision explanation over the pair: the CSO around A with its inner rectangle (h),
 * d from A's centre to B's, B's centre as the point, the closest point, the normal, the overlap
 * or gap, where pushout moves each body (ghost outlines) and the velocities before and after
 * the engine's step; in sweep mode the ray of B's centre against the CSO and the bodies at the
 * time of impact. Labels are only asked for here: the overlay lays them out (label-layout.ts)
 * so that none covers another, then draws them. Colours and their meanings are LEGEND.
 */
import type { Camera } from '../shared/camera';
import type { Explanation, PairBody } from './collision-explainer';
import { arrow, measureLabel, roundedRectPath, sx, sy } from './draw-helpers';
import type { LabelRequest } from '../lab/label-layout';
import { VELOCITY_TIME, handlePoint } from '../lab/handles';
import type { Sweep } from '../lab/sweep';
import { fixed, metres, vec } from '../lab/explain-text';

export const CSO_COLOR = '#58a6ff';
export const INNER_COLOR = '#79c0ff';
export const D_COLOR = '#e6edf3';
export const NORMAL_COLOR = '#ffa657';
export const PUSH_COLOR = '#d2a8ff';
export const VELOCITY_COLOR = '#c9d1d9';
export const AFTER_COLOR = '#7ee787';
export const PENETRATING = '#ff7b72';
export const APART = '#3fb950';
export const TOI_COLOR = '#f778ba';
const NORMAL_PX = 46; // px

/** What each colour means, for the lab's legend (the card) and the explainer's. */
export const LEGEND: ReadonlyArray<{ color: string; text: string; style: 'line' | 'dashed' | 'dot' }> = [
  { color: CSO_COLOR, text: 'CSO: A grown by B', style: 'dashed' },
  { color: INNER_COLOR, text: "h: the CSO's inner rectangle", style: 'dot' },
  { color: D_COLOR, text: "d: A's centre to B's centre", style: 'line' },
  { color: PENETRATING, text: 'overlap (touching)', style: 'line' },
  { color: APART, text: 'gap (apart)', style: 'line' },
  { color: NORMAL_COLOR, text: 'n: normal, A toward B', style: 'line' },
  { color: PUSH_COLOR, text: 'pushout: where the step moves them', style: 'dashed' },
  { color: VELOCITY_COLOR, text: 'velocity (drag the ring)', style: 'line' },
  { color: AFTER_COLOR, text: "velocity after the engine's step", style: 'line' },
  { color: TOI_COLOR, text: 'sweep: the ray, the bodies at the time of impact', style: 'dashed' },
];

/** Draws the CSO of the pair (dashed) and its inner rectangle h (dotted). */
function drawCso(ctx: CanvasRenderingContext2D, camera: Camera, cso: Explanation['cso'], labels: LabelRequest[], measurements = false): void {
  const s = camera.scale;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = CSO_COLOR;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  roundedRectPath(ctx, camera, cso.x, cso.y, cso.halfWidth, cso.halfHeight, cso.radius);
  ctx.stroke();
  ctx.fillStyle = 'rgba(88, 166, 255, 0.06)';
  ctx.fill();
  const x0 = sx(camera, cso.x);
  const y0 = sy(camera, cso.y);
  const hw = cso.halfWidth * s;
  const hh = cso.halfHeight * s;
  if (hw > 0 || hh > 0) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = INNER_COLOR;
    ctx.setLineDash([2, 3]);
    ctx.strokeRect(x0 - hw, y0 - hh, 2 * hw, 2 * hh);
    const h = { x: cso.halfWidth, y: cso.halfHeight };
    labels.push(measureLabel(ctx, measurements ? `h = ${vec(h, 'm')}` : 'h', INNER_COLOR, x0 + hw, y0 - hh));
  }
  ctx.setLineDash([]);
  labels.push(measureLabel(ctx, 'CSO', CSO_COLOR, x0 - hw - cso.radius * s * Math.SQRT1_2, y0 - hh - cso.radius * s * Math.SQRT1_2));
}

/** Draws the ghost outlines of A and B displaced by (ax, ay) and (bx, by) m, dashed. */
function drawGhosts(ctx: CanvasRenderingContext2D, camera: Camera, a: PairBody, b: PairBody, at: { a: { x: number; y: number }; b: { x: number; y: number } }, color: string): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  roundedRectPath(ctx, camera, at.a.x, at.a.y, a.halfWidth, a.halfHeight, a.radius);
  roundedRectPath(ctx, camera, at.b.x, at.b.y, b.halfWidth, b.halfHeight, b.radius);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Draws a dot of `radius` px at a screen point. */
function dot(ctx: CanvasRenderingContext2D, x: number, y: number, color: string, radius = 4): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, 2 * Math.PI);
  ctx.fill();
}

/** Draws `e` for bodies a and b (as they are now); its labels go into `labels`, with the values of d and h when `measurements`. */
export function drawExplanation(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  a: PairBody,
  b: PairBody,
  e: Explanation,
  labels: LabelRequest[],
  measurements = false,
): void {
  const s = camera.scale;
  drawCso(ctx, camera, e.cso, labels, measurements);

  // d: from A's centre to B's centre.
  const ax = sx(camera, a.x);
  const ay = sy(camera, a.y);
  const px = sx(camera, e.point.x);
  const py = sy(camera, e.point.y);
  ctx.strokeStyle = D_COLOR;
  ctx.lineWidth = 1;
  ctx.setLineDash([1, 3]);
  ctx.beginPath();
  ctx.moveTo(ax, ay);
  ctx.lineTo(px, py);
  ctx.stroke();
  ctx.setLineDash([]);
  labels.push(measureLabel(ctx, measurements ? `d = ${vec(e.d, 'm')}` : 'd', D_COLOR, (ax + px) / 2, (ay + py) / 2));

  // Pushout: ghosts where the step's pushout puts the bodies.
  const pushed = Math.hypot(e.pushA.x, e.pushA.y) + Math.hypot(e.pushB.x, e.pushB.y) > 0;
  if (pushed) {
    drawGhosts(ctx, camera, a, b, { a: { x: a.x + e.pushA.x, y: a.y + e.pushA.y }, b: { x: b.x + e.pushB.x, y: b.y + e.pushB.y } }, PUSH_COLOR);
    ctx.fillStyle = PUSH_COLOR;
    ctx.strokeStyle = PUSH_COLOR;
    ctx.lineWidth = 2;
    for (const [body, push] of [
      [a, e.pushA],
      [b, e.pushB],
    ] as const) {
      const x = sx(camera, body.x);
      const y = sy(camera, body.y);
      arrow(ctx, x, y, x + push.x * s, y - push.y * s, 6);
    }
    labels.push(measureLabel(ctx, 'pushout', PUSH_COLOR, px + e.pushB.x * s, py - e.pushB.y * s));
  }

  // The point, the closest point, the overlap or gap between them, the normal.
  const cx = sx(camera, e.closest.x);
  const cy = sy(camera, e.closest.y);
  const overlapColor = e.touching ? PENETRATING : APART;
  ctx.strokeStyle = overlapColor;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(px, py);
  ctx.lineTo(cx, cy);
  ctx.stroke();
  ctx.strokeStyle = NORMAL_COLOR;
  ctx.fillStyle = NORMAL_COLOR;
  ctx.lineWidth = 2;
  arrow(ctx, cx, cy, cx + e.normal.x * NORMAL_PX, cy - e.normal.y * NORMAL_PX, 9);
  dot(ctx, px, py, D_COLOR);
  dot(ctx, cx, cy, NORMAL_COLOR);
  const words = e.touching ? (e.withinSlop ? `overlap ${metres(e.overlap)} ≤ slop` : `overlap ${metres(e.overlap)}`) : `gap ${metres(-e.overlap)}`;
  labels.push(measureLabel(ctx, words, overlapColor, (px + cx) / 2, (py + cy) / 2));
  labels.push(measureLabel(ctx, 'n', NORMAL_COLOR, cx + e.normal.x * NORMAL_PX, cy - e.normal.y * NORMAL_PX));

  // Velocities after the engine's step, from each centre (green), where they differ from now.
  ctx.lineWidth = 2;
  ctx.strokeStyle = AFTER_COLOR;
  ctx.fillStyle = AFTER_COLOR;
  for (const [body, after, name] of [
    [a, e.velocityA, 'vA after'],
    [b, e.velocityB, 'vB after'],
  ] as const) {
    if (Math.abs(after.x - body.vx) + Math.abs(after.y - body.vy) < 1e-6) continue;
    const x = sx(camera, body.x);
    const y = sy(camera, body.y);
    const tx = x + after.x * VELOCITY_TIME * s;
    const ty = y - after.y * VELOCITY_TIME * s;
    arrow(ctx, x, y, tx, ty);
    labels.push(measureLabel(ctx, name, AFTER_COLOR, tx, ty));
  }
}

/** Draws the sweep of B against A: the ray, the hit on the CSO, the bodies at the time of impact. */
export function drawSweep(ctx: CanvasRenderingContext2D, camera: Camera, a: PairBody, b: PairBody, sweep: Sweep, labels: LabelRequest[]): void {
  drawCso(ctx, camera, { x: a.x, y: a.y, halfWidth: a.halfWidth + b.halfWidth, halfHeight: a.halfHeight + b.halfHeight, radius: a.radius + b.radius }, labels);
  const x0 = sx(camera, sweep.from.x);
  const y0 = sy(camera, sweep.from.y);
  const s = camera.scale;
  const x1 = x0 + sweep.delta.x * s;
  const y1 = y0 - sweep.delta.y * s;
  ctx.strokeStyle = TOI_COLOR;
  ctx.fillStyle = TOI_COLOR;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([5, 4]);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.setLineDash([]);
  dot(ctx, x0, y0, D_COLOR);
  if (sweep.outcome === 'miss' || sweep.outcome === 'still') {
    labels.push(measureLabel(ctx, `no impact in ${fixed(sweep.horizon, 1)} s`, TOI_COLOR, x1, y1));
    return;
  }
  if (sweep.outcome === 'inside') {
    labels.push(measureLabel(ctx, 'starts inside: touching', TOI_COLOR, x0, y0));
    return;
  }
  // The ray in A's frame: the hit is on the CSO as it is now; the ghosts are where both are at t.
  const hx = sx(camera, sweep.hit.x);
  const hy = sy(camera, sweep.hit.y);
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(hx, hy);
  ctx.stroke();
  dot(ctx, hx, hy, TOI_COLOR, 5);
  ctx.strokeStyle = NORMAL_COLOR;
  ctx.fillStyle = NORMAL_COLOR;
  ctx.lineWidth = 2;
  arrow(ctx, hx, hy, hx + sweep.normal.x * NORMAL_PX, hy - sweep.normal.y * NORMAL_PX, 9);
  labels.push(measureLabel(ctx, `t = ${fixed(sweep.toi, 3)} s`, TOI_COLOR, hx, hy));
  labels.push(measureLabel(ctx, 'n', NORMAL_COLOR, hx + sweep.normal.x * NORMAL_PX, hy - sweep.normal.y * NORMAL_PX));
  drawGhosts(ctx, camera, a, b, { a: sweep.atA, b: sweep.atB }, TOI_COLOR);
  labels.push(measureLabel(ctx, 'A at t', TOI_COLOR, sx(camera, sweep.atA.x), sy(camera, sweep.atA.y)));
  labels.push(measureLabel(ctx, 'B at t', TOI_COLOR, sx(camera, sweep.atB.x), sy(camera, sweep.atB.y)));
}

/**
 * Draws each body's velocity arrow and names the bodies; with `rings` (the lab, where they can
 * be dragged) a handle ring at each arrow's tip.
 */
export function drawVelocityHandles(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  bodies: ReadonlyArray<readonly [PairBody, string]>,
  labels: LabelRequest[],
  rings: boolean,
): void {
  const s = camera.scale;
  for (const [body, name] of bodies) {
    const x = sx(camera, body.x);
    const y = sy(camera, body.y);
    const tip = handlePoint(camera, body.x, body.y, body.vx, body.vy);
    const hx = tip.x - camera.left;
    const hy = tip.y - camera.top;
    ctx.strokeStyle = VELOCITY_COLOR;
    ctx.fillStyle = VELOCITY_COLOR;
    ctx.lineWidth = 2;
    arrow(ctx, x, y, x + body.vx * VELOCITY_TIME * s, y - body.vy * VELOCITY_TIME * s);
    if (rings) {
      ctx.beginPath();
      ctx.arc(hx, hy, 7, 0, 2 * Math.PI);
      ctx.stroke();
    }
    labels.push(measureLabel(ctx, `v${name}`, VELOCITY_COLOR, hx, hy));
    dot(ctx, x, y, D_COLOR, 3);
    labels.push(measureLabel(ctx, name, D_COLOR, x, y));
  }
}
