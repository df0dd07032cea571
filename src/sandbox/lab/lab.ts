/**
 * The collision lab, on the page: while a scene made for it is open (its entry names a pair to
 * explain) it runs the card, its history of exact snapshots, the choice of where the card goes
 * and how the pair is framed beside it, and the numbers the overlay draws. The physics of the
 * pair comes from the engine (collision-explainer.ts, sweep.ts); this file only connects.
 */
import { findScene } from '../../scenes/index';
import type { Body, World } from '../../physics/index';
import { explainPair, pairBodyOf, type Explanation, type PairBody } from '../overlays/collision-explainer';
import type { Sandbox } from '../sandbox';
import { showMessage } from '../ui/messages';
import { explanationLines, stepChangeLine, sweepLines } from './explain-text';
import { LabCard, type EditableKey, type LabMode } from './lab-card';
import { LabHistory, stateKey } from './lab-history';
import { cardBox, fitInside, placeCard, type CardSpot, type EdgeInsets, type Rect } from './label-layout';
import { sweepPair, type Sweep } from './sweep';
import { handlePoint } from './handles';

/** What the overlay draws for the lab this frame. */
export interface LabView {
  mode: LabMode;
  a: PairBody;
  b: PairBody;
  explanation: Explanation;
  sweep: Sweep;
  /** The card's box (viewport px): labels keep off it. */
  card: Rect;
}

const CARD_MARGIN = 12; // px from the viewport's edges
const FRAME_MARGIN = 1.5; // m around the pair when the lab frames it: room to drag
/** px: a viewport at least this wide has the card beside the pair, a narrower one below it. */
const WIDE = 700; // px
/** px kept free at the top of a narrow screen: the closed panel's title and the pause badge. */
const NARROW_TOP = 44; // px
/** Elements the card must not cover. */
const KEEP_CLEAR = ['.lil-gui.lil-root', '#help-hint', '#toolbar', '#profile-card', '#pause-badge'];

export class CollisionLab {
  mode: LabMode = 'collision';
  readonly history = new LabHistory();
  readonly card: LabCard;
  private spot: CardSpot | null = null;
  private cachedKey = '';
  private cached: { a: PairBody; b: PairBody; explanation: Explanation; sweep: Sweep } | null = null;
  /** The world and viewport the lab last framed, so a new scene or a resize frames again. */
  private framedFor: World | null = null;
  private framedSize = '';

  constructor(private readonly sandbox: Sandbox) {
    this.card = new LabCard({
      setMode: (mode) => {
        this.mode = mode;
      },
      back: () => this.back(),
      forward: () => this.forward(),
      edit: (body, key, value) => this.edit(body, key, value),
    });
  }

  /** The explained pair while the lab is open, else null. */
  pair(): [Body, Body] | null {
    const sb = this.sandbox;
    if (sb.worker !== null || !sb.settings.explain) return null;
    if (findScene(sb.settings.scene)?.explainPair === undefined) return null;
    const [a, b] = sb.selection;
    return a !== undefined && b !== undefined && a.isValid && b.isValid ? [a, b] : null;
  }

  get active(): boolean {
    return this.pair() !== null;
  }

  /** Steps the world once, recording it; from an older state, restores the next one. */
  forward(): void {
    if (!this.active) return;
    const sb = this.sandbox;
    sb.setPaused(true);
    const world = this.history.forward(sb.world, () => sb.step(1 / sb.settings.hertz));
    if (world !== sb.world) this.adopt(world);
    sb.changed();
  }

  /** Restores the state before the last step. */
  back(): void {
    if (!this.active) return;
    const sb = this.sandbox;
    sb.setPaused(true);
    const world = this.history.back(sb.world);
    if (world !== null) this.adopt(world);
    sb.changed();
  }

  /** Sets a field of A (0) or B (1); the engine refuses a bad value with a message that names it. */
  edit(index: 0 | 1, key: EditableKey, value: number): void {
    const pair = this.pair();
    if (pair === null) return;
    const body = pair[index];
    try {
      if (key === 'restitution') body.setRestitution(value);
      else {
        const shape = { halfWidth: body.halfWidth, halfHeight: body.halfHeight, radius: body.radius, [key]: value };
        body.setShape(shape.halfWidth, shape.halfHeight, shape.radius);
      }
    } catch (error) {
      showMessage(`${index === 0 ? 'A' : 'B'}: ${(error as Error).message}`, 'error');
    }
    this.sandbox.changed();
  }

