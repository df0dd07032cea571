/**
 * Draws a collision explanation over the pair: the CSO around A, B's centre as the point, the
 * closest point, the normal, the overlap, where pushout moves each body (ghost outlines) and
 * the velocities before and after restitution. "Show measurements" adds the dimensions the
 * point test uses, as in the seed tutorials' demos. The numbers also go to an info card.
 */
import type { Camera } from '../shared/camera';
import type { Explanation, PairBody } from './collision-explainer';
import { arrow, fixed, label, metres, roundedRectPath, sx, sy } from './draw-helpers';

const CSO_COLOR = '#58a6ff';
const POINT_COLOR = '#f0f6fc';
const NORMAL_COLOR = '#ffa657';
const PUSH_COLOR = '#d2a8ff';
const BEFORE_COLOR = '#8b949e';
const AFTER_COLOR = '#7ee787';
const PENETRATING = '#ff7b72';
const APART = '#3fb950';
const VELOCITY_TIME = 0.25; // s: a velocity arrow is the path over this time
const NORMAL_PX = 46; // px

/** Draws `e` for bodies a and b (as they are now). */
export function drawExplanation(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  a: PairBody,
  b: PairBody,
  e: Explanation,
  measurements: boolean,
): void {
  const s = camera.scale;
  // 1. The CSO around A, and A and B outlined.
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = CSO_COLOR;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  roundedRectPath(ctx, camera, e.cso.x, e.cso.y, e.cso.halfWidth, e.cso.halfHeight, e.cso.radius);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = 'rgba(88, 166, 255, 0.06)';
  ctx.fill();

  // 2. Pushout: ghosts where the bodies go.
  if (e.overlap > 0) {
    ctx.strokeStyle = PUSH_COLOR;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    roundedRectPath(ctx, camera, a.x + e.pushA.x, a.y + e.pushA.y, a.halfWidth, a.halfHeight, a.radius);
    roundedRectPath(ctx, camera, b.x + e.pushB.x, b.y + e.pushB.y, b.halfWidth, b.halfHeight, b.radius);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = PUSH_COLOR;
    ctx.lineWidth = 2;
    for (const [body, push] of [
      [a, e.pushA],
      [b, e.pushB],
    ] as const) {
      const x = sx(camera, body.x);
      const y = sy(camera, body.y);
      arrow(ctx, x, y, x + push.x * s, y - push.y * s, 6);
    }
  }

  // 3. The point, the closest point, the overlap between them, the normal.
  const px = sx(camera, e.point.x);
  const py = sy(camera, e.point.y);
  const cx = sx(camera, e.closest.x);
  const cy = sy(camera, e.closest.y);
  const overlapColor = e.overlap > 0 ? PENETRATING : APART;
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
  for (const [x, y, color] of [
    [px, py, POINT_COLOR],
    [cx, cy, NORMAL_COLOR],
  ] as const) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x, y, 4, 0, 2 * Math.PI);
    ctx.fill();
  }
  // The overlap's label sits beside its segment (perpendicular to the normal), not on it.
  const side = e.normal.y >= 0 ? 1 : -1;
  label(
    ctx,
    `${e.overlap >= 0 ? 'overlap' : 'gap'} ${metres(Math.abs(e.overlap))}`,
    (px + cx) / 2 + side * e.normal.y * 22 + 6,
    (py + cy) / 2 + side * e.normal.x * 22 + 6,
    overlapColor,
  );
  label(ctx, 'n', cx + e.normal.x * (NORMAL_PX + 10) - 4, cy - e.normal.y * (NORMAL_PX + 10), NORMAL_COLOR);

  // 4. Velocities: before (grey) and after the solve (green).
  ctx.lineWidth = 2;
  for (const [body, after] of [
    [a, e.velocityA],
    [b, e.velocityB],
  ] as const) {
    const x = sx(camera, body.x);
    const y = sy(camera, body.y);
    ctx.strokeStyle = BEFORE_COLOR;
    ctx.fillStyle = BEFORE_COLOR;
    arrow(ctx, x, y, x + body.vx * VELOCITY_TIME * s, y - body.vy * VELOCITY_TIME * s);
    if (after.x !== body.vx || after.y !== body.vy) {
      ctx.strokeStyle = AFTER_COLOR;
      ctx.fillStyle = AFTER_COLOR;
      arrow(ctx, x, y, x + after.x * VELOCITY_TIME * s, y - after.y * VELOCITY_TIME * s);
    }
  }
  label(ctx, 'A', sx(camera, a.x) - 4, sy(camera, a.y), POINT_COLOR);
  label(ctx, 'B', px - 22, py + 16, POINT_COLOR);

  if (measurements) drawMeasurements(ctx, camera, a, e);
}

