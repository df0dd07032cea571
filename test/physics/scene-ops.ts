/**
 * Random scenes for property tests: fast-check generators of world operations (creates,
 * teleports, velocity, shape and type changes, destroys, steps) and the code that applies them.
 */
import fc from 'fast-check';
import type { Body, BodyType, World } from '../../src/physics/index';

const TYPES: BodyType[] = ['dynamic', 'dynamic', 'dynamic', 'static', 'kinematic'];
export const pos = fc.double({ min: -12, max: 12, noNaN: true });
export const vel = fc.double({ min: -30, max: 30, noNaN: true });
const ext = fc.oneof(fc.constant(0), fc.double({ min: 0.1, max: 2, noNaN: true }));
const pick = fc.nat(1000);

export type Op =
  | { op: 'create'; type: number; x: number; y: number; vx: number; vy: number; hw: number; hh: number; r: number }
  | { op: 'move'; k: number; x: number; y: number }
  | { op: 'velocity'; k: number; vx: number; vy: number }
  | { op: 'shape'; k: number; hw: number; hh: number; r: number }
  | { op: 'type'; k: number; type: number }
  | { op: 'destroy'; k: number }
  | { op: 'step'; n: number };

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('create' as const), type: fc.nat(4), x: pos, y: pos, vx: vel, vy: vel, hw: ext, hh: ext, r: ext }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('move' as const), k: pick, x: pos, y: pos }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('velocity' as const), k: pick, vx: vel, vy: vel }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('shape' as const), k: pick, hw: ext, hh: ext, r: ext }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('type' as const), k: pick, type: fc.nat(4) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('destroy' as const), k: pick }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('step' as const), n: fc.integer({ min: 1, max: 8 }) }) },
);

/** Gives a shape an area, as bodies must have. */
function withArea(hw: number, hh: number, r: number): [number, number, number] {
  return r > 0 || (hw > 0 && hh > 0) ? [hw, hh, r] : [hw, hh, 0.25];
}

/** What to check, and when: after each step, after each destroy. */
export interface OpChecks {
  afterStep?(): void;
  afterDestroy?(): void;
}

/** Applies `o` to `world`, keeping `bodies` (the live handles) up to date. */
export function applyOp(world: World, bodies: Body[], o: Op, checks: OpChecks = {}): void {
  const body = bodies.length > 0 && o.op !== 'create' && o.op !== 'step' ? bodies[o.k % bodies.length] : undefined;
  switch (o.op) {
    case 'create': {
      const type = TYPES[o.type];
      const [halfWidth, halfHeight, radius] = withArea(o.hw, o.hh, o.r);
      const moving = type !== 'static';
      bodies.push(world.createBody({ type, x: o.x, y: o.y, vx: moving ? o.vx : 0, vy: moving ? o.vy : 0, halfWidth, halfHeight, radius }));
      break;
    }
    case 'move':
      body?.setPosition(o.x, o.y);
      break;
    case 'velocity':
      if (body !== undefined && body.type !== 'static') body.setVelocity(o.vx, o.vy);
      break;
    case 'shape':
      body?.setShape(...withArea(o.hw, o.hh, o.r));
      break;
    case 'type':
      body?.setType(TYPES[o.type]);
      break;
    case 'destroy':
      if (body !== undefined) {
        world.destroyBody(body);
        bodies.splice(bodies.indexOf(body), 1);
        checks.afterDestroy?.();
      }
      break;
    case 'step':
      for (let k = 0; k < o.n; k++) {
        world.step(1 / 60);
        checks.afterStep?.();
      }
      break;
  }
}