  /**
   * Runs once a frame: hides the card when the lab is not open; else follows the world (a drag
   * or an edit starts the history afresh), refreshes the card, places it clear of the bodies,
   * and returns what the overlay draws.
   */
  frame(): LabView | null {
    const pair = this.pair();
    if (pair === null) {
      this.card.hide();
      this.framedFor = null;
      return null;
    }
    const sb = this.sandbox;
    this.history.follow(sb.world);
    const { a, b, explanation, sweep } = this.numbers(pair);
    const lines = this.mode === 'collision' ? explanationLines(explanation) : sweepLines(sweep);
    this.card.update(this.mode, a, b, lines, { index: this.history.step, canBack: this.history.canBack, change: this.changeLine(pair) });
    const card = this.placeCard(a, b, explanation);
    return { mode: this.mode, a, b, explanation, sweep, card };
  }

  /** The pair's numbers, recomputed only when the pair, the options or the step changed. */
  private numbers(pair: [Body, Body]): { a: PairBody; b: PairBody; explanation: Explanation; sweep: Sweep } {
    const sb = this.sandbox;
    const options = sb.world.options;
    const key = `${stateKey(sb.world)}|${JSON.stringify(options)}|${sb.settings.hertz}`;
    if (this.cached === null || key !== this.cachedKey) {
      const a = pairBodyOf(pair[0]);
      const b = pairBodyOf(pair[1]);
      this.cached = { a, b, explanation: explainPair(a, b, options, 1 / sb.settings.hertz), sweep: sweepPair(a, b) };
      this.cachedKey = key;
    }
    return this.cached;
  }

  /** What the last step changed, when the world is a step of the history past its start. */
  private changeLine(pair: [Body, Body]): string {
    const before = this.history.previous();
    if (before === null) return '';
    const find = (id: number) => before.bodies.find((x) => x.id === id);
    const a0 = find(pair[0].id);
    const b0 = find(pair[1].id);
    if (a0 === undefined || b0 === undefined) return '';
    const [a, b] = pair;
    return stepChangeLine(
      { a: a0, b: b0, va: { x: a0.vx, y: a0.vy }, vb: { x: b0.vx, y: b0.vy } },
      { a, b, va: { x: a.vx, y: a.vy }, vb: { x: b.vx, y: b.vy } },
    );
  }

  /** Makes a restored world the running one, keeping the pair selected and the view. */
  private adopt(world: World): void {
    const sb = this.sandbox;
    const ids = sb.selection.map((body) => body.id);
    const bounds = sb.sceneBounds;
    sb.replaceWorld(world);
    sb.sceneBounds = bounds;
    sb.selection = ids.map((id) => world.getBody(id)).filter((x): x is Body => x !== undefined);
    // The same scene, one step apart: the lab keeps its framing.
    this.framedFor = world;
  }

  /** Places the card clear of the bodies; on a new scene or a resize, frames the pair beside it first. */
  private placeCard(a: PairBody, b: PairBody, e: Explanation): Rect {
    const sb = this.sandbox;
    const camera = sb.camera;
    const el = this.card.element;
    const size = { width: el.offsetWidth, height: el.offsetHeight };
    const viewport = { width: camera.width, height: camera.height };
    const sizeKey = `${viewport.width}x${viewport.height}`;
    if (this.framedFor !== sb.world || this.framedSize !== sizeKey) {
      this.framedFor = sb.world;
      this.framedSize = sizeKey;
      this.frameBeside(b, e, size);
    }
    const avoid = this.bodyRects(a, b, e);
    const keepClear: Rect[] = [];
    for (const selector of KEEP_CLEAR) {
      const r = shownRect(selector);
      if (r === null) continue;
      keepClear.push({ x: r.x - camera.left, y: r.y - camera.top, width: r.width, height: r.height });
    }
    const insets = this.insets();
    this.spot = placeCard(viewport, size, avoid, keepClear, this.spot, CARD_MARGIN, insets);
    const box = cardBox(this.spot, viewport.width, viewport.height, size, CARD_MARGIN, insets);
    el.style.left = `${Math.round(box.x + camera.left)}px`;
    el.style.top = `${Math.round(box.y + camera.top)}px`;
    el.dataset.spot = this.spot;
    return box;
  }

