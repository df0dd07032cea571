/**
 * Bad input at every public entry point: an Error whose message names the field and the value,
 * and a world exactly as it was (its whole snapshot, compared as text, and its state hash).
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_COORDINATE,
  MAX_DT,
  MAX_SIZE,
  MAX_SPEED,
  World,
  type Body,
  type BodyDef,
  type WorldOptions,
  validateBodyDef,
} from '../../src/physics/index';
import { errorOf, expectRefused, run } from './helpers';

/** A world with every kind of body, contacts, a sleeper and a teleport since the last step. */
function busyWorld(): { world: World; ball: Body; box: Body; wall: Body; mover: Body } {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const wall = world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
  const box = world.createBody({ x: 3, y: 0.5, halfWidth: 0.5, halfHeight: 0.5, radius: 0, restitution: 0 });
  const ball = world.createBody({ x: -3, y: 2, radius: 0.5, vx: 1 });
  const mover = world.createBody({ type: 'kinematic', x: 0, y: 5, halfWidth: 1, halfHeight: 0, radius: 0.25, vx: 0.5 });
  world.on('contactBegin', () => {});
  run(world, 90);
  ball.setPosition(-4, 3); // a teleport between steps
  return { world, ball, box, wall, mover };
}

/** The text `describe` gives a value in messages. */
function shown(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

const NON_FINITE = [NaN, Infinity, -Infinity];

describe('createBody refuses a bad definition and creates nothing', () => {
  const cases: Array<[string, BodyDef, string, string]> = [];
  const add = (field: string, value: unknown, extra: Partial<Record<string, unknown>> = {}): void => {
    cases.push([`${field} = ${shown(value)}`, { ...extra, [field]: value } as BodyDef, `body.${field}`, shown(value)]);
  };
  for (const v of NON_FINITE) for (const f of ['x', 'y', 'vx', 'vy', 'halfWidth', 'halfHeight', 'radius', 'density', 'restitution']) add(f, v);
  for (const f of ['halfWidth', 'halfHeight', 'radius']) add(f, -0.5);
  add('halfWidth', MAX_SIZE * 2);
  add('density', -1);
  add('density', 0);
  add('restitution', -0.1);
  add('restitution', 1.5);
  add('x', MAX_COORDINATE * 10);
  add('vy', -MAX_SPEED * 2);
  add('x', '1');
  add('type', 'wobbly');
  add('type', 3);
  add('vx', 1, { type: 'static' });

  for (const [name, def, field, value] of cases) {
    it(name, () => {
      const { world } = busyWorld();
      const count = world.bodyCount;
      expectRefused(world, () => world.createBody(def), field, value);
      expect(world.bodyCount).toBe(count);
      // Checked without a world, the same definition gets the same words.
      expect(errorOf(() => validateBodyDef(def))).toBe(errorOf(() => world.createBody(def)));
    });
  }

  it('validateBodyDef: what createBody takes passes, and the message names the definition as asked', () => {
    const good: BodyDef[] = [{}, { type: 'static', halfWidth: 10, halfHeight: 1, radius: 0 }, { type: 'kinematic', vx: 2, radius: 0.2 }, { x: -3, restitution: 1, friction: 0, density: 0.1, userData: { id: 7 } }];
    for (const def of good) {
      expect(() => validateBodyDef(def)).not.toThrow();
      expect(() => new World().createBody(def)).not.toThrow();
    }
    expect(errorOf(() => validateBodyDef({ restitution: 2 }, 'crate'))).toBe('crate.restitution must be between 0 and 1, got 2');
    expect(errorOf(() => validateBodyDef({ restitution: 2 }, ''))).toBe('restitution must be between 0 and 1, got 2');
    expect(errorOf(() => validateBodyDef({ colour: 'red' } as unknown as BodyDef, ''))).toContain('the body: unknown option "colour"');
    expect(errorOf(() => validateBodyDef(5 as unknown as BodyDef, ''))).toBe('the body must be an object, got 5');
  });

  it('a shape with zero area', () => {
    const { world } = busyWorld();
    for (const def of [
      { halfWidth: 0, halfHeight: 0, radius: 0 },
      { halfWidth: 2, halfHeight: 0, radius: 0 },
      { halfWidth: 0, halfHeight: 1e-300, radius: 0 },
    ]) {
      expectRefused(world, () => world.createBody(def), 'zero area', `halfWidth ${def.halfWidth}`);
    }
  });

  it('an unknown field', () => {
    const { world } = busyWorld();
    expectRefused(world, () => world.createBody({ colour: 'red' } as unknown as BodyDef), 'body', '"colour"');
  });

  it('a definition that is not an object', () => {
    const { world } = busyWorld();
    for (const def of [5, 'ball', [1, 2]]) {
      expectRefused(world, () => world.createBody(def as unknown as BodyDef), 'body', def === 5 ? '5' : Array.isArray(def) ? 'array' : '"ball"');
    }
  });
});

describe('every Body setter refuses bad input and leaves the world as it was', () => {
  type Call = [string, (b: Body) => void, string, string];
  const calls: Call[] = [];
  for (const v of NON_FINITE) {
    calls.push([`setPosition(${v}, 0)`, (b) => b.setPosition(v, 0), 'x', String(v)]);
    calls.push([`setPosition(0, ${v})`, (b) => b.setPosition(0, v), 'y', String(v)]);
    calls.push([`setVelocity(${v}, 0)`, (b) => b.setVelocity(v, 0), 'vx', String(v)]);
    calls.push([`setVelocity(0, ${v})`, (b) => b.setVelocity(0, v), 'vy', String(v)]);
    calls.push([`setRestitution(${v})`, (b) => b.setRestitution(v), 'restitution', String(v)]);
    calls.push([`setDensity(${v})`, (b) => b.setDensity(v), 'density', String(v)]);
    calls.push([`setShape(${v}, 1, 1)`, (b) => b.setShape(v, 1, 1), 'halfWidth', String(v)]);
    calls.push([`setShape(1, ${v}, 1)`, (b) => b.setShape(1, v, 1), 'halfHeight', String(v)]);
    calls.push([`setShape(1, 1, ${v})`, (b) => b.setShape(1, 1, v), 'radius', String(v)]);
    calls.push([`applyImpulse(${v}, 0)`, (b) => b.applyImpulse(v, 0), 'jx', String(v)]);
    calls.push([`applyImpulse(0, ${v})`, (b) => b.applyImpulse(0, v), 'jy', String(v)]);
  }
  calls.push(['setPosition beyond the largest coordinate', (b) => b.setPosition(2 * MAX_COORDINATE, 0), 'x', String(2 * MAX_COORDINATE)]);
  calls.push(['setVelocity beyond the largest speed', (b) => b.setVelocity(0, -2 * MAX_SPEED), 'vy', String(-2 * MAX_SPEED)]);
  calls.push(['setRestitution(-0.5)', (b) => b.setRestitution(-0.5), 'restitution', '-0.5']);
  calls.push(['setRestitution(1.01)', (b) => b.setRestitution(1.01), 'restitution', '1.01']);
  calls.push(['setDensity(-2)', (b) => b.setDensity(-2), 'density', '-2']);
  calls.push(['setDensity(0)', (b) => b.setDensity(0), 'density', '0']);
  calls.push(['setShape(-1, 1, 1)', (b) => b.setShape(-1, 1, 1), 'halfWidth', '-1']);
  calls.push(['setShape(1, -1, 1)', (b) => b.setShape(1, -1, 1), 'halfHeight', '-1']);
  calls.push(['setShape(1, 1, -1)', (b) => b.setShape(1, 1, -1), 'radius', '-1']);
  calls.push(['setShape(0, 0, 0)', (b) => b.setShape(0, 0, 0), 'zero area', 'radius 0']);
  calls.push(["setType('floating')", (b) => b.setType('floating' as unknown as 'static'), 'type', '"floating"']);
  calls.push(['setPosition with a string', (b) => b.setPosition('3' as unknown as number, 0), 'x', '"3"']);

  const bodies: Array<'ball' | 'box' | 'wall' | 'mover'> = ['ball', 'box', 'wall', 'mover'];
  for (const [name, call, field, value] of calls) {
    it(name, () => {
      const fixture = busyWorld();
      for (const which of bodies) expectRefused(fixture.world, () => call(fixture[which]), field, value);
    });
  }

  it('a static body refuses a velocity', () => {
    const { world, wall } = busyWorld();
    expectRefused(world, () => wall.setVelocity(1, 0), 'static', '(1, 0)');
  });

  it('an impulse that would exceed the largest speed', () => {
    const { world, ball } = busyWorld();
    expectRefused(world, () => ball.applyImpulse(1e300, 0), 'resulting vx', 'e+300');
    expectRefused(world, () => ball.applyImpulse(0, -ball.mass * MAX_SPEED * 3), 'resulting vy', '-');
  });
});

describe('World options are checked as a whole before any applies', () => {
  const bad: Array<[Partial<Record<keyof WorldOptions, unknown>> & Record<string, unknown>, string, string]> = [
    [{ gravity: { x: NaN, y: 0 } }, 'gravity.x', 'NaN'],
    [{ gravity: { x: 0, y: -Infinity } }, 'gravity.y', '-Infinity'],
    [{ gravity: 'down' }, 'gravity', '"down"'],
    [{ gravity: { x: 0, y: -10, z: 1 } }, 'gravity', '"z"'],
    [{ linearDamping: -1 }, 'linearDamping', '-1'],
    [{ linearDamping: NaN }, 'linearDamping', 'NaN'],
    [{ enableSleep: 'yes' }, 'enableSleep', '"yes"'],
    [{ iterations: 0 }, 'iterations', '0'],
    [{ iterations: 2.5 }, 'iterations', '2.5'],
    [{ iterations: Infinity }, 'iterations', 'Infinity'],
    [{ positionIterations: -1 }, 'positionIterations', '-1'],
    [{ overRelaxation: 2 }, 'overRelaxation', '2'],
    [{ overRelaxation: 0.5 }, 'overRelaxation', '0.5'],
    [{ overRelaxation: NaN }, 'overRelaxation', 'NaN'],
    [{ substeps: 0 }, 'substeps', '0'],
    [{ restitutionThreshold: -0.5 }, 'restitutionThreshold', '-0.5'],
    [{ sleepSpeed: NaN }, 'sleepSpeed', 'NaN'],
    [{ timeToSleep: 0 }, 'timeToSleep', '0'],
    [{ timeToSleep: -1 }, 'timeToSleep', '-1'],
    [{ speculativeDistance: Infinity }, 'speculativeDistance', 'Infinity'],
    [{ broadphaseMargin: -0.1 }, 'broadphaseMargin', '-0.1'],
    [{ wind: 3 }, 'options', '"wind"'],
    // A valid field alongside a bad one: the valid one must not apply either.
    [{ linearDamping: 0.5, iterations: -3 }, 'iterations', '-3'],
  ];

  for (const [options, field, value] of bad) {
    const name = JSON.stringify(options, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
    it(`new World(${name})`, () => {
      const message = errorOf(() => new World(options as Partial<WorldOptions>));
      expect(message).toContain(field.replace('options', 'World options'));
      expect(message).toContain(value);
    });
    it(`setOptions(${name})`, () => {
      const { world } = busyWorld();
      const before = world.options;
      expectRefused(world, () => world.setOptions(options as Partial<WorldOptions>), field.replace('options', 'setOptions'), value);
      expect(world.options).toEqual(before);
    });
  }

  it('options that are not an object', () => {
    expect(errorOf(() => new World(7 as unknown as Partial<WorldOptions>))).toContain('7');
    const { world } = busyWorld();
    expectRefused(world, () => world.setOptions([] as unknown as Partial<WorldOptions>), 'setOptions', 'array');
  });
});

describe('step refuses a bad dt', () => {
  for (const dt of [0, -1 / 60, NaN, Infinity, -Infinity, MAX_DT * 2, '1/60']) {
    it(`dt = ${shown(dt)}`, () => {
      const { world } = busyWorld();
      expectRefused(world, () => world.step(dt as number), 'dt', shown(dt));
    });
  }
});

describe('queries refuse bad arguments and change nothing', () => {
  const cases: Array<[string, (w: World) => unknown, string, string]> = [
    ['queryPoint(NaN, 0)', (w) => w.queryPoint(NaN, 0), 'x', 'NaN'],
    ['queryPoint(0, Infinity)', (w) => w.queryPoint(0, Infinity), 'y', 'Infinity'],
    ['queryBox(-Infinity, 0, 1, 1)', (w) => w.queryBox(-Infinity, 0, 1, 1), 'minX', '-Infinity'],
    ['queryBox(0, NaN, 1, 1)', (w) => w.queryBox(0, NaN, 1, 1), 'minY', 'NaN'],
    ['queryBox(0, 0, NaN, 1)', (w) => w.queryBox(0, 0, NaN, 1), 'maxX', 'NaN'],
    ['queryBox(0, 0, 1, Infinity)', (w) => w.queryBox(0, 0, 1, Infinity), 'maxY', 'Infinity'],
    ['queryBox with maxX < minX', (w) => w.queryBox(2, 0, 1, 1), 'maxX', '1'],
    ['queryBox with maxY < minY', (w) => w.queryBox(0, 3, 1, -3), 'maxY', '-3'],
    ['rayCast(NaN, 0, 1, 1)', (w) => w.rayCast(NaN, 0, 1, 1), 'x1', 'NaN'],
    ['rayCast(0, -Infinity, 1, 1)', (w) => w.rayCast(0, -Infinity, 1, 1), 'y1', '-Infinity'],
    ['rayCast(0, 0, Infinity, 1)', (w) => w.rayCast(0, 0, Infinity, 1), 'x2', 'Infinity'],
    ['rayCast(0, 0, 1, NaN)', (w) => w.rayCast(0, 0, 1, NaN), 'y2', 'NaN'],
    ["on('collide')", (w) => w.on('collide' as unknown as 'contactBegin', () => {}), 'event type', '"collide"'],
    ['on with a listener that is not a function', (w) => w.on('contactEnd', 5 as unknown as () => void), 'listener', '5'],
  ];
  for (const [name, call, field, value] of cases) {
    it(name, () => {
      const { world } = busyWorld();
      expectRefused(world, () => call(world), field, value);
    });
  }
});
