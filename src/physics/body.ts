/**
 * `Body`: the public handle of one body, and `BodyHost`, what the handle needs from its world.
 */
import { BODY_TYPE_NAMES } from './body-store.js';
import type { BodyType } from './body-def.js';
import type { BodyStore } from './body-store.js';
import { MATERIAL_FIELDS, type MaterialName } from './body-schema.js';
import { checkKeys, checkObject } from './validate.js';

/** A body's collision filter (see `BodyDef.category`, `mask` and `group`). */
export interface CollisionFilter {
  /** Category bits, unsigned 32-bit integer. */
  category?: number;
  /** Categories collided with, unsigned 32-bit integer. */
  mask?: number;
  /** Group, signed 32-bit integer; 0 for none. */
  group?: number;
}

/** Checks a filter patch over the current values; throws naming the field before anything applies. */
function checkFilter(
  filter: unknown,
  current: { category: number; mask: number; group: number },
): { category: number; mask: number; group: number } {
  const f = checkObject('filter', filter);
  checkKeys('filter', f, ['category', 'mask', 'group']);
  const pick = (name: 'category' | 'mask' | 'group'): number =>
    f[name] === undefined ? current[name] : MATERIAL_FIELDS[name].check(`filter.${name}`, f[name]);
  return { category: pick('category'), mask: pick('mask'), group: pick('group') };
}

/** What a `Body` needs from its world; `World` implements it. @internal */
export interface BodyHost {
  readonly store: BodyStore;
  /** The live handle of slot `id`, if a body lives there (World's public `getBody`). */
  getBody(id: number): Body | undefined;
  setBodyPosition(index: number, x: number, y: number): void;
  setBodyVelocity(index: number, vx: number, vy: number): void;
  setBodyMaterial(index: number, name: MaterialName, value: unknown): void;
  setBodyFilter(index: number, category: number, mask: number, group: number): void;
  setBodyShape(index: number, halfWidth: number, halfHeight: number, radius: number): void;
  setBodyType(index: number, type: BodyType): void;
  applyBodyImpulse(index: number, jx: number, jy: number): void;
  wakeBody(index: number): void;
}

/**
 * A handle to one body of a {@link World}: a thin view over the world's typed arrays, made by
 * {@link World.createBody} (never by `new`). Reading a property reads the world's current
 * value; the setters check their input before changing anything (an Error names the field and
 * the value). The world hands out the same handle for a body every time, and a handle is valid
 * while it is its world's handle for its slot: once the body is destroyed (even if its slot is
 * reused, under a new handle) every use throws instead of touching another body; only
 * {@link Body.isValid} and {@link Body.id} stay readable. Reads and writes allocate nothing.
 */
export class Body {
  /** Bodies come from `World.createBody`: the constructor is private, so no handle is forged. */
  private constructor(
    private readonly host: BodyHost,
    /** Slot index: stable for the body's life, reused after it is destroyed. */
    readonly id: number,
  ) {}

  /**
   * A new handle of slot `id` in the world `host` (World's own use): valid once the world
   * holds it as the slot's handle. Two fields and no more: a world holds one for every body.
   * @internal
   */
  static of(host: BodyHost, id: number): Body {
    return new Body(host, id);
  }

  /** False once the body has been destroyed. Never throws. */
  get isValid(): boolean {
    return this.host.getBody(this.id) === this;
  }

  private slot(): number {
    if (!this.isValid) {
      throw new Error(`body ${this.id} was destroyed: this handle is stale`);
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
  /** Half width of the whole shape (inner half width plus radius), m. */
  get outerHalfWidth(): number {
    const i = this.slot();
    return this.host.store.halfWidth[i] + this.host.store.radius[i];
  }
  /** Half height of the whole shape (inner half height plus radius), m. */
  get outerHalfHeight(): number {
    const i = this.slot();
    return this.host.store.halfHeight[i] + this.host.store.radius[i];
  }
  /** This body's own damping, 1/s, added to the world's. */
  get linearDamping(): number {
    return this.host.store.linearDamping[this.slot()];
  }
  /** Multiplier of the world's gravity for this body. */
  get gravityScale(): number {
    return this.host.store.gravityScale[this.slot()];
  }
  /** True for a sensor: it reports overlaps and never pushes or is pushed. */
  get isSensor(): boolean {
    return this.host.store.sensor[this.slot()] === 1;
  }
  /** Collision category bits (unsigned 32-bit). */
  get category(): number {
    return this.host.store.category[this.slot()];
  }
  /** Categories this body collides with (unsigned 32-bit). */
  get mask(): number {
    return this.host.store.mask[this.slot()];
  }
  /** Collision group: same positive group always collides, same negative never, 0 none. */
  get group(): number {
    return this.host.store.group[this.slot()];
  }
  /** False while the body sleeps (static bodies count as asleep). */
  get isAwake(): boolean {
    return this.host.store.awake[this.slot()] === 1;
  }
  /** Your value from the body definition (undefined if none): the step never reads it. */
  get userData(): unknown {
    return this.host.store.userData.get(this.slot());
  }
  /** Replaces your value; snapshots write it as JSON, so keep it JSON-friendly. */
  set userData(value: unknown) {
    this.host.store.setUserData(this.slot(), value);
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
  /** Sets this body's own damping (1/s, >= 0), added to the world's; wakes the body. */
  setLinearDamping(linearDamping: number): void {
    this.host.setBodyMaterial(this.slot(), 'linearDamping', linearDamping);
  }
  /** Sets the multiplier of the world's gravity for this body (in [-1000, 1000]); wakes it. */
  setGravityScale(gravityScale: number): void {
    this.host.setBodyMaterial(this.slot(), 'gravityScale', gravityScale);
  }
  /**
   * Makes the body a sensor (true) or a solid body (false). A sensor that overlaps a body when
   * it turns solid pushes it out from the next step on.
   */
  setSensor(sensor: boolean): void {
    this.host.setBodyMaterial(this.slot(), 'sensor', sensor);
  }
  /**
   * Changes the collision filter (see `BodyDef.category`); fields left out keep their value.
   * Every field is checked before any applies. Pairs the new filter forbids end at once (with a
   * contactEnd if they touched); pairs it allows form at once and collide from the next step.
   */
  setFilter(filter: CollisionFilter): void {
    const i = this.slot();
    const s = this.host.store;
    const f = checkFilter(filter, { category: s.category[i], mask: s.mask[i], group: s.group[i] });
    this.host.setBodyFilter(i, f.category, f.mask, f.group);
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
