/**
 * Pointer gestures as a state machine, apart from the DOM so it runs (and is tested) in Node.
 * It takes presses, moves and releases in client pixels and answers with what they mean:
 *   primary press on a body      grab it; moves drag it; release throws it (or drops it: cancel)
 *   primary click on empty space spawn there (a press that moves more than CLICK_SLOP is not a click)
 *   shift + primary drag, or the spray tool   spray along the path
 *   the erase tool               remove what the press and the drag pass over
 *   alt / ctrl / cmd + press on a body        explain it (select, no grab)
 *   press on a wall while running             select it if the explainer is on, nothing else
 *   middle or right drag, space + drag        pan
 *   right click on a body        remove it (a right drag pans instead)
 *   a second finger              pinch: pan and zoom around the fingers' midpoint
 * With a build tool (select, wall, mover) the wiring gives primary presses to the sibling
 * machine, build/build-gestures.ts, instead; the rest (pan, zoom, right-click) stays here.
 * The wiring (input.ts) turns the answers into sandbox actions. Allocates the answers.
 */
import type { Tool } from '../shared/settings';

/** A press that moves less than this is a click, CSS px. */
export const CLICK_SLOP = 5; // px

/** One pointer event as the machine needs it. */
export interface PointerSample {
  id: number;
  /** Client coordinates, CSS px. */
  x: number;
  y: number;
  /** 0 primary, 1 middle, 2 secondary. */
  button: number;
  touch: boolean;
  shift: boolean;
  /** Alt, ctrl or cmd held. */
  modifier: boolean;
}

/** What a press lands on, and the state that decides what it starts. */
export interface PressContext {
  /** What is under the press: nothing, a moving body or a static one. */
  hit: 'none' | 'body' | 'static';
  spaceHeld: boolean;
  tool: Tool;
  paused: boolean;
  explaining: boolean;
}

/** What a gesture asks for; points in client px. */
export type GestureAction =
  | { type: 'spawn'; x: number; y: number }
  | { type: 'grab'; x: number; y: number }
  | { type: 'drag'; x: number; y: number }
  /** Let go of the held body; `throw` false drops it where it is. */
  | { type: 'release'; throw: boolean }
  | { type: 'spray'; x: number; y: number; first: boolean }
  | { type: 'remove'; x: number; y: number }
  | { type: 'explain'; x: number; y: number }
  | { type: 'select'; x: number; y: number }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'zoom'; x: number; y: number; factor: number }
  /** Space was used to pan: its release must not toggle pause. */
  | { type: 'space-used' };

export type GestureMode = 'none' | 'grab' | 'pan' | 'spray' | 'erase' | 'click' | 'remove' | 'pinch';

export class Gestures {
  mode: GestureMode = 'none';
  private activeId = -1;
  private downX = 0;
  private downY = 0;
  private lastX = 0;
  private lastY = 0;
  private readonly touches = new Map<number, { x: number; y: number }>();
  private pinchDistance = 0;

  /** A press. */
  down(p: PointerSample, at: PressContext): GestureAction[] {
    if (p.touch) {
      this.touches.set(p.id, { x: p.x, y: p.y });
      if (this.touches.size === 2) {
        // A second finger turns whatever the first started into a pinch; a held body is dropped.
        const out: GestureAction[] = this.mode === 'grab' ? [{ type: 'release', throw: false }] : [];
        this.mode = 'pinch';
        const c = this.pinchCentre();
        this.lastX = c.x;
        this.lastY = c.y;
        this.pinchDistance = c.d;
        return out;
      }
    }
    if (this.mode !== 'none') return [];
    this.activeId = p.id;
    this.downX = this.lastX = p.x;
    this.downY = this.lastY = p.y;
    if (p.button === 1 || (p.button === 0 && at.spaceHeld)) {
      this.mode = 'pan';
      return at.spaceHeld ? [{ type: 'space-used' }] : [];
    }
    if (p.button === 2) {
      this.mode = at.hit === 'none' ? 'pan' : 'remove';
      return [];
    }
    if (p.button !== 0) return [];
    if (at.tool === 'erase') {
      this.mode = 'erase';
      return [{ type: 'remove', x: p.x, y: p.y }];
    }
    if (p.shift || at.tool === 'spray') {
      this.mode = 'spray';
      return [{ type: 'spray', x: p.x, y: p.y, first: true }];
    }
    if (at.hit === 'none') {
      this.mode = 'click';
      return [];
    }
    if (p.modifier) return [{ type: 'explain', x: p.x, y: p.y }];
    if (at.hit === 'static' && !at.paused) return at.explaining ? [{ type: 'select', x: p.x, y: p.y }] : [];
    this.mode = 'grab';
    return [{ type: 'grab', x: p.x, y: p.y }];
  }

  /** A move (of any pointer). */
  move(p: PointerSample): GestureAction[] {
    if (this.mode === 'pinch') {
      if (!this.touches.has(p.id)) return [];
      this.touches.set(p.id, { x: p.x, y: p.y });
      const c = this.pinchCentre();
      const out: GestureAction[] = [{ type: 'pan', dx: c.x - this.lastX, dy: c.y - this.lastY }];
      if (this.pinchDistance > 0 && c.d > 0) out.push({ type: 'zoom', x: c.x, y: c.y, factor: c.d / this.pinchDistance });
      this.lastX = c.x;
      this.lastY = c.y;
      this.pinchDistance = c.d;
      return out;
    }
    if (p.id !== this.activeId) return [];
    const moved = Math.hypot(p.x - this.downX, p.y - this.downY) > CLICK_SLOP;
    let out: GestureAction[] = [];
    if (this.mode === 'pan') out = [{ type: 'pan', dx: p.x - this.lastX, dy: p.y - this.lastY }];
    else if (this.mode === 'remove' && moved) {
      // A right press that travels was a pan after all, from where it started.
      this.mode = 'pan';
      out = [{ type: 'pan', dx: p.x - this.downX, dy: p.y - this.downY }];
    } else if (this.mode === 'grab') out = [{ type: 'drag', x: p.x, y: p.y }];
    else if (this.mode === 'erase') out = [{ type: 'remove', x: p.x, y: p.y }];
    else if (this.mode === 'spray') out = [{ type: 'spray', x: p.x, y: p.y, first: false }];
    else if (this.mode === 'click' && moved) this.mode = 'none';
    this.lastX = p.x;
    this.lastY = p.y;
    return out;
  }

  /** A release, or a cancel (`cancelled`: the browser took the pointer; nothing is spawned or thrown). */
  up(p: PointerSample, cancelled: boolean): GestureAction[] {
    if (p.touch) this.touches.delete(p.id);
    if (this.mode === 'pinch') {
      if (this.touches.size === 0) this.mode = 'none';
      return [];
    }
    if (p.id !== this.activeId) return [];
    this.activeId = -1;
    const mode = this.mode;
    this.mode = 'none';
    if (mode === 'grab') return [{ type: 'release', throw: !cancelled }];
    if (cancelled) return [];
    if (mode === 'click') return [{ type: 'spawn', x: p.x, y: p.y }];
    if (mode === 'remove') return [{ type: 'remove', x: this.downX, y: this.downY }];
    return [];
  }

  private pinchCentre(): { x: number; y: number; d: number } {
    const [a, b] = [...this.touches.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
  }
}
