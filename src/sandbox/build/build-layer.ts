/**
 * The build layer: a transparent canvas over the bodies for what the build tools show, the
 * selection's outline and corner handles, a mover's velocity arrow and its tip, the rectangle
 * being drawn and the selection box. Pointer events pass through it to the stage.
 */
import type { Body } from '../../physics/index';
import type { Camera } from '../shared/camera';
import { sizeCanvas } from '../rendering/canvas-size';
import { arrow, roundedRectPath, sx, sy } from '../overlays/draw-helpers';
import { hasArrow, type BuildController, type BuildPreview } from './build-controller';
import { CORNERS, ROUNDED_SHARE, arrowTip } from './geometry';

/** Half the side of a corner handle's square, CSS px (the press reaches further: HANDLE_REACH). */
const HANDLE_SIZE = 5; // px
/** How far from a handle a press still takes it, CSS px; fingers get more. */
export const HANDLE_REACH = 10; // px
export const HANDLE_REACH_TOUCH = 18; // px
const SELECTED = '#f2cc60';
const PREVIEW: Record<BuildPreview['kind'], string> = { wall: '#8b949e', mover: '#d2a8ff', box: '#58a6ff' };

export class BuildLayer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private ratio = 1;
  private drawn = true;

  constructor(stage: HTMLElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.id = 'build-layer';
    this.canvas.style.pointerEvents = 'none';
    stage.appendChild(this.canvas);
    const ctx = this.canvas.getContext('2d');
    if (ctx === null) throw new Error('Canvas 2D is not available in this browser');
    this.ctx = ctx;
  }

  resize(cssWidth: number, cssHeight: number, ratio: number): void {
    this.ratio = ratio;
    sizeCanvas(this.canvas, cssWidth, cssHeight, ratio);
    this.drawn = true;
  }

  /**
   * Redraws the selection and the previews of `build` through `camera`; with `movers` (the
   * select and mover tools), every mover's velocity arrow too, so movers stand out from walls.
   */
  draw(build: BuildController, camera: Camera, movers: readonly Body[]): void {
    const bodies = build.selected();
    const preview = build.preview;
    if (!this.drawn && bodies.length === 0 && preview === null && movers.length === 0) return;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    this.drawn = bodies.length > 0 || preview !== null || movers.length > 0;
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = PREVIEW.mover;
    ctx.fillStyle = PREVIEW.mover;
    for (const b of movers) {
      const tip = arrowTip(b.x, b.y, b.vx, b.vy);
      arrow(ctx, sx(camera, b.x), sy(camera, b.y), sx(camera, tip.x), sy(camera, tip.y), 8);
    }
    ctx.lineWidth = 2;
    ctx.strokeStyle = SELECTED;
    ctx.fillStyle = SELECTED;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    for (const b of bodies) roundedRectPath(ctx, camera, b.x, b.y, b.halfWidth, b.halfHeight, b.radius);
    ctx.stroke();
    ctx.setLineDash([]);
    for (const b of bodies) {
      const ow = (b.halfWidth + b.radius) * camera.scale;
      const oh = (b.halfHeight + b.radius) * camera.scale;
      const cx = sx(camera, b.x);
      const cy = sy(camera, b.y);
      // On a body drawn smaller than its handles they stand off its corners, so it stays in
      // view; the press still reaches them (HANDLE_REACH is wider than the offset).
      const offX = ow < 2 * HANDLE_SIZE ? HANDLE_SIZE : 0;
      const offY = oh < 2 * HANDLE_SIZE ? HANDLE_SIZE : 0;
      for (const [kx, ky] of CORNERS) {
        const hx = cx + kx * (ow + offX) - HANDLE_SIZE;
        const hy = cy - ky * (oh + offY) - HANDLE_SIZE;
        ctx.fillStyle = '#0d1117';
        ctx.fillRect(hx, hy, 2 * HANDLE_SIZE, 2 * HANDLE_SIZE);
        ctx.strokeRect(hx, hy, 2 * HANDLE_SIZE, 2 * HANDLE_SIZE);
      }
      if (hasArrow(b)) {
        const tip = arrowTip(b.x, b.y, b.vx, b.vy);
        ctx.fillStyle = SELECTED;
        arrow(ctx, cx, cy, sx(camera, tip.x), sy(camera, tip.y), 10);
        ctx.beginPath();
        ctx.arc(sx(camera, tip.x), sy(camera, tip.y), HANDLE_SIZE + 1, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    if (preview !== null) this.drawPreview(preview, camera);
  }

  private drawPreview(p: BuildPreview, camera: Camera): void {
    const ctx = this.ctx;
    const x = sx(camera, Math.min(p.x0, p.x1));
    const y = sy(camera, Math.max(p.y0, p.y1));
    const w = Math.abs(p.x1 - p.x0) * camera.scale;
    const h = Math.abs(p.y1 - p.y0) * camera.scale;
    ctx.strokeStyle = PREVIEW[p.kind];
    ctx.fillStyle = `${PREVIEW[p.kind]}40`;
    ctx.setLineDash(p.kind === 'box' ? [4, 4] : []);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, p.rounded ? (ROUNDED_SHARE * Math.min(w, h)) / 2 : 0);
    ctx.fill();
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
