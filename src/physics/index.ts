/**
 * Jostle's physics engine: the public surface, listed by hand. The engine imports no DOM, no
 * renderer and no UI; it runs the same in Node, a browser and a worker.
 */
export { World } from './world';
export type {
  StepProfile,
  WorldStats,
  RayCastResult,
  ContactListener,
  DebugDrawer,
  BodyArrays,
} from './world';
export { BODY_FREE, BODY_STATIC, BODY_KINEMATIC, BODY_DYNAMIC } from './body-store';
export { Body } from './body';
export type { BodyDef, BodyType } from './body-def';
export type { WorldOptions } from './world-options';
export { DEFAULT_OPTIONS } from './world-options';
export type { ContactEventType } from './events';
export type { WorldSnapshot, BodySnapshot } from './snapshot';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot';
export { pointVsRoundedRect, roundedRectOverlap, rayVsRoundedRect } from './narrowphase';
export type { PointHit, RayHit } from './narrowphase';
export { LINEAR_SLOP } from './solver';
export { mulberry32 } from './random';
export type { Random } from './random';
export { MAX_COORDINATE, MAX_SPEED, MAX_SIZE, MAX_DT } from './validate';
