/**
 * Canvas 2D renderer: the fallback when WebGL2 is missing, and a choice in the panel. It draws
 * the same instances as the WebGL2 renderer, one path per body, so it slows down in the tens of
 * thousands where the WebGL2 draw (one draw call for all) does not.
 */
import { BACKGROUND_CSS, cssColor } from '../shared/palette';
import { INSTANCE_STRIDE, type BodyInstances } from '../shared/body-instances';
import type { Camera } from '../shared/camera';
import { sizeCanvas } from './canvas-size';
import { GRID_AXIS, GRID_MAJOR, GRID_MINOR, gridStep, rgbCss } from './grid';
import type { Renderer } from './renderer';

const MINOR_CSS = rgbCss(GRID_MINOR);
const MAJOR_CSS = rgbCss(GRID_MAJOR);
const AXIS_CSS = rgbCss(GRID_AXIS);
const RIM_CSS = 'rgba(0,0,0,0.45)';

function drawGrid(ctx: CanvasRenderingContext2D, camera: Camera): void {
  const step = gridStep(camera.scale);
  const view = camera.visibleBounds();
  const cx = camera.width / 2;
  const cy = camera.height / 2;
  ctx.lineWidth = 1;
  for (const [spacing, color] of [
    [step, MINOR_CSS],
    [step * 10, MAJOR_CSS],
  ] as const) {
    ctx.strokeStyle = color;
    ctx.beginPath();
    for (let x = Math.ceil(view.minX / spacing) * spacing; x <= view.maxX; x += spacing) {
      const sx = Math.round(cx + (x - camera.x) * camera.scale) + 0.5;
      ctx.moveTo(sx, 0);
      ctx.lineTo(sx, camera.height);
    }
    for (let y = Math.ceil(view.minY / spacing) * spacing; y <= view.maxY; y += spacing) {
      const sy = Math.round(cy - (y - camera.y) * camera.scale) + 0.5;
      ctx.moveTo(0, sy);
      ctx.lineTo(camera.width, sy);
    }
    ctx.stroke();
  }
  ctx.strokeStyle = AXIS_CSS;
  ctx.beginPath();
  const ax = Math.round(cx - camera.x * camera.scale) + 0.5;
  const ay = Math.round(cy + camera.y * camera.scale) + 0.5;
  ctx.moveTo(ax, 0);
  ctx.lineTo(ax, camera.height);
  ctx.moveTo(0, ay);
  ctx.lineTo(camera.width, ay);
  ctx.stroke();
}

/** Makes the Canvas 2D renderer on `canvas`. */
export function createCanvasRenderer(canvas: HTMLCanvasElement): Renderer {
  const context = canvas.getContext('2d', { alpha: false });
  if (context === null) throw new Error('Canvas 2D is not available in this browser');
  const ctx = context;
  let pixelRatio = 1;
  return {
    kind: 'canvas2d',
    canvas,
    ready: () => true,
    resize(cssWidth, cssHeight, ratio) {
      pixelRatio = ratio;
      sizeCanvas(canvas, cssWidth, cssHeight, ratio);
    },
    draw(instances: BodyInstances, camera: Camera) {
      ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
      ctx.fillStyle = BACKGROUND_CSS;
      ctx.fillRect(0, 0, camera.width, camera.height);
      drawGrid(ctx, camera);
      const f = instances.floats;
      const w = instances.words;
      const s = camera.scale;
      const cx = camera.width / 2;
      const cy = camera.height / 2;
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = RIM_CSS;
      let lastColor = -1;
      for (let k = 0; k < instances.count; k++) {
        const o = k * INSTANCE_STRIDE;
        const x = cx + f[o] * s;
        const y = cy - f[o + 1] * s;
        const hw = f[o + 2] * s;
        const hh = f[o + 3] * s;
        const r = f[o + 4] * s;
        if (x + hw + r < 0 || x - hw - r > camera.width || y + hh + r < 0 || y - hh - r > camera.height) continue;
        const color = w[o + 5];
        if (color !== lastColor) {
          ctx.fillStyle = cssColor(color);
          lastColor = color;
        }
        ctx.beginPath();
        if (hw === 0 && hh === 0) ctx.arc(x, y, r, 0, 2 * Math.PI);
        else ctx.roundRect(x - hw - r, y - hh - r, 2 * (hw + r), 2 * (hh + r), r);
        ctx.fill();
        if (r + Math.min(hw, hh) > 3) ctx.stroke();
      }
    },
    dispose() {
      canvas.remove();
    },
  };
}