/** The point test's dimensions: the inner half extents, the radius, and |p - c| per axis. */
function drawMeasurements(ctx: CanvasRenderingContext2D, camera: Camera, a: PairBody, e: Explanation): void {
  const s = camera.scale;
  const c = e.cso;
  const x0 = sx(camera, c.x);
  const y0 = sy(camera, c.y);
  const hw = c.halfWidth * s;
  const hh = c.halfHeight * s;
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(88, 166, 255, 0.7)';
  ctx.setLineDash([2, 3]);
  ctx.strokeRect(x0 - hw, y0 - hh, 2 * hw, 2 * hh);
  ctx.setLineDash([]);
  const sxp = Math.sign(e.point.x - c.x) || 1;
  const syp = Math.sign(e.point.y - c.y) || 1;
  // The distance from the centre to the point, per axis.
  ctx.strokeStyle = '#e6edf3';
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x0 + sxp * e.distance.x * s, y0);
  ctx.lineTo(x0 + sxp * e.distance.x * s, y0 - syp * e.distance.y * s);
  ctx.stroke();
  label(ctx, `|dx| ${metres(e.distance.x)}`, x0 + (sxp * e.distance.x * s) / 2 - 40, y0 + 14);
  label(ctx, `|dy| ${metres(e.distance.y)}`, x0 + sxp * e.distance.x * s + 8, y0 - (syp * e.distance.y * s) / 2);
  // The inner half extents and the corner radius.
  label(ctx, `hwA+hwB ${metres(c.halfWidth)}`, x0 - hw, y0 + hh + 16, '#79c0ff');
  label(ctx, `hhA+hhB ${metres(c.halfHeight)}`, x0 - hw - 150, y0 - hh + 10, '#79c0ff');
  const rx = x0 - sxp * hw;
  const ry = y0 + syp * hh;
  ctx.strokeStyle = '#79c0ff';
  ctx.beginPath();
  ctx.moveTo(rx, ry);
  ctx.lineTo(rx - sxp * c.radius * s * Math.SQRT1_2, ry + syp * c.radius * s * Math.SQRT1_2);
  ctx.stroke();
  label(ctx, `rA+rB ${metres(c.radius)}`, rx - sxp * c.radius * s - (sxp > 0 ? 90 : -8), ry + syp * (c.radius * s + 10), '#79c0ff');
  label(ctx, `region: ${e.region}`, sx(camera, a.x) - 40, sy(camera, a.y) - 22, '#e6edf3');
}

function vec(x: number, y: number, unit: string): string {
  return `(${fixed(x, 2)}, ${fixed(y, 2)}) ${unit}`;
}

/** The info card's text lines for `e`. */
export function explanationLines(e: Explanation): string[] {
  return [
    `CSO: half extents ${vec(e.cso.halfWidth, e.cso.halfHeight, 'm')}, radius ${metres(e.cso.radius)}`,
    `B's centre is in the ${e.region} region: q = |d| − h = ${vec(e.beyond.x, e.beyond.y, 'm')}`,
    `normal A→B ${vec(e.normal.x, e.normal.y, '')}`,
    `${e.overlap >= 0 ? 'overlap' : 'gap'} ${metres(Math.abs(e.overlap))}${e.overlap >= 0 ? ' (touching)' : ' (apart)'}`,
    `pushout A ${vec(e.pushA.x, e.pushA.y, 'm')}, B ${vec(e.pushB.x, e.pushB.y, 'm')}`,
    `approach ${fixed(e.normalSpeed, 2)} m/s → ${fixed(e.normalSpeedAfter, 2)} m/s (e = ${fixed(e.restitution, 2)})`,
    `vA → ${vec(e.velocityA.x, e.velocityA.y, 'm/s')}, vB → ${vec(e.velocityB.x, e.velocityB.y, 'm/s')}`,
  ];
}
