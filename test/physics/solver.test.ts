/**
 * The solver's velocity passes and its pushout skip rows whose bodies have not changed since
 * they were last solved. That must change nothing: these tests compare both, bit for bit, with
 * plain versions that solve every row in every pass (written here from the rules in solver.ts's
 * header, not copied). Each runs twice: on rows in row order, where the passes read the bodies'
 * marks, and on rows in colour order, as a world steps them, where a pass on one thread walks
 * the row frontier (row-frontier.ts) instead. Last, the packed rows (packed-rows.ts) against
 * the same passes unpacked.
 */
import { describe, expect, it } from 'vitest';
import { BODY_DYNAMIC, BODY_STATIC, BodyStore } from '../../src/physics/body-store';
import { RowColours, useRowOrder } from '../../src/physics/colour';
import { ContactBuffer } from '../../src/physics/contacts';
import { mulberry32 } from '../../src/physics/index';
import { OVER_RELAXATION, solveVelocities } from '../../src/physics/solver';
import { LINEAR_SLOP, pushOut } from '../../src/physics/pushout';

/** Circles of radius 0.5 on the x axis; rows along x with the separation measured now. */
function lineOfCircles(xs: number[], rows: Array<[number, number]>, statics: number[] = []): {
  store: BodyStore;
  contacts: ContactBuffer;
} {
  const store = new BodyStore();
  for (const x of xs) {
    const i = store.allocate();
    const isStatic = statics.includes(i);
    store.kind[i] = isStatic ? BODY_STATIC : BODY_DYNAMIC;
    store.awake[i] = isStatic ? 0 : 1;
    store.x[i] = x;
    store.y[i] = 0;
    store.radius[i] = 0.5;
    store.invMass[i] = isStatic ? 0 : 1 + (i % 3);
  }
  const contacts = new ContactBuffer();
  contacts.reserve(rows.length);
  rows.forEach(([a, b], c) => {
    const nx = store.x[b] >= store.x[a] ? 1 : -1;
    contacts.a[c] = a;
    contacts.b[c] = b;
    contacts.pair[c] = c;
    contacts.nx[c] = nx;
    contacts.ny[c] = 0;
    // separation = |xb - xa| - 1; base = separation - n · (centre b - centre a) = -1.
    contacts.baseSeparation[c] = -1;
    // As the collide stage lists them: rows with a static body, in row order.
    if (statics.includes(a) || statics.includes(b)) contacts.wallCount = contacts.noteWall(contacts.wallCount, c);
  });
  contacts.count = rows.length;
  useRowOrder(contacts);
  return { store, contacts };
}

/** Adds 40 pairs of circles far from the rest, 0.5 m apart, each pair a row that never pushes. */
function addFarRows(xs: number[], rows: Array<[number, number]>): void {
  for (let k = 0; k < 40; k++) {
    rows.push([xs.length, xs.length + 1]);
    xs.push(10 + 2 * k, 11.5 + 2 * k);
  }
}

/** The two row orders the tests run in: row order, or colour order (`RowColours.sort`). */
const ORDERS = ['row order', 'colour order'] as const;
type Order = (typeof ORDERS)[number];

/** Puts the rows of `contacts` in `order`. */
function arrange(store: BodyStore, contacts: ContactBuffer, order: Order): void {
  if (order === 'colour order') new RowColours().sort(store, contacts);
}

