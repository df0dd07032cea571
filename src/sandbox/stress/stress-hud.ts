/**
 * The stress test's heads-up card (top left, shown in stress mode): the ramp's verdict, the
 * physics and render figures apart, and a live graph of the last STEPS_SHOWN steps as stacked
 * bars by phase (broadphase, narrowphase, solve, other) against the budget line.
 */
import type { StepProfile } from '../../physics/index';

/** Steps the graph shows. */
export const STEPS_SHOWN = 120;
const GRAPH_WIDTH = 312; // CSS px
const GRAPH_HEIGHT = 84; // CSS px
/** Phases drawn, bottom to top, with their colours. */
const PHASES = [
  { name: 'broadphase', color: '#38bdf8' },
  { name: 'narrowphase', color: '#a78bfa' },
  { name: 'solve', color: '#f59e0b' },
  { name: 'other', color: '#8b949e' },
] as const;

/** The card's text, set as a whole each update. */
export interface HudText {
  /** The ramp's verdict, or what is running. */
  headline: string;
  /** Lines of figures. */
  lines: string[];
}

export class StressHud {
  readonly element: HTMLElement;
  private readonly headline: HTMLElement;
  private readonly lines: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  /** Ring of the last STEPS_SHOWN steps, 4 phases each (ms). */
  private readonly history = new Float32Array(STEPS_SHOWN * PHASES.length);
  /** Scratch: step totals, for the graph's scale. */
  private readonly totals = new Float32Array(STEPS_SHOWN);
  private head = 0;
  private filled = 0;
  private budgetMs = 8;
  private stale = true;
  private pixelRatio = 1;

  constructor() {
    const card = document.createElement('section');
    card.id = 'stress-hud';
    card.hidden = true;
    card.setAttribute('aria-label', 'Stress test');
    const title = document.createElement('h2');
    title.textContent = 'Stress test · physics in a worker';
    this.headline = document.createElement('p');
    this.headline.className = 'headline';
    this.lines = document.createElement('pre');
    this.canvas = document.createElement('canvas');
    this.canvas.style.width = `${GRAPH_WIDTH}px`;
    this.canvas.style.height = `${GRAPH_HEIGHT}px`;
    const legend = document.createElement('p');
    legend.className = 'legend';
    for (const phase of PHASES) {
      const item = document.createElement('span');
      item.style.setProperty('--swatch', phase.color);
      item.textContent = phase.name;
      legend.appendChild(item);
    }
    const budget = document.createElement('span');
    budget.className = 'budget';
    budget.textContent = 'budget';
    legend.appendChild(budget);
    card.append(title, this.headline, this.lines, this.canvas, legend);
    document.body.appendChild(card);
    this.element = card;
    const ctx = this.canvas.getContext('2d');
    if (ctx === null) throw new Error('Canvas 2D is not available in this browser');
    this.ctx = ctx;
  }

  /** Shows or hides the card; showing starts an empty graph. */
  show(visible: boolean): void {
    if (visible && this.element.hidden) this.clear();
    this.element.hidden = !visible;
  }

  /** Forgets the graph's steps. */
  clear(): void {
    this.filled = 0;
    this.head = 0;
    this.stale = true;
  }

  /** The budget line, ms. */
  setBudget(ms: number): void {
    if (ms !== this.budgetMs) this.stale = true;
    this.budgetMs = ms;
  }

  /** Adds a step to the graph. Does not allocate. */
  addStep(p: StepProfile): void {
    const o = this.head * PHASES.length;
    this.history[o] = p.broadphase;
    this.history[o + 1] = p.narrowphase;
    this.history[o + 2] = p.solve;
    this.history[o + 3] = Math.max(0, p.total - p.broadphase - p.narrowphase - p.solve);
    this.head = (this.head + 1) % STEPS_SHOWN;
    this.filled = Math.min(STEPS_SHOWN, this.filled + 1);
    this.stale = true;
  }

  /** Sets the text (only touches the DOM when it changed). */
  setText(text: HudText): void {
    if (this.headline.textContent !== text.headline) this.headline.textContent = text.headline;
    const lines = text.lines.join('\n');
    if (this.lines.textContent !== lines) this.lines.textContent = lines;
  }

  /** Redraws the graph if steps arrived since the last draw. */
  draw(): void {
    if (this.element.hidden) return;
    const ratio = window.devicePixelRatio || 1;
    if (ratio !== this.pixelRatio || this.canvas.width !== Math.round(GRAPH_WIDTH * ratio)) {
      this.pixelRatio = ratio;
      this.canvas.width = Math.round(GRAPH_WIDTH * ratio);
      this.canvas.height = Math.round(GRAPH_HEIGHT * ratio);
      this.stale = true;
    }
    if (!this.stale) return;
    this.stale = false;
    const { ctx, history } = this;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, GRAPH_WIDTH, GRAPH_HEIGHT);
    ctx.fillStyle = 'rgba(13, 17, 23, 0.9)';
    ctx.fillRect(0, 0, GRAPH_WIDTH, GRAPH_HEIGHT);
    // Scale: the budget at two thirds of the height, or room for nine steps in ten; the rare
    // taller step (a batch landing, a collection) is clipped with a red cap instead of
    // squashing every other bar.
    let shown = 0;
    for (let s = 0; s < this.filled; s++) {
      const o = s * PHASES.length;
      this.totals[shown++] = history[o] + history[o + 1] + history[o + 2] + history[o + 3];
    }
    const typical = shown > 0 ? this.totals.subarray(0, shown).sort()[Math.floor(shown * 0.9)] : 0;
    const top = Math.max(this.budgetMs * 1.5, typical * 1.3, 0.1);
    const pxPerMs = (GRAPH_HEIGHT - 12) / top;
    const bar = GRAPH_WIDTH / STEPS_SHOWN;
    for (let s = 0; s < this.filled; s++) {
      // Oldest on the left, newest at the right edge.
      const ring = (this.head - this.filled + s + STEPS_SHOWN) % STEPS_SHOWN;
      const x = (STEPS_SHOWN - this.filled + s) * bar;
      const w = Math.max(1, bar - 0.5);
      let y = GRAPH_HEIGHT;
      for (let k = 0; k < PHASES.length; k++) {
        const h = Math.min(history[ring * PHASES.length + k] * pxPerMs, y);
        ctx.fillStyle = PHASES[k].color;
        ctx.fillRect(x, y - h, w, h);
        y -= h;
      }
      if (y <= 0) {
        ctx.fillStyle = '#ff7b72';
        ctx.fillRect(x, 0, w, 2);
      }
    }
    const budgetY = GRAPH_HEIGHT - this.budgetMs * pxPerMs;
    ctx.strokeStyle = '#ff7b72';
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(0, budgetY + 0.5);
    ctx.lineTo(GRAPH_WIDTH, budgetY + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#e6edf3';
    ctx.font = '10px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
    ctx.textBaseline = 'top';
    ctx.fillText(`${top.toFixed(top < 10 ? 1 : 0)} ms`, 4, 2);
    ctx.textBaseline = 'bottom';
    const label = `budget ${this.budgetMs} ms`;
    const labelWidth = ctx.measureText(label).width;
    ctx.fillStyle = 'rgba(13, 17, 23, 0.85)';
    ctx.fillRect(GRAPH_WIDTH - labelWidth - 8, budgetY - 13, labelWidth + 6, 12);
    ctx.fillStyle = '#ff7b72';
    ctx.textAlign = 'right';
    ctx.fillText(label, GRAPH_WIDTH - 5, budgetY - 2);
    ctx.textAlign = 'left';
  }
}
