/**
 * The physics on this thread (normal play): the sandbox's world, stepped by the page's frame
 * loop, with the drag spring driven before each step. The other PhysicsHost is the worker's.
 */
import { roundedRectOverlap, type Body, type BodyDef, type PointHit, type Random, type World, type WorldOptions } from '../physics/index';
import type { Bounds } from './shared/camera';
import { applyBodyEdits, type BodyEdit } from './build/body-patch';
import { Grab } from './shared/grab';
import { setMaterialAll, type MaterialKey, type NewMaterial } from './shared/material';
import { scatter, scatterReport } from './shared/scatter';
import { shapeParams } from './shared/shapes';
import type { ScatterShapes } from './shared/worker-protocol';
import type { FixedStepLoop } from './loop';
import type { PhysicsHost, PickedBody } from './physics-host';
import { showMessage } from './ui/messages';

/** What the local host reads from the sandbox each time (the world may be replaced). */
export interface LocalContext {
  readonly world: World;
  readonly loop: FixedStepLoop | null;
  /** What scatter fills, m. */
  readonly bounds: Bounds;
  readonly random: Random;
  /** The world refused options: the settings must show the world's again. */
  optionsRefused(): void;
}

export class LocalHost implements PhysicsHost {
  /** The body being dragged, or null. */
  held: Grab | null = null;
  private paused = false;
  private readonly hit: PointHit = { nx: 0, ny: 0, overlap: 0 };

  constructor(private readonly ctx: LocalContext) {}

  /** Runs one step of `dt` s: the drag spring, then the world. */
  step(dt: number): void {
    if (this.held !== null && !this.paused) this.held.drive(dt);
    this.ctx.world.step(dt);
  }

  setClock(paused: boolean, hertz: number, timeScale: number): void {
    this.paused = paused;
    const loop = this.ctx.loop;
    if (loop === null) return;
    loop.hertz = hertz;
    loop.timeScale = timeScale;
    loop.paused = paused;
    loop.resetTime();
  }

  stepOnce(): void {
    this.ctx.loop?.requestStep();
  }

  setOptions(patch: Partial<WorldOptions>): void {
    try {
      this.ctx.world.setOptions(patch);
    } catch (error) {
      showMessage(`Not applied: ${(error as Error).message}`, 'error');
      this.ctx.optionsRefused();
    }
  }

  setMaterialAll(key: MaterialKey, value: number): void {
    try {
      setMaterialAll(this.ctx.world, key, value);
    } catch (error) {
      showMessage(`Not applied: ${(error as Error).message}`, 'error');
    }
  }

  spawn(def: BodyDef): void {
    this.create(def);
  }

  scatter(count: number, shapes: ScatterShapes, material: NewMaterial): void {
    const { world, bounds, random } = this.ctx;
    const made = scatter(world, bounds, shapes.size, count, random, (x, y) => {
      const shape = shapeParams(shapes.kind, shapes.size, shapes.cornerRadius, random);
      return this.create({ x, y, ...shape, ...material }) !== null;
    });
    showMessage(scatterReport(made, count), made === 0 ? 'error' : 'info');
  }

  pick(x: number, y: number, tolerance: number): PickedBody | null {
    const body = this.bodyAt(x, y, tolerance);
    return body === undefined ? null : { id: body.id, isStatic: body.type === 'static' };
  }

  grab(id: number, x: number, y: number): void {
    const body = this.ctx.world.getBody(id);
    this.held = body !== undefined ? new Grab(this.ctx.world, body, x, y) : null;
  }

  drag(x: number, y: number): void {
    const grab = this.held;
    if (grab === null) return;
    grab.targetX = x;
    grab.targetY = y;
    if (this.paused) grab.follow();
  }

  release(vx: number, vy: number): void {
    this.held?.release(vx, vy, this.paused);
    this.held = null;
  }

  remove(id: number): void {
    const body = this.ctx.world.getBody(id);
    if (body === undefined) return;
    if (this.held?.body === body) this.held = null;
    this.ctx.world.destroyBody(body);
  }

  createBody(def: BodyDef): number | null {
    return this.create(def)?.id ?? null;
  }

  editBodies(edits: readonly BodyEdit[]): string | null {
    try {
      applyBodyEdits(this.ctx.world, edits);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  removeBodies(ids: readonly number[]): void {
    for (const id of ids) this.remove(id);
  }

  /** The body `pick` names, as the engine's handle (this thread only). */
  bodyAt(x: number, y: number, tolerance: number): Body | undefined {
    const world = this.ctx.world;
    const inside = world.queryPoint(x, y);
    if (inside.length > 0) {
      const moving = inside.filter((b) => b.type !== 'static');
      const list = moving.length > 0 ? moving : inside;
      return list[list.length - 1];
    }
    let best: Body | undefined;
    let bestOverlap = -Infinity;
    for (const b of world.queryBox(x - tolerance, y - tolerance, x + tolerance, y + tolerance)) {
      const overlap = roundedRectOverlap(x, y, b.x, b.y, b.halfWidth, b.halfHeight, b.radius, this.hit);
      if (overlap >= -tolerance && overlap > bestOverlap) {
        best = b;
        bestOverlap = overlap;
      }
    }
    return best;
  }

  private create(def: BodyDef): Body | null {
    try {
      return this.ctx.world.createBody(def);
    } catch (error) {
      showMessage(`Cannot spawn here: ${(error as Error).message}`, 'error');
      return null;
    }
  }
}
