/**
 * The overlay: a transparent Canvas 2D over the renderer's canvas for everything that is not a
 * body: debug layers, the selected pair and its collision explanation, the drag spring. The
 * info card beside it prints the explanation's numbers.
 */
import type { Body } from '../../physics/index';
import { sizeCanvas } from '../rendering/canvas-size';
import { explainPair, pairBodyOf, type Explanation } from './collision-explainer';
import { anyDebugLayer, drawDebug } from './debug-draw';
import { drawLabels, roundedRectPath, sx, sy } from './draw-helpers';
import { drawExplanation, drawSweep, drawVelocityHandles } from './explainer-draw';
import { explanationLines } from '../lab/explain-text';
import { layoutLabels, type LabelRequest, type PlacedLabel, type Rect } from '../lab/label-layout';
import type { LabView } from '../lab/lab';
import type { Sandbox } from '../sandbox';
import { findScene } from '../../scenes/index';
import { bodyLabels } from './body-labels';

export class Overlay {
  private readonly ctx: CanvasRenderingContext2D;
  private pixelRatio = 1;
  private cardText = '';
  private wasDrawn = true;
  /** The explainer's last explanation and what it was of (the engine steps a copy of the pair for it). */
  private explained: { key: string; e: Explanation } | null = null;
  /** The labels drawn last frame, where they went (viewport px): the browser tests read them. */
  labels: PlacedLabel[] = [];

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

  /** Redraws for the sandbox's current state; `lab` is what the collision lab shows, while it is open. */
  draw(sandbox: Sandbox, lab: LabView | null = null): void {
    const { ctx, canvas } = this;
    const s = sandbox.settings;
    const selection = s.explain ? sandbox.selection.filter((b) => b.isValid) : [];
    const explaining = s.explain && selection.length === 2 && lab === null;
    this.labels = [];
    const labelKind = sandbox.worker === null ? findScene(s.scene)?.bodyLabels : undefined;
    if (!this.wasDrawn && !anyDebugLayer(s) && selection.length === 0 && sandbox.grab === null && lab === null && labelKind === undefined) {
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
    const labels: LabelRequest[] = [];
    const names: LabelRequest[] = [];
    const obstacles: Rect[] = [];
    if (lab !== null) {
      if (lab.mode === 'collision') drawExplanation(ctx, camera, lab.a, lab.b, lab.explanation, labels, s.measurements);
      else drawSweep(ctx, camera, lab.a, lab.b, lab.sweep, labels);
      drawVelocityHandles(ctx, camera, [[lab.a, 'A'], [lab.b, 'B']], names, true);
      obstacles.push(lab.card);
      this.setCard('');
      this.wasDrawn = true;
    } else if (explaining) {
      const a = pairBodyOf(selection[0]);
      const b = pairBodyOf(selection[1]);
      const e = this.explain(sandbox, a, b);
      drawExplanation(ctx, camera, a, b, e, labels, s.measurements);
      drawVelocityHandles(ctx, camera, [[a, 'A'], [b, 'B']], names, false);
      this.setCard(explanationLines(e).join('\n'));
      if (!this.card.hidden) {
        const r = this.card.getBoundingClientRect();
        obstacles.push({ x: r.x - camera.left, y: r.y - camera.top, width: r.width, height: r.height });
      }
    } else {
      this.setCard('');
    }
    if (labelKind !== undefined) {
      bodyLabels(ctx, sandbox.world, camera, labelKind, names);
      this.wasDrawn = true;
    }
    if (names.length + labels.length > 0) {
      // Labels keep off the panel too: a label under it cannot be read.
      const panel = document.querySelector('.lil-gui.lil-root')?.getBoundingClientRect();
      if (panel !== undefined && panel.width > 0) obstacles.push({ x: panel.x - camera.left, y: panel.y - camera.top, width: panel.width, height: panel.height });
      this.labels = layoutLabels([...names, ...labels], obstacles, { x: 0, y: 0, width: camera.width, height: camera.height });
      drawLabels(ctx, this.labels);
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

  /** The explanation of (a, b), again only when the pair or the world's options changed. */
  private explain(sandbox: Sandbox, a: ReturnType<typeof pairBodyOf>, b: ReturnType<typeof pairBodyOf>): Explanation {
    const options = sandbox.world.options;
    const key = JSON.stringify([a, b, options, sandbox.settings.hertz]);
    if (this.explained?.key !== key) this.explained = { key, e: explainPair(a, b, options, 1 / sandbox.settings.hertz) };
    return this.explained.e;
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
