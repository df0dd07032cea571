/**
 * Snapshots: `World.fromJSON(JSON.parse(JSON.stringify(world.toJSON())))` steps bit for bit like
 * the original (mid-simulation, after destroys and slot reuse, with sleepers and teleports between steps),
 * every state the engine reaches can be saved and restored, and a malformed snapshot is refused
 * with an Error naming what is wrong, never returning a half-built world.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_COORDINATE,
  MAX_SPEED,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  World,
  mulberry32,
  type WorldSnapshot,
} from '../../src/physics/index';
import { crowd } from '../../src/scenes/crowd';
import { pile } from '../../src/scenes/pile';
import { errorOf, internals, roundTrip, run, snapshotText, stateHash } from './helpers';

/** Steps both worlds in lockstep, expecting bit-identical states after every step. */
function expectLockstep(a: World, b: World, steps: number): void {
  for (let k = 0; k < steps; k++) {
    a.step(1 / 60);
    b.step(1 / 60);
    expect(stateHash(b), `step ${k}`).toBe(stateHash(a));
  }
  expect(snapshotText(b)).toBe(snapshotText(a));
}

/** A crowd that has lost and regained bodies, so free slots are reused in a known order. */
function churnedCrowd(): World {
  const world = new World();
  crowd(world, { count: 150 });
  run(world, 40);
  const random = mulberry32(7);
  const bodies = world.getBodies().filter((b) => b.type === 'dynamic');
  for (let k = 0; k < 30; k++) world.destroyBody(bodies.splice(Math.floor(random() * bodies.length), 1)[0]);
  for (let k = 0; k < 12; k++) world.createBody({ x: random() * 10 - 5, y: random() * 10 - 5, radius: 0.3, vx: 3 });
  run(world, 15);
  return world;
}

function destroyFirstDynamics(world: World): void {
  for (const body of world.getBodies().filter((b) => b.type === 'dynamic').slice(0, 5)) world.destroyBody(body);
}

describe('a restored world steps bit for bit like the original', () => {
  it('a crowd mid-simulation, after destroys and slot reuse', () => {
    const world = churnedCrowd();
    expect(internals(world).store.freeCount).toBeGreaterThan(0);
    const copy = roundTrip(world);
    expect(snapshotText(copy)).toBe(snapshotText(world));
    expectLockstep(world, copy, 60);
    // The same calls after the restore give the same slots, generations and numbers.
    destroyFirstDynamics(world);
    destroyFirstDynamics(copy);
    const made = [world, copy].map((w) => w.createBody({ x: 1, y: 1, radius: 0.4, vy: -2 }));
    expect([made[1].id, internals(copy).store.generation[made[1].id]]).toEqual([made[0].id, internals(world).store.generation[made[0].id]]);
    expectLockstep(world, copy, 30);
  });

  it('a pile with sleep on: sleepers stay asleep and wake alike', () => {
    const world = new World();
    pile(world, { count: 120 });
    // The benchmark's pile is frictionless, and a frictionless box on a flat top may slide for good.
    for (const body of world.getBodies()) body.setFriction(0.6);
    world.setOptions({ enableSleep: true });
    // Wait for most of the pile to sleep: the first few sleepers can be bodies that rest while the
    // pile still falls, and the fall wakes them again.
    let k = 0;
    world.step(1 / 60);
    while (world.stats.awakeBodies > 60) {
      world.step(1 / 60);
      if (++k > 3000) throw new Error('the pile never started to sleep');
    }
    run(world, 5);
    const copy = roundTrip(world);
    expectLockstep(world, copy, 60);
    // Sleeping state matters: bodies asleep in both, awake in both.
    const asleep = world.getBodies().filter((b) => b.type === 'dynamic' && !b.isAwake).map((b) => b.id);
    expect(asleep.length).toBeGreaterThan(0);
    expect(copy.getBodies().filter((b) => b.type === 'dynamic' && !b.isAwake).map((b) => b.id)).toEqual(asleep);
    // Throw a ball into the sleepers in both worlds.
    for (const w of [world, copy]) w.createBody({ x: 0, y: 15, radius: 0.5, vy: -20, density: 5 });
    expectLockstep(world, copy, 90);
  });

  it('with teleports between steps, kinematic movers and changed shapes and types', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, substeps: 2 });
    crowd(world, { count: 60 });
    world.setOptions({ gravity: { x: 0, y: -10 }, enableSleep: true });
    const mover = world.createBody({ type: 'kinematic', x: -5, y: 0, halfWidth: 2, halfHeight: 0.2, radius: 0.1, vx: 2 });
    run(world, 20);
    const bodies = world.getBodies();
    bodies[10].setPosition(0, 3);
    bodies[11].setShape(0.4, 0.2, 0.1);
    bodies[12].setType('static');
    bodies[13].setType('kinematic');
    bodies[13].setVelocity(0, 1);
    bodies[14].setVelocity(0, 50);
    mover.setVelocity(-1, 0.5);
    const copy = roundTrip(world);
    expectLockstep(world, copy, 90);
  });

  it('contact listeners do not matter', () => {
    const world = churnedCrowd();
    let events = 0;
    world.on('contactBegin', () => events++);
    world.on('contactEnd', () => events++);
    const copy = roundTrip(world);
    expectLockstep(world, copy, 60);
    expect(events).toBeGreaterThan(0);
  });

  it('a restored world can be snapshot and restored again', () => {
    const world = churnedCrowd();
    const second = roundTrip(roundTrip(world));
    expectLockstep(world, second, 30);
  });

  it('userData and options come back', () => {
    const world = new World({ linearDamping: 0.5, iterations: 12, enableSleep: false });
    const b = world.createBody({ userData: { name: 'crate', tags: ['a', 'b'] } });
    const copy = roundTrip(world);
    expect(copy.options).toEqual(world.options);
    expect(copy.getBody(b.id)?.userData).toEqual({ name: 'crate', tags: ['a', 'b'] });
  });
});

