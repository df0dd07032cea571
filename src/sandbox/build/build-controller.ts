/**
 * The build tools at work: what a press lands on (a handle of a selected body, a body, nothing),
 * the build gestures' answers (build-gestures.ts) turned into host calls (every world change
 * goes through `sandbox.host`, so the history can undo it), the selection the inspector shows,
 * and the previews the build layer draws. The geometry is in geometry.ts; no DOM here.
 */
import type { Body, BodyDef } from '../../physics/index';
import type { Sandbox } from '../sandbox';
import { showMessage } from '../ui/messages';
import type { BodyEdit, BodyPatch } from './body-patch';
import { BuildGestures, type BuildAction, type BuildHit, type BuildSample, type BuildTool } from './build-gestures';
import { arrowTip, hitHandle, outerOf, rectFromDrag, rectTouchesBox, resizeByCorner, velocityFromArrow, type OuterRect } from './geometry';
import { BuildSelection } from './selection';

/** A rectangle being drawn or a selection box being dragged, m. */
export interface BuildPreview {
  kind: 'wall' | 'mover' | 'box';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  rounded: boolean;
}

/** Whether a body has a velocity arrow to drag: a mover. */
export function hasArrow(body: Body): boolean {
  return body.type === 'kinematic';
}

export class BuildController {
  readonly selection = new BuildSelection();
  /** What the build layer draws over the bodies, or null. */
  preview: BuildPreview | null = null;
  private readonly gestures = new BuildGestures();
  /** Where the moving bodies were when the move started, by id. */
  private origins: Map<number, { x: number; y: number }> | null = null;
  /** The resized body's box when the resize started. */
  private resizeFrom: OuterRect | null = null;

  constructor(private readonly sandbox: Sandbox) {}

  /** Whether a build gesture is under way. */
  get busy(): boolean {
    return this.gestures.mode !== 'none';
  }

  /** The selected bodies still alive in the running world. Allocates. */
  selected(): Body[] {
    return this.selection.bodies(this.sandbox.world);
  }

  /**
   * The movers whose arrows the build layer shows: with the select and mover tools, every
   * moving kinematic body of the running world; else none. Allocates.
   */
  movers(): Body[] {
    const tool = this.sandbox.settings.tool;
    if (tool !== 'select' && tool !== 'mover') return [];
    return this.sandbox.world.getBodies().filter((b) => hasArrow(b) && (b.vx !== 0 || b.vy !== 0));
  }

  /** Makes `bodies` the selection and tells the listeners (the inspector, the panel). */
  select(bodies: readonly Body[]): void {
    this.selection.set(this.sandbox.world, bodies);
    this.sandbox.changed();
  }

  /** Selects nothing. */
  clear(): void {
    this.selection.clear();
    this.sandbox.changed();
  }

  /** What a press at (x, y) m lands on: a handle of a selected body within `tolerance` m, else a body. */
  hitAt(x: number, y: number, tolerance: number): BuildHit {
    for (const body of this.selected()) {
      const moving = hasArrow(body) && (body.vx !== 0 || body.vy !== 0);
      const handle = hitHandle(outerOf(body), moving ? arrowTip(body.x, body.y, body.vx, body.vy) : null, x, y, tolerance);
      if (handle !== null) return { id: body.id, ...handle };
    }
    const picked = this.sandbox.host.pick(x, y, tolerance);
    if (picked === null) return { kind: 'none' };
    const body = this.sandbox.bodyById(picked.id);
    return {
      kind: 'body',
      id: picked.id,
      selected: body !== undefined && this.selection.has(this.sandbox.world, body),
      kinematic: body !== undefined && hasArrow(body),
    };
  }

  /** A primary press with a build tool; `tolerance` is the handles' reach, m. */
  down(p: BuildSample, tool: BuildTool, tolerance: number): void {
    this.run(this.gestures.down(p, tool, this.hitAt(p.x, p.y, tolerance)));
  }

  move(p: BuildSample): void {
    this.run(this.gestures.move(p));
  }

  up(p: BuildSample, cancelled: boolean): void {
    this.run(this.gestures.up(p, cancelled));
  }

  /** Applies `patch` to every selected body, as one action; the engine's refusal, or null. */
  editSelected(patch: BodyPatch): string | null {
    const edits = this.selected().map((b) => ({ id: b.id, ...patch }));
    if (edits.length === 0) return null;
    const refused = this.sandbox.host.editBodies(edits);
    this.sandbox.changed();
    return refused;
  }

