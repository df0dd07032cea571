/**
 * Body definitions: what `World.createBody` takes, with defaults, and the check that turns a
 * user's object into a complete, valid definition (or an Error naming the field and value).
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, roundedRectArea } from './body-store.js';
import { MATERIAL_FIELDS, MATERIAL_NAMES, type MaterialName } from './body-schema.js';
import { MAX_COORDINATE, MAX_SIZE, MAX_SPEED, checkNumber, checkObject, checkKeys, describe } from './validate.js';

/** How a body moves: by the solver, by its set velocity only, or never. */
export type BodyType = 'dynamic' | 'static' | 'kinematic';

/**
 * A body to create. Every field is optional; the defaults make a dynamic circle of radius
 * 0.5 m at the origin. Shape: a circle is (0, 0, r), a sharp box (hw, hh, 0), a capsule (hw, 0, r).
 * Giving half extents without a radius makes a sharp box: `{ halfWidth: 0.5, halfHeight: 0.5 }`
 * is a 1 m square.
 */
export interface BodyDef {
  /** Default 'dynamic'. */
  type?: BodyType;
  /** Centre x, m, within ±{@link MAX_COORDINATE}. Default 0. */
  x?: number;
  /** Centre y, m (+y is up), within ±{@link MAX_COORDINATE}. Default 0. */
  y?: number;
  /** Velocity x, m/s, within ±{@link MAX_SPEED}. Default 0. Static bodies must have none. */
  vx?: number;
  /** Velocity y, m/s, within ±{@link MAX_SPEED}. Default 0. Static bodies must have none. */
  vy?: number;
  /** Half width of the inner rectangle, m, in [0, {@link MAX_SIZE}]. Default 0. */
  halfWidth?: number;
  /** Half height of the inner rectangle, m, in [0, {@link MAX_SIZE}]. Default 0. */
  halfHeight?: number;
  /**
   * Corner radius, m, >= 0. Default 0 when `halfWidth` or `halfHeight` is given (a box), else
   * 0.5 (a circle of radius 0.5 m). The outer half extents are `halfWidth + radius` and
   * `halfHeight + radius`.
   */
  radius?: number;
  /** kg/m², > 0. Default 1. Ignored for static and kinematic bodies (infinite mass). */
  density?: number;
  /** Coefficient of restitution in [0, 1]. A pair bounces with the larger of its two. Default 0.5. */
  restitution?: number;
  /**
   * Coulomb friction coefficient, >= 0 (at most 100). A pair uses sqrt(μA·μB), so 0 on either
   * body means no friction. Default 0.6, as in Box2D. Top-down worlds use `linearDamping` as
   * floor friction; this is friction between bodies.
   */
  friction?: number;
  /**
   * 1/s, >= 0 (at most 1e6): this body's own damping, added to the world's `linearDamping` (the
   * rates add): each step its velocity becomes v / (1 + dt·(world + body)). Default 0.
   */
  linearDamping?: number;
  /**
   * Multiplies the world's gravity for this body, in [-1000, 1000]: 0 floats, 1 falls as the
   * world says, -1 falls up. Default 1.
   */
  gravityScale?: number;
  /**
   * A sensor reports the bodies it overlaps (contactBegin when shapes first overlap, contactEnd
   * when they part) and never pushes or is pushed. Like any pair, one of the two must be
   * dynamic. Default false.
   */
  sensor?: boolean;
  /**
   * Collision filter, as in Box2D: the category bits of this body (an unsigned 32-bit integer).
   * Two bodies collide when each one's category shares a bit with the other's `mask`, unless
   * they share a non-zero `group`. Default 1.
   */
  category?: number;
  /** The categories this body collides with (unsigned 32-bit). Default 0xFFFFFFFF: all. */
  mask?: number;
  /**
   * Group (signed 32-bit integer): two bodies in the same positive group always collide, in the
   * same negative group never, whatever their categories and masks. Default 0: no group.
   */
  group?: number;
  /** Anything of yours; kept as is and written into snapshots (so keep it JSON-friendly). */
  userData?: unknown;
}

/** A definition with every field present and checked. */
export interface CheckedBodyDef extends Record<MaterialName, number> {
  kind: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  halfWidth: number;
  halfHeight: number;
  radius: number;
  userData: unknown;
}

/** Smallest shape area (m²): keeps every inverse mass finite. */
const MIN_AREA = 1e-12; // m²

export const BODY_DEF_KEYS = [
  'type',
  'x',
  'y',
  'vx',
  'vy',
  'halfWidth',
  'halfHeight',
  'radius',
  ...MATERIAL_NAMES,
  'userData',
] as const;