describe('every state the engine reaches can be saved and restored', () => {
  it('a body at the largest coordinate (its fat box reaches beyond it)', () => {
    const world = new World();
    world.createBody({ x: MAX_COORDINATE, y: -MAX_COORDINATE, radius: 0.5 });
    expect(snapshotText(roundTrip(world))).toBe(snapshotText(world));
    world.step(1 / 60);
    expect(snapshotText(roundTrip(world))).toBe(snapshotText(world));
  });

  it('a body carried past the largest coordinate by its velocity', () => {
    const world = new World();
    const b = world.createBody({ x: MAX_COORDINATE - 1, radius: 0.5, vx: MAX_SPEED });
    world.step(1);
    expect(b.x).toBeGreaterThan(MAX_COORDINATE);
    const copy = roundTrip(world);
    expectLockstep(world, copy, 5);
  });

  it('a body knocked by a kinematic body at the largest speed (clamped to it)', () => {
    const world = new World();
    world.createBody({ type: 'kinematic', x: 0, radius: 0.5, vx: MAX_SPEED });
    const ball = world.createBody({ x: 1.05, radius: 0.5, restitution: 1 });
    world.step(1 / 60);
    // The bounce would be 2 · MAX_SPEED; the step clamps every speed to MAX_SPEED.
    expect(ball.vx).toBeCloseTo(MAX_SPEED, 6);
    const copy = roundTrip(world);
    expectLockstep(world, copy, 3);
  });
});

// ---- malformed snapshots ----

/** A valid snapshot with bodies of every kind, free slots and cached pairs. */
function validSnapshot(): WorldSnapshot {
  const world = new World({ gravity: { x: 0, y: -10 } });
  world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
  world.createBody({ type: 'static', x: 12, y: 0, halfWidth: 1, halfHeight: 5, radius: 0 });
  const doomed = world.createBody({ x: 5, y: 5 });
  world.createBody({ type: 'kinematic', x: -5, y: 3, radius: 0.5, vx: 1 });
  for (let i = 0; i < 5; i++) world.createBody({ x: i - 2, y: 0.5, radius: 0.5 });
  world.destroyBody(doomed);
  run(world, 20);
  const snap = JSON.parse(snapshotText(world)) as WorldSnapshot;
  expect(snap.freeSlots.length).toBe(1);
  expect(snap.pairs.length).toBeGreaterThan(2);
  return snap;
}

type Mutable = Record<string, unknown>;
const bodyAt = (s: WorldSnapshot, k: number): Mutable => s.bodies[k] as unknown as Mutable;
/** Index in `bodies` of the first body of a type. */
const firstOf = (s: WorldSnapshot, type: string): number => s.bodies.findIndex((b) => b.type === type);

