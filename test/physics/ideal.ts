/**
 * Shared by the issue-12 law tests: textbook quantities measured on the public API only
 * (kinetic energy, momentum, finiteness) and a world with nothing but what a test adds.
 */
import { World, type Body, type WorldOptions } from '../../src/physics/index';

export const DT = 1 / 60;

/** A world with no gravity, no damping and no sleep unless the test asks. */
export function bareWorld(options: Partial<WorldOptions> = {}): World {
  return new World({ gravity: { x: 0, y: 0 }, linearDamping: 0, enableSleep: false, ...options });
}

/** Total kinetic energy (J) of the dynamic bodies. */
export function kineticEnergy(bodies: readonly Body[]): number {
  let e = 0;
  for (const b of bodies) if (b.type === 'dynamic') e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy);
  return e;
}

/** Total momentum (kg·m/s) of the dynamic bodies. */
export function momentum(bodies: readonly Body[]): [number, number] {
  let px = 0;
  let py = 0;
  for (const b of bodies) {
    if (b.type !== 'dynamic') continue;
    px += b.mass * b.vx;
    py += b.mass * b.vy;
  }
  return [px, py];
}

/**
 * Steps `world` `steps` times and returns the largest step-to-step rise of the dynamic bodies'
 * kinetic energy, as a fraction of the energy before that step (0 when it never rises).
 */
export function worstEnergyRise(world: World, steps: number, dt = DT): number {
  const bodies = world.getBodies();
  let before = kineticEnergy(bodies);
  let worst = 0;
  for (let k = 0; k < steps; k++) {
    world.step(dt);
    const after = kineticEnergy(bodies);
    if (before > 0) worst = Math.max(worst, (after - before) / before);
    before = after;
  }
  return worst;
}

/** True when every live body's position and velocity is a finite number. */
export function allFinite(world: World): boolean {
  return world
    .getBodies()
    .every((b) => Number.isFinite(b.x) && Number.isFinite(b.y) && Number.isFinite(b.vx) && Number.isFinite(b.vy));
}