  /** Removes the selected bodies, as one action. False when nothing was selected. */
  deleteSelected(): boolean {
    const ids = this.selection.ids(this.sandbox.world);
    if (ids.length === 0) return false;
    this.sandbox.selection = this.sandbox.selection.filter((b) => b.isValid && !ids.includes(b.id));
    this.sandbox.host.removeBodies(ids);
    this.selection.clear();
    this.sandbox.changed();
    return true;
  }

  private run(actions: readonly BuildAction[]): void {
    for (const a of actions) this.act(a);
  }

  private act(a: BuildAction): void {
    const sandbox = this.sandbox;
    const world = sandbox.world;
    switch (a.type) {
      case 'select': {
        const bodies = a.ids.map((id) => sandbox.bodyById(id)).filter((b): b is Body => b !== undefined);
        if (a.add) this.selection.toggle(world, bodies);
        else this.selection.set(world, bodies);
        sandbox.changed();
        break;
      }
      case 'clear':
        this.clear();
        break;
      case 'move-start':
        this.origins = new Map(this.selected().map((b) => [b.id, { x: b.x, y: b.y }]));
        break;
      case 'move':
        this.moveBy(a.dx, a.dy);
        break;
      case 'resize': {
        const body = sandbox.bodyById(a.id);
        if (body === undefined) break;
        this.resizeFrom ??= outerOf(body);
        this.edit([{ id: a.id, ...resizeByCorner(this.resizeFrom, a.corner, a.x, a.y) }]);
        break;
      }
      case 'aim': {
        const body = sandbox.bodyById(a.id);
        if (body !== undefined) this.edit([{ id: a.id, ...velocityFromArrow(body.x, body.y, a.x, a.y) }]);
        break;
      }
      case 'draw':
        this.preview = { kind: sandbox.settings.tool === 'mover' ? 'mover' : 'wall', x0: a.x0, y0: a.y0, x1: a.x1, y1: a.y1, rounded: a.rounded };
        break;
      case 'box':
        this.preview = { kind: 'box', x0: a.x0, y0: a.y0, x1: a.x1, y1: a.y1, rounded: false };
        break;
      case 'make':
        this.make(a.tool, rectFromDrag(a.x0, a.y0, a.x1, a.y1, a.rounded));
        break;
      case 'box-select': {
        const inBox = world
          .queryBox(Math.min(a.x0, a.x1), Math.min(a.y0, a.y1), Math.max(a.x0, a.x1), Math.max(a.y0, a.y1))
          .filter((b) => rectTouchesBox(outerOf(b), a.x0, a.y0, a.x1, a.y1));
        if (a.add) this.selection.add(world, inBox);
        else this.selection.set(world, inBox);
        sandbox.changed();
        break;
      }
      case 'end':
        this.preview = null;
        this.origins = null;
        this.resizeFrom = null;
        sandbox.changed();
        break;
    }
  }

  /** Moves the selection by (dx, dy) m from where the move started; moving bodies are held still while carried. */
  private moveBy(dx: number, dy: number): void {
    const origins = this.origins;
    if (origins === null) return;
    const edits: BodyEdit[] = [];
    for (const body of this.selected()) {
      const from = origins.get(body.id);
      if (from === undefined) continue;
      const still = body.type === 'dynamic' ? { vx: 0, vy: 0 } : {};
      edits.push({ id: body.id, x: from.x + dx, y: from.y + dy, ...still });
    }
    if (edits.length > 0) this.edit(edits);
  }

  /** Sends `edits` to the host; a refusal (a size past the engine's limits) is said, and nothing changes. */
  private edit(edits: readonly BodyEdit[]): void {
    const refused = this.sandbox.host.editBodies(edits);
    if (refused !== null) showMessage(`Not changed: ${refused}`, 'error');
  }

  /** Makes a wall or a mover of a drawn rectangle (null: too small to be meant) and selects it. */
  private make(tool: 'wall' | 'mover', shape: ReturnType<typeof rectFromDrag>): void {
    if (shape === null) {
      showMessage(`Drag to draw a ${tool}: press, pull out a rectangle, let go.`, 'info');
      return;
    }
    const s = this.sandbox.settings;
    const def: BodyDef = { type: tool === 'wall' ? 'static' : 'kinematic', ...shape, restitution: s.restitution, friction: s.friction, density: s.density };
    const id = this.sandbox.host.createBody(def);
    const body = id === null ? undefined : this.sandbox.bodyById(id);
    if (body !== undefined) this.selection.set(this.sandbox.world, [body]);
    if (tool === 'mover' && body !== undefined) {
      showMessage('Mover made: drag from inside it to aim its velocity; it moves while time runs.', 'info');
    }
  }
}
