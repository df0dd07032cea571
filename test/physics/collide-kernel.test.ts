/**
 * The collide stage as WebAssembly (src/physics/wasm/collide-kernel.ts) against `collidePairs`
 * (collide.ts), which it stands in for while the rows live in the row kernels' memory, on one
 * thread and by blocks of pairs on threads (parallel/collide-kernel-blocks.ts, run here by the
 * calling thread alone: the blocks, their staging and their placing are the same code the
 * threads run; threads.test.ts runs them on workers): from the same world, each must make the
 * same rows bit for bit, the same walls, kinematic kicks, sleepers to wake and sensor pairs in
 * the same order, and leave the pair cache (warm starts, touching, events) the same. Worlds
 * with every case the kernel hands back to TypeScript: sensors, sleepers, a moving kinematic
 * body, two bodies at one centre, and a corner met within 1e-150 m.
 */
import { describe, expect, it } from 'vitest';
import { collidePairs } from '../../src/physics/collide';
import { COLOUR_COUNT, RowColours } from '../../src/physics/colour';
import { World, mulberry32 } from '../../src/physics/index';
import { collideInKernels } from '../../src/physics/wasm/collide-kernel';
import { collideKernelBlocks } from '../../src/physics/parallel/collide-kernel-blocks';
import { LocalRunner } from '../../src/physics/parallel/local-runner';
import { RowKernels, type CollideRegions } from '../../src/physics/wasm/row-kernels';
import { pile } from '../../src/scenes/pile';
import { internals } from './helpers';

const DT = 1 / 60;

interface Outcome {
  rows: number[][];
  /** The colour order, each row's colour and the groups' starts (colour.ts), after the collide stage. */
  colours: number[][];
  walls: number[];
  kicked: number[];
  woken: number[];
  sensors: number[];
  pairs: number[][];
  events: number;
}

/** The three ways: `collidePairs`, the kernel on one thread, the kernel by blocks. */
type Way = 'ts' | 'kernel' | 'blocks';

/** One collide stage of a copy of `world` (restored from its snapshot), one of the three ways. */
function collideOnce(world: World, way: Way): Outcome {
  const useKernel = way !== 'ts';
  const copy = World.fromJSON(world.toJSON());
  const { store, bp, contacts } = internals(copy);
  const woken: number[] = [];
  const sensors: number[] = [];
  const wake = (i: number): void => void woken.push(i);
  const onSensor = (p: number): void => void sensors.push(p);
  const spec = copy.options.speculativeDistance;
  if (useKernel) {
    // The rows move into the kernels' memory as steps that pack move them (from the restored
    // world's small buffer, so the kernel also meets more rows than there is room for).
    for (let step = 0; step <= 30; step++) expect(contacts.usePacked(true, store.capacity, false)).toBe(true);
    expect(contacts.residentRows).toBe(true);
  }
  if (way === 'blocks') {
    // It colours the rows too (the colouring kernel, as `sort` after the kernel below).
    const runner = new LocalRunner(store, contacts, bp.pairs);
    expect(collideKernelBlocks(store, bp.pairs, contacts, runner, DT, spec, wake, onSensor, new RowColours())).toBe(true);
  } else {
    if (way === 'kernel') expect(collideInKernels(store, bp.pairs, contacts, DT, spec, wake, onSensor)).toBe(true);
    else collidePairs(store, bp, contacts, DT, spec, wake, onSensor);
    // The colouring, in WebAssembly after the kernel (wasm/colour-kernel.ts), else in TypeScript.
    new RowColours().sort(store, contacts, useKernel);
  }
  const n = contacts.count;
  const fields = [contacts.a, contacts.b, contacts.pair, contacts.nx, contacts.ny, contacts.separation, contacts.baseSeparation, contacts.impulse, contacts.tangentImpulse];
  const pairs = bp.pairs;
  return {
    rows: fields.map((f) => Array.from(f.subarray(0, n))),
    colours: [Array.from(contacts.order.subarray(0, n)), Array.from(contacts.colour.subarray(0, n)), Array.from(contacts.colourStart.subarray(0, COLOUR_COUNT + 2))],
    walls: Array.from(contacts.walls.subarray(0, contacts.wallCount)),
    kicked: Array.from(contacts.kicked.subarray(0, contacts.kickedCount)),
    woken,
    sensors,
    pairs: [pairs.impulse, pairs.tangentImpulse, pairs.touching].map((f) => Array.from(f.subarray(0, pairs.count))),
    events: eventCount(copy),
  };
}

/** How many contact events the world has buffered (the collide stage adds one for each far pair that stopped touching). */
function eventCount(world: World): number {
  // Private to the world: read here only to compare the two ways.
  return (world as unknown as { events: { count: number } }).events.count;
}