/** Pushout with no skipping: every row, every pass, in `contacts.order`. */
function plainPushOut(store: BodyStore, contacts: ContactBuffer, passes: number): void {
  const { x, y, invMass } = store;
  for (let pass = 0; pass < passes; pass++) {
    for (let k = 0; k < contacts.count; k++) {
      const c = contacts.order[k];
      const i = contacts.a[c];
      const j = contacts.b[c];
      const nx = contacts.nx[c];
      const ny = contacts.ny[c];
      const gap = contacts.baseSeparation[c] + nx * (x[j] - x[i]) + ny * (y[j] - y[i]);
      if (!(gap < -LINEAR_SLOP)) continue;
      const depth = Math.min(-(gap + LINEAR_SLOP) * 0.8, 0.2);
      const share = depth / (invMass[i] + invMass[j]);
      x[i] -= nx * share * invMass[i];
      y[i] -= ny * share * invMass[i];
      x[j] += nx * share * invMass[j];
      y[j] += ny * share * invMass[j];
    }
  }
  // Then static bodies win: every row with a static body, pushed out to the slop in full.
  for (let c = 0; c < contacts.count; c++) {
    const i = contacts.a[c];
    const j = contacts.b[c];
    if (store.kind[i] !== BODY_STATIC && store.kind[j] !== BODY_STATIC) continue;
    const nx = contacts.nx[c];
    const ny = contacts.ny[c];
    const gap = contacts.baseSeparation[c] + nx * (x[j] - x[i]) + ny * (y[j] - y[i]);
    if (!(gap < -LINEAR_SLOP)) continue;
    const share = -(gap + LINEAR_SLOP) / (invMass[i] + invMass[j]);
    x[i] -= nx * share * invMass[i];
    y[i] -= ny * share * invMass[i];
    x[j] += nx * share * invMass[j];
    y[j] += ny * share * invMass[j];
  }
}

/** Shuffles in place, so that rows meet their neighbours' changes in every order. */
function shuffle<T>(items: T[], random: () => number): void {
  for (let k = items.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [items[k], items[j]] = [items[j], items[k]];
  }
}

/** `n` circle centres along x, each `gap()` after the last, and a row between each two neighbours, shuffled. */
function randomChain(random: () => number, n: number, gap: () => number): { xs: number[]; rows: Array<[number, number]> } {
  const xs: number[] = [];
  let x = 0;
  for (let i = 0; i < n; i++) {
    xs.push(x);
    x += gap();
  }
  const rows: Array<[number, number]> = [];
  for (let i = 0; i + 1 < n; i++) rows.push([i, i + 1]);
  shuffle(rows, random);
  return { xs, rows };
}

function positions(store: BodyStore): number[] {
  return Array.from(store.x.subarray(0, store.end));
}

/** Sequential impulses with no skipping: warm start, then every row in every pass, in `contacts.order`. */
function plainVelocities(store: BodyStore, contacts: ContactBuffer, dt: number, passes: number): void {
  const { vx, vy, invMass } = store;
  const { a, b, nx, ny, separation, impulse } = contacts;
  const kick = (c: number, j: number): void => {
    vx[a[c]] -= j * nx[c] * invMass[a[c]];
    vy[a[c]] -= j * ny[c] * invMass[a[c]];
    vx[b[c]] += j * nx[c] * invMass[b[c]];
    vy[b[c]] += j * ny[c] * invMass[b[c]];
  };
  // A row apart by a gap it closes within the step at its approach speed is an impact:
  // solved as touching (its impulse is placed at the time of impact later).
  const impact = Array.from({ length: contacts.count }, (_, c) => {
    const approach = (vx[b[c]] - vx[a[c]]) * nx[c] + (vy[b[c]] - vy[a[c]]) * ny[c];
    return separation[c] > 0 && -approach * dt > separation[c];
  });
  for (let c = 0; c < contacts.count; c++) if (impulse[c] !== 0) kick(c, impulse[c]);
  for (let pass = 0; pass < passes; pass++) {
    for (let k = 0; k < contacts.count; k++) {
      const c = contacts.order[k];
      const closing = (vx[b[c]] - vx[a[c]]) * nx[c] + (vy[b[c]] - vy[a[c]]) * ny[c];
      // Rounded as the solver rounds: the effective mass and 1 / dt are taken first.
      const gapSpeed = impact[c] ? 0 : Math.max(separation[c], 0) * (1 / dt);
      const effectiveMass = 1 / (invMass[a[c]] + invMass[b[c]]);
      // Successive over-relaxation after the first pass (these rows have no friction).
      const omega = pass === 0 ? 1 : OVER_RELAXATION;
      const total = Math.max(impulse[c] - omega * effectiveMass * (closing + gapSpeed), 0);
      const change = total - impulse[c];
      impulse[c] = total;
      if (change !== 0) kick(c, change);
    }
  }
}

