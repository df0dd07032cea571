/**
 * The overlay: a transparent Canvas 2D over the renderer's canvas for everything that is not a
 * body: debug layers, the selected pair and its collision explanation, the drag spring. The
 * info card beside it prints the explanation's numbers.
 */
import type { Body } from '../../physics/index';
import { sizeCanvas } from '../rendering/canvas-size';
import { explainPair, pairBodyOf } from './collision-explainer';
import { anyDebugLayer, drawDebug } from './debug-draw';
import { roundedRectPath, sx, sy } from './draw-helpers';
import { drawExplanation, explanationLines } from './explainer-draw';
import type { Sandbox } from '../sandbox';

export class Overlay {
  private readonly ctx: CanvasRenderingContext2D;
  private pixelRatio = 1;
  private cardText = '';
  private wasDrawn = true;

  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly card: HTMLElement,
  ) {
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('Canvas 2D is not available in this browser');
    this.ctx = ctx;
  }

  /** Matches the backing store to the CSS size and pixel ratio. */
  resize(cssWidth: number, cssHeight: number, ratio: number): void {
    this.pixelRatio = ratio;
    sizeCanvas(this.canvas, cssWidth, cssHeight, ratio);
    this.wasDrawn = true;
  }

  /** Redraws for the sandbox's current state. */
  draw(sandbox: Sandbox): void {
    const { ctx, canvas } = this;
    const s = sandbox.settings;
    const selection = s.explain ? sandbox.selection.filter((b) => b.isValid) : [];
    const explaining = s.explain && selection.length === 2;
    if (!this.wasDrawn && !anyDebugLayer(s) && selection.length === 0 && sandbox.grab === null) {
      this.setCard('');
      return;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(this.pixelRatio, 0, 0, this.pixelRatio, 0, 0);
    this.wasDrawn = false;
    const camera = sandbox.camera;
    if (anyDebugLayer(s)) {
      drawDebug(ctx, sandbox.world, camera, s);
      this.wasDrawn = true;
    }
    if (selection.length > 0) {
      this.drawSelection(sandbox, selection);
      this.wasDrawn = true;
    }
    if (explaining) {
      const a = pairBodyOf(selection[0]);
      const b = pairBodyOf(selection[1]);
      const e = explainPair(a, b, sandbox.world.options.restitutionThreshold);
      drawExplanation(ctx, camera, a, b, e, s.measurements);
      this.setCard(explanationLines(e).join('\n'));
    } else {
      this.setCard('');
    }
    const grab = sandbox.grab;
    if (grab !== null && grab.body.isValid) {
      const b = grab.body;
      ctx.strokeStyle = 'rgba(240, 246, 252, 0.8)';
      ctx.lineWidth = 1.5;
      ctx.setLineDash([4, 4]);
      ctx.beginPath();
      ctx.moveTo(sx(camera, b.x + grab.offsetX), sy(camera, b.y + grab.offsetY));
      ctx.lineTo(sx(camera, grab.targetX), sy(camera, grab.targetY));
      ctx.stroke();
      ctx.setLineDash([]);
      this.wasDrawn = true;
    }
  }

  private drawSelection(sandbox: Sandbox, selection: Body[]): void {
    const ctx = this.ctx;
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#f0f6fc';
    ctx.beginPath();
    for (const b of selection) roundedRectPath(ctx, sandbox.camera, b.x, b.y, b.halfWidth, b.halfHeight, b.radius);
    ctx.stroke();
  }

  private setCard(text: string): void {
    if (text === this.cardText) return;
    this.cardText = text;
    this.card.textContent = text;
    this.card.hidden = text === '';
  }
}