/** The three ways, each compared with `collidePairs` bit for bit (Object.is: -0 and NaN count); returns the kernel's outcome. */
function expectSame(world: World): Outcome {
  const ts = collideOnce(world, 'ts');
  let kernel: Outcome | null = null;
  for (const way of ['kernel', 'blocks'] as const) {
    const wasm = collideOnce(world, way);
    expect(wasm.rows[0].length, `${way}: rows`).toBe(ts.rows[0].length);
    for (let f = 0; f < ts.rows.length; f++) {
      for (let c = 0; c < ts.rows[f].length; c++) {
        if (!Object.is(wasm.rows[f][c], ts.rows[f][c])) expect.fail(`${way}: field ${f} of row ${c}: ${wasm.rows[f][c]} against ${ts.rows[f][c]}`);
      }
    }
    expect(wasm.colours, way).toEqual(ts.colours);
    expect(wasm.walls, way).toEqual(ts.walls);
    expect(wasm.kicked, way).toEqual(ts.kicked);
    expect(wasm.woken, way).toEqual(ts.woken);
    expect(wasm.sensors, way).toEqual(ts.sensors);
    expect(wasm.pairs, way).toEqual(ts.pairs);
    expect(wasm.events, way).toBe(ts.events);
    kernel ??= wasm;
  }
  return kernel as Outcome;
}

