/**
 * The collide stage's pair test (collide.ts) as WebAssembly, for a world whose rows live in the
 * row kernels' memory (ContactBuffer.residentRows: a pile; on threads by blocks of pairs,
 * parallel/collide-kernel-blocks.ts). Per cached
 * pair: are both bodies at rest, the CSO separation, the far test, the normal and the row,
 * operation for operation as `collidePairs`, `csoOverlap` and `roundedRectOverlap` compute
 * them, so the rows are the same bits (collide-kernel.test.ts compares them). What differs is
 * the cost of a pair: a plain load at an address for each of the two bodies' fields, not a
 * bounds-checked typed-array access, and the rows written where the solve reads them.
 *
 * The kernels' memory holds copies of the pairs' bodies and warm starts and of the bodies'
 * activity, positions, shapes and velocities, made each step (`loadCollideInputs`); the rows go
 * straight to the resident rows' fields, and the far pairs and the rows to finish in TypeScript
 * to lists (a corner met within 1e-150 m, or two bodies at one centre: rare, and
 * `collidePairs`'s code does those). Everything that calls out (events, waking, sensors) stays
 * in TypeScript.
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, type BodyStore } from '../body-store.js';
import type { PairCache } from '../pair-cache.js';
import type { ContactBuffer } from '../contacts.js';
import { roundedRectOverlap, type PointHit } from '../narrowphase.js';
import { isActive, spreadCoincident } from '../collide.js';
import { localsOf, f64, i32, op, type FunctionDef, type ValueType } from './encoder.js';
import type { CollideRegions } from './row-kernels.js';
import type { PairArrays } from '../parallel/collide-blocks.js';
import { copyRange } from './block-copy.js';

/** Body flags: moves this step (an awake dynamic body, or a kinematic one with a velocity). */
const ACTIVE = 1;
/** Body flags: static (its rows are walls). */
export const STATIC = 2;
/** Body flags: its rows need TypeScript (a sensor, a moving kinematic body, a dynamic one asleep). */
const SPECIAL = 4;
/** Body flags: a sensor (its pairs make no row). */
const SENSOR = 8;

/** The kernel's parameters, in order (byte addresses, counts, then the two numbers). */
const PARAMS = [
  'pairA', 'pairB', 'pairImp', 'pairTan', 'pairTouch', 'first', 'count', 'flags', 'xs', 'ys', 'hws', 'hhs', 'rs', 'vxs', 'vys',
  'outA', 'outB', 'outP', 'outNx', 'outNy', 'outSep', 'outBase', 'outImp', 'outTan', 'far', 'fix', 'walls', 'special', 'head', 'rowCap', 'spec', 'dt',
] as const;
const INTS = ['p', 'a', 'b', 'oa', 'ob', 'n', 'farN', 'fixN', 'wallN', 'specialN', 'fixup', 'o4', 'o8', 'both'] as const;
const FLOATS = [
  'xa', 'ya', 'dx', 'dy', 'cw', 'ch', 'cr', 'qx', 'qy', 'mx', 'my', 'inner', 'bound', 'sep', 'rvx', 'rvy',
  'reach', 'ox', 'oy', 'sx', 'sy', 'dist', 'nx', 'ny',
] as const;

type Name = (typeof PARAMS)[number] | (typeof INTS)[number] | (typeof FLOATS)[number];
const L: Record<Name, number> = localsOf(PARAMS, [...INTS, ...FLOATS]);

