/**
 * Homes (colour.ts): with several threads, each colour's rows are sorted by the thread that owns
 * their body, so that each thread starts every pass on its own bodies. This must change nothing
 * but the order within a colour: the same colours, the same rows in each, the overflow group in
 * row order, and every home a run of ascending rows (restitution follows its impacts along them).
 * The colouring kernel's order by homes (on threads, rows in the kernels' memory) likewise, with
 * each home's border rows first.
 */
import { describe, expect, it } from 'vitest';
import { BODY_DYNAMIC, BODY_STATIC, BodyStore } from '../../../src/physics/body-store';
import { COLOUR_COUNT, RowColours } from '../../../src/physics/colour';
import { ContactBuffer } from '../../../src/physics/contacts';
import { mulberry32 } from '../../../src/physics/random';
import { World } from '../../../src/physics/index';
import { RowKernels, type CollideRegions } from '../../../src/physics/wasm/row-kernels';
import { pile } from '../../../src/scenes/pile';
import { createNodePool } from './node-pool';
import { shuffledPile } from './shuffled-scenes';
import { takeBusyTimes } from '../../../src/physics/parallel/wave';
import type { StepRunner } from '../../../src/physics/parallel/jobs';

/** A store of `n` bodies, the first 4 static; `pairs` random pairs between them, about 2 in 3 made rows. */
function scene(n: number, pairs: number, seed: number) {
  const store = new BodyStore();
  for (let i = 0; i < n; i++) store.kind[store.allocate()] = i < 4 ? BODY_STATIC : BODY_DYNAMIC;
  const random = mulberry32(seed);
  const a = new Int32Array(pairs);
  const b = new Int32Array(pairs);
  const isRow = new Uint8Array(pairs);
  let rows = 0;
  for (let p = 0; p < pairs; p++) {
    // Mostly near neighbours, as in a heap, some far, some against a wall.
    const i = 4 + Math.floor(random() * (n - 4));
    const j = random() < 0.1 ? Math.floor(random() * 4) : random() < 0.8 ? Math.min(n - 1, i + 1 + Math.floor(random() * 30)) : 4 + Math.floor(random() * (n - 4));
    if (i === j) continue;
    a[p] = Math.min(i, j);
    b[p] = Math.max(i, j);
    isRow[p] = random() < 0.65 ? 1 : 0;
    rows += isRow[p];
  }
  return { store, a, b, isRow, rows };
}

function colour(s: ReturnType<typeof scene>, homes: number): ContactBuffer {
  const contacts = new ContactBuffer();
  contacts.reserve(s.rows);
  // The rows' bodies by blocks of 1,000 pairs, as the collide stage's test step lists them.
  const stride = 1000;
  const blocks = Math.ceil(s.a.length / stride);
  const rowPair = new Int32Array(s.a.length);
  const blockStart = new Int32Array(blocks);
  let rows = 0;
  for (let k = 0; k < blocks; k++) {
    blockStart[k] = rows;
    let i = k * stride;
    for (let p = k * stride; p < Math.min((k + 1) * stride, s.a.length); p++) {
      if (s.isRow[p] !== 1) continue;
      rowPair[i++] = p;
      rows++;
    }
  }
  new RowColours().sortBlocks(s.store, contacts, s.a, s.b, rowPair, blockStart, blocks, stride, s.rows, homes);
  contacts.count = s.rows;
  return contacts;
}

describe('issue 13: homes of the colour groups', () => {
  for (const homes of [2, 3]) {
    it(`with ${homes} homes: the same groups as with one, each home a run of its owner's rows, ascending`, () => {
      for (const seed of [1, 2, 3]) {
        const s = scene(3000, 9000, seed);
        const one = colour(s, 1);
        const many = colour(s, homes);
        expect(many.homes).toBe(homes);
        expect(Array.from(many.colour.subarray(0, s.rows))).toEqual(Array.from(one.colour.subarray(0, s.rows)));
        expect(Array.from(many.colourStart)).toEqual(Array.from(one.colourStart));
        // Row r's owner, from the pairs the rows came from.
        const owner: number[] = [];
        for (let p = 0; p < s.a.length; p++) {
          if (s.isRow[p] !== 1) continue;
          const body = s.store.kind[s.a[p]] === BODY_STATIC ? s.b[p] : s.a[p];
          owner.push(Math.floor((body * homes) / s.store.end));
        }
        for (let k = 0; k <= COLOUR_COUNT; k++) {
          const from = one.colourStart[k];
          const to = one.colourStart[k + 1];
          const rowsOne = Array.from(one.order.subarray(from, to));
          const rowsMany = Array.from(many.order.subarray(from, to));
          if (k === COLOUR_COUNT) {
            // The overflow group is solved one row after another: its order stays row order.
            expect(rowsMany).toEqual(rowsOne);
            continue;
          }
          expect([...rowsMany].sort((x, y) => x - y)).toEqual(rowsOne);
          expect(many.homeStart[k * homes]).toBe(from);
          expect(many.homeStart[(k + 1) * homes]).toBe(to);
          for (let h = 0; h < homes; h++) {
            const home = Array.from(many.order.subarray(many.homeStart[k * homes + h], many.homeStart[k * homes + h + 1]));
            for (const r of home) expect(owner[r]).toBe(h);
            for (let i = 1; i < home.length; i++) expect(home[i]).toBeGreaterThan(home[i - 1]);
          }
        }
      }
    });
  }

  it('with one home, the colour order is row order within each colour, as before', () => {
    const s = scene(2000, 6000, 4);
    const one = colour(s, 1);
    expect(one.homes).toBe(1);
    for (let k = 0; k < COLOUR_COUNT; k++) {
      for (let i = one.colourStart[k] + 1; i < one.colourStart[k + 1]; i++) expect(one.order[i]).toBeGreaterThan(one.order[i - 1]);
    }
  });
});

