/**
 * `Body`: the public handle of one body, and `BodyHost`, what the handle needs from its world.
 */
import { BODY_TYPE_NAMES } from './body-store.js';
import type { BodyType } from './body-def.js';
import type { BodyStore } from './body-store.js';
import type { MaterialName } from './body-schema.js';

/** What a `Body` needs from its world; `World` implements it. @internal */
export interface BodyHost {
  readonly store: BodyStore;
  setBodyPosition(index: number, x: number, y: number): void;
  setBodyVelocity(index: number, vx: number, vy: number): void;
  setBodyMaterial(index: number, name: MaterialName, value: number): void;
  setBodyShape(index: number, halfWidth: number, halfHeight: number, radius: number): void;
  setBodyType(index: number, type: BodyType): void;
  applyBodyImpulse(index: number, jx: number, jy: number): void;
  wakeBody(index: number): void;
}

/**
 * A handle to one body of a {@link World}: a thin view over the world's typed arrays, made by
 * {@link World.createBody} (never by `new`). Reading a property reads the world's current
 * value; the setters check their input before changing anything (an Error names the field and
 * the value). The handle holds a slot index and that slot's generation, so once the body is
 * destroyed (even if its slot is reused) every use throws instead of touching another body;
 * only {@link Body.isValid} and {@link Body.id} stay readable. Reads and writes allocate
 * nothing, and the world hands out the same handle for a body every time.
 */
export class Body {
  /** @internal */
  constructor(
    private readonly host: BodyHost,
    /** Slot index: stable for the body's life, reused after it is destroyed. */
    readonly id: number,
    /** @internal */
    readonly generation: number,
  ) {}

  /** False once the body has been destroyed. Never throws. */
  get isValid(): boolean {
    const s = this.host.store;
    return this.id < s.end && s.kind[this.id] !== 0 && s.generation[this.id] === this.generation;
  }

  private slot(): number {
    if (!this.isValid) {
      throw new Error(`body ${this.id} (generation ${this.generation}) was destroyed: this handle is stale`);
    }
    return this.id;
  }

  /** Centre x, m. */
  get x(): number {
    return this.host.store.x[this.slot()];
  }
  /** Centre y, m. */
  get y(): number {
    return this.host.store.y[this.slot()];
  }
  /** Velocity x, m/s. */
  get vx(): number {
    return this.host.store.vx[this.slot()];
  }
  /** Velocity y, m/s. */
  get vy(): number {
    return this.host.store.vy[this.slot()];
  }
  /** Mass, kg: density times area; Infinity for static and kinematic bodies. */
  get mass(): number {
    const inv = this.host.store.invMass[this.slot()];
    return inv === 0 ? Infinity : 1 / inv;
  }
  /** How the body moves: 'dynamic', 'static' or 'kinematic'. */
  get type(): BodyType {
    return BODY_TYPE_NAMES[this.host.store.kind[this.slot()]] as BodyType;
  }
  /** Half width of the inner rectangle, m (the body is this plus `radius` wide on each side). */
  get halfWidth(): number {
    return this.host.store.halfWidth[this.slot()];
  }
  /** Half height of the inner rectangle, m. */
  get halfHeight(): number {
    return this.host.store.halfHeight[this.slot()];
  }
  /** Corner radius, m. */
  get radius(): number {
    return this.host.store.radius[this.slot()];
  }
  /** Density, kg/m² (mass per area: the world is flat). */
  get density(): number {
    return this.host.store.density[this.slot()];
  }
  /** Coefficient of restitution, in [0, 1]: a pair bounces with the larger of its two. */
  get restitution(): number {
    return this.host.store.restitution[this.slot()];
  }
  /** Coulomb friction coefficient, >= 0. */
  get friction(): number {
    return this.host.store.friction[this.slot()];
  }
  /** False while the body sleeps (static bodies count as asleep). */
  get isAwake(): boolean {
    return this.host.store.awake[this.slot()] === 1;
  }
  /** Your value from the body definition (undefined if none): the step never reads it. */
  get userData(): unknown {
    return this.host.store.userData[this.slot()];
  }
  /** Replaces your value; snapshots write it as JSON, so keep it JSON-friendly. */
  set userData(value: unknown) {
    this.host.store.userData[this.slot()] = value;
  }

  /** Teleports the body's centre to (x, y), m; wakes it and what touched it. Velocity is kept. */
  setPosition(x: number, y: number): void {
    this.host.setBodyPosition(this.slot(), x, y);
  }
  /** Sets the velocity (m/s) and wakes the body. Static bodies refuse any non-zero velocity. */
  setVelocity(vx: number, vy: number): void {
    this.host.setBodyVelocity(this.slot(), vx, vy);
  }
  /** Sets the coefficient of restitution, in [0, 1]. */
  setRestitution(restitution: number): void {
    this.host.setBodyMaterial(this.slot(), 'restitution', restitution);
  }
  /** Sets the Coulomb friction coefficient (>= 0); a pair uses sqrt(μA·μB). */
  setFriction(friction: number): void {
    this.host.setBodyMaterial(this.slot(), 'friction', friction);
  }
  /** Sets the density (kg/m², > 0); the mass follows. */
  setDensity(density: number): void {
    this.host.setBodyMaterial(this.slot(), 'density', density);
  }
  /**
   * Changes the shape: inner half extents and corner radius, m, each in [0, {@link MAX_SIZE}],
   * with an area above 0. The mass follows; the body and what touched it wake.
   */
  setShape(halfWidth: number, halfHeight: number, radius: number): void {
    this.host.setBodyShape(this.slot(), halfWidth, halfHeight, radius);
  }
  /** Changes how the body moves; a body made static loses its velocity. */
  setType(type: BodyType): void {
    this.host.setBodyType(this.slot(), type);
  }
  /** Adds an impulse (N·s) to a dynamic body's velocity and wakes it; no effect on others. */
  applyImpulse(jx: number, jy: number): void {
    this.host.applyBodyImpulse(this.slot(), jx, jy);
  }
  /** Wakes the body if it sleeps. */
  wake(): void {
    this.host.wakeBody(this.slot());
  }
}