/** f64 at `base + (index << 3)`. */
const loadAt = (base: Name, index: Name): number[][] => [op.get(L[base]), op.get(L[index]), op.i32Add, op.load(0)];
/** |x| - c, with x and c on the locals. */
const absMinus = (x: Name, c: Name): number[][] => [op.get(L[x]), op.f64Abs, op.get(L[c]), op.f64Sub];
/** (q + |q|) · 0.5: max(q, 0) exactly, as `csoOverlap`. */
const positive = (q: Name): number[][] => [op.get(L[q]), op.get(L[q]), op.f64Abs, op.f64Add, op.f64(0.5), op.f64Mul];
/** Stores `value` (an f64) at `base + n·8`, or (I32) an i32 at `base + n·4`. */
const storeRow = (base: Name, value: number[][]): number[][] => [op.get(L[base]), op.get(L.o8), op.i32Add, ...value, op.store(0)];
const storeRowI32 = (base: Name, value: number[][]): number[][] => [op.get(L[base]), op.get(L.o4), op.i32Add, ...value, op.storeI32(0)];
/** When `flags & bit`, appends row n to the list at `list` and counts it in `count`. */
const listRow = (flags: Name, bit: number, list: Name, count: Name): number[][] => [
  op.get(L[flags]), op.i32(bit), op.i32And,
  op.if,
  op.get(L[list]), op.get(L[count]), op.i32(2), op.i32Shl, op.i32Add, op.get(L.n), op.storeI32(0),
  op.get(L[count]), op.i32(1), op.i32Add, op.set(L[count]),
  op.end,
];
/** (a < b ? b : a) without a branch: f64x2.pmax over the two splatted, lane 0. */
const pmax = (a: Name, b: Name): number[][] => [op.get(L[a]), op.f64x2Splat, op.get(L[b]), op.f64x2Splat, op.f64x2Pmax, op.f64x2Lane(0)];
/** d < 0 ? -1 : 1 without a branch: 1 - 2·(d < 0) in integers, made f64. */
const sign = (d: Name): number[][] => [op.i32(1), op.get(L[d]), op.f64(0), op.f64Lt, op.i32(1), op.i32Shl, op.i32Sub, op.f64ConvertI32];
/** a·a + b·b. */
const squares = (a: Name, b: Name): number[][] => [op.get(L[a]), op.get(L[a]), op.f64Mul, op.get(L[b]), op.get(L[b]), op.f64Mul, op.f64Add];

