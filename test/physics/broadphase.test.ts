/**
 * The broadphase: the pair cache always holds exactly the pairs whose fat boxes overlap and
 * that include a dynamic body (brute force over every pair, through random creates, moves,
 * velocity, shape and type changes, steps and destroys); the trees are real rbush trees that
 * hold every body under its fat box; moving one body moves one item, without a rebuild; a fast
 * body's fat box reaches far enough ahead to last several steps.
 */
import fc from 'fast-check';
import RBush from 'rbush';
import { describe, expect, it, vi } from 'vitest';
import { World, mulberry32, type Body } from '../../src/physics/index';
import type { RowKernels } from '../../src/physics/wasm/row-kernels';
import { pile } from '../../src/scenes/pile';
import { BODY_DYNAMIC, BODY_FREE, FAT_STRIDE, type BodyStore } from '../../src/physics/body-store';
import { internals, run } from './helpers';
import { applyOp, opArb, pos, vel } from './scene-ops';

/** The R-trees inside the broadphase. */
function trees(world: World): Array<RBush<unknown>> {
  const { bp } = internals(world);
  return [bp.staticTree.tree, bp.movingTree.tree];
}

/** Cached pairs as sorted "a,b" keys, checking each is ordered, live, indexed and listed once. */
function cachedPairs(world: World): string[] {
  const { bp, store } = internals(world);
  const keys: string[] = [];
  const wrong: string[] = [];
  for (let p = 0; p < bp.pairs.count; p++) {
    const a = bp.pairs.a[p];
    const b = bp.pairs.b[p];
    if (!(a < b) || store.kind[a] === BODY_FREE || store.kind[b] === BODY_FREE) wrong.push(`pair ${p} = (${a}, ${b})`);
    if (bp.pairs.find(a, b) !== p || bp.pairs.find(b, a) !== p) wrong.push(`pair ${p} not indexed`);
    keys.push(`${a},${b}`);
  }
  expect(wrong).toEqual([]);
  expect(new Set(keys).size).toBe(keys.length);
  return keys.sort();
}

/** Body i's fat box as (minX, minY, maxX, maxY). */
function fatBox(s: BodyStore, i: number): [number, number, number, number] {
  const o = i * FAT_STRIDE;
  return [s.fat[o], s.fat[o + 1], s.fat[o + 2], s.fat[o + 3]];
}

/** Brute force: every pair of live bodies with overlapping fat boxes and a dynamic member. */
function expectedPairs(world: World): string[] {
  const { store: s } = internals(world);
  const keys: string[] = [];
  for (let a = 0; a < s.end; a++) {
    if (s.kind[a] === BODY_FREE) continue;
    for (let b = a + 1; b < s.end; b++) {
      if (s.kind[b] === BODY_FREE) continue;
      if (s.kind[a] !== BODY_DYNAMIC && s.kind[b] !== BODY_DYNAMIC) continue;
      const [aMinX, aMinY, aMaxX, aMaxY] = fatBox(s, a);
      const [bMinX, bMinY, bMaxX, bMaxY] = fatBox(s, b);
      const apart = aMinX > bMaxX || bMinX > aMaxX || aMinY > bMaxY || bMinY > aMaxY;
      if (!apart) keys.push(`${a},${b}`);
    }
  }
  return keys.sort();
}

/**
 * The trees, seen through `queryFat`: they hold every live body once, and a box query returns
 * exactly the bodies whose fat boxes overlap the box (checked on the fat boxes of up to 40
 * bodies and on a few boxes around the scene), in ascending order.
 */
