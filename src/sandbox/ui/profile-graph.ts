/**
 * The phase profile graph, as Box2D's samples show it: the last steps as stacked bars of ms by
 * phase, newest at the right, a round-numbered scale, an optional budget line, and a legend
 * with each phase's mean over the steps shown. The stress HUD and the profile card (normal
 * play, `p`) both use it; the numbers come from profile-history.ts.
 */
import type { StepProfile } from '../../physics/index';
import { PROFILE_PHASES, ProfileHistory, formatMs } from './profile-history';

const FONT = '10px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const LEGEND_INTERVAL = 250; // ms between legend updates, so its figures can be read

/** How a graph looks. */
export interface ProfileGraphOptions {
  /** Steps shown. */
  steps: number;
  /** CSS px. */
  width: number;
  height: number;
}

export class ProfileGraph {
  /** The canvas and legend, to place in a card. */
  readonly element: HTMLElement;
  readonly history: ProfileHistory;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly legendValues: HTMLElement[] = [];
  private budgetMs: number | null = null;
  private stale = true;
  private pixelRatio = 0;
  private legendAt = -Infinity;
  private width: number;

  constructor(private readonly options: ProfileGraphOptions) {
    this.history = new ProfileHistory(options.steps);
    this.width = options.width;
    const box = document.createElement('div');
    box.className = 'profile-graph';
    this.canvas = document.createElement('canvas');
    this.canvas.style.height = `${options.height}px`;
    const legend = document.createElement('p');
    legend.className = 'legend';
    // The card's headline figure is a median, and a ramp's batches or a collection make tall
    // steps that lift a mean well above it: say which one these are.
    const caption = document.createElement('span');
    caption.className = 'caption';
    caption.textContent = 'mean a step over the steps shown:';
    legend.appendChild(caption);
    for (const phase of PROFILE_PHASES) {
      const item = document.createElement('span');
      item.style.setProperty('--swatch', phase.color);
      item.append(`${phase.name} `);
      const value = document.createElement('b');
      item.appendChild(value);
      this.legendValues.push(value);
      legend.appendChild(item);
    }
    box.append(this.canvas, legend);
    this.element = box;
    const ctx = this.canvas.getContext('2d');
    if (ctx === null) throw new Error('Canvas 2D is not available in this browser');
    this.ctx = ctx;
  }

  /** Adds a step. Does not allocate. */
  add(p: StepProfile): void {
    this.history.add(p);
    this.stale = true;
  }

  /** Forgets the steps. */
  clear(): void {
    this.history.clear();
    this.stale = true;
  }

  /** Draws a dashed budget line at `ms`, or none (null). */
  setBudget(ms: number | null): void {
    if (ms !== this.budgetMs) this.stale = true;
    this.budgetMs = ms;
  }

  /** Redraws if steps arrived (or the size changed) since the last draw; `width` in CSS px. */
  draw(width = this.options.width): void {
    const ratio = window.devicePixelRatio || 1;
    const height = this.options.height;
    if (ratio !== this.pixelRatio || width !== this.width) {
      this.pixelRatio = ratio;
      this.width = width;
      this.canvas.style.width = `${width}px`;
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
      this.stale = true;
    }
    if (!this.stale) return;
    this.stale = false;
    const { ctx, history } = this;
    const steps = this.options.steps;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = 'rgba(13, 17, 23, 0.9)';
    ctx.fillRect(0, 0, width, height);
    const top = history.top(this.budgetMs);
    const pxPerMs = (height - 4) / top;
    // Half and full scale lines, labelled: the bars are read against them.
    ctx.strokeStyle = 'rgba(230, 237, 243, 0.14)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const share of [0.5, 1]) {
      const y = Math.round(height - top * share * pxPerMs) + 0.5;
      ctx.moveTo(0, y);
      ctx.lineTo(width, y);
    }
    ctx.stroke();
    const bar = width / steps;
    const filled = history.filled;
    for (let i = 0; i < filled; i++) {
      const x = (steps - filled + i) * bar;
      const w = Math.max(1, bar - 0.25);
      let y = height;
      for (let k = 0; k < PROFILE_PHASES.length; k++) {
        const h = Math.min(history.value(i, k) * pxPerMs, y);
        if (h <= 0) continue;
        ctx.fillStyle = PROFILE_PHASES[k].color;
        ctx.fillRect(x, y - h, w, h);
        y -= h;
      }
      if (y <= 0) {
        // Clipped: taller than the scale.
        ctx.fillStyle = '#ff7b72';
        ctx.fillRect(x, 0, w, 2);
      }
    }
    ctx.font = FONT;
    ctx.textBaseline = 'top';
    this.tag(formatMs(top), 3, 2, '#e6edf3');
    this.tag(formatMs(top / 2), 3, Math.round(height - (top / 2) * pxPerMs) + 2, '#e6edf3');
    if (this.budgetMs !== null) {
      const y = Math.round(height - this.budgetMs * pxPerMs) + 0.5;
      ctx.strokeStyle = '#ff7b72';
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(width, y);
      ctx.stroke();
      ctx.setLineDash([]);
      const text = `budget ${this.budgetMs} ms`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      this.tag(text, width - 4, y - 2, '#ff7b72');
      ctx.textAlign = 'left';
    }
    const now = performance.now();
    if (now - this.legendAt >= LEGEND_INTERVAL) {
      this.legendAt = now;
      const means = history.means();
      means.forEach((ms, k) => {
        const text = history.filled === 0 ? '–' : formatMs(ms);
        if (this.legendValues[k].textContent !== text) this.legendValues[k].textContent = text;
      });
    }
  }

  /** Text on a dark chip, so it reads over the bars; the context's alignment and baseline apply. */
  private tag(text: string, x: number, y: number, color: string): void {
    const ctx = this.ctx;
    const w = ctx.measureText(text).width;
    const left = ctx.textAlign === 'right' ? x - w : x;
    const topY = ctx.textBaseline === 'bottom' ? y - 11 : y;
    ctx.fillStyle = 'rgba(13, 17, 23, 0.85)';
    ctx.fillRect(left - 2, topY - 1, w + 4, 12);
    ctx.fillStyle = color;
    ctx.fillText(text, x, y);
  }
}
