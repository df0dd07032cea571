/**
 * The WebAssembly row kernels (src/physics/wasm/row-kernels.ts) against the TypeScript ones
 * they stand in for (packed-rows.ts): the same packed rows and bodies, warm-started, solved and
 * pushed out by each, must come out bit for bit the same, friction, clamps and over-relaxation
 * included.
 */
import { describe, expect, it, vi } from 'vitest';
import { BODY_DYNAMIC, BODY_FREE, BODY_KINEMATIC, BODY_STATIC, BodyStore, FAT_STRIDE } from '../../src/physics/body-store';
import { flagLeavers } from '../../src/physics/fat-exit';
import { ContactBuffer } from '../../src/physics/contacts';
import { mulberry32 } from '../../src/physics/index';
import { PACKED_STRIDE, PK_BIAS, PK_FRICTION, PK_IMPULSE, PK_MASS, PK_NX, PK_NY, PK_TANGENT, pushPackedRows, solvePackedRows, unpackImpulses, warmStartPacked } from '../../src/physics/packed-rows';
import { markResting } from '../../src/physics/integrate';
import { listImpacts, prepareRows, storeImpulses } from '../../src/physics/solver';
import { bouncerLimit, listBouncers } from '../../src/physics/restitution';
import { shareStart } from '../../src/physics/parallel/jobs';
import { RESIDENT_FIELDS, RowKernels, type CollideRegions } from '../../src/physics/wasm/row-kernels';

/** Random bodies (2 to 61) and packed rows (1 to 200): any two distinct bodies a row, some static, some with friction, some rows overlapping. */
function randomRows(random: () => number): { store: BodyStore; contacts: ContactBuffer; bodies: number; rows: number } {
  const bodies = 2 + Math.floor(random() * 60);
  const rows = 1 + Math.floor(random() * 200);
  const store = new BodyStore();
  for (let i = 0; i < bodies; i++) {
    store.allocate();
    store.x[i] = random() * 10;
    store.y[i] = random() * 10;
    store.vx[i] = (random() - 0.5) * 20;
    store.vy[i] = (random() - 0.5) * 20;
    // Some at rest, at -0 too: a row that changes nothing must leave every bit of them.
    if (random() < 0.15) {
      store.vx[i] = random() < 0.5 ? -0 : 0;
      store.vy[i] = random() < 0.5 ? -0 : 0;
    }
    store.invMass[i] = random() < 0.1 ? 0 : 0.2 + random() * 3;
  }
  const contacts = new ContactBuffer();
  const buffer = new ArrayBuffer(rows * PACKED_STRIDE * 8);
  contacts.packed = new Float64Array(buffer);
  contacts.packedIds = new Int32Array(buffer);
  contacts.packedBase = new Float64Array(rows);
  const p = contacts.packed;
  for (let r = 0; r < rows; r++) {
    const k = r * PACKED_STRIDE;
    const a = Math.floor(random() * bodies);
    let b = Math.floor(random() * (bodies - 1));
    if (b >= a) b++;
    const angle = random() * 2 * Math.PI;
    contacts.packedIds[2 * k] = a;
    contacts.packedIds[2 * k + 1] = b;
    p[k + PK_NX] = Math.cos(angle);
    p[k + PK_NY] = Math.sin(angle);
    p[k + PK_MASS] = 0.1 + random();
    p[k + PK_BIAS] = random() < 0.5 ? 0 : random() * 3;
    p[k + PK_IMPULSE] = random() < 0.3 ? 0 : random() * 2;
    p[k + PK_FRICTION] = random() < 0.5 ? 0 : random();
    p[k + PK_TANGENT] = random() < 0.5 ? 0 : (random() - 0.5) * 0.5;
    // Positions differ along the normal by up to 10 m; the base makes a third of the rows overlap.
    const along = (store.x[b] - store.x[a]) * p[k + PK_NX] + (store.y[b] - store.y[a]) * p[k + PK_NY];
    contacts.packedBase[r] = -along + (random() < 0.33 ? -random() * 0.2 : random() * 0.1);
  }
  return { store, contacts, bodies, rows };
}

