/**
 * The lab's own short history: exact snapshots (the engine's `toJSON`) of the world before each
 * step, so stepping back and forward through a collision shows the very states the engine made,
 * bit for bit. Going forward from the newest state steps the world; from an older one it
 * restores the next snapshot. Whatever changed the world other than these steps (a drag, a
 * velocity handle, an edit in the card) starts the history afresh from there. No DOM.
 */
import { World, type WorldSnapshot } from '../../physics/index';

/** Snapshots kept: a collision plays out within a second or two at 60 Hz. */
export const LAB_HISTORY_STEPS = 240;

export class LabHistory {
  private snaps: WorldSnapshot[] = [];
  private keys: string[] = [];
  private cursor = -1;
  /** Steps dropped from the front when the history outgrew its capacity. */
  private dropped = 0;

  constructor(readonly capacity = LAB_HISTORY_STEPS) {}

  /** Which step of the history the world is at (0: where it started). */
  get step(): number {
    return this.dropped + Math.max(0, this.cursor);
  }

  /** Snapshots held. */
  get length(): number {
    return this.snaps.length;
  }

  get canBack(): boolean {
    return this.cursor > 0;
  }

  /** Whether forward restores a snapshot (true) or steps the world (false). */
  get canRestoreForward(): boolean {
    return this.cursor < this.snaps.length - 1;
  }

  /** The snapshot of the state before the current one (what the last step started from), or null. */
  previous(): WorldSnapshot | null {
    return this.cursor > 0 ? this.snaps[this.cursor - 1] : null;
  }

  /** Starts afresh from `world` as it is now. */
  reset(world: World): void {
    this.snaps = [world.toJSON()];
    this.keys = [stateKey(world)];
    this.cursor = 0;
    this.dropped = 0;
  }

  /** Starts afresh when `world` is not the state the history is at (the user changed it). Returns whether it did. */
  follow(world: World): boolean {
    if (this.cursor >= 0 && this.keys[this.cursor] === stateKey(world)) return false;
    this.reset(world);
    return true;
  }

  /**
   * One step forward: a new world restored from the next snapshot, or, at the newest state,
   * `step()` is called on the running world and the state after it recorded; returns the world
   * to run (a new one when restored).
   */
  forward(world: World, step: () => void): World {
    this.follow(world);
    if (this.canRestoreForward) {
      this.cursor++;
      return World.fromJSON(this.snaps[this.cursor]);
    }
    step();
    this.snaps.push(world.toJSON());
    this.keys.push(stateKey(world));
    this.cursor++;
    if (this.snaps.length > this.capacity) {
      this.snaps.shift();
      this.keys.shift();
      this.cursor--;
      this.dropped++;
    }
    return world;
  }

  /** One step back: a new world restored from the previous snapshot, or null at the oldest. */
  back(world: World): World | null {
    this.follow(world);
    if (!this.canBack) return null;
    this.cursor--;
    return World.fromJSON(this.snaps[this.cursor]);
  }
}

/** What tells one state of the lab's world from another: every body's motion, shape and material. Allocates. */
export function stateKey(world: World): string {
  const parts: number[] = [];
  for (const b of world.getBodies()) {
    parts.push(b.id, b.x, b.y, b.vx, b.vy, b.halfWidth, b.halfHeight, b.radius, b.restitution, b.density, b.friction);
  }
  return parts.join(',');
}