const MALFORMED: Array<[string, (s: WorldSnapshot) => unknown, RegExp]> = [
  ['null', () => null, /snapshot must be an object, got null/],
  ['a number', () => 42, /snapshot must be an object, got 42/],
  ['an array', () => [], /snapshot must be an object, got an array/],
  ['wrong format', (s) => ({ ...s, format: 'box2d-world' }), /snapshot\.format.*"box2d-world"/],
  ['wrong version', (s) => ({ ...s, version: SNAPSHOT_VERSION + 1 }), new RegExp(`snapshot\\.version.*${SNAPSHOT_VERSION + 1}`)],
  ["version as text", (s) => ({ ...s, version: String(SNAPSHOT_VERSION) }), new RegExp(`snapshot\\.version.*"${SNAPSHOT_VERSION}"`)],
  ['an unknown top-level field', (s) => ({ ...s, extra: 1 }), /snapshot.*"extra"/],
  ['missing bodies', (s) => ({ ...s, bodies: undefined }), /snapshot\.bodies must be an array/],
  ['missing pairs', (s) => ({ ...s, pairs: undefined }), /snapshot\.pairs must be an array/],
  ['missing freeSlots', (s) => ({ ...s, freeSlots: undefined }), /snapshot\.freeSlots must be an array/],
  ['missing slotCount', (s) => ({ ...s, slotCount: undefined }), /snapshot\.slotCount.*got nothing \(the field is missing\)/],
  ['slotCount too large (a slot neither body nor free)', (s) => ({ ...s, slotCount: s.slotCount + 1 }), /slot \d+ is neither a body nor free/],
  ['slotCount too small', (s) => ({ ...s, slotCount: s.slotCount - 1 }), /snapshot\.(bodies|freeSlots)\[\d+\].*must be between/],
  ['negative slotCount', (s) => ({ ...s, slotCount: -1 }), /snapshot\.slotCount.*-1/],
  ['bad options', (s) => ({ ...s, options: { ...s.options, iterations: 0 } }), /snapshot\.options: iterations.*0/],
  ['options with NaN gravity', (s) => ({ ...s, options: { ...s.options, gravity: { x: NaN, y: 0 } } }), /snapshot\.options: gravity\.x.*NaN/],
  ['an unknown option', (s) => ({ ...s, options: { ...s.options, wind: 1 } }), /snapshot\.options: unknown option "wind"/],
  ['a body with NaN x', (s) => { bodyAt(s, 0).x = NaN; return s; }, /snapshot\.bodies\[0\]\.x.*NaN/],
  ['a body with Infinity vy', (s) => { bodyAt(s, 4).vy = Infinity; return s; }, /snapshot\.bodies\[4\]\.vy.*Infinity/],
  ['a body missing y', (s) => { delete bodyAt(s, 3).y; return s; }, /snapshot\.bodies\[3\]\.y.*got nothing \(the field is missing\)/],
  ['a body missing its type', (s) => { delete bodyAt(s, 3).type; return s; }, /snapshot\.bodies\[3\]\.type/],
  ['a body of an unknown type', (s) => { bodyAt(s, 3).type = 'ghost'; return s; }, /snapshot\.bodies\[3\]\.type.*"ghost"/],
  ['a negative half width', (s) => { bodyAt(s, 0).halfWidth = -1; return s; }, /snapshot\.bodies\[0\]\.halfWidth.*-1/],
  ['a negative radius', (s) => { bodyAt(s, 4).radius = -0.5; return s; }, /snapshot\.bodies\[4\]\.radius.*-0\.5/],
  ['a zero-area shape', (s) => { Object.assign(bodyAt(s, 4), { halfWidth: 0, halfHeight: 0, radius: 0 }); return s; }, /snapshot\.bodies\[4\]\.shape has zero area/],
  ['a negative density', (s) => { bodyAt(s, 4).density = -1; return s; }, /snapshot\.bodies\[4\]\.density.*-1/],
  ['a negative restitution', (s) => { bodyAt(s, 4).restitution = -0.5; return s; }, /snapshot\.bodies\[4\]\.restitution.*-0\.5/],
  ['a static body with a velocity', (s) => { bodyAt(s, firstOf(s, 'static')).vx = 1; return s; }, /static body cannot move/],
  ['a negative sleep time', (s) => { bodyAt(s, 4).sleepTime = -1; return s; }, /snapshot\.bodies\[4\]\.sleepTime.*-1/],
  ['awake as text', (s) => { bodyAt(s, 4).awake = 'yes'; return s; }, /snapshot\.bodies\[4\]\.awake.*"yes"/],
  ['an unknown body field', (s) => { bodyAt(s, 4).pending = false; return s; }, /snapshot\.bodies\[4\]: unknown option "pending"/],
  ['a fat box of 3 numbers', (s) => { bodyAt(s, 4).fat = [0, 0, 1]; return s; }, /snapshot\.bodies\[4\]\.fat must hold 4 numbers, got 3/],
  ['a fat box with NaN', (s) => { bodyAt(s, 4).fat = [0, NaN, 1, 1]; return s; }, /snapshot\.bodies\[4\]\.fat\[1\].*NaN/],
  ['a fat box inside out', (s) => { bodyAt(s, 4).fat = [1, 0, 0, 1]; return s; }, /snapshot\.bodies\[4\]\.fat: min exceeds max/],
  ['an unknown body field', (s) => { bodyAt(s, 4).spin = 3; return s; }, /snapshot\.bodies\[4\].*"spin"/],
  ['a body that is not an object', (s) => { (s.bodies as unknown[])[2] = 7; return s; }, /snapshot\.bodies\[2\] must be an object/],
  ['a fractional id', (s) => { bodyAt(s, 4).id = 1.5; return s; }, /snapshot\.bodies\[4\]\.id must be an integer, got 1\.5/],
  ['an id out of range', (s) => { bodyAt(s, 4).id = s.slotCount; return s; }, /snapshot\.bodies\[4\]\.id.*must be between/],
  ['a negative generation', (s) => { bodyAt(s, 4).generation = -1; return s; }, /snapshot\.bodies\[4\]\.generation.*-1/],
  ['duplicate slots', (s) => { bodyAt(s, 4).id = s.bodies[3].id; return s; }, /snapshot\.bodies\[4\]\.id: slot \d+ appears twice/],
  ['a slot both free and used', (s) => { s.freeSlots[0][0] = s.bodies[0].id; return s; }, /snapshot\.freeSlots\[0\]: slot \d+ is both free and used/],
  ['a free slot out of range', (s) => { s.freeSlots[0][0] = s.slotCount + 3; return s; }, /snapshot\.freeSlots\[0\]\[0\].*must be between/],
  ['a free slot without its generation', (s) => { (s.freeSlots as unknown[])[0] = [s.freeSlots[0][0]]; return s; }, /snapshot\.freeSlots\[0\] must be \[slot, generation\]/],
  ['a pair with a >= b', (s) => { const p = s.pairs[0]; s.pairs[0] = [p[1], p[0], p[2], p[3], p[4]]; return s; }, /snapshot\.pairs\[0\]: a must be less than b/],
  ['a pair out of range', (s) => { s.pairs[0][1] = s.slotCount; return s; }, /snapshot\.pairs\[0\]\[1\].*must be between/],
  ['a pair naming a free slot', (s) => {
    const free = s.freeSlots[0][0];
    const dynamic = s.bodies[s.bodies.length - 1].id;
    s.pairs[0] = [Math.min(free, dynamic), Math.max(free, dynamic), 0, 0, 0];
    return s;
  }, /snapshot\.pairs\[0\]: names a free slot/],
  ['a pair of two static bodies', (s) => { s.pairs[0] = [s.bodies[0].id, s.bodies[1].id, 0, 0, 0]; return s; }, /snapshot\.pairs\[0\]: pair \(\d+, \d+\) has no dynamic body/],
  ['a pair listed twice', (s) => { s.pairs.push([...s.pairs[0]]); return s; }, /snapshot\.pairs\[\d+\]: pair \(\d+, \d+\) appears twice/],
  ['a fat box that misses its body', (s) => { bodyAt(s, 4).fat = [100, 100, 101, 101]; return s; }, /snapshot\.bodies\[4\]\.fat: \[100, 100, 101, 101\] does not contain the body/],
  ['a pair whose fat boxes parted', (s) => {
    const body = s.bodies.find((b) => b.id === s.pairs[0][1]) as unknown as Mutable;
    body.x = 500;
    body.y = 500;
    body.fat = [498, 498, 502, 502];
    return s;
  }, /snapshot\.pairs: bodies \d+ and \d+ are paired but their fat boxes do not overlap/],
  ['a missing pair', (s) => { s.pairs.splice(0, 1); return s; }, /snapshot\.pairs: bodies \d+ and \d+ have overlapping fat boxes but no pair/],
  ['a pair with a negative impulse', (s) => { s.pairs[0][2] = -1; return s; }, /snapshot\.pairs\[0\]\[2\].*-1/],
  ['a pair with a NaN impulse', (s) => { s.pairs[0][2] = NaN; return s; }, /snapshot\.pairs\[0\]\[2\].*NaN/],
  ['a pair touching 2', (s) => { s.pairs[0][3] = 2; return s; }, /snapshot\.pairs\[0\]\[3\].*2/],
  ['a pair of 3 items', (s) => { (s.pairs as unknown[])[0] = [0, 1, 0]; return s; }, /snapshot\.pairs\[0\] must be \[a, b, impulse, touching, friction impulse\], got 3 items/],
];