/** New kernels holding a copy of `contacts`' packed rows. */
function intoKernels(store: BodyStore, contacts: ContactBuffer, rows: number): RowKernels {
  const kernels = RowKernels.create();
  if (kernels === null) throw new Error('WebAssembly is not available in this Node');
  if (!kernels.reserve(rows, store.capacity)) throw new Error('no room for the rows');
  kernels.packed.set(contacts.packed.subarray(0, rows * PACKED_STRIDE));
  kernels.packedBase.set(contacts.packedBase.subarray(0, rows));
  return kernels;
}

const bits = (a: Float64Array, n: number): number[] => Array.from(a.subarray(0, n));

/** Expects the kernels' copy of the bodies' pairs to hold what (u, v) hold. */
function expectSamePairs(kernels: RowKernels, store: BodyStore, u: Float64Array, v: Float64Array, where: string): void {
  const su = new Float64Array(store.capacity);
  const sv = new Float64Array(store.capacity);
  kernels.save(su, sv, 0, store.end);
  expect(bits(su, store.end), `${where} x`).toEqual(bits(u, store.end));
  expect(bits(sv, store.end), `${where} y`).toEqual(bits(v, store.end));
}

describe('WebAssembly row kernels', () => {
  it('solve velocity passes bit for bit as solvePackedRows', () => {
    const random = mulberry32(41);
    let frictionChanges = 0;
    for (let trial = 0; trial < 50; trial++) {
      const omega = trial % 2 === 0 ? 1 : 1.5;
      const { store, contacts, rows } = randomRows(random);
      const kernels = intoKernels(store, contacts, rows);
      const tangents = bits(contacts.packed, rows * PACKED_STRIDE).filter((_, i) => i % PACKED_STRIDE === PK_TANGENT);
      kernels.load(store, store.vx, store.vy);
      kernels.setRelaxation(omega);
      for (let pass = 0; pass < 3; pass++) {
        const where = `trial ${trial} pass ${pass}`;
        // Any split of the rows into calls gives the same bits: here, two calls. The first pass is not over-relaxed.
        const cut = Math.floor(rows / 2);
        const passOmega = pass === 0 ? 1 : omega;
        const js = solvePackedRows(store, contacts, 0, cut, passOmega) + solvePackedRows(store, contacts, cut, rows, passOmega);
        const wasm = kernels.solve(0, cut, pass) + kernels.solve(cut, rows, pass);
        expect(wasm, where).toBe(js);
      }
      expectSamePairs(kernels, store, store.vx, store.vy, `trial ${trial} velocity`);
      expect(bits(kernels.packed, rows * PACKED_STRIDE), `trial ${trial} rows`).toEqual(bits(contacts.packed, rows * PACKED_STRIDE));
      const after = bits(contacts.packed, rows * PACKED_STRIDE).filter((_, i) => i % PACKED_STRIDE === PK_TANGENT);
      frictionChanges += after.filter((t, i) => t !== tangents[i]).length;
    }
    // The friction rows must have been exercised, clamps and all.
    expect(frictionChanges).toBeGreaterThan(500);
  });

  it('push out bit for bit as pushPackedRows', () => {
    const random = mulberry32(43);
    let pushes = 0;
    for (let trial = 0; trial < 50; trial++) {
      const { store, contacts, rows } = randomRows(random);
      const kernels = intoKernels(store, contacts, rows);
      kernels.load(store, store.x, store.y);
      // Slop, share of the overlap and largest push: the solver's, and a tighter cap.
      const maxPush = trial % 2 === 0 ? 0.2 : 0.02;
      kernels.setPushout(0.005, 0.8, maxPush);
      for (let pass = 0; pass < 4; pass++) {
        const js = pushPackedRows(store, contacts, 0, rows, 0.005, 0.8, maxPush);
        expect(kernels.push(0, rows), `trial ${trial} pass ${pass}`).toBe(js);
        pushes += js;
      }
      expectSamePairs(kernels, store, store.x, store.y, `trial ${trial} position`);
    }
    expect(pushes).toBeGreaterThan(1000);
  });

  it('warm-start bit for bit as warmStartPacked', () => {
    const random = mulberry32(47);
    let kicks = 0;
    for (let trial = 0; trial < 30; trial++) {
      // Rows as the collide stage writes them, in a shuffled colour order; packed by each side.
      const { store, contacts, bodies, rows } = randomRows(random);
      contacts.reserve(rows);
      contacts.count = rows;
      const order = Array.from({ length: rows }, (_, i) => i).sort(() => random() - 0.5);
      for (let i = 0; i < rows; i++) {
        const k = i * PACKED_STRIDE;
        const c = order[i];
        contacts.order[i] = c;
        contacts.a[c] = contacts.packedIds[2 * k];
        contacts.b[c] = contacts.packedIds[2 * k + 1];
        contacts.nx[c] = contacts.packed[k + PK_NX];
        contacts.ny[c] = contacts.packed[k + PK_NY];
        contacts.impulse[c] = contacts.packed[k + PK_IMPULSE];
        contacts.tangentImpulse[c] = contacts.packed[k + PK_TANGENT];
      }
      const kernels = RowKernels.create() as RowKernels;
      expect(kernels.reserve(rows, store.capacity)).toBe(true);
      const vx = store.vx.slice();
      const vy = store.vy.slice();
      // The kernels' side packs without warming, then warms in WebAssembly.
      const mine = { packed: contacts.packed, packedIds: contacts.packedIds, packedBase: contacts.packedBase };
      Object.assign(contacts, { packed: kernels.packed, packedIds: kernels.packedIds, packedBase: kernels.packedBase });
      warmStartPacked(store, contacts, 0, rows, false);
      kernels.load(store, store.vx, store.vy);
      const cut = Math.floor(rows / 3);
      kernels.warm(0, cut);
      kernels.warm(cut, rows);
      // The TypeScript side packs and warms in one walk.
      Object.assign(contacts, mine);
      warmStartPacked(store, contacts, 0, rows, true);
      expectSamePairs(kernels, store, store.vx, store.vy, `trial ${trial} velocity`);
      expect(bits(kernels.packed, rows * PACKED_STRIDE), `trial ${trial} rows`).toEqual(bits(contacts.packed, rows * PACKED_STRIDE));
      for (let i = 0; i < bodies; i++) if (store.vx[i] !== vx[i] || store.vy[i] !== vy[i]) kicks++;
    }
    expect(kicks).toBeGreaterThan(300);
  });

  it('prepare, pack and unpack, over rows resident in its memory, bit for bit as prepareRows, markResting, warmStartPacked, unpackImpulses and storeImpulses', () => {
    const random = mulberry32(53);
    const dt = 1 / 60;
    let impacts = 0;
    let unequal = 0;
    let frictional = 0;
    let resting = 0;
    let bouncing = 0;
    let tooMany = 0;
    let edged = 0;
    for (let trial = 0; trial < 30; trial++) {
      // Rows as the collide stage writes them, in a shuffled colour order, over bodies of every
      // kind that prepareRows reads: static or dynamic, a gravity scale, a friction.
      const { store, contacts, rows } = randomRows(random);
      for (let i = 0; i < store.end; i++) {
        store.kind[i] = store.invMass[i] === 0 ? BODY_STATIC : BODY_DYNAMIC;
        store.gravityScale[i] = random() < 0.2 ? random() * 2 : 1;
        store.friction[i] = random() < 0.5 ? 0 : random();
      }
      contacts.reserve(rows);
      contacts.count = rows;
      const order = Array.from({ length: rows }, (_, i) => i).sort(() => random() - 0.5);
      for (let c = 0; c < rows; c++) {
        const k = c * PACKED_STRIDE;
        contacts.order[c] = order[c];
        contacts.a[c] = contacts.packedIds[2 * k];
        contacts.b[c] = contacts.packedIds[2 * k + 1];
        contacts.nx[c] = contacts.packed[k + PK_NX];
        contacts.ny[c] = contacts.packed[k + PK_NY];
        contacts.separation[c] = random() < 0.4 ? -random() * 0.05 : random() * 0.2;
        contacts.baseSeparation[c] = contacts.packedBase[c];
        contacts.impulse[c] = contacts.packed[k + PK_IMPULSE];
        contacts.tangentImpulse[c] = contacts.packed[k + PK_TANGENT];
      }
      const [gx, gy] = trial % 3 === 0 ? [0, 0] : trial % 3 === 1 ? [0, -9.81] : [3, -20];
      // The kernels' side: the rows' fields copied into its memory, where the collide stage
      // writes them when they are resident.
      const kernels = RowKernels.create() as RowKernels;
      expect(kernels.reserve(rows, store.capacity, true, 2 * rows + 3)).toBe(true);
      const views = kernels.rowViews;
      if (views === null) throw new Error('no resident rows');
      for (const name of RESIDENT_FIELDS) (views[name] as Float64Array).set((contacts[name] as Float64Array).subarray(0, rows));
      const regions = kernels.collideRegions;
      if (regions === null) throw new Error('no collide regions');
      regions.resting.fill(7);
      // The bodies in two blocks split anywhere, as the threads' JOB_LOAD_BODIES splits them
      // (which also clears the resting marks).
      const cut = Math.floor(random() * store.end);
      kernels.load(store, store.vx, store.vy, 0, cut);
      kernels.load(store, store.vx, store.vy, cut, store.end);
      kernels.loadMaterials(store, cut, store.end);
      kernels.loadMaterials(store, 0, cut);
      // In two ranges split anywhere, as threads split it.
      kernels.positions(rows);
      const split = Math.floor(random() * rows);
      const fromKernels = kernels.prepare(0, split, dt, gx, gy) + kernels.prepare(split, rows, dt, gx, gy);
      // The TypeScript side.
      const fromTs = prepareRows(store, contacts, 0, rows, dt, gx, gy);
      warmStartPacked(store, contacts, 0, rows, false);
      store.passMark.fill(0, 0, store.end);
      markResting(store, contacts, 0, rows);
      const where = `trial ${trial}`;
      expect(fromKernels, `${where} unequal`).toBe(fromTs);
      expect(Array.from(regions.resting.subarray(0, store.end)), `${where} resting marks`).toEqual(Array.from(store.passMark.subarray(0, store.end)));
      resting += store.passMark.subarray(0, store.end).filter((m) => m !== 0).length;
      for (const name of ['mass', 'approach', 'bias', 'friction', 'bounce', 'warmImpulse', 'warmTangent'] as const) {
        expect(Array.from(views[name].subarray(0, rows)), `${where} ${name}`).toEqual(Array.from(contacts[name].subarray(0, rows)));
      }
      expect(bits(kernels.packed, rows * PACKED_STRIDE), `${where} packed`).toEqual(bits(contacts.packed, rows * PACKED_STRIDE));
      // The impacts and the rows that may bounce, listed from the prepared rows as the TypeScript
      // scans list them. The threshold falls between an impact's approach and that approach less
      // gravity's drift after the impact, where one has a drift: the drift decides that row.
      listImpacts(store, contacts, dt, gx, gy);
      const drifting = Array.from(contacts.impactDrift.subarray(0, contacts.impactCount)).findIndex((d) => d !== 0);
      const edge = drifting < 0 ? -0.3 : contacts.approach[contacts.impacts[drifting]] - contacts.impactDrift[drifting] / 2;
      const threshold = edge < 0 ? -edge : 0.3;
      const limit = trial % 5 === 4 ? bouncerLimit(rows) : rows;
      const impactCount = kernels.lists(rows, dt, gx, gy, threshold, limit);
      expect(Array.from(regions.impactRows.subarray(0, impactCount)), `${where} impacts`).toEqual(Array.from(contacts.impacts.subarray(0, contacts.impactCount)));
      const bouncersTs = listBouncers(contacts, threshold, limit);
      const bouncersKernel = regions.listCounts[1];
      expect(bouncersKernel > limit ? -1 : bouncersKernel, `${where} bouncers`).toBe(bouncersTs);
      if (bouncersTs >= 0) {
        expect(Array.from(regions.bouncerRows.subarray(0, bouncersTs)), `${where} bouncer rows`).toEqual(Array.from(contacts.bouncers.subarray(limit, limit + bouncersTs)));
      }
      // The same lists scanned in shares (as a team's threads scan them) and joined.
      const whole = { impacts: Array.from(regions.impactRows.subarray(0, impactCount)), bouncers: Array.from(regions.bouncerRows.subarray(0, Math.min(bouncersKernel, limit))), counted: bouncersKernel };
      const shares = 2 + (trial % 3);
      const starts = Int32Array.from({ length: shares + 1 }, (_, s) => shareStart(rows, s, shares));
      regions.impactRows.fill(-1);
      regions.bouncerRows.fill(-1);
      for (let s = shares - 1; s >= 0; s--) kernels.listShare(s, starts[s], starts[s + 1], dt, gx, gy, threshold, limit);
      expect(kernels.joinLists(shares, rows, limit), `${where} impacts in ${shares} shares`).toBe(impactCount);
      expect(Array.from(regions.impactRows.subarray(0, impactCount)), `${where} impacts in ${shares} shares`).toEqual(whole.impacts);
      expect(regions.listCounts[1], `${where} bouncers counted in ${shares} shares`).toBe(whole.counted);
      if (bouncersTs >= 0) expect(Array.from(regions.bouncerRows.subarray(0, bouncersTs)), `${where} bouncer rows in ${shares} shares`).toEqual(whole.bouncers);
      if (edge < 0) edged++;
      bouncing += Math.max(bouncersTs, 0);
      tooMany += bouncersTs < 0 ? 1 : 0;
      expect(bits(kernels.packedBase, rows), `${where} base`).toEqual(bits(contacts.packedBase, rows));
      // Passes change the packed impulses; unpacking takes them back to their rows, both ways.
      for (let i = 0; i < rows; i++) {
        const k = i * PACKED_STRIDE;
        kernels.packed[k + PK_IMPULSE] = contacts.packed[k + PK_IMPULSE] = random() * 3;
        kernels.packed[k + PK_TANGENT] = contacts.packed[k + PK_TANGENT] = random() - 0.5;
      }
      // Each row's pair, distinct, spread over more pairs than rows; the kernel's copy of the
      // pairs' warm starts starts as the cache's, and every other pair keeps its value.
      const pairCount = 2 * rows + 3;
      const pairOf = Array.from({ length: pairCount }, (_, p) => p).sort(() => random() - 0.5);
      for (let c = 0; c < rows; c++) views.pair[c] = contacts.pair[c] = pairOf[c];
      const cache = { impulse: new Float32Array(pairCount), tangentImpulse: new Float32Array(pairCount) };
      for (let p = 0; p < pairCount; p++) {
        cache.impulse[p] = regions.pairImp[p] = random();
        cache.tangentImpulse[p] = regions.pairTan[p] = random() - 0.5;
      }
      // In three ranges split anywhere, as the threads' JOB_UNPACK_KERNELS splits the rows.
      const [u1, u2] = [Math.floor(random() * rows), Math.floor(random() * rows)].sort((x, y) => x - y);
      kernels.unpack(u2, rows, true);
      kernels.unpack(0, u1, true);
      kernels.unpack(u1, u2, true);
      unpackImpulses(contacts, 0, rows);
      expect(bits(views.impulse, rows), `${where} unpacked impulse`).toEqual(bits(contacts.impulse, rows));
      expect(bits(views.tangentImpulse, rows), `${where} unpacked tangent`).toEqual(bits(contacts.tangentImpulse, rows));
      storeImpulses(contacts, cache, 0, rows);
      const fromKernel = { impulse: new Float32Array(pairCount), tangentImpulse: new Float32Array(pairCount) };
      kernels.storedImpulses(fromKernel, 0, pairCount);
      expect(Array.from(fromKernel.impulse), `${where} pairs' impulses`).toEqual(Array.from(cache.impulse));
      expect(Array.from(fromKernel.tangentImpulse), `${where} pairs' tangent impulses`).toEqual(Array.from(cache.tangentImpulse));
      impacts += Array.from(contacts.bounce.subarray(0, rows)).filter((t) => t !== 0).length;
      frictional += Array.from(contacts.friction.subarray(0, rows)).filter((f) => f !== 0).length;
      unequal += fromTs;
    }
    // Every branch of prepareRows must have been taken: impacts, friction, unequal masses.
    expect(impacts).toBeGreaterThan(100);
    expect(frictional).toBeGreaterThan(300);
    expect(unequal).toBeGreaterThan(300);
    expect(resting).toBeGreaterThan(300);
    expect(bouncing).toBeGreaterThan(100);
    expect(tooMany).toBeGreaterThan(0);
    expect(edged).toBeGreaterThan(5);
  });

  it('load and save move each body pair whole, for odd and even counts, resident or not', () => {
    const random = mulberry32(11);
    for (const n of [1, 2, 3, 8, 61]) {
      for (const resident of [false, true]) {
        const store = new BodyStore();
        for (let i = 0; i < n; i++) {
          store.allocate();
          store.vx[i] = random() - 0.5;
          store.vy[i] = random() + 2;
          store.invMass[i] = random();
        }
        const kernels = RowKernels.create() as RowKernels;
        expect(kernels.reserve(4, store.capacity, resident, 8)).toBe(true);
        expect(kernels.collideRegions !== null, `n ${n}`).toBe(resident);
        const inside = kernels as unknown as { heap: Float64Array; pairsAt: number; massesAt: number };
        const where = `${n} bodies, ${resident ? 'resident' : 'not resident'}`;
        // In two blocks split anywhere (JOB_LOAD_BODIES).
        const cut = Math.floor(random() * (n + 1));
        kernels.load(store, store.vx, store.vy, cut, n);
        kernels.load(store, store.vx, store.vy, 0, cut);
        const p = inside.pairsAt >> 3;
        const m = inside.massesAt >> 3;
        for (let i = 0; i < n; i++) {
          expect([inside.heap[p + 2 * i], inside.heap[p + 2 * i + 1], inside.heap[m + i]], `${where}: body ${i} in`).toEqual([store.vx[i], store.vy[i], store.invMass[i]]);
        }
        for (let i = 0; i < n; i++) {
          inside.heap[p + 2 * i] = 10 + i;
          inside.heap[p + 2 * i + 1] = -10 - i;
        }
        const u = new Float64Array(store.capacity).fill(0.5);
        const v = new Float64Array(store.capacity).fill(0.5);
        kernels.save(u, v, 0, cut);
        kernels.save(u, v, cut, n);
        for (let i = 0; i < store.capacity; i++) {
          expect([u[i], v[i]], `${where}: body ${i} out`).toEqual(i < n ? [10 + i, -10 - i] : [0.5, 0.5]);
        }
      }
    }
  });

  it('moves bytes within its memory as copyWithin does, the ranges apart or overlapping either way', () => {
    const kernels = RowKernels.create() as RowKernels;
    expect(kernels.reserve(1000, 10)).toBe(true);
    const bytes = new Uint8Array(kernels.packed.buffer, kernels.packed.byteOffset, kernels.packed.byteLength);
    const random = mulberry32(5);
    for (const [to, from, n] of [[4000, 0, 3000], [0, 5000, 2400], [100, 0, 2000], [0, 100, 2000], [37, 911, 1], [64, 64, 800], [8, 16, 0]]) {
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
      const expected = bytes.slice();
      expected.copyWithin(to, from, from + n);
      kernels.move(bytes.byteOffset + to, bytes.byteOffset + from, n);
      expect(bytes, `${n} bytes from ${from} to ${to}`).toEqual(expected);
    }
  });

  it('flags the bodies that left their fat boxes as flagLeavers does: every side, kind and sleep, in any blocks', () => {
    const random = mulberry32(5);
    const kinds = [BODY_FREE, BODY_STATIC, BODY_KINEMATIC, BODY_DYNAMIC, BODY_DYNAMIC, BODY_DYNAMIC];
    let flaggedAll = 0;
    let keptAll = 0;
    for (let round = 0; round < 30; round++) {
      const store = new BodyStore();
      const n = 1 + Math.floor(random() * 400);
      for (let i = 0; i < n; i++) {
        store.allocate();
        store.kind[i] = kinds[Math.floor(random() * kinds.length)];
        store.awake[i] = random() < 0.8 ? 1 : 0;
        store.x[i] = (random() - 0.5) * 20;
        store.y[i] = (random() - 0.5) * 20;
        store.halfWidth[i] = random() < 0.3 ? 0 : random();
        store.halfHeight[i] = random() < 0.3 ? 0 : random();
        store.radius[i] = random() < 0.3 ? 0 : random() * 0.5;
        store.vx[i] = random() < 0.2 ? 0 : (random() - 0.5) * 40;
        store.vy[i] = random() < 0.2 ? 0 : (random() - 0.5) * 40;
        // Margins from -5 cm (the body is out on that side) to 30 cm; float32, as the store keeps them.
        const margin = (): number => random() * 0.35 - 0.05;
        const o = i * FAT_STRIDE;
        store.fat[o] = store.x[i] - store.halfWidth[i] - store.radius[i] - margin();
        store.fat[o + 1] = store.y[i] - store.halfHeight[i] - store.radius[i] - margin();
        store.fat[o + 2] = store.x[i] + store.halfWidth[i] + store.radius[i] + margin();
        store.fat[o + 3] = store.y[i] + store.halfHeight[i] + store.radius[i] + margin();
      }
      const kernels = RowKernels.create() as RowKernels;
      expect(kernels.reserve(4, store.capacity, true, 8)).toBe(true);
      const dt = 1 / (30 + Math.floor(random() * 200));
      const expected = new Uint8Array(store.capacity);
      const got = new Uint8Array(store.capacity);
      const expectedCounts = new Float64Array(64);
      const gotCounts = new Float64Array(64);
      // Blocks of any length, as the threads' blocks of bodies cut the range.
      for (let from = 0, slot = 0; from < n; slot += 2) {
        const to = Math.min(n, from + 1 + Math.floor(random() * 100));
        flagLeavers(store, expected, from, to, dt, expectedCounts, slot);
        // Each block copies its own bodies in first, as the leaver job does.
        kernels.loadLeaverInputs(store, from, to);
        kernels.flagLeavers(got, from, to, dt, gotCounts, slot);
        expect([gotCounts[slot], gotCounts[slot + 1]], `round ${round}, bodies [${from}, ${to})`).toEqual([expectedCounts[slot], expectedCounts[slot + 1]]);
        from = to;
      }
      expect(Array.from(got), `round ${round}`).toEqual(Array.from(expected));
      for (let i = 0; i < n; i++) {
        if (expected[i] === 1) flaggedAll++;
        else if (store.kind[i] === BODY_DYNAMIC && store.awake[i] === 1) keptAll++;
      }
    }
    // Both answers are well represented.
    expect(flaggedAll).toBeGreaterThan(300);
    expect(keptAll).toBeGreaterThan(300);
  });

  it('lists the pairs with a moved body, in ascending order, and declines pairs it has no room for', () => {
    const random = mulberry32(9);
    for (let round = 0; round < 20; round++) {
      const bodies = 2 + Math.floor(random() * 300);
      const count = Math.floor(random() * 600);
      const a = new Int32Array(count + 5);
      const b = new Int32Array(count + 5);
      for (let p = 0; p < count; p++) {
        a[p] = Math.floor(random() * bodies);
        b[p] = Math.floor(random() * bodies);
      }
      const pending = new Uint8Array(bodies);
      for (let i = 0; i < bodies; i++) pending[i] = random() < 0.05 ? 1 : 0;
      const kernels = RowKernels.create() as RowKernels;
      expect(kernels.reserve(4, bodies, true, count + 5)).toBe(true);
      const listed = kernels.listPairsOfMoved({ a, b, count, version: round }, pending, bodies);
      const expected: number[] = [];
      for (let p = 0; p < count; p++) if ((pending[a[p]] | pending[b[p]]) !== 0) expected.push(p);
      expect(Array.from((kernels.collideRegions as CollideRegions).movedPairs.subarray(0, listed)), `round ${round}`).toEqual(expected);
      expect(kernels.listPairsOfMoved({ a, b, count: count + 6, version: round }, pending, bodies)).toBe(-1);
    }
  });

  it("copies the pairs in again only when the cache's version moved since they were loaded", () => {
    const kernels = RowKernels.create() as RowKernels;
    expect(kernels.reserve(4, 10, true, 8)).toBe(true);
    const a = Int32Array.from([0, 1, 2, 3]);
    const b = Int32Array.from([5, 6, 7, 8]);
    const pending = new Uint8Array(10);
    pending[1] = 1;
    const list = (version: number): number[] => {
      const n = kernels.listPairsOfMoved({ a, b, count: 4, version }, pending, 10);
      return Array.from((kernels.collideRegions as CollideRegions).movedPairs.subarray(0, n));
    };
    expect(list(1)).toEqual([1]);
    a[3] = 1;
    // The same version: the copy in the kernels' memory stands, as the collide stage left it.
    expect(list(1)).toEqual([1]);
    expect(list(2)).toEqual([1, 3]);
  });

  it('keeps the rows it holds and a shared memory when it grows', () => {
    const kernels = RowKernels.create() as RowKernels;
    expect(kernels).not.toBe(null);
    expect(kernels.reserve(10, 10)).toBe(true);
    kernels.packed[3] = 7.5;
    kernels.packedIds[1] = 9;
    expect(kernels.reserve(100_000, 50_000)).toBe(true);
    expect(kernels.packed.length).toBe(100_000 * PACKED_STRIDE);
    expect(kernels.packedBase.length).toBe(100_000);
    expect(kernels.packed[3]).toBe(7.5);
    expect(kernels.packedIds[1]).toBe(9);
    // In Node the memory is shared, so worker threads can run the kernels on it.
    expect(kernels.layout).not.toBe(null);
  });

  it('never detaches a buffer where the memory cannot be shared: it grows into a new memory', () => {
    // A page that is not cross-origin isolated has no SharedArrayBuffer. Growing a plain
    // memory detaches its old buffer, and in V8 11 (Node 20) a detached buffer slowed every
    // later step by a tenth (the bench README); the solver's views must stay attached.
    vi.stubGlobal('SharedArrayBuffer', undefined);
    try {
      const kernels = RowKernels.create() as RowKernels;
      expect(kernels.reserve(10, 10)).toBe(true);
      expect(kernels.layout).toBe(null);
      const before = kernels.packed;
      expect(kernels.reserve(100_000, 50_000)).toBe(true);
      expect(before.buffer.byteLength).toBeGreaterThan(0);
      expect(before.length).toBe(10 * PACKED_STRIDE);
      expect(kernels.packed.length).toBe(100_000 * PACKED_STRIDE);
      // The new memory works: a pass over it gives the TypeScript kernels' bits (a row, two bodies).
      const store = new BodyStore();
      store.allocate();
      store.allocate();
      store.vx[1] = -2;
      store.invMass[0] = 1;
      store.invMass[1] = 0.5;
      kernels.packedIds[0] = 0;
      kernels.packedIds[1] = 1;
      kernels.packed[PK_NX] = 1;
      kernels.packed[PK_MASS] = 1 / 1.5;
      kernels.load(store, store.vx, store.vy);
      expect(kernels.solve(0, 1, 1)).toBe(1);
      kernels.save(store.vx, store.vy, 0, store.end);
      // Equal and opposite: the approach of 2 m/s stopped, momentum (0 + -2/0.5 = -4) kept.
      expect(store.vx[1] - store.vx[0]).toBeCloseTo(0, 12);
      expect(store.vx[0] / store.invMass[0] + store.vx[1] / store.invMass[1]).toBeCloseTo(-4, 12);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
