/**
 * What the user did to the world between two steps, as data the timeline keeps and a replay
 * file carries: a physics-host call by name with its arguments, or, where a call cannot be
 * repeated exactly (scatter draws from the page's random stream; a scene or a file replaces
 * the world), the world it left, as snapshot text.
 */
import { World } from '../../physics/index';

/** A host call, repeated as it was made. */
export interface CallOp {
  readonly call: string;
  readonly args: readonly unknown[];
}

/** The world as the action left it (snapshot text). */
export interface WorldOp {
  readonly world: string;
}

export type InputOp = CallOp | WorldOp;

/** Whether `op` replaces the world. */
export function isWorldOp(op: InputOp): op is WorldOp {
  return 'world' in op;
}

/** Bytes `op` holds, roughly (its JSON text). */
export function opBytes(op: InputOp): number {
  return isWorldOp(op) ? op.world.length : op.call.length + JSON.stringify(op.args).length + 16;
}

/** The world a snapshot text describes (throws what the engine refuses). */
export function worldFromText(text: string): World {
  return World.fromJSON(JSON.parse(text));
}

/** The world as snapshot text (allocates). */
export function worldToText(world: World): string {
  return JSON.stringify(world.toJSON());
}

/**
 * What re-stepping drives: a world with the host that acted on it, so that a call repeated
 * does what it did (the drag spring runs in the host's step, a paused host does not drive it).
 */
export interface Stepper {
  /** The world now (a world op replaces it). */
  readonly world: World;
  /** Whether the host holds a body: no keyframe is taken then (the grab's offsets live outside the world). */
  readonly held: boolean;
  /** Whether the host is paused (it then does not drive a held body). */
  readonly paused: boolean;
  /** Applies one recorded op. */
  apply(op: InputOp): void;
  /** One step of `dt` s, as the live host steps. */
  step(dt: number): void;
}

/** Makes a stepper on `world`, its host paused or not. */
export type StepperFactory = (world: World, paused: boolean) => Stepper;