/** Parses a body type name into its code. */
export function parseBodyType(field: string, value: unknown): number {
  if (value === 'dynamic') return BODY_DYNAMIC;
  if (value === 'static') return BODY_STATIC;
  if (value === 'kinematic') return BODY_KINEMATIC;
  throw new Error(`${field} must be 'dynamic', 'static' or 'kinematic', got ${describe(value)}`);
}

/** Checks a shape: sizes in range and a non-zero area. */
export function checkShape(
  where: string,
  halfWidth: unknown,
  halfHeight: unknown,
  radius: unknown,
): [number, number, number] {
  const hw = checkNumber(`${where}halfWidth`, halfWidth, 0, MAX_SIZE);
  const hh = checkNumber(`${where}halfHeight`, halfHeight, 0, MAX_SIZE);
  const r = checkNumber(`${where}radius`, radius, 0, MAX_SIZE);
  if (roundedRectArea(hw, hh, r) < MIN_AREA) {
    throw new Error(
      `${where}shape has zero area (halfWidth ${hw}, halfHeight ${hh}, radius ${r}): give it a radius or both half extents`,
    );
  }
  return [hw, hh, r];
}

/** Checks a velocity for a body of the given kind. */
export function checkVelocity(where: string, kind: number, vx: unknown, vy: unknown): [number, number] {
  const cx = checkNumber(`${where}vx`, vx, -MAX_SPEED, MAX_SPEED);
  const cy = checkNumber(`${where}vy`, vy, -MAX_SPEED, MAX_SPEED);
  if (kind === BODY_STATIC && (cx !== 0 || cy !== 0)) {
    throw new Error(`${where}vx/vy: a static body cannot move, got velocity (${cx}, ${cy})`);
  }
  return [cx, cy];
}

/** Checks a value of a material field (density, restitution, friction). */
export function checkMaterial(name: MaterialName, field: string, value: unknown): number {
  return MATERIAL_FIELDS[name].check(field, value);
}

/** Checks a position coordinate. */
export function checkCoordinate(field: string, value: unknown): number {
  return checkNumber(field, value, -MAX_COORDINATE, MAX_COORDINATE);
}

/** Validates a user's body definition, filling defaults. `where` prefixes field names. */
export function checkBodyDef(def: unknown, where = 'body.'): CheckedBodyDef {
  // The definition as a whole: "body", or with no prefix (a user editing one body) "the body".
  const whole = where === '' ? 'the body' : where.replace(/\.$/, '');
  const d = checkObject(whole, def ?? {});
  checkKeys(whole, d, BODY_DEF_KEYS);
  // Only a missing field takes its default: null is a value, and a wrong one.
  const or = (value: unknown, fallback: unknown): unknown => (value === undefined ? fallback : value);
  const kind = parseBodyType(`${where}type`, or(d.type, 'dynamic'));
  const x = checkCoordinate(`${where}x`, or(d.x, 0));
  const y = checkCoordinate(`${where}y`, or(d.y, 0));
  const [vx, vy] = checkVelocity(where, kind, or(d.vx, 0), or(d.vy, 0));
  // Half extents without a radius mean a box; no size at all means the default circle.
  const defaultRadius = d.halfWidth === undefined && d.halfHeight === undefined ? 0.5 : 0;
  const [halfWidth, halfHeight, radius] = checkShape(
    where,
    or(d.halfWidth, 0),
    or(d.halfHeight, 0),
    or(d.radius, defaultRadius),
  );
  const checked = { kind, x, y, vx, vy, halfWidth, halfHeight, radius, userData: d.userData } as CheckedBodyDef;
  for (const name of MATERIAL_NAMES) {
    const value = d[name];
    checked[name] = value === undefined ? MATERIAL_FIELDS[name].default : checkMaterial(name, `${where}${name}`, value);
  }
  return checked;
}

/**
 * Checks a body definition as `World.createBody` checks it, without a world: throws an Error
 * that names the field and the value (`body.restitution must be …, got 2`) where a world would
 * refuse it, and returns quietly where it would take it. For level files, editors and forms
 * that check what a user typed before anything is built. `field` names the definition in the
 * message: `'crate'` gives `crate.restitution …`, `''` gives `restitution …`.
 */
export function validateBodyDef(def: BodyDef, field = 'body'): void {
  checkBodyDef(def, field === '' ? '' : `${field}.`);
}

/** Inverse mass (1/kg) of a body: zero for static and kinematic bodies. */
export function inverseMass(kind: number, halfWidth: number, halfHeight: number, radius: number, density: number): number {
  if (kind !== BODY_DYNAMIC) return 0;
  return 1 / (density * roundedRectArea(halfWidth, halfHeight, radius));
}