describe('a malformed snapshot is refused with a clear Error', () => {
  for (const [name, mutate, pattern] of MALFORMED) {
    it(name, () => {
      const snap = validSnapshot();
      const bad = mutate(snap);
      const text = JSON.stringify(bad, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
      expect(errorOf(() => World.fromJSON(bad))).toMatch(pattern);
      // The input is read, never written.
      expect(JSON.stringify(bad, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))).toBe(text);
    });
  }

  it('the format and version constants are what snapshots carry', () => {
    const snap = validSnapshot();
    expect([snap.format, snap.version]).toEqual([SNAPSHOT_FORMAT, SNAPSHOT_VERSION]);
  });
});

/** Every path to a leaf (number, string, boolean, null) of a JSON value. */
function leafPaths(value: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) value.forEach((v, i) => leafPaths(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) leafPaths(v, [...path, k], out);
  else out.push(path);
  return out;
}

describe('fromJSON never returns a half-built world', () => {
  it('any one corrupted field: refused with an Error, or a world that steps and saves cleanly', () => {
    const base = validSnapshot();
    const paths = leafPaths(base);
    const junk = fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -1, -0.5, 0, 0.5, 1, 2, 1e300, -1e300, 2 ** 31, 1.5, 'x', '', null, true, false, [], {});
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), junk, (k, value) => {
        const snap = JSON.parse(JSON.stringify(base)) as unknown;
        let node = snap as Record<string | number, unknown>;
        const path = paths[k];
        for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
        node[path[path.length - 1]] = value;
        let world: World | undefined;
        try {
          world = World.fromJSON(snap);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          expect((e as Error).message).toMatch(/^snapshot/);
          return;
        }
        // Accepted: it must be a whole world.
        run(world, 10);
        for (const b of world.getBodies()) {
          for (const v of [b.x, b.y, b.vx, b.vy]) expect(Number.isFinite(v)).toBe(true);
        }
        expect(snapshotText(roundTrip(world))).toBe(snapshotText(world));
      }),
      { numRuns: 400 },
    );
  });
});