function expectTreesConsistent(world: World): void {
  const { store: s, bp } = internals(world);
  const live: number[] = [];
  for (let i = 0; i < s.end; i++) if (s.kind[i] !== BODY_FREE) live.push(i);
  expect(bp.treeSize).toBe(live.length);
  const query = (minX: number, minY: number, maxX: number, maxY: number): void => {
    const hits = Array.from(bp.queryFat(minX, minY, maxX, maxY).subarray(0, bp.queryCount));
    const expected = live.filter((i) => {
      const [iMinX, iMinY, iMaxX, iMaxY] = fatBox(s, i);
      return !(iMinX > maxX || iMaxX < minX || iMinY > maxY || iMaxY < minY);
    });
    expect(hits).toEqual(expected);
  };
  const every = Math.ceil(live.length / 40); // a sample of bodies keeps big scenes fast
  for (let k = 0; k < live.length; k += every) {
    const i = live[k];
    query(...fatBox(s, i));
  }
  for (let k = -2; k <= 2; k++) query(k * 5 - 1, -k * 5 - 3, k * 5 + 2, -k * 5 + 1);
}

/**
 * After a step: every body's fat box holds its tight box where the step left it, so queries
 * between steps find every body.
 */
function expectFatBoxesHeldBodies(world: World): void {
  const { store: s } = internals(world);
  const escaped: number[] = [];
  for (let i = 0; i < s.end; i++) {
    const kind = s.kind[i];
    if (kind === BODY_FREE) continue;
    const x = s.x[i];
    const y = s.y[i];
    const ex = s.halfWidth[i] + s.radius[i];
    const ey = s.halfHeight[i] + s.radius[i];
    const [minX, minY, maxX, maxY] = fatBox(s, i);
    if (minX > x - ex || minY > y - ey || maxX < x + ex || maxY < y + ey) escaped.push(i);
  }
  expect(escaped).toEqual([]);
}