/** collide(...PARAMS) → the rows: `collidePairs`'s pair test over the first `count` pairs. */
export function collideKernel(): FunctionDef {
  // A far pair is listed for TypeScript only where it has something to lose: a warm start (any
  // bits but +0's: -0 too), or a touch that ends (in a settled pile, far pairs were far last
  // step too, and have neither).
  const listFar = [
    op.get(L.pairImp), op.get(L.p), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0),
    op.get(L.pairTan), op.get(L.p), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.i32Or,
    op.get(L.pairTouch), op.get(L.p), op.i32Add, op.loadU8(0), op.i32Or,
    op.if,
    op.get(L.far), op.get(L.farN), op.i32(2), op.i32Shl, op.i32Add, op.get(L.p), op.storeI32(0),
    op.get(L.farN), op.i32(1), op.i32Add, op.set(L.farN),
    op.end,
  ];
  const sum = (field: Name): number[][] => [...loadAt(field, 'oa'), ...loadAt(field, 'ob'), op.f64Add];
  /**
   * When `distance` (the separation, or a bound under it) is beyond the speculative distance by
   * more than the pair closes within dt, the pair is far: listed, and the pair's block left.
   */
  const skipIfFar = (distance: Name): number[][] => [
    op.get(L[distance]), op.get(L.spec), op.f64Gt,
    op.if,
    ...loadAt('vxs', 'ob'), ...loadAt('vxs', 'oa'), op.f64Sub, op.set(L.rvx),
    ...loadAt('vys', 'ob'), ...loadAt('vys', 'oa'), op.f64Sub, op.set(L.rvy),
    op.get(L[distance]), op.get(L.spec), op.f64Sub, op.set(L.reach),
    op.get(L.reach), op.get(L.reach), op.f64Mul,
    ...squares('rvx', 'rvy'), op.get(L.dt), op.f64Mul, op.get(L.dt), op.f64Mul,
    op.f64Gt,
    op.if,
    ...listFar,
    op.br(2),
    op.end,
    op.end,
  ];
  const pair = [
    // a, b: the pair's bodies; oa, ob: their byte offsets in the f64 regions.
    op.get(L.pairA), op.get(L.p), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.set(L.a),
    op.get(L.pairB), op.get(L.p), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.set(L.b),
    op.block,
    // Neither body moves: no row.
    op.get(L.flags), op.get(L.a), op.i32Add, op.loadU8(0), op.get(L.flags), op.get(L.b), op.i32Add, op.loadU8(0), op.i32Or, op.tee(L.both),
    op.i32(ACTIVE), op.i32And, op.i32Eqz, op.brIf(0),
    op.get(L.a), op.i32(3), op.i32Shl, op.set(L.oa),
    op.get(L.b), op.i32(3), op.i32Shl, op.set(L.ob),
    ...loadAt('xs', 'oa'), op.set(L.xa),
    ...loadAt('ys', 'oa'), op.set(L.ya),
    ...loadAt('xs', 'ob'), op.get(L.xa), op.f64Sub, op.set(L.dx),
    ...loadAt('ys', 'ob'), op.get(L.ya), op.f64Sub, op.set(L.dy),
    ...sum('hws'), op.set(L.cw),
    ...sum('hhs'), op.set(L.ch),
    ...sum('rs'), op.set(L.cr),
    // separation = -(cr - sqrt(mx² + my²) - (inner - |inner|)·0.5), as csoOverlap
    ...absMinus('dx', 'cw'), op.set(L.qx),
    ...absMinus('dy', 'ch'), op.set(L.qy),
    ...positive('qx'), op.set(L.mx),
    ...positive('qy'), op.set(L.my),
    // max(qx, qy), as `csoOverlap`'s qx > qy ? qx : qy: f64x2.pmax(qy, qx), lane 0, which is
    // (qy < qx ? qx : qy), one instruction. Not a wasm select nor f64.max: V8 makes both a
    // branch, and which is larger (like the bound's max and the signs below) is a coin toss.
    ...pmax('qy', 'qx'), op.set(L.inner),
    // A pair far apart by a bound on its separation needs no square root. The bound: the
    // larger of inner and (qx + qy)·0.7071 (under 1/√2, so below the corner's distance by far
    // more than rounding), less cr; in a face region it is the separation, to the bit. Far by
    // the bound is far by the separation (rounding is monotonic), so the verdicts are the same.
    op.get(L.qx), op.get(L.qy), op.f64Add, op.f64(0.7071), op.f64Mul, op.set(L.bound),
    ...pmax('bound', 'inner'), op.get(L.cr), op.f64Sub, op.set(L.bound),
    ...skipIfFar('bound'),
    op.get(L.cr), ...squares('mx', 'my'), op.f64Sqrt, op.f64Sub,
    op.get(L.inner), op.get(L.inner), op.f64Abs, op.f64Sub, op.f64(0.5), op.f64Mul, op.f64Sub,
    op.f64Neg, op.set(L.sep),
    // Too far to meet within the step: listed, for TypeScript to clear its warm start.
    ...skipIfFar('sep'),
    // The normal, as roundedRectOverlap(xb, yb, xa, ya, cw, ch, cr).
    op.get(L.cw), op.get(L.dx), op.f64Abs, op.f64Sub, op.set(L.ox),
    op.get(L.ch), op.get(L.dy), op.f64Abs, op.f64Sub, op.set(L.oy),
    ...sign('dx'), op.set(L.sx),
    ...sign('dy'), op.set(L.sy),
    op.i32(0), op.set(L.fixup),
    op.get(L.ox), op.f64(0), op.f64Lt, op.get(L.oy), op.f64(0), op.f64Lt, op.i32And,
    op.if,
    ...squares('ox', 'oy'), op.f64Sqrt, op.set(L.dist),
    op.get(L.dist), op.f64(1e-150), op.f64Gt, op.get(L.dist), op.f64(1e150), op.f64Lt, op.i32And,
    op.if,
    op.get(L.ox), op.f64Neg, op.get(L.sx), op.f64Mul, op.get(L.dist), op.f64Div, op.set(L.nx),
    op.get(L.oy), op.f64Neg, op.get(L.sy), op.f64Mul, op.get(L.dist), op.f64Div, op.set(L.ny),
    op.else,
    op.f64(0), op.set(L.nx), op.f64(0), op.set(L.ny), op.i32(1), op.set(L.fixup),
    op.end,
    op.else,
    op.get(L.ox), op.f64(0), op.f64Lt,
    op.if,
    op.get(L.sx), op.set(L.nx), op.f64(0), op.set(L.ny),
    op.else,
    op.get(L.oy), op.f64(0), op.f64Lt, op.get(L.oy), op.get(L.ox), op.f64Lt, op.i32Or,
    op.if,
    op.f64(0), op.set(L.nx), op.get(L.sy), op.set(L.ny),
    op.else,
    op.get(L.sx), op.set(L.nx), op.f64(0), op.set(L.ny),
    op.end,
    op.end,
    op.end,
    // Rows past the room (`rowCap`) are counted, not written: the caller makes room and runs again.
    op.get(L.n), op.get(L.rowCap), op.i32LtU,
    op.if,
    // Two bodies at one centre: TypeScript picks their direction (spreadCoincident).
    op.get(L.dx), op.f64(0), op.f64Eq, op.get(L.dy), op.f64(0), op.f64Eq, op.i32And, op.get(L.fixup), op.i32Or,
    op.if,
    op.get(L.fix), op.get(L.fixN), op.i32(2), op.i32Shl, op.i32Add, op.get(L.n), op.storeI32(0),
    op.get(L.fixN), op.i32(1), op.i32Add, op.set(L.fixN),
    op.end,
    // The row.
    op.get(L.n), op.i32(2), op.i32Shl, op.set(L.o4),
    op.get(L.n), op.i32(3), op.i32Shl, op.set(L.o8),
    ...storeRowI32('outA', [op.get(L.a)]),
    ...storeRowI32('outB', [op.get(L.b)]),
    ...storeRowI32('outP', [op.get(L.p)]),
    ...storeRow('outNx', [op.get(L.nx)]),
    ...storeRow('outNy', [op.get(L.ny)]),
    ...storeRow('outSep', [op.get(L.sep)]),
    ...storeRow('outBase', [
      op.get(L.sep),
      op.get(L.nx), op.get(L.dx), op.f64Mul, op.get(L.ny), op.get(L.dy), op.f64Mul, op.f64Add,
      op.f64Sub,
    ]),
    // The pair's warm start, float32 made float64 as a typed-array read does.
    ...storeRow('outImp', [op.get(L.pairImp), op.get(L.p), op.i32(2), op.i32Shl, op.i32Add, op.loadF32(0), op.f64PromoteF32]),
    ...storeRow('outTan', [op.get(L.pairTan), op.get(L.p), op.i32(2), op.i32Shl, op.i32Add, op.loadF32(0), op.f64PromoteF32]),
    ...listRow('both', STATIC, 'walls', 'wallN'),
    ...listRow('both', SPECIAL, 'special', 'specialN'),
    op.end,
    op.get(L.n), op.i32(1), op.i32Add, op.set(L.n),
    op.end,
  ];
  return {
    name: 'collide',
    params: PARAMS.map((name): ValueType => (name === 'spec' || name === 'dt' ? f64 : i32)),
    result: i32,
    locals: [...INTS.map((): ValueType => i32), ...FLOATS.map((): ValueType => f64)],
    body: [
      op.block,
      op.get(L.first), op.set(L.p),
      op.get(L.p), op.get(L.count), op.i32LtU, op.i32Eqz, op.brIf(0),
      op.loop,
      ...pair,
      op.get(L.p), op.i32(1), op.i32Add, op.tee(L.p), op.get(L.count), op.i32LtU, op.brIf(0),
      op.end,
      op.end,
      // The far, fix, wall and special counts at `head`.
      op.get(L.head), op.get(L.farN), op.storeI32(0),
      op.get(L.head), op.get(L.fixN), op.storeI32(4),
      op.get(L.head), op.get(L.wallN), op.storeI32(8),
      op.get(L.head), op.get(L.specialN), op.storeI32(12),
      op.get(L.n),
    ],
  };
}

