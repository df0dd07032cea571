/**
 * Debug draw into the overlay: the engine reports fat boxes, R-tree nodes and contacts through
 * `world.debugDraw` callbacks (the engine draws nothing itself); velocities and sleep state
 * come from the body arrays. Everything is culled to the view, and the per-body layers stop
 * after MAX_MARKED bodies so a 50,000-body scene stays interactive with them on.
 */
import type { Body, World } from '../../physics/index';
import type { Camera } from '../shared/camera';
import { arrow, label, sx, sy } from './draw-helpers';
import type { Settings } from '../shared/settings';
import { KIND_DYNAMIC, bodyArrays } from '../shared/world-view';

const MAX_MARKED = 6000; // bodies per frame for velocity and sleep markers
const VELOCITY_TIME = 0.2; // s: a velocity arrow shows where the body will be this much later
const NORMAL_PX = 18; // px: length of a contact normal
/** R-tree node outlines by height (1 = leaves' parents), cycling. */
export const TREE_COLORS = ['#3fb950', '#58a6ff', '#d29922', '#f778ba', '#a371f7', '#79c0ff', '#ffa657'];
/** Fat box outlines. */
export const FAT_BOX_COLOR = 'rgba(230, 237, 243, 0.28)';
/** A contact point whose bodies overlap, and one that is only speculative (a gap, not touching yet). */
export const CONTACT_OVERLAP_COLOR = '#ff7b72';
export const CONTACT_GAP_COLOR = '#e3b341';
/** Velocity arrows. */
export const VELOCITY_COLOR = '#7ee787';
/** Sleep dots: awake, asleep. */
export const AWAKE_COLOR = 'rgba(126, 231, 135, 0.9)';
export const ASLEEP_COLOR = 'rgba(139, 148, 158, 0.9)';

/** Whether any debug layer is on. */
export function anyDebugLayer(s: Settings): boolean {
  return s.fatBoxes || s.treeNodes || s.contacts || s.velocities || s.sleepState;
}

/** Draws the debug layers the settings ask for. */
export function drawDebug(ctx: CanvasRenderingContext2D, world: World, camera: Camera, s: Settings): void {
  const view = camera.visibleBounds();
  const scale = camera.scale;
  const visible = (minX: number, minY: number, maxX: number, maxY: number): boolean =>
    maxX >= view.minX && minX <= view.maxX && maxY >= view.minY && minY <= view.maxY;
  const box = (minX: number, minY: number, maxX: number, maxY: number): void => {
    const x = sx(camera, minX);
    const y = sy(camera, maxY);
    ctx.rect(x, y, (maxX - minX) * scale, (maxY - minY) * scale);
  };

  if (s.treeNodes || s.fatBoxes || s.contacts) {
    ctx.lineWidth = 1;
    const contacts: Array<[number, number, number, number, number]> = [];
    ctx.beginPath();
    ctx.strokeStyle = FAT_BOX_COLOR;
    world.debugDraw({
      treeNode: s.treeNodes
        ? (minX, minY, maxX, maxY, height, isStatic) => {
            if (!visible(minX, minY, maxX, maxY)) return;
            ctx.save();
            ctx.beginPath();
            ctx.strokeStyle = TREE_COLORS[(height - 1) % TREE_COLORS.length];
            ctx.globalAlpha = isStatic ? 0.35 : 0.7;
            ctx.setLineDash(isStatic ? [4, 3] : []);
            box(minX, minY, maxX, maxY);
            ctx.stroke();
            ctx.restore();
          }
        : undefined,
      fatBox: s.fatBoxes
        ? (minX, minY, maxX, maxY) => {
            if (visible(minX, minY, maxX, maxY)) box(minX, minY, maxX, maxY);
          }
        : undefined,
      contact: s.contacts
        ? (x, y, nx, ny, overlap, _a: Body, _b: Body) => {
            if (visible(x, y, x, y)) contacts.push([x, y, nx, ny, overlap]);
          }
        : undefined,
    });
    if (s.fatBoxes) ctx.stroke();
    for (const [x, y, nx, ny, overlap] of contacts) {
      const px = sx(camera, x);
      const py = sy(camera, y);
      const color = overlap > 0 ? CONTACT_OVERLAP_COLOR : CONTACT_GAP_COLOR;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineWidth = 1.5;
      arrow(ctx, px, py, px + nx * NORMAL_PX, py - ny * NORMAL_PX, 5);
      ctx.beginPath();
      ctx.arc(px, py, 2.5, 0, 2 * Math.PI);
      ctx.fill();
      if (scale > 80 && contacts.length < 60) label(ctx, `${(overlap * 1000).toFixed(1)} mm`, px + 6, py + 12, color);
    }
  }

  if (s.velocities || s.sleepState) {
    const a = bodyArrays(world);
    let marked = 0;
    ctx.lineWidth = 1.25;
    for (let i = 0; i < a.slotCount && marked < MAX_MARKED; i++) {
      if (a.kind[i] !== KIND_DYNAMIC) continue;
      const x = a.x[i];
      const y = a.y[i];
      if (!visible(x, y, x, y)) continue;
      marked++;
      const px = sx(camera, x);
      const py = sy(camera, y);
      if (s.velocities && a.awake[i] === 1) {
        const vx = a.vx[i] * VELOCITY_TIME * scale;
        const vy = a.vy[i] * VELOCITY_TIME * scale;
        ctx.strokeStyle = VELOCITY_COLOR;
        ctx.fillStyle = VELOCITY_COLOR;
        arrow(ctx, px, py, px + vx, py - vy, 5);
      }
      if (s.sleepState) {
        const r = Math.max(3, (Math.min(a.halfWidth[i], a.halfHeight[i]) + a.radius[i]) * scale * 0.5);
        ctx.fillStyle = a.awake[i] === 1 ? AWAKE_COLOR : ASLEEP_COLOR;
        ctx.beginPath();
        ctx.arc(px, py, Math.min(r, 4), 0, 2 * Math.PI);
        ctx.fill();
      }
    }
  }
}