/** Random velocities and warm starts on `lineOfCircles`; separations as the rows' geometry says. */
function randomMotion(store: BodyStore, contacts: ContactBuffer, random: () => number, speed: number): void {
  for (let i = 0; i < store.end; i++) {
    if (store.invMass[i] === 0) continue;
    store.vx[i] = (random() - 0.5) * speed;
    store.vy[i] = (random() - 0.5) * 0.1;
  }
  for (let c = 0; c < contacts.count; c++) {
    const i = contacts.a[c];
    const j = contacts.b[c];
    contacts.separation[c] = Math.abs(store.x[j] - store.x[i]) - 1;
    contacts.impulse[c] = random() < 0.3 ? random() * 0.5 : 0;
  }
}

/** The same circles and rows in `order`, pushed out by `pushOut` and by `plainPushOut`. */
function pushBoth(xs: number[], rows: Array<[number, number]>, statics: number[], order: Order, passes: number) {
  const skipping = lineOfCircles(xs, rows, statics);
  const plain = lineOfCircles(xs, rows, statics);
  arrange(skipping.store, skipping.contacts, order);
  arrange(plain.store, plain.contacts, order);
  pushOut(skipping.store, skipping.contacts, passes);
  plainPushOut(plain.store, plain.contacts, passes);
  return { skipping, plain };
}

describe.each(ORDERS)('pushout, rows in %s', (order) => {
  it('tests again a row whose body a later row moved in the pass before', () => {
    // Rows in this order: (1, 2) touches nothing at first; (0, 1) overlaps and pushes body 1
    // into body 2, so the second pass must test (1, 2) again and push body 2. Many far rows
    // (bodies 3 and up) keep the share of pushing rows low enough for skipping to be on.
    const xs = [0, 0.9, 1.9];
    const rows: Array<[number, number]> = [[1, 2]];
    addFarRows(xs, rows);
    rows.push([0, 1]);
    const { skipping, plain } = pushBoth(xs, rows, [], order, 4);
    expect(skipping.store.x[2]).toBeGreaterThan(1.9);
    expect(positions(skipping.store)).toEqual(positions(plain.store));
  });

  it('tests in the same pass a row whose body an earlier row of the pass moved', () => {
    // Row order (1, 2), (0, 1), (2, 3); colour order the same. The first pass pushes only
    // (0, 1), which moves body 1 into body 2. The second pushes (1, 2), which moves body 2 into
    // body 3: (2, 3), whose bodies did not move in the first pass, must be tested again in
    // this same pass, which is the last. Far rows keep the share of pushing rows low enough
    // for skipping to be on.
    const xs = [0, 0.95, 1.951, 2.952];
    const rows: Array<[number, number]> = [[1, 2], [0, 1], [2, 3]];
    addFarRows(xs, rows);
    const { skipping, plain } = pushBoth(xs, rows, [], order, 2);
    expect(plain.store.x[3]).toBeGreaterThan(2.952);
    expect(positions(skipping.store)).toEqual(positions(plain.store));
  });

  it('matches a pushout that tests every row, bit for bit, on random rows', () => {
    const random = mulberry32(7);
    let frontiers = 0;
    let listedByColouring = 0;
    for (let trial = 0; trial < 200; trial++) {
      const n = 4 + Math.floor(random() * 60);
      const xs: number[] = [];
      let x = 0;
      // Mostly apart, sometimes overlapping: few pushing rows, as in a crowd, or many, as in a pile.
      const overlapChance = trial % 2 === 0 ? 0.1 : 0.6;
      for (let i = 0; i < n; i++) {
        xs.push(x);
        x += random() < overlapChance ? 0.6 + random() * 0.4 : 1 + random() * 0.5;
      }
      const rows: Array<[number, number]> = [];
      for (let i = 0; i + 1 < n; i++) rows.push([i, i + 1]);
      for (let k = 0; k < n; k++) {
        const i = Math.floor(random() * (n - 2));
        rows.push([i, i + 2]);
      }
      shuffle(rows, random);
      const statics = random() < 0.5 ? [0] : [];
      const passes = 1 + Math.floor(random() * 6);
      const { skipping, plain } = pushBoth(xs, rows, statics, order, passes);
      expect(positions(skipping.store), `trial ${trial}`).toEqual(positions(plain.store));
      if (skipping.contacts.frontier.built) frontiers++;
      // Again from where they are, the rows coloured anew: after a pass walked the frontier,
      // the colouring lists the rows itself (row-frontier.ts's `push`).
      arrange(skipping.store, skipping.contacts, order);
      arrange(plain.store, plain.contacts, order);
      if (skipping.contacts.frontier.built) listedByColouring++;
      pushOut(skipping.store, skipping.contacts, passes);
      plainPushOut(plain.store, plain.contacts, passes);
      expect(positions(skipping.store), `trial ${trial}, again`).toEqual(positions(plain.store));
    }
    // In colour order, the skipping passes must have walked the frontier in many trials.
    if (order === 'colour order') {
      expect(frontiers).toBeGreaterThan(30);
      expect(listedByColouring).toBeGreaterThan(30);
    } else {
      expect(frontiers + listedByColouring).toBe(0);
    }
  });
});