  /**
   * On a narrow screen the card keeps off the closed panel's title (top), the toolbar and the
   * help button (bottom); on a wide one, off the tool palette down the left edge.
   */
  private insets(): EdgeInsets {
    const camera = this.sandbox.camera;
    if (camera.width >= WIDE) {
      const palette = shownRect('#toolbar');
      const atLeft = palette !== null && palette.height > palette.width && palette.x - camera.left < 2 * CARD_MARGIN;
      return { top: 0, bottom: 0, left: atLeft ? palette.x + palette.width - camera.left : 0 };
    }
    let top = camera.top + camera.height;
    for (const selector of ['#toolbar', '#help-hint']) top = Math.min(top, shownRect(selector)?.top ?? top);
    return { top: NARROW_TOP, bottom: Math.max(0, camera.top + camera.height - top) };
  }

  /**
   * Frames the pair in the part of the viewport the card leaves: beside it on a wide screen,
   * above it on a narrow one.
   */
  private frameBeside(b: PairBody, e: Explanation, card: { width: number; height: number }): void {
    const camera = this.sandbox.camera;
    const w = camera.width;
    const h = camera.height;
    const wide = w >= WIDE;
    const panel = document.querySelector('.lil-gui.lil-root');
    const panelWidth = wide && panel instanceof HTMLElement ? panel.offsetWidth + CARD_MARGIN : 0;
    const left = wide ? (this.insets().left ?? 0) : 0;
    const free: Rect = wide
      ? { x: left + card.width + 2 * CARD_MARGIN, y: CARD_MARGIN, width: w - left - card.width - 3 * CARD_MARGIN - panelWidth, height: h - 2 * CARD_MARGIN }
      : { x: CARD_MARGIN, y: NARROW_TOP, width: w - 2 * CARD_MARGIN, height: Math.max(80, h - card.height - 3 * CARD_MARGIN - NARROW_TOP - this.insets().bottom) };
    const c = e.cso;
    const bounds = {
      minX: Math.min(c.x - c.halfWidth - c.radius, b.x - b.halfWidth - b.radius) - FRAME_MARGIN,
      maxX: Math.max(c.x + c.halfWidth + c.radius, b.x + b.halfWidth + b.radius) + FRAME_MARGIN,
      minY: Math.min(c.y - c.halfHeight - c.radius, b.y - b.halfHeight - b.radius) - FRAME_MARGIN,
      maxY: Math.max(c.y + c.halfHeight + c.radius, b.y + b.halfHeight + b.radius) + FRAME_MARGIN,
    };
    const fit = fitInside(bounds, free, w, h);
    camera.x = fit.x;
    camera.y = fit.y;
    camera.scale = fit.scale;
    this.spot = wide ? 'top-left' : 'bottom';
  }

  /** Screen boxes (viewport px) of what the card must not cover: the CSO, both bodies, their handles. */
  private bodyRects(a: PairBody, b: PairBody, e: Explanation): Rect[] {
    const camera = this.sandbox.camera;
    const rect = (x: number, y: number, hw: number, hh: number): Rect => {
      const p = camera.worldToScreen(x - hw, y + hh);
      return { x: p.x - camera.left, y: p.y - camera.top, width: 2 * hw * camera.scale, height: 2 * hh * camera.scale };
    };
    const out = [
      rect(e.cso.x, e.cso.y, e.cso.halfWidth + e.cso.radius, e.cso.halfHeight + e.cso.radius),
      rect(b.x, b.y, b.halfWidth + b.radius, b.halfHeight + b.radius),
    ];
    for (const body of [a, b]) {
      const h = handlePoint(camera, body.x, body.y, body.vx, body.vy);
      out.push({ x: h.x - camera.left - 10, y: h.y - camera.top - 10, width: 20, height: 20 });
    }
    return out;
  }
}

/** The client box of the element `selector` picks, or null when there is none or it is not shown. */
function shownRect(selector: string): DOMRect | null {
  const el = document.querySelector(selector);
  if (!(el instanceof HTMLElement) || el.hidden) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? r : null;
}