/** Scratch for the rows TypeScript finishes. */
const FIX_HIT: PointHit = { nx: 0, ny: 0, overlap: 0 };

/**
 * `collidePairs(store, pairs, contacts, dt, speculativeDistance, wake, onSensor)` in the row
 * kernels, where the rows are resident: the same rows in the same order, the same lists, and
 * the same calls out in the same order. Returns false, having done nothing, where the rows are
 * not resident or the memory cannot grow (the caller then runs `collidePairs`).
 */
export function collideInKernels(
  store: BodyStore,
  pairs: PairCache,
  contacts: ContactBuffer,
  dt: number,
  speculativeDistance: number,
  wake: (index: number) => void,
  onSensor: (p: number) => void,
): boolean {
  for (;;) {
    const kernels = contacts.kernelsForCollide(store.capacity, pairs.a.length);
    if (kernels === null) return false;
    const regions = kernels.collideRegions as CollideRegions;
    loadCollideInputs(regions, store, pairs);
    kernels.pairsLoadedAt = pairs.version;
    const n = kernels.collide(pairs.count, speculativeDistance, dt);
    if (n <= contacts.a.length) {
      finish(regions, n, store, pairs, contacts, wake, onSensor);
      return true;
    }
    // More rows than the resident rows hold: room for them (a new layout), and the kernel again.
    contacts.count = 0;
    contacts.reserve(n);
  }
}