describe.each(ORDERS)('velocity passes, rows in %s', (order) => {
  it('match sequential impulses that solve every row, bit for bit, on random rows', () => {
    const random = mulberry32(11);
    let skippable = 0;
    let frontiers = 0;
    for (let trial = 0; trial < 200; trial++) {
      const n = 4 + Math.floor(random() * 80);
      // Odd trials: mostly far apart and slow, so few rows act and the skipping is on.
      const { xs, rows } = randomChain(random, n, () => (trial % 2 === 1 ? 1.2 + random() * 2 : 0.95 + random() * 0.2));
      const statics = random() < 0.5 ? [0] : [];
      const skipping = lineOfCircles(xs, rows, statics);
      const plain = lineOfCircles(xs, rows, statics);
      const seed = Math.floor(random() * 2 ** 31);
      const speed = trial % 2 === 1 ? 2 : 20;
      randomMotion(skipping.store, skipping.contacts, mulberry32(seed), speed);
      randomMotion(plain.store, plain.contacts, mulberry32(seed), speed);
      arrange(skipping.store, skipping.contacts, order);
      arrange(plain.store, plain.contacts, order);
      const passes = 2 + Math.floor(random() * 8);
      const warm = new Float32Array(rows.length);
      solveVelocities(skipping.store, skipping.contacts, 1 / 60, passes, { impulse: warm, tangentImpulse: new Float32Array(rows.length) });
      plainVelocities(plain.store, plain.contacts, 1 / 60, passes);
      const where = `trial ${trial}`;
      expect(Array.from(skipping.store.vx.subarray(0, n)), where).toEqual(Array.from(plain.store.vx.subarray(0, n)));
      expect(Array.from(skipping.store.vy.subarray(0, n)), where).toEqual(Array.from(plain.store.vy.subarray(0, n)));
      expect(Array.from(skipping.contacts.impulse.subarray(0, rows.length)), where).toEqual(
        Array.from(plain.contacts.impulse.subarray(0, rows.length)),
      );
      expect(Array.from(warm), where).toEqual(Array.from(skipping.contacts.impulse.subarray(0, rows.length)).map(Math.fround));
      // A mark from a later pass than the first means few rows were changing: the regime in
      // which passes skip.
      if (skipping.store.passMark.subarray(0, n).some((m) => m >= 2)) skippable++;
      if (skipping.contacts.frontier.built) frontiers++;
    }
    // The skipping must actually have been on in many trials, or this test proves nothing.
    expect(skippable).toBeGreaterThan(30);
    if (order === 'colour order') expect(frontiers).toBeGreaterThan(30);
    else expect(frontiers).toBe(0);
  });
});

/**
 * Where a step's first pass visits every row (a pile), the warm start packs the rows side by side
 * in colour order and the passes that visit every row read them there (packed-rows.ts). The
 * packed passes must give the same bits as the passes over the separate arrays: here the same
 * rows are solved once packed and once not, with friction on some rows and pushout after.
 */
