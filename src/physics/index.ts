/**
 * Jostle's physics engine: the public surface, listed by hand. The engine imports no DOM, no
 * renderer and no UI; it runs the same in Node, a browser and a worker.
 *
 * Start at {@link World}: `new World(options)`, `world.createBody(def)`, `world.step(dt)`.
 * Every body is an axis-aligned rounded rectangle ({@link BodyDef}: half extents of an inner
 * rectangle plus a corner radius). Units are metres, seconds and kilograms, and +y is up.
 *
 * @packageDocumentation
 */
export { World } from './world.js';
export type {
  StepProfile,
  WorldStats,
  RayCastResult,
  QueryFilter,
  ContactListener,
  DebugDrawer,
  BodyArrays,
} from './world.js';
export { BODY_FREE, BODY_STATIC, BODY_KINEMATIC, BODY_DYNAMIC } from './body-store.js';
export { Body } from './body.js';
export type { CollisionFilter } from './body.js';
export type { ContactData } from './contact-data.js';
export type { BodyDef, BodyType } from './body-def.js';
export { validateBodyDef } from './body-def.js';
export type { WorldOptions } from './world-options.js';
export { DEFAULT_OPTIONS } from './world-options.js';
export type { ContactEventType } from './events.js';
export type { WorldSnapshot, BodySnapshot } from './snapshot.js';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot.js';
export { pointVsRoundedRect, roundedRectOverlap, rayVsRoundedRect } from './narrowphase.js';
export type { PointHit, RayHit } from './narrowphase.js';
export { LINEAR_SLOP, pushoutSlop } from './pushout.js';
export { ENGINE_REVISION } from './revision.js';
export { mulberry32 } from './random.js';
export type { Random } from './random.js';
export { MAX_COORDINATE, MAX_SPEED, MAX_SIZE, MAX_DT } from './validate.js';
export { handleThreadMessage } from './parallel/worker.js';
export type { ThreadPool, ThreadMessage, SharedBuffers } from './parallel/pool.js';
export { ThreadChooser } from './parallel/thread-chooser.js';
export { ThreadTrial, THREAD_MODES, checkThreadMode } from './parallel/thread-trial.js';
export type { ThreadChoice, ThreadMode } from './parallel/thread-trial.js';