describe.skipIf(RowKernels.create() === null)('issue 13: the colouring kernel by homes', () => {
  /**
   * Checks a world's colouring on `homes` threads against the colouring of the same rows on one
   * (colour.ts in TypeScript): the same colours and groups; each colour's rows by home, a row's
   * home being its moving body's (body a's unless a is static), a home a run of bodies; in each
   * home its border rows first, so that every row touching a body
   * that two homes' rows touch is a border row (parallel/wave.ts relies on it); rows in row order
   * within each part, and the overflow group in row order.
   */
  function check(world: World, homes: number): number {
    const { store, contacts } = world.internals;
    const n = contacts.count;
    expect(contacts.homes).toBe(homes);
    expect(contacts.borderRows).toBe(true);
    const one = new ContactBuffer();
    one.reserve(n);
    one.a.set(contacts.a.subarray(0, n));
    one.b.set(contacts.b.subarray(0, n));
    one.count = n;
    new RowColours().sort(store, one);
    expect(Array.from(contacts.colour.subarray(0, n))).toEqual(Array.from(one.colour.subarray(0, n)));
    expect(Array.from(contacts.colourStart)).toEqual(Array.from(one.colourStart));
    const { homeStart, borderEnd, order, a, b } = contacts;
    const bodyHome = ((contacts.kernels as RowKernels).collideRegions as CollideRegions).homeOf;
    const overflow = Array.from(order.subarray(contacts.colourStart[COLOUR_COUNT], n));
    expect(overflow).toEqual(Array.from(one.order.subarray(one.colourStart[COLOUR_COUNT], n)));
    // Each row's home and whether it sits among its home's border rows.
    const homeOf = new Int32Array(n).fill(-1);
    const inBorder = new Uint8Array(n);
    const lowest = new Array<number>(homes).fill(Infinity);
    const highest = new Array<number>(homes).fill(-Infinity);
    for (let k = 0; k < COLOUR_COUNT; k++) {
      const rows = Array.from(order.subarray(contacts.colourStart[k], contacts.colourStart[k + 1]));
      expect([...rows].sort((x, y) => x - y)).toEqual(Array.from(one.order.subarray(one.colourStart[k], one.colourStart[k + 1])));
      expect(homeStart[k * homes]).toBe(contacts.colourStart[k]);
      for (let h = 0; h < homes; h++) {
        const from = homeStart[k * homes + h];
        const mid = borderEnd[k * homes + h];
        const to = homeStart[k * homes + h + 1];
        expect(from <= mid && mid <= to).toBe(true);
        for (let i = from; i < to; i++) {
          const c = order[i];
          const owner = store.kind[a[c]] === BODY_STATIC ? b[c] : a[c];
          expect(bodyHome[owner], `row ${c}'s home`).toBe(h);
          homeOf[c] = h;
          inBorder[c] = i < mid ? 1 : 0;
          lowest[h] = Math.min(lowest[h], owner);
          highest[h] = Math.max(highest[h], owner);
          if (i > from && i !== mid) expect(c).toBeGreaterThan(order[i - 1]);
        }
      }
    }
    const regions = (contacts.kernels as RowKernels).collideRegions as CollideRegions;
    if (regions.slotted[0] === 0) {
      // Homes by number are runs of bodies, in order.
      for (let h = 1; h < homes; h++) if (highest[h - 1] >= 0 && lowest[h] < Infinity) expect(highest[h - 1]).toBeLessThan(lowest[h]);
    } else {
      // Homes by place: the solve's slots hold home 0's bodies first, each home's in order of number.
      const { slotOf, bodyAt } = regions;
      for (let i = 0; i < store.end; i++) expect(bodyAt[slotOf[i]]).toBe(i);
      for (let s = 1; s < store.end; s++) {
        const [p, q] = [bodyAt[s - 1], bodyAt[s]];
        expect(bodyHome[p] < bodyHome[q] || (bodyHome[p] === bodyHome[q] && p < q), `slots ${s - 1} and ${s}`).toBe(true);
      }
    }
    // A moving body touched by rows of two homes: every row touching it is a border row.
    const homesOfBody = new Map<number, Set<number>>();
    const rowsOfBody = new Map<number, number[]>();
    const start = contacts.colourStart[COLOUR_COUNT];
    for (let i = 0; i < start; i++) {
      const c = order[i];
      for (const x of [a[c], b[c]]) {
        if (store.kind[x] === BODY_STATIC) continue;
        if (!homesOfBody.has(x)) homesOfBody.set(x, new Set());
        homesOfBody.get(x)?.add(homeOf[c]);
        if (!rowsOfBody.has(x)) rowsOfBody.set(x, []);
        rowsOfBody.get(x)?.push(c);
      }
    }
    let shared = 0;
    for (const [x, set] of homesOfBody) {
      if (set.size < 2) continue;
      shared++;
      for (const c of rowsOfBody.get(x) ?? []) expect(inBorder[c], `row ${c} touches body ${x}, which rows of homes ${[...set].join(', ')} touch`).toBe(1);
    }
    return shared;
  }

  /** The share of the rows that are border rows. */
  function borderShare(world: World, homes: number): number {
    const { contacts } = world.internals;
    let border = 0;
    for (let k = 0; k < COLOUR_COUNT; k++) for (let h = 0; h < homes; h++) border += contacts.borderEnd[k * homes + h] - contacts.homeStart[k * homes + h];
    return border / contacts.count;
  }

  for (const threads of [2, 3]) {
    it(`on ${threads} threads, a pile made in random order: homes by place leave few rows on a border`, async () => {
      const pool = await createNodePool(threads - 1);
      const world = new World();
      shuffledPile(world, { count: 1500 });
      world.setThreads(pool);
      const shares: number[] = [];
      try {
        for (let step = 0; step < 200; step++) {
          world.step(1 / 60);
          if (step >= 120 && step % 40 === 39) {
            check(world, threads);
            shares.push(borderShare(world, threads));
          }
        }
      } finally {
        world.setThreads(null);
        await pool.close();
      }
      // By number, nearly every row would join two homes; slabs by place meet only along their cuts.
      expect(shares.length).toBe(2);
      for (const share of shares) expect(share).toBeLessThan(0.1);
    }, 60_000);

    it(`on ${threads} threads: one thread's colour groups, by home, border rows first`, async () => {
      const pool = await createNodePool(threads - 1);
      const world = new World();
      pile(world, { count: 1500 });
      world.setThreads(pool);
      let shared = 0;
      try {
        // Its rows move into the kernels' memory once it has packed for a while.
        for (let step = 0; step < 240; step++) {
          world.step(1 / 60);
          if (step >= 120 && step % 40 === 39) shared += check(world, threads);
        }
      } finally {
        world.setThreads(null);
        await pool.close();
      }
      // Bodies that two homes' rows touch were there to check.
      expect(shared).toBeGreaterThan(0);
    }, 60_000);
  }

  it('on 2 threads, each home\'s thread says how long it solved its rows, for the next cuts', async () => {
    const threads = 2;
    const pool = await createNodePool(threads - 1);
    const world = new World();
    pile(world, { count: 3000 });
    world.setThreads(pool);
    const busy = new Float64Array(threads);
    const known: boolean[] = [];
    try {
      for (let step = 0; step < 200; step++) {
        const started = performance.now();
        world.step(1 / 60);
        const took = performance.now() - started;
        if (step < 150) continue;
        // The next colouring reads them; here the test does, after the step's two walks.
        const runner = (world as unknown as { runner: StepRunner }).runner;
        busy.fill(-1);
        const timed = takeBusyTimes(runner.wave, threads, busy);
        known.push(timed);
        for (let h = 0; h < threads; h++) {
          if (!timed) {
            // A worker late to its home (a loaded machine) had it walked by the calling thread: no times.
            expect(busy[h], `home ${h}`).toBe(-1);
            continue;
          }
          expect(busy[h], `home ${h}`).toBeGreaterThan(0);
          expect(busy[h], `home ${h}`).toBeLessThan(took);
        }
      }
    } finally {
      world.setThreads(null);
      await pool.close();
    }
    // Fifty steps read; on a machine busy enough to make a worker late at every one of them
    // the cuts would go by rows, and this test would say so.
    expect(known.length).toBe(50);
    expect(known.filter((timed) => timed).length).toBeGreaterThan(0);
  }, 60_000);
});
