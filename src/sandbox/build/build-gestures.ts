/**
 * The build tools' gestures as a state machine, beside the play gestures (input/gestures.ts),
 * apart from the DOM so it runs (and is tested) in Node. It takes one pointer's press, moves
 * and release (client px for the click slop, world m for everything else) and what the press
 * landed on, and answers with what they mean:
 *   any build tool, press a corner handle of a selected body    resize it by that corner
 *   select or mover, press a mover's arrow tip                  aim it: set its velocity
 *   mover tool, press inside the selected mover                 aim it from its centre
 *   select, press a body     select it (shift: add or remove it); drag moves the selection
 *   select, drag on empty space    box-select (shift: add to the selection); a click clears it
 *   wall / mover, drag       draw a rectangle; shift or alt: rounded corners
 * Panning, zooming and right-click removal stay with the play gestures. Allocates the answers.
 */
import { CLICK_SLOP } from '../input/gestures';

/** The tools this machine serves. */
export const BUILD_TOOLS = ['select', 'wall', 'mover'] as const;
export type BuildTool = (typeof BUILD_TOOLS)[number];

/** Whether `tool` is one of the build tools (else the play gestures take the press). */
export function isBuildTool(tool: string): tool is BuildTool {
  return (BUILD_TOOLS as readonly string[]).includes(tool);
}

/** One pointer event as this machine needs it. */
export interface BuildSample {
  /** Client coordinates, CSS px. */
  sx: number;
  sy: number;
  /** The same point in the world, m. */
  x: number;
  y: number;
  shift: boolean;
  /** Alt, ctrl or cmd held. */
  modifier: boolean;
}

/** What a press lands on (handles of selected bodies first, then bodies). */
export type BuildHit =
  | { kind: 'none' }
  | { kind: 'corner'; id: number; corner: number }
  | { kind: 'arrow'; id: number }
  | { kind: 'body'; id: number; selected: boolean; kinematic: boolean };

/** What a build gesture asks for; points in m. */
export type BuildAction =
  /** Make `ids` the selection, or with `add` toggle them in it. */
  | { type: 'select'; ids: number[]; add: boolean }
  | { type: 'clear' }
  /** The selection starts to move: remember where it is. */
  | { type: 'move-start' }
  /** Move the selection by (dx, dy) m from where it was at move-start. */
  | { type: 'move'; dx: number; dy: number }
  | { type: 'resize'; id: number; corner: number; x: number; y: number }
  /** Point body `id`'s velocity arrow at (x, y). */
  | { type: 'aim'; id: number; x: number; y: number }
  /** The rectangle being drawn (a preview) or the box being dragged. */
  | { type: 'draw'; x0: number; y0: number; x1: number; y1: number; rounded: boolean }
  | { type: 'box'; x0: number; y0: number; x1: number; y1: number }
  /** Make a wall or a mover of the drawn rectangle. */
  | { type: 'make'; tool: 'wall' | 'mover'; x0: number; y0: number; x1: number; y1: number; rounded: boolean }
  | { type: 'box-select'; x0: number; y0: number; x1: number; y1: number; add: boolean }
  /** The gesture is over: previews go. */
  | { type: 'end' };

export type BuildMode = 'none' | 'move' | 'resize' | 'aim' | 'draw' | 'box';

export class BuildGestures {
  mode: BuildMode = 'none';
  private tool: BuildTool = 'select';
  private id = -1;
  private corner = -1;
  private startSX = 0;
  private startSY = 0;
  private startX = 0;
  private startY = 0;
  /** The press has travelled beyond the click slop. */
  private moved = false;
  private add = false;

  /** A primary press with `tool`; `hit` is what is under it. */
  down(p: BuildSample, tool: BuildTool, hit: BuildHit): BuildAction[] {
    this.tool = tool;
    this.startSX = p.sx;
    this.startSY = p.sy;
    this.startX = p.x;
    this.startY = p.y;
    this.moved = false;
    this.add = p.shift;
    if (hit.kind === 'corner') {
      this.mode = 'resize';
      this.id = hit.id;
      this.corner = hit.corner;
      return [];
    }
    if (hit.kind === 'arrow' && tool !== 'wall') return this.startAim(hit.id);
    if (tool === 'mover' && hit.kind === 'body' && hit.selected && hit.kinematic) return this.startAim(hit.id);
    if (tool !== 'select') {
      this.mode = 'draw';
      return [];
    }
    if (hit.kind === 'body' || hit.kind === 'arrow') {
      this.mode = 'move';
      if (p.shift) return [{ type: 'select', ids: [hit.id], add: true }];
      const selected = hit.kind === 'arrow' || hit.selected;
      // Pressing one of several selected bodies keeps them all, to move together.
      return selected ? [] : [{ type: 'select', ids: [hit.id], add: false }];
    }
    this.mode = 'box';
    return [];
  }

  /** A move of the pressed pointer. */
  move(p: BuildSample): BuildAction[] {
    if (this.mode === 'none') return [];
    const wasMoved = this.moved;
    if (!this.moved && Math.hypot(p.sx - this.startSX, p.sy - this.startSY) > CLICK_SLOP) this.moved = true;
    switch (this.mode) {
      case 'resize':
        return [{ type: 'resize', id: this.id, corner: this.corner, x: p.x, y: p.y }];
      case 'aim':
        return [{ type: 'aim', id: this.id, x: p.x, y: p.y }];
      case 'move':
        if (!this.moved) return [];
        return [...(wasMoved ? [] : [{ type: 'move-start' } as const]), { type: 'move', dx: p.x - this.startX, dy: p.y - this.startY }];
      case 'draw':
        return this.moved ? [{ type: 'draw', ...this.span(p), rounded: p.shift || p.modifier }] : [];
      case 'box':
        return this.moved ? [{ type: 'box', ...this.span(p) }] : [];
    }
  }

  /** The release, or a cancel (`cancelled`: the browser took the pointer; nothing is made or selected). */
  up(p: BuildSample, cancelled: boolean): BuildAction[] {
    const mode = this.mode;
    this.mode = 'none';
    if (mode === 'none') return [];
    const out: BuildAction[] = [];
    if (!cancelled) {
      if (mode === 'draw') out.push({ type: 'make', tool: this.tool === 'mover' ? 'mover' : 'wall', ...this.span(p), rounded: p.shift || p.modifier });
      else if (mode === 'box' && this.moved) out.push({ type: 'box-select', ...this.span(p), add: this.add });
      else if (mode === 'box' && !this.add) out.push({ type: 'clear' });
    }
    out.push({ type: 'end' });
    return out;
  }

  private startAim(id: number): BuildAction[] {
    this.mode = 'aim';
    this.id = id;
    // The arrow follows only once the pointer moves: a tap must not change the velocity.
    return [{ type: 'select', ids: [id], add: false }];
  }

  private span(p: BuildSample): { x0: number; y0: number; x1: number; y1: number } {
    return { x0: this.startX, y0: this.startY, x1: p.x, y1: p.y };
  }
}
