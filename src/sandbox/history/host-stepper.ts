/**
 * A Stepper over a physics host of the kind the page steps on its own thread: the timeline
 * and replay playback make one on a restored world and repeat the recorded calls on it, so a
 * re-stepped span runs the same code as the live one.
 */
import type { World } from '../../physics/index';
import type { PhysicsHost } from '../physics-host';
import { isWorldOp, worldFromText, type InputOp, type Stepper } from './ops';

/** A host that steps the world itself (the local host). */
export interface SteppingHost extends PhysicsHost {
  /** The body held, or null. */
  held: object | null;
  step(dt: number): void;
}

/** Where the host finds the world (a world op swaps it). */
export interface StepperWorld {
  readonly world: World;
}

export class HostStepper implements Stepper {
  world: World;
  paused: boolean;
  private readonly host: SteppingHost;

  constructor(world: World, paused: boolean, makeHost: (where: StepperWorld) => SteppingHost) {
    this.world = world;
    this.paused = paused;
    this.host = makeHost(this);
    // Only `paused` matters to a host without a loop: rate and time scale are the loop's.
    this.host.setClock(paused, 60, 1);
  }

  get held(): boolean {
    return this.host.held !== null;
  }

  apply(op: InputOp): void {
    if (isWorldOp(op)) {
      this.world = worldFromText(op.world);
      this.host.held = null;
      return;
    }
    const method: unknown = (this.host as unknown as Record<string, unknown>)[op.call];
    if (typeof method !== 'function') throw new Error(`the host has no action "${op.call}"`);
    (method as (...args: unknown[]) => unknown).apply(this.host, [...op.args]);
    // The clock call is the one that pauses the host; keyframes taken while re-stepping record it.
    if (op.call === 'setClock') this.paused = op.args[0] === true;
  }

  step(dt: number): void {
    this.host.step(dt);
  }
}