describe('the pair cache equals the brute-force set of overlapping fat boxes', () => {
  it('through random creates, moves, velocity, shape and type changes, steps and destroys', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 70 }), fc.boolean(), (ops, sleep) => {
        const world = new World({ gravity: { x: 0, y: sleep ? -5 : 0 }, enableSleep: sleep, sleepSpeed: 0.5, timeToSleep: 0.1 });
        const bodies: Body[] = [];
        const check = (): void => {
          expect(cachedPairs(world)).toEqual(expectedPairs(world));
          expectTreesConsistent(world);
        };
        const afterStep = (): void => {
          check();
          expectFatBoxesHeldBodies(world);
        };
        for (const o of ops) {
          applyOp(world, bodies, o, { afterStep, afterDestroy: check });
          afterStep(); // exact between steps too: creates, moves, reshapes and type changes
        }
        world.step(1 / 60);
        check();
      }),
      { numRuns: 150 },
    );
  });

  it('in a crowd of hundreds, where the moving tree is rebuilt', () => {
    const world = new World({ enableSleep: false });
    const random = fc.sample(fc.tuple(pos, pos, vel, vel), { numRuns: 400, seed: 42 });
    for (const [x, y, vx, vy] of random) world.createBody({ x: x * 2, y: y * 2, vx, vy, radius: 0.3 });
    for (let k = 0; k < 12; k++) world.createBody({ type: 'static', x: k * 4 - 24, y: 0, halfWidth: 1.5, halfHeight: 20, radius: 0 });
    const { bp } = internals(world);
    const rebuilds = bp.rebuilds;
    for (let k = 0; k < 40; k++) {
      world.step(1 / 60);
      expect(cachedPairs(world)).toEqual(expectedPairs(world));
      expectTreesConsistent(world);
    }
    expect(bp.rebuilds).toBeGreaterThan(rebuilds); // the bulk path ran, and kept the cache exact
  });

  it('in a pile whose rows live in the kernels, where the kernels run the leaver test and list the moved pairs, through edits between steps', () => {
    const world = new World();
    pile(world, { count: 500 });
    run(world, 120); // resident from about step 85
    const { bp, contacts } = internals(world);
    expect(contacts.residentRows).toBe(true);
    const listed = vi.spyOn(contacts.kernels as RowKernels, 'listPairsOfMoved');
    const random = mulberry32(3);
    const bodies = (): Body[] => world.getBodies().filter((b) => b.type === 'dynamic');
    for (let k = 0; k < 50; k++) {
      // Between steps: a body thrown, one carried elsewhere, forty made (the store grows, and so
      // must the kernels' layout), one destroyed.
      const some = bodies();
      const pick = (): Body => some[Math.floor(random() * some.length)];
      if (k % 3 === 0) pick().setVelocity((random() - 0.5) * 30, random() * 20);
      if (k % 4 === 1) pick().setPosition((random() - 0.5) * 20, 5 + random() * 10);
      if (k % 5 === 2) for (let n = 0; n < 40; n++) world.createBody({ x: (random() - 0.5) * 20, y: 20 + random() * 5, radius: 0.2 });
      if (k % 6 === 3) world.destroyBody(pick());
      world.step(1 / 60);
      expect(cachedPairs(world), `step ${k}`).toEqual(expectedPairs(world));
      expectTreesConsistent(world);
      expectFatBoxesHeldBodies(world);
    }
    expect(contacts.residentRows).toBe(true);
    // The kernels listed the moved pairs in every step.
    const answers = listed.mock.results.map((r) => r.value as number);
    expect(answers.filter((n) => n >= 0).length).toBe(50);
    expect(bp.rebuilds).toBeGreaterThan(0);
    listed.mockRestore();
  });

  it('sorts the pair cache and builds the moving tree a step apart, so no step pays for both', () => {
    const world = new World({ enableSleep: false });
    const random = fc.sample(fc.tuple(pos, pos, vel, vel), { numRuns: 400, seed: 7 });
    for (const [x, y, vx, vy] of random) world.createBody({ x: x * 2, y: y * 2, vx, vy, radius: 0.3 });
    const { bp } = internals(world);
    let events: string[] = [];
    const sort = bp.pairs.sort.bind(bp.pairs);
    bp.pairs.sort = (bodyEnd: number): void => {
      events.push('sort');
      sort(bodyEnd);
    };
    const build = bp.movingTree.build.bind(bp.movingTree);
    bp.movingTree.build = (list: Int32Array, n: number): void => {
      events.push('build');
      build(list, n);
    };
    const log: string[][] = [];
    for (let k = 0; k < 60; k++) {
      events = [];
      world.step(1 / 60);
      log.push(events);
      expect(cachedPairs(world)).toEqual(expectedPairs(world));
      expectTreesConsistent(world); // the tree a step late still holds every body under its box
    }
    const sorts = log.flatMap((e, k) => (e.includes('sort') ? [k] : []));
    expect(sorts.length).toBeGreaterThan(1);
    for (let k = 0; k < log.length; k++) {
      expect(log[k].length, `step ${k}: ${log[k].join(', ')}`).toBeLessThanOrEqual(1);
      if (log[k][0] === 'sort' && k + 1 < log.length) expect(log[k + 1]).toEqual(['build']);
      if (log[k][0] === 'build' && k > 0) expect(log[k - 1]).toEqual(['sort']);
    }
  });
});

describe('the moved-body scratch', () => {
  it('grows for a burst of movers, shrinks once they have settled for 30 steps, and the cache stays exact', () => {
    // Gravity of 1,000 m/s² carries every body at rest out of the fat box it was created with
    // in the first step (0.28 m against a margin of 0.2), so the step's own pass moves them all.
    const world = new World({ enableSleep: false, gravity: { x: 0, y: -1000 } });
    const bodies: Body[] = [];
    for (let k = 0; k < 3000; k++) {
      bodies.push(world.createBody({ x: (k % 60) * 1.5, y: Math.floor(k / 60) * 1.5, radius: 0.5 }));
    }
    const { bp } = internals(world);
    const scratch = (): number => bp.moved.length;
    world.step(1 / 60);
    expect(scratch()).toBeGreaterThanOrEqual(2048);
    world.setOptions({ gravity: { x: 0, y: 0 } });
    for (const b of bodies) b.setVelocity(0, 0);
    for (let k = 0; k < 3; k++) {
      world.step(1 / 60);
      expect(cachedPairs(world)).toEqual(expectedPairs(world));
    }
    // Not at once: a burst dies down over several steps, and each shrink of a list that worker
    // threads share hands them new buffers.
    expect(scratch()).toBeGreaterThanOrEqual(2048);
    for (let k = 3; k < 30; k++) world.step(1 / 60);
    expect(scratch()).toBeLessThanOrEqual(256);
    for (const b of bodies) b.setVelocity(-20, 20);
    for (let k = 0; k < 3; k++) {
      world.step(1 / 60);
      expect(cachedPairs(world)).toEqual(expectedPairs(world));
    }
  });
});