describe.skipIf(RowKernels.create() === null)('the collide kernel', () => {
  it('makes a falling pile’s rows as collidePairs does, step after step', () => {
    const world = new World();
    pile(world, { count: 1500 });
    let most = 0;
    let walls = 0;
    for (let step = 0; step < 120; step++) {
      world.step(DT);
      if (step % 20 === 19) {
        const out = expectSame(world);
        most = Math.max(most, out.rows[0].length);
        walls = Math.max(walls, out.walls.length);
      }
    }
    expect(most).toBeGreaterThan(1000);
    expect(walls).toBeGreaterThan(10);
  });

  it('hands sensors, sleepers and a moving kinematic body back to TypeScript, in the same order', () => {
    const world = new World({ gravity: { x: 0, y: -10 }, enableSleep: true });
    world.createBody({ type: 'static', y: -0.5, halfWidth: 20, halfHeight: 0.5, radius: 0 });
    const random = mulberry32(7);
    for (let i = 0; i < 120; i++) {
      world.createBody({ x: -8 + (i % 16), y: 0.5 + Math.floor(i / 16) * 1.02, halfWidth: 0.4 * random(), halfHeight: 0.3, radius: 0.1 + 0.1 * random() });
    }
    // Let them settle and sleep, then wake the left half by hand: the right half stays asleep.
    for (let step = 0; step < 400; step++) world.step(DT);
    const bodies = world.getBodies().filter((b) => b.type === 'dynamic');
    expect(bodies.some((b) => !b.isAwake)).toBe(true);
    for (const b of bodies) if (b.x < 0) b.wake();
    world.createBody({ type: 'kinematic', x: -4, y: 3, vx: 2, halfWidth: 1, halfHeight: 0.2, radius: 0 });
    world.createBody({ sensor: true, x: 1, y: 1, halfWidth: 3, halfHeight: 1, radius: 0 });
    world.createBody({ sensor: true, x: 6, y: 2, radius: 1.5 });
    world.step(DT);
    const out = expectSame(world);
    expect(out.sensors.length).toBeGreaterThan(0);
    expect(out.kicked.length).toBeGreaterThan(0);
    expect(out.woken.length).toBeGreaterThan(0);
  });

  it('clears the warm starts of a body made a sensor, in the pair cache the solve writes back whole', () => {
    const world = new World();
    pile(world, { count: 1500 });
    for (let step = 0; step < 150; step++) world.step(DT);
    expect(internals(world).contacts.residentRows).toBe(true);
    // The body with the most warm-started pairs, made a sensor: its pairs make no rows from now on.
    const warmPairs = (json: ReturnType<World['toJSON']>, id: number): number[][] =>
      json.pairs.filter(([a, b, impulse, , tangent]) => (a === id || b === id) && (impulse !== 0 || tangent !== 0));
    const before = world.toJSON();
    const ids = world.getBodies().filter((b) => b.type === 'dynamic').map((b) => b.id);
    const id = ids.reduce((best, i) => (warmPairs(before, i).length > warmPairs(before, best).length ? i : best), ids[0]);
    expect(warmPairs(before, id).length).toBeGreaterThan(1);
    world.getBody(id)?.setSensor(true);
    world.step(DT);
    expect(internals(world).contacts.collidedInKernels).toBe(true);
    expect(warmPairs(world.toJSON(), id)).toEqual([]);
  });

  it('lists for the touching test every row whose touch began or ended: the same events and flags as walking every row', () => {
    // Two copies of a falling pile; in the second, the kernel's list is every row (the walk
    // contact-state.ts does without it). Only the order of the walk's calls may differ: none.
    const worlds = [new World(), new World()];
    const seen: string[][] = [[], []];
    worlds.forEach((world, w) => {
      pile(world, { count: 1500 });
      world.on('contactBegin', (a, b) => void seen[w].push(`begin ${a.id}-${b.id}`));
      world.on('contactEnd', (a, b) => void seen[w].push(`end ${a.id}-${b.id}`));
    });
    const listed = Object.getOwnPropertyDescriptor(RowKernels.prototype, 'touched') as PropertyDescriptor;
    let kernelSteps = 0;
    for (let step = 0; step < 200; step++) {
      worlds[0].step(DT);
      RowKernels.prototype.touched = function (this: RowKernels, n: number): number {
        const touched = (this.collideRegions as CollideRegions).touched;
        for (let c = 0; c < n; c++) touched[c] = c;
        return n;
      };
      try {
        worlds[1].step(DT);
      } finally {
        Object.defineProperty(RowKernels.prototype, 'touched', listed);
      }
      if (internals(worlds[0]).contacts.collidedInKernels) kernelSteps++;
      expect(seen[0], `step ${step}`).toEqual(seen[1]);
    }
    expect(kernelSteps).toBeGreaterThan(50);
    expect(seen[0].filter((e) => e.startsWith('end')).length).toBeGreaterThan(100);
    const { pairs } = internals(worlds[0]).bp;
    expect(Array.from(pairs.touching.subarray(0, pairs.count))).toEqual(Array.from(internals(worlds[1]).bp.pairs.touching.subarray(0, pairs.count)));
  });

  it('colours a body with more rows than there are colours as colour.ts does: the rest go to the overflow group', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.createBody({ type: 'static', x: 0, y: -2.9, halfWidth: 10, halfHeight: 0.5, radius: 0 });
    world.createBody({ x: 0, y: 0, halfWidth: 2, halfHeight: 2, radius: 0 });
    // 40 balls on the big box's edge, each overlapping it and the floor's reach: 40 rows on one body.
    for (let i = 0; i < 40; i++) {
      const t = (i / 40) * 2 * Math.PI;
      world.createBody({ x: 2.2 * Math.cos(t), y: 2.2 * Math.sin(t), radius: 0.25 });
    }
    const out = expectSame(world);
    const start = out.colours[2];
    expect(start[COLOUR_COUNT + 1] - start[COLOUR_COUNT], 'rows in the overflow group').toBeGreaterThan(0);
    expect(start[1] - start[0], 'wall rows in colour 0').toBeGreaterThan(0);
  });

  it('leaves two bodies at one centre, and a corner met within 1e-150 m, to collidePairs’s own code', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.createBody({ x: 0, y: 0, halfWidth: 0.5, halfHeight: 0.5, radius: 0 });
    world.createBody({ x: 0, y: 0, halfWidth: 0.3, halfHeight: 0.2, radius: 0.1 });
    world.createBody({ x: 5, y: 5, radius: 0.5 });
    world.createBody({ x: 5 + 1e-200, y: 5 + 1e-200, radius: 0.5 });
    const out = expectSame(world);
    expect(out.rows[0].length).toBe(2);
    // Neither normal is the kernel's placeholder (0, 0).
    for (let c = 0; c < 2; c++) expect(Math.hypot(out.rows[3][c], out.rows[4][c])).toBeCloseTo(1, 12);
  });

  it('by blocks, finds the rows it left to TypeScript, the walls and the far pairs of every block where they land', () => {
    const world = new World();
    pile(world, { count: 1500 });
    for (let step = 0; step < 60; step++) world.step(DT);
    // Made last, their pairs come after the pile's thousands: in a later block than the first.
    world.createBody({ x: 40, y: 0, halfWidth: 0.5, halfHeight: 0.5, radius: 0 });
    world.createBody({ x: 40, y: 0, halfWidth: 0.3, halfHeight: 0.2, radius: 0.1 });
    world.createBody({ x: 45, y: 5, radius: 0.5 });
    world.createBody({ x: 45 + 1e-200, y: 5 + 1e-200, radius: 0.5 });
    const out = expectSame(world);
    expect(out.pairs[0].length, 'pairs: more than one block').toBeGreaterThan(2048);
    const last = out.rows[0].length - 2;
    for (let c = last; c < last + 2; c++) expect(Math.hypot(out.rows[3][c], out.rows[4][c]), `row ${c}`).toBeCloseTo(1, 12);
  });
});