/**
 * Copies the bodies [0, store.end) and the pairs [0, pairs.count) in: `loadCollideBodies` and
 * `loadCollidePairs`, which the threads' JOB_LOAD_COLLIDE runs a block at a time.
 */
export function loadCollideInputs(v: CollideRegions, store: BodyStore, pairs: PairArrays & { count: number }): void {
  loadCollideBodies(v, store, 0, store.end);
  loadCollidePairs(v, pairs, 0, pairs.count);
}

/**
 * Copies bodies [from, to)'s position, extents and velocity into the regions as block moves:
 * the collide kernel's inputs, and the broadphase kernels' too (`RowKernels.loadLeaverInputs`).
 */
export function loadBodyShapes(v: CollideRegions, store: BodyStore, from: number, to: number): void {
  copyRange(v.x, store.x, from, to);
  copyRange(v.y, store.y, from, to);
  copyRange(v.halfWidth, store.halfWidth, from, to);
  copyRange(v.halfHeight, store.halfHeight, from, to);
  copyRange(v.radius, store.radius, from, to);
  copyRange(v.vx, store.vx, from, to);
  copyRange(v.vy, store.vy, from, to);
}

/** Bodies [from, to)'s shapes and flags, for the collide kernel (JOB_LOAD_COLLIDE's body blocks). */
export function loadCollideBodies(v: CollideRegions, store: BodyStore, from: number, to: number): void {
  loadBodyShapes(v, store, from, to);
  const flags = v.flags;
  const { kind, awake, sensor } = store;
  for (let i = from; i < to; i++) {
    // Most bodies are dynamic and no sensor: active when awake, else special (a sleeper to
    // wake), as `flagsOf` says; a third of the cost of asking it for each.
    if (kind[i] === BODY_DYNAMIC && sensor[i] === 0) flags[i] = awake[i] === 1 ? ACTIVE : SPECIAL;
    else flags[i] = flagsOf(store, i);
  }
}

/** Pairs [from, to) with their warm starts and touching flags (JOB_LOAD_COLLIDE's pair blocks). */
export function loadCollidePairs(v: CollideRegions, pairs: PairArrays, from: number, to: number): void {
  copyRange(v.pairA, pairs.a, from, to);
  copyRange(v.pairB, pairs.b, from, to);
  copyRange(v.pairImp, pairs.impulse, from, to);
  copyRange(v.pairTan, pairs.tangentImpulse, from, to);
  copyRange(v.pairTouch, pairs.touching, from, to);
}