describe('pairs need a dynamic body', () => {
  it('overlapping static and kinematic bodies form no pairs', () => {
    const world = new World();
    for (let k = 0; k < 10; k++) world.createBody({ type: 'static', x: k * 0.5, y: 0, halfWidth: 1, halfHeight: 1, radius: 0 });
    for (let k = 0; k < 10; k++) world.createBody({ type: 'kinematic', x: k * 0.5, y: 0.5, radius: 1, vx: 0.1 });
    run(world, 5);
    expect(internals(world).bp.pairs.count).toBe(0);
    const ball = world.createBody({ x: 2, y: 0, radius: 0.5 });
    world.step(1 / 60);
    const pairs = cachedPairs(world);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.every((key) => key.split(',').map(Number).includes(ball.id))).toBe(true);
    // Made static, it takes its pairs with it; no static-static pair appears.
    ball.setType('static');
    world.step(1 / 60);
    expect(internals(world).bp.pairs.count).toBe(0);
  });
});

describe('the trees', () => {
  it('are real rbush trees (no mock)', () => {
    const world = new World();
    world.createBody({ type: 'static', radius: 1 });
    world.createBody({ x: 5, radius: 1 });
    world.step(1 / 60);
    const found = trees(world);
    expect(found.length).toBe(2); // one for static bodies, one for the others
    expect(found.reduce((n, tree) => n + tree.all().length, 0)).toBe(2);
    // rbush's own search finds the moving body under its fat box.
    expect(found.reduce((n, tree) => n + tree.search({ minX: 4.5, minY: -0.5, maxX: 5.5, maxY: 0.5 }).length, 0)).toBe(1);
  });

  it('moving one body moves one item: no rebuild, same tree size', () => {
    const world = new World({ enableSleep: false });
    const bodies: Body[] = [];
    for (let i = 0; i < 300; i++) bodies.push(world.createBody({ x: (i % 20) * 3, y: Math.floor(i / 20) * 3, radius: 0.5 }));
    for (let i = 0; i < 8; i++) world.createBody({ type: 'static', x: i * 8, y: -5, halfWidth: 3, halfHeight: 1, radius: 0 });
    run(world, 3);
    const { bp } = internals(world);
    const rebuilds = bp.rebuilds;
    const size = bp.treeSize;
    expect(size).toBe(308);
    for (let k = 0; k < 5; k++) {
      const body = bodies[37 * k + 11];
      body.setPosition(-20 - 3 * k, 50 + k);
      world.step(1 / 60);
      expect(world.stats.movedInTree).toBe(1);
      expect(bp.rebuilds).toBe(rebuilds);
      expect(bp.treeSize).toBe(size);
      expect(world.queryPoint(-20 - 3 * k, 50 + k)).toEqual([body]);
      expectTreesConsistent(world);
    }
  });
});

describe('fat boxes reach ahead', () => {
  it('a body travelling faster than the margin per step moves in the tree only every few steps', () => {
    // 30 m/s is 0.5 m a step against a margin of 0.2 m: a box holding one step of travel would
    // be left every step. Reaching further ahead, the body keeps its box for three.
    const world = new World({ enableSleep: false, gravity: { x: 0, y: 0 } });
    world.createBody({ x: 0, y: 0, vx: 30, radius: 0.5 });
    world.step(1 / 60);
    let moves = 0;
    for (let k = 0; k < 30; k++) {
      world.step(1 / 60);
      moves += world.stats.movedInTree;
    }
    expect(moves).toBeGreaterThan(0);
    expect(moves).toBeLessThanOrEqual(10);
  });
});