describe('material fields in snapshots', () => {
  it('friction, density and restitution round-trip per body', () => {
    const world = new World();
    const a = world.createBody({ x: -2, radius: 0.5, friction: 0.25, restitution: 0.9, density: 3 });
    const b = world.createBody({ x: 2, radius: 0.5 });
    b.setFriction(1.5);
    const copy = roundTrip(world);
    expect([copy.getBody(a.id)?.friction, copy.getBody(a.id)?.restitution, copy.getBody(a.id)?.density]).toEqual([0.25, 0.9, 3]);
    expect(copy.getBody(b.id)?.friction).toBe(1.5);
  });

  it('a version 1 snapshot (saved before friction existed) loads with friction 0', () => {
    const world = new World();
    world.createBody({ radius: 0.5, friction: 0.8 });
    const old = JSON.parse(JSON.stringify(world.toJSON())) as { version: number; bodies: Array<Record<string, unknown>> };
    old.version = 1;
    for (const body of old.bodies) delete body.friction;
    expect(World.fromJSON(old).getBodies()[0].friction).toBe(0);
    // A version 2 snapshot must carry it.
    expect(errorOf(() => World.fromJSON({ ...old, version: SNAPSHOT_VERSION }))).toMatch(/bodies\[0\]\.friction must be a finite number, got nothing/);
  });
});