/**
 * After the kernel: far pairs lose their warm start (and, touching, end: events in pair order),
 * the walls are copied out, the rows the kernel left are finished by `collidePairs`'s own code,
 * and the special rows are walked.
 */
function finish(
  v: CollideRegions,
  n: number,
  store: BodyStore,
  pairs: PairCache,
  contacts: ContactBuffer,
  wake: (index: number) => void,
  onSensor: (p: number) => void,
): void {
  const head = v.head;
  const fixCount = head[1];
  const wallCount = head[2];
  const specialCount = head[3];
  clearFarPairs(pairs, v, 0, head[0]);
  // The rows are in place already; the walls come out of their list.
  const { fix, walls, special } = v;
  contacts.reserveWalls(wallCount);
  // A loop, not `set` of a view: the view would be a new object every step.
  const out = contacts.walls;
  for (let w = 0; w < wallCount; w++) out[w] = walls[w];
  contacts.count = n;
  contacts.wallCount = wallCount;
  contacts.kickedCount = 0;
  for (let k = 0; k < fixCount; k++) fixRow(store, contacts, fix[k]);
  if (specialCount > 0) finishSpecialRows(contacts, pairs, v, store.kind, special, specialCount, wake, onSensor);
}

/**
 * The far pairs v.far[from, from + count): no warm start next time (in the pair cache and in the
 * regions' copy, which `RowKernels.storedImpulses` copies back), and a touching pair ends.
 */
export function clearFarPairs(pairs: PairCache, v: CollideRegions, from: number, count: number): void {
  const { impulse: pairImpulse, tangentImpulse: pairTangent, touching } = pairs;
  const { far, pairImp, pairTan } = v;
  for (let k = from; k < from + count; k++) {
    const p = far[k];
    pairImpulse[p] = pairImp[p] = 0;
    pairTangent[p] = pairTan[p] = 0;
    if (touching[p] === 1) pairs.setTouching(p, 0);
  }
}

/** Row c's normal by `collidePairs`'s own code (a corner met within 1e-150 m, or two bodies at one centre), and its base separation. */
export function fixRow(store: BodyStore, contacts: ContactBuffer, c: number): void {
  const { x, y, halfWidth, halfHeight, radius } = store;
  const ia = contacts.a[c];
  const ib = contacts.b[c];
  const cw = halfWidth[ia] + halfWidth[ib];
  const ch = halfHeight[ia] + halfHeight[ib];
  roundedRectOverlap(x[ib], y[ib], x[ia], y[ia], cw, ch, radius[ia] + radius[ib], FIX_HIT);
  if (x[ib] === x[ia] && y[ib] === y[ia]) spreadCoincident(ia, ib, cw, ch, FIX_HIT);
  contacts.nx[c] = FIX_HIT.nx;
  contacts.ny[c] = FIX_HIT.ny;
  contacts.baseSeparation[c] = contacts.separation[c] - (FIX_HIT.nx * (x[ib] - x[ia]) + FIX_HIT.ny * (y[ib] - y[ia]));
}

/** A body's flags for the kernel (ACTIVE, STATIC, SPECIAL, SENSOR). */
function flagsOf(store: BodyStore, i: number): number {
  const { kind: kinds, sensor: sensors } = store;
  const kind = kinds[i];
  const sensor = sensors[i];
  const active = isActive(kinds, store.awake, store.vx, store.vy, i);
  const special = sensor !== 0 || (kind === BODY_DYNAMIC && !active) || (kind === BODY_KINEMATIC && active);
  return (active ? ACTIVE : 0) | (kind === BODY_STATIC ? STATIC : 0) | (special ? SPECIAL : 0) | (sensor !== 0 ? SENSOR : 0);
}

/**
 * The rows with a sensor, a moving kinematic body or a sleeper (`special`, in row order), as
 * `collidePairs` meets them: a kinematic body's partner is kicked, a sleeper is woken after
 * the loop. A sensor pair makes no row, so with one among them every row is walked again.
 */
