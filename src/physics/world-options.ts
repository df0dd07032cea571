/**
 * World options: what `new World()` and `world.setOptions()` take, their defaults and units,
 * and the check that validates a whole set before any of it is applied.
 */
import { OVER_RELAXATION } from './solver.js';
import { MAX_GRAVITY, checkBoolean, checkInteger, checkKeys, checkNumber, checkObject } from './validate.js';

/**
 * How a world simulates: what `new World(options)` and `world.setOptions(patch)` take (any
 * subset of the fields; the rest keep their values, or the defaults of {@link DEFAULT_OPTIONS}).
 * Every field is checked before any applies; an unknown key or a bad value throws.
 */
export interface WorldOptions {
  /** m/s². Default (0, 0): a top-down world. For a side view with +y up: (0, -9.8). */
  gravity: {
    /** m/s², within ±1e6. */
    x: number;
    /** m/s², within ±1e6; negative pulls down. */
    y: number;
  };
  /** 1/s, >= 0: velocity decays as v / (1 + dt·damping), the floor friction of a top-down world. Default 0. */
  linearDamping: number;
  /** Let resting bodies sleep. Default true. */
  enableSleep: boolean;
  /** Velocity iterations per substep, 1..100. Default 8. */
  iterations: number;
  /** Pushout iterations per substep, 0..100. Default 4. */
  positionIterations: number;
  /**
   * Over-relaxation of frictionless contacts from the second velocity iteration on, 1..1.9:
   * each moves its impulse this many times the step that would stop it alone, so a deep stack
   * or pile settles in the same iterations. 1 is plain sequential impulses. Default 1.5.
   */
  overRelaxation: number;
  /** Substeps per step, 1..64: each runs broadphase, narrowphase and solve with dt / substeps. Default 1. */
  substeps: number;
  /** m/s: slower approaches do not bounce, so resting contact does not buzz. Default 1. */
  restitutionThreshold: number;
  /** m/s: a body slower than this rests (counts toward sleep). Default 0.05. */
  sleepSpeed: number;
  /** s a whole island must rest before it sleeps, > 0. Default 0.5. */
  timeToSleep: number;
  /** m: gap below which a pair always gets a contact row, beyond its closing distance. Default 0.02. */
  speculativeDistance: number;
  /** m: margin around each fat box in the broadphase. Default 0.2 (measured: fewer tree moves beat the extra pairs). */
  broadphaseMargin: number;
  /**
   * m/s, >= 0: a contact the solver pushes on whose approach speed is at least this fires a
   * `contactHit` event. Default 1 (as Box2D's hit event threshold).
   */
  hitSpeed: number;
}

/** The options a new world starts with (frozen): each field's default is in {@link WorldOptions}. */
export const DEFAULT_OPTIONS: Readonly<WorldOptions> = Object.freeze({
  gravity: Object.freeze({ x: 0, y: 0 }),
  linearDamping: 0,
  enableSleep: true,
  iterations: 8,
  positionIterations: 4,
  overRelaxation: OVER_RELAXATION,
  substeps: 1,
  restitutionThreshold: 1,
  sleepSpeed: 0.05,
  timeToSleep: 0.5,
  speculativeDistance: 0.02,
  broadphaseMargin: 0.2,
  hitSpeed: 1,
});

const OPTION_KEYS = Object.keys(DEFAULT_OPTIONS);

/** Returns a copy of `base` with the checked fields of `patch`; throws before changing anything. @internal */
export function mergeOptions(base: WorldOptions, patch: unknown, where = 'World options'): WorldOptions {
  const p = checkObject(where, patch ?? {});
  checkKeys(where, p, OPTION_KEYS);
  const out: WorldOptions = { ...base, gravity: { ...base.gravity } };
  if (p.gravity !== undefined) {
    const g = checkObject('gravity', p.gravity);
    checkKeys('gravity', g, ['x', 'y']);
    // A missing component keeps its value; null is a value, and a wrong one.
    out.gravity = {
      x: g.x === undefined ? base.gravity.x : checkNumber('gravity.x', g.x, -MAX_GRAVITY, MAX_GRAVITY),
      y: g.y === undefined ? base.gravity.y : checkNumber('gravity.y', g.y, -MAX_GRAVITY, MAX_GRAVITY),
    };
  }
  if (p.linearDamping !== undefined) out.linearDamping = checkNumber('linearDamping', p.linearDamping, 0, 1e6);
  if (p.enableSleep !== undefined) out.enableSleep = checkBoolean('enableSleep', p.enableSleep);
  if (p.iterations !== undefined) out.iterations = checkInteger('iterations', p.iterations, 1, 100);
  if (p.positionIterations !== undefined) {
    out.positionIterations = checkInteger('positionIterations', p.positionIterations, 0, 100);
  }
  if (p.overRelaxation !== undefined) out.overRelaxation = checkNumber('overRelaxation', p.overRelaxation, 1, 1.9);
  if (p.substeps !== undefined) out.substeps = checkInteger('substeps', p.substeps, 1, 64);
  if (p.restitutionThreshold !== undefined) {
    out.restitutionThreshold = checkNumber('restitutionThreshold', p.restitutionThreshold, 0, 1e6);
  }
  if (p.sleepSpeed !== undefined) out.sleepSpeed = checkNumber('sleepSpeed', p.sleepSpeed, 0, 1e6);
  if (p.timeToSleep !== undefined) {
    out.timeToSleep = checkNumber('timeToSleep', p.timeToSleep, 0, 1e6);
    if (out.timeToSleep === 0) throw new Error('timeToSleep must be greater than 0, got 0');
  }
  if (p.speculativeDistance !== undefined) {
    out.speculativeDistance = checkNumber('speculativeDistance', p.speculativeDistance, 0, 1e3);
  }
  if (p.broadphaseMargin !== undefined) {
    out.broadphaseMargin = checkNumber('broadphaseMargin', p.broadphaseMargin, 0, 1e3);
  }
  if (p.hitSpeed !== undefined) out.hitSpeed = checkNumber('hitSpeed', p.hitSpeed, 0, 1e6);
  return out;
}