describe('packed rows', () => {
  it('solve and push out bit for bit as the unpacked passes, with friction on some rows', () => {
    const random = mulberry32(23);
    let packedTrials = 0;
    let storedTrials = 0;
    for (let trial = 0; trial < 100; trial++) {
      const n = 4 + Math.floor(random() * 80);
      // Odd trials: a few overlaps among gaps, so that the unpacked pushout skips rows.
      const { xs, rows } = randomChain(random, n, () => (trial % 2 === 1 && random() < 0.9 ? 1.02 : 0.9 + random() * 0.2));
      // One trial in four: a chain held at both ends, which keeps most rows changing in every
      // pass, as a pile does, so that every pass reads the packed rows.
      const statics = trial % 4 === 0 ? [0, n - 1] : random() < 0.5 ? [0] : [];
      const both = [lineOfCircles(xs, rows, statics), lineOfCircles(xs, rows, statics)];
      const seed = Math.floor(random() * 2 ** 31);
      const frictionSeed = Math.floor(random() * 2 ** 31);
      const passes = 2 + Math.floor(random() * 8);
      // The impulses each solve leaves for the next step's warm start.
      const warm = both.map(() => ({ impulse: new Float32Array(rows.length), tangentImpulse: new Float32Array(rows.length) }));
      both.forEach(({ store, contacts }, k) => {
        randomMotion(store, contacts, mulberry32(seed), 20);
        // The held chain is squeezed: every body, of one mass (so no shock pass runs), moves
        // toward its middle.
        if (trial % 4 === 0) {
          for (let i = 1; i < n - 1; i++) {
            store.vx[i] = (xs[n >> 1] - xs[i]) * 2;
            store.invMass[i] = 1;
          }
        }
        const friction = mulberry32(frictionSeed);
        for (let i = 0; i < store.end; i++) store.friction[i] = friction() < 0.5 ? 0.6 : 0;
        for (let c = 0; c < contacts.count; c++) contacts.tangentImpulse[c] = friction() < 0.3 ? 0.05 : 0;
        arrange(store, contacts, 'colour order');
        // The first packs: its first pass visits every row, as the last step's did.
        contacts.busyFirstPass = k === 0;
        solveVelocities(store, contacts, 1 / 60, passes, warm[k]);
        pushOut(store, contacts, 4);
      });
      const [packed, unpacked] = both;
      // Packed rows are solved by the WebAssembly kernels (row-kernels.test.ts compares them
      // with the TypeScript ones).
      if (packed.contacts.packedRows && packed.contacts.inKernels) packedTrials++;
      expect(unpacked.contacts.packedRows).toBe(false);
      const where = `trial ${trial}`;
      for (const field of ['vx', 'vy', 'x', 'y'] as const) {
        expect(Array.from(packed.store[field].subarray(0, n)), `${where} ${field}`).toEqual(Array.from(unpacked.store[field].subarray(0, n)));
      }
      for (const field of ['impulse', 'tangentImpulse'] as const) {
        expect(Array.from(packed.contacts[field].subarray(0, rows.length)), `${where} ${field}`).toEqual(
          Array.from(unpacked.contacts[field].subarray(0, rows.length)),
        );
        expect(Array.from(warm[0][field]), `${where} stored ${field}`).toEqual(Array.from(warm[1][field]));
      }
      if (warm[0].impulse.some((p) => p !== 0)) storedTrials++;
    }
    expect(packedTrials).toBe(100);
    expect(storedTrials).toBeGreaterThan(50);
  });

  it('lets the packed memory go after a second of steps that do not pack', () => {
    const contacts = new ContactBuffer();
    expect(contacts.usePacked(true, 16, false)).toBe(true);
    expect(contacts.packed.length).toBeGreaterThan(0);
    expect(contacts.kernels).not.toBe(null);
    for (let step = 0; step < 60; step++) expect(contacts.usePacked(false, 16, false)).toBe(false);
    expect(contacts.packed.length).toBeGreaterThan(0);
    contacts.usePacked(false, 16, false);
    expect(contacts.packed.length).toBe(0);
    expect(contacts.packedBase.length).toBe(0);
    expect(contacts.kernels).toBe(null);
    expect(contacts.usePacked(true, 16, true)).toBe(true);
    expect(contacts.packed.length).toBeGreaterThan(0);
    expect(contacts.inKernels).toBe(true);
  });
});