export function finishSpecialRows(
  contacts: ContactBuffer,
  pairs: PairCache,
  v: CollideRegions,
  kind: Uint8Array,
  special: Int32Array,
  specialCount: number,
  wake: (index: number) => void,
  onSensor: (p: number) => void,
): void {
  const { a, b } = contacts;
  const flags = v.flags;
  for (let k = 0; k < specialCount; k++) {
    if (((flags[a[special[k]]] | flags[b[special[k]]]) & SENSOR) !== 0) {
      finishEveryRow(contacts, pairs, v, kind, wake, onSensor);
      return;
    }
  }
  NOTED.kicked = 0;
  NOTED.woken = 0;
  for (let k = 0; k < specialCount; k++) noteRow(contacts, flags, kind, a[special[k]], b[special[k]]);
  contacts.kickedCount = NOTED.kicked;
  for (let k = 0; k < NOTED.woken; k++) wake(contacts.woken[k]);
}

/** Every row in order, with sensor pairs taken out (their warm starts cleared, as `clearFarPairs`) and the walls listed anew. */
function finishEveryRow(
  contacts: ContactBuffer,
  pairs: PairCache,
  v: CollideRegions,
  kind: Uint8Array,
  wake: (index: number) => void,
  onSensor: (p: number) => void,
): void {
  const { a, b, pair, nx, ny, separation, baseSeparation, impulse, tangentImpulse } = contacts;
  const { flags, pairImp, pairTan } = v;
  let rows = 0;
  let wallCount = 0;
  NOTED.kicked = 0;
  NOTED.woken = 0;
  for (let c = 0; c < contacts.count; c++) {
    const ia = a[c];
    const ib = b[c];
    if (((flags[ia] | flags[ib]) & SENSOR) !== 0) {
      pairs.impulse[pair[c]] = pairImp[pair[c]] = 0;
      pairs.tangentImpulse[pair[c]] = pairTan[pair[c]] = 0;
      onSensor(pair[c]);
      continue;
    }
    a[rows] = ia;
    b[rows] = ib;
    pair[rows] = pair[c];
    nx[rows] = nx[c];
    ny[rows] = ny[c];
    separation[rows] = separation[c];
    baseSeparation[rows] = baseSeparation[c];
    impulse[rows] = impulse[c];
    tangentImpulse[rows] = tangentImpulse[c];
    if (((flags[ia] | flags[ib]) & STATIC) !== 0) wallCount = contacts.noteWall(wallCount, rows);
    noteRow(contacts, flags, kind, ia, ib);
    rows++;
  }
  contacts.count = rows;
  contacts.wallCount = wallCount;
  contacts.kickedCount = NOTED.kicked;
  for (let k = 0; k < NOTED.woken; k++) wake(contacts.woken[k]);
}

/** `noteRow`'s counts: kinematic kicks and sleepers listed so far. */
const NOTED = { kicked: 0, woken: 0 };

/** A row's sleepers to wake and kinematic kick, listed as `collidePairs` lists them (counted in NOTED). */
function noteRow(contacts: ContactBuffer, flags: Uint8Array, kind: Uint8Array, ia: number, ib: number): void {
  const activeA = (flags[ia] & ACTIVE) !== 0;
  const activeB = (flags[ib] & ACTIVE) !== 0;
  const ka = kind[ia];
  const kb = kind[ib];
  if (!activeA && ka === BODY_DYNAMIC) NOTED.woken = contacts.noteWoken(NOTED.woken, ia);
  if (!activeB && kb === BODY_DYNAMIC) NOTED.woken = contacts.noteWoken(NOTED.woken, ib);
  if (ka === BODY_STATIC || kb === BODY_STATIC) return;
  if (ka === BODY_KINEMATIC && activeA) NOTED.kicked = contacts.noteKicked(NOTED.kicked, ib);
  else if (kb === BODY_KINEMATIC && activeB) NOTED.kicked = contacts.noteKicked(NOTED.kicked, ia);
}
