/**
 * The body schema: every per-body field, written once. The store's typed arrays, the body
 * definition's keys, defaults and checks, and the snapshot's keys, reading and writing all
 * derive from these two tables, so a new material field (say, friction) is one row here plus
 * its documentation on `BodyDef` and its getter and setter on `Body`.
 */
import { MAX_DENSITY, checkBoolean, checkInteger, checkNumber, checkPositive, describe } from './validate.js';

/**
 * Per-body typed arrays of the body store, by name. Hot state the step reads is float64;
 * fields that only need to be close are float32.
 */
export const STORE_ARRAYS = {
  /** BODY_FREE, BODY_STATIC, BODY_KINEMATIC or BODY_DYNAMIC. */
  kind: Uint8Array,
  /** 1 when awake (static bodies: 0). */
  awake: Uint8Array,
  /** Bumped each time the slot is freed. */
  generation: Uint32Array,
  x: Float64Array, // m
  y: Float64Array, // m
  vx: Float64Array, // m/s
  vy: Float64Array, // m/s
  halfWidth: Float64Array, // m
  halfHeight: Float64Array, // m
  radius: Float64Array, // m
  density: Float64Array, // kg/m²
  /** 1/kg, 0 for static and kinematic bodies. */
  invMass: Float64Array,
  restitution: Float64Array,
  friction: Float64Array,
  /** 1/s, added to the world's damping. */
  linearDamping: Float64Array,
  /** Multiplies the world's gravity. */
  gravityScale: Float64Array,
  /** 1 for a sensor: reports overlaps, never pushes. */
  sensor: Uint8Array,
  /** Collision filter: the body's category bits, the categories it collides with, its group. */
  category: Uint32Array,
  mask: Uint32Array,
  group: Int32Array,
  /** s spent slow enough to sleep. */
  sleepTime: Float32Array,
  /** Positions before this step's position update (m): the start of the continuous sweep. */
  prevX: Float64Array,
  prevY: Float64Array,
  /** Velocities after gravity, before the contact solve (m/s): where the solve starts again cold (energy.ts). */
  startVx: Float64Array,
  startVy: Float64Array,
} as const;

/** The store's per-body arrays, typed from `STORE_ARRAYS`. */
export type StoreArrays = { -readonly [K in keyof typeof STORE_ARRAYS]: InstanceType<(typeof STORE_ARRAYS)[K]> };

/** A scalar material field of a body: its default, its check, and what a change does. */
export interface MaterialField {
  readonly default: number;
  /** Returns the value (with -0 made 0) or throws an Error naming `field` and the value. */
  readonly check: (field: string, value: unknown) => number;
  /** Whether a change wakes the body (it changes how it moves from now on). */
  readonly wakes: boolean;
  /** The value for a snapshot of version 1, written before the field existed. */
  readonly inVersion1: number | undefined;
  /**
   * Whether a snapshot of any version may leave the field out, which then takes its default.
   * True for the fields added after version 2 was first written (linearDamping and later):
   * files saved before them are still version 2, so the format did not need a new version.
   */
  readonly optional: boolean;
  /** Whether a change may make or break pairs (the collision filter): the body's pairs are re-evaluated. */
  readonly refilters: boolean;
  /** Whether the field is a flag: true/false in definitions and snapshots, 1/0 in the store. */
  readonly flag: boolean;
}

/** Largest friction coefficient: far beyond any real material (rubber on rubber is about 1 to 2). */
export const MAX_FRICTION = 100;

/** Largest per-body damping (1/s), as for the world's. */
export const MAX_DAMPING = 1e6; // 1/s

/** Largest |gravityScale|: gravity times it must stay far from overflow. */
export const MAX_GRAVITY_SCALE = 1e3;

/**
 * A field added while snapshot version 2 was current: optional in snapshots (missing: its
 * default), and a change wakes the body.
 */
function addedField(value: number, check: (field: string, value: unknown) => number): MaterialField {
  return { default: value, check, wakes: true, inVersion1: undefined, optional: true, refilters: false, flag: false };
}

function checkUint32(field: string, value: unknown): number {
  return checkInteger(field, value, 0, 0xffffffff);
}

/** Smallest density (kg/m²): keeps every inverse mass finite. */
export const MIN_DENSITY = 1e-6; // kg/m²

/**
 * The material fields: a body definition takes each (its default when missing), a body has a
 * getter and a setter for each, and snapshots store each, in this order.
 */
export const MATERIAL_FIELDS = {
  /** kg/m², > 0: the mass follows. Ignored for static and kinematic bodies (infinite mass). */
  density: {
    default: 1,
    check: (field: string, value: unknown): number => {
      const d = checkPositive(field, value, MAX_DENSITY);
      if (d < MIN_DENSITY) throw new Error(`${field} must be at least ${MIN_DENSITY}, got ${describe(value)}`);
      return d;
    },
    wakes: true,
    inVersion1: undefined,
    optional: false,
    refilters: false,
    flag: false,
  },
  /** In [0, 1]: a pair bounces with the larger of its two. */
  restitution: {
    default: 0.5,
    check: (field: string, value: unknown): number => checkNumber(field, value, 0, 1),
    wakes: false,
    inVersion1: undefined,
    optional: false,
    refilters: false,
    flag: false,
  },
  /**
   * Coulomb coefficient, >= 0: a pair uses sqrt(μA·μB) (Box2D's rule), so 0 on either body
   * means none. Version 1 snapshots come from an engine without friction: they load with 0.
   */
  friction: {
    default: 0.6,
    check: (field: string, value: unknown): number => checkNumber(field, value, 0, MAX_FRICTION),
    wakes: false,
    inVersion1: 0,
    optional: false,
    refilters: false,
    flag: false,
  },
  /**
   * 1/s, >= 0: added to the world's `linearDamping` (the rates add), so the velocity decays as
   * v / (1 + dt·(world + body)) each step.
   */
  linearDamping: addedField(0, (field, value) => checkNumber(field, value, 0, MAX_DAMPING)),
  /** Multiplies the world's gravity for this body, in [-1000, 1000]: 0 floats, -1 falls up. */
  gravityScale: addedField(1, (field, value) => checkNumber(field, value, -MAX_GRAVITY_SCALE, MAX_GRAVITY_SCALE)),
  /** A sensor (true/false): reports overlaps as contact events, never pushes or is pushed. */
  sensor: { ...addedField(0, (field, value) => (checkBoolean(field, value) ? 1 : 0)), flag: true },
  /** Category bits (an unsigned 32-bit integer): what the body is. */
  category: { ...addedField(1, checkUint32), refilters: true },
  /** Mask bits (an unsigned 32-bit integer): the categories the body collides with. */
  mask: { ...addedField(0xffffffff, checkUint32), refilters: true },
  /** Group, a 32-bit signed integer: same positive group always collides, same negative never; 0 is none. */
  group: { ...addedField(0, (field, value) => checkInteger(field, value, -0x80000000, 0x7fffffff)), refilters: true },
} as const satisfies Record<string, MaterialField>;

/** Names of the material fields. */
export type MaterialName = keyof typeof MATERIAL_FIELDS;

export const MATERIAL_NAMES = Object.keys(MATERIAL_FIELDS) as readonly MaterialName[];
