/**
 * The bodies the build tools and the inspector work on: engine handles in the world they were
 * selected in. A destroyed body drops out (its handle is stale), and so does everything when
 * the running world is replaced (a scene, a file, an undo), so nothing here needs telling.
 * The collision explainer's pair (`Sandbox.selection`) is a different thing and kept apart.
 */
import type { Body, World } from '../../physics/index';

export class BuildSelection {
  private world: World | null = null;
  private list: Body[] = [];

  /** The selected bodies still alive in `world`, oldest first. Allocates. */
  bodies(world: World): Body[] {
    if (world !== this.world) return [];
    this.list = this.list.filter((b) => b.isValid);
    return [...this.list];
  }

  /** Their slot ids (see `bodies`). Allocates. */
  ids(world: World): number[] {
    return this.bodies(world).map((b) => b.id);
  }

  /** Whether `body` is selected in `world`. */
  has(world: World, body: Body): boolean {
    return world === this.world && body.isValid && this.list.includes(body);
  }

  /** Makes `bodies` of `world` the selection. */
  set(world: World, bodies: readonly Body[]): void {
    this.world = world;
    this.list = dedupe(bodies.filter((b) => b.isValid));
  }

  /** Adds the bodies not selected and removes the selected ones (shift-click, shift-box). */
  toggle(world: World, bodies: readonly Body[]): void {
    const current = this.bodies(world);
    const removed = current.filter((b) => bodies.includes(b));
    this.set(world, [...current.filter((b) => !removed.includes(b)), ...bodies.filter((b) => !removed.includes(b))]);
  }

  /** Adds `bodies` (a box with shift held keeps what was selected). */
  add(world: World, bodies: readonly Body[]): void {
    this.set(world, [...this.bodies(world), ...bodies]);
  }

  clear(): void {
    this.list = [];
  }
}

function dedupe(bodies: readonly Body[]): Body[] {
  return bodies.filter((b, i) => bodies.indexOf(b) === i);
}
