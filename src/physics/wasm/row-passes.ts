/**
 * The WebAssembly code of the row kernels (row-kernels.ts runs it over its memory): the packed
 * rows' warm start, velocity pass and pushout pass (packed-rows.ts), and over resident rows
 * the preparation and packing (solver.ts's `prepareRows`) and the unpacking of the impulses.
 * The same arithmetic as the TypeScript, operation for operation, in the same order, so the
 * same bits (row-kernels.test.ts compares them). A packed pass waits on the loads and stores
 * of the bodies it moves, and in WebAssembly those are plain loads at an address: no bounds
 * check, no conversion of a stored body number to an index, and a velocity's two halves side
 * by side in one cache line. The passes load, move and store those two halves as the lanes of
 * one SIMD vector: fewer instructions per row, and each lane rounds as the scalar operation.
 */
import { PACKED_STRIDE, PK_BIAS, PK_FRICTION, PK_IDS, PK_IMPULSE, PK_MASS, PK_NX, PK_NY, PK_TANGENT } from '../packed-rows.js';
import { RESTING } from '../integrate.js';
import { SHOCK_MASS_RATIO } from '../shock.js';
import { localsOf, f64, i32, op, v128, type FunctionDef, type ValueType } from './encoder.js';

/** Bytes per packed row and byte offsets of its fields (packed-rows.ts). */
export const ROW = PACKED_STRIDE * 8;
const A = PK_IDS * 8;
const B = PK_IDS * 8 + 4;
const NX = PK_NX * 8;
const NY = PK_NY * 8;
const MASS = PK_MASS * 8;
const BIAS = PK_BIAS * 8;
const IMPULSE = PK_IMPULSE * 8;
const FRICTION = PK_FRICTION * 8;
const TANGENT = PK_TANGENT * 8;
/** Bytes per packed base separation. */
export const BASE = 8;
/** Bytes per body: an (x, y) pair and an inverse mass. */
export const BODY = 24;

/** The locals a row's bodies take: their numbers, the addresses of their pairs, their inverse masses. */
interface BodyLocals {
  k: number;
  bodies: number;
  masses: number;
  ia: number;
  ib: number;
  pa: number;
  pb: number;
  ma: number;
  mb: number;
}

/** Reads the row's two body numbers once, and sets the addresses of their pairs. */
const pairsOf = (L: BodyLocals): number[][] => [
  op.get(L.k), op.loadI32(A), op.set(L.ia),
  op.get(L.k), op.loadI32(B), op.set(L.ib),
  op.get(L.bodies), op.get(L.ia), op.i32(4), op.i32Shl, op.i32Add, op.set(L.pa),
  op.get(L.bodies), op.get(L.ib), op.i32(4), op.i32Shl, op.i32Add, op.set(L.pb),
];

/** Loads the two bodies' inverse masses (after `pairsOf`). */
const massesOf = (L: BodyLocals): number[][] => [
  op.get(L.masses), op.get(L.ia), op.i32(3), op.i32Shl, op.i32Add, op.load(0), op.set(L.ma),
  op.get(L.masses), op.get(L.ib), op.i32(3), op.i32Shl, op.i32Add, op.load(0), op.set(L.mb),
];

/** `(pb - pa)·(tx, ty)` over the pairs at pa and pb: (dx·tx) + (dy·ty). */
function relative(L: { pa: number; pb: number }, tx: number[][], ty: number[][]): number[][] {
  return [
    op.get(L.pb), op.load(0), op.get(L.pa), op.load(0), op.f64Sub, ...tx, op.f64Mul,
    op.get(L.pb), op.load(8), op.get(L.pa), op.load(8), op.f64Sub, ...ty, op.f64Mul,
    op.f64Add,
  ];
}

/**
 * Loops `k` from `rows + from·ROW` to `rows + to·ROW` in steps of ROW around `body`, and with
 * `base`, `kb` alongside from `base + from·BASE` in steps of BASE.
 */
function overRows(L: { rows: number; from: number; to: number; k: number; end: number }, body: number[][], base?: { base: number; kb: number }): number[][] {
  const start = base === undefined ? [] : [op.get(base.base), op.get(L.from), op.i32(BASE), op.i32Mul, op.i32Add, op.set(base.kb)];
  const step = base === undefined ? [] : [op.get(base.kb), op.i32(BASE), op.i32Add, op.set(base.kb)];
  return [
    op.get(L.rows), op.get(L.from), op.i32(ROW), op.i32Mul, op.i32Add, op.set(L.k),
    op.get(L.rows), op.get(L.to), op.i32(ROW), op.i32Mul, op.i32Add, op.set(L.end),
    ...start,
    op.block,
    op.get(L.k), op.get(L.end), op.i32LtU, op.i32Eqz, op.brIf(0),
    op.loop,
    ...body,
    ...step,
    op.get(L.k), op.i32(ROW), op.i32Add, op.tee(L.k), op.get(L.end), op.i32LtU, op.brIf(0),
    op.end,
    op.end,
  ];
}

/**
 * `pair -= d·(tx, ty)·ma` for body a and `+= d·(tx, ty)·mb` for body b, as `move` in
 * packed-rows.ts (d·tx·ma: (d·tx)·ma, the same rounding), with each pair (held in `va`, `vb`)
 * as the two lanes of one vector; stored back. With `mask` (a v128 local), only where its bits
 * are set: elsewhere v128.bitselect keeps each pair as it was, every bit (a -0 too).
 */
function move(L: { pa: number; pb: number; ma: number; mb: number; va: number; vb: number; dt: number }, d: number, t: number[][], mask?: number): number[][] {
  const keep = (pair: number): number[][] => (mask === undefined ? [] : [op.get(pair), op.get(mask), op.v128Bitselect]);
  return [
    op.get(d), op.f64x2Splat, ...t, op.f64x2Mul, op.set(L.dt),
    op.get(L.va), op.get(L.dt), op.get(L.ma), op.f64x2Splat, op.f64x2Mul, op.f64x2Sub, ...keep(L.va), op.set(L.va),
    op.get(L.vb), op.get(L.dt), op.get(L.mb), op.f64x2Splat, op.f64x2Mul, op.f64x2Add, ...keep(L.vb), op.set(L.vb),
    op.get(L.pa), op.get(L.va), op.storeV(0),
    op.get(L.pb), op.get(L.vb), op.storeV(0),
  ];
}

/**
 * `applyChange` without a branch: `next` stored in the row's `field` either way (a zero change
 * means `next` equals what the field held), and `move` by `delta` masked to where it is not zero.
 */
function moveWhere(
  L: { k: number; pa: number; pb: number; ma: number; mb: number; va: number; vb: number; dt: number; mask: number },
  delta: number, next: number, field: number, t: number[][],
): number[][] {
  return [
    op.get(L.k), op.get(next), op.store(field),
    op.get(delta), op.f64x2Splat, op.f64(0), op.f64x2Splat, op.f64x2Ne, op.set(L.mask),
    ...move(L, delta, t, L.mask),
  ];
}

/** `(pb - pa)·t` with the pairs in `va`, `vb` and t a vector: (dx·tx) + (dy·ty), as `relative`. */
const relativeV = (L: { va: number; vb: number; rel: number }, t: number[][]): number[][] => [
  op.get(L.vb), op.get(L.va), op.f64x2Sub, ...t, op.f64x2Mul, op.tee(L.rel),
  op.f64x2Lane(0), op.get(L.rel), op.f64x2Lane(1), op.f64Add,
];

/**
 * `solvePackedRows`: solve(rows, from, to, bodies, masses, omegaAt) → rows that changed, with
 * omega read from memory at `omegaAt`. Not a float parameter: a call from JavaScript that is not
 * inlined boxes each float argument on the heap, and the threads call this a few hundred times a
 * step (RowKernels' `passParams`).
 */
function solveKernel(): FunctionDef {
  const params = ['rows', 'from', 'to', 'bodies', 'masses', 'omegaAt'] as const;
  const ints = ['k', 'end', 'ia', 'ib', 'pa', 'pb', 'changes', 'changed'] as const;
  const floats = ['omega', 'm', 'mu', 'old', 'next', 'd', 'ma', 'mb', 'limit', 'oldT', 'nextT', 'e'] as const;
  const vectors = ['n', 't', 'va', 'vb', 'dt', 'rel', 'mask'] as const;
  const L = localsOf(params, [...ints, ...floats, ...vectors]);
  const n = [op.get(L.n)];
  const t = [op.get(L.t)];
  /** Where the impulse changed by `delta`: its new value `next` to the row's `field`, the bodies moved along `dir`, and the row counted. */
  const applyChange = (delta: number, next: number, field: number, dir: number[][]): number[][] => [
    op.get(delta), op.f64(0), op.f64Ne,
    op.if,
    op.get(L.k), op.get(next), op.store(field),
    ...move(L, delta, dir),
    op.i32(1), op.set(L.changed),
    op.end,
  ];
  const row = [
    ...pairsOf(L),
    // (nx, ny), and the friction's direction (-ny, nx).
    op.get(L.k), op.loadV(NX), op.tee(L.n), op.f64x2Neg, op.get(L.n), op.f64x2HighLow, op.set(L.t),
    op.get(L.k), op.load(MASS), op.set(L.m),
    op.get(L.k), op.load(FRICTION), op.set(L.mu),
    op.get(L.k), op.load(IMPULSE), op.set(L.old),
    op.get(L.pa), op.loadV(0), op.set(L.va),
    op.get(L.pb), op.loadV(0), op.set(L.vb),
    // raw = old - (mu === 0 ? omega : 1)·m·(vn + bias); next = max(raw, 0) as (raw + |raw|)·0.5
    op.get(L.old),
    op.get(L.omega), op.f64(1), op.get(L.mu), op.f64(0), op.f64Eq, op.select,
    op.get(L.m), op.f64Mul,
    ...relativeV(L, n),
    op.get(L.k), op.load(BIAS), op.f64Add,
    op.f64Mul, op.f64Sub,
    op.tee(L.next), op.get(L.next), op.f64Abs, op.f64Add, op.f64(0.5), op.f64Mul, op.tee(L.next),
    op.get(L.old), op.f64Sub, op.set(L.d),
    ...massesOf(L),
    // No branch on whether the impulse changed: in a settled pile about one row in nine does
    // not, in no order a branch could guess, and the guesses missed cost more than the move.
    op.get(L.d), op.f64(0), op.f64Ne, op.set(L.changed),
    ...moveWhere(L, L.d, L.next, IMPULSE, n),
    // The friction row, along (-ny, nx), within ±mu times the normal impulse.
    op.get(L.mu), op.f64(0), op.f64Ne,
    op.if,
    op.get(L.mu), op.get(L.next), op.f64Mul, op.set(L.limit),
    op.get(L.k), op.load(TANGENT), op.tee(L.oldT),
    op.get(L.m), ...relativeV(L, t), op.f64Mul, op.f64Sub, op.set(L.nextT),
    op.get(L.nextT), op.get(L.limit), op.f64Gt,
    op.if, op.get(L.limit), op.set(L.nextT),
    op.else,
    op.get(L.nextT), op.get(L.limit), op.f64Neg, op.f64Lt,
    op.if, op.get(L.limit), op.f64Neg, op.set(L.nextT), op.end,
    op.end,
    op.get(L.nextT), op.get(L.oldT), op.f64Sub, op.set(L.e),
    ...applyChange(L.e, L.nextT, TANGENT, t),
    op.end,
    op.get(L.changes), op.get(L.changed), op.i32Add, op.set(L.changes),
  ];
  return {
    name: 'solve',
    params: [i32, i32, i32, i32, i32, i32],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64), ...vectors.map((): ValueType => v128)],
    body: [op.get(L.omegaAt), op.load(0), op.set(L.omega), ...overRows(L, row), op.get(L.changes)],
  };
}

/** The warm start of `warmStartPacked`: warm(rows, from, to, bodies, masses) → 0. */
function warmKernel(): FunctionDef {
  const params = ['rows', 'from', 'to', 'bodies', 'masses'] as const;
  const ints = ['k', 'end', 'ia', 'ib', 'pa', 'pb'] as const;
  const floats = ['p', 'q', 'ma', 'mb'] as const;
  const vectors = ['n', 't', 'va', 'vb', 'dt'] as const;
  const L = localsOf(params, [...ints, ...floats, ...vectors]);
  const row = [
    op.get(L.k), op.load(IMPULSE), op.set(L.p),
    op.get(L.k), op.load(TANGENT), op.set(L.q),
    // if (p !== 0 || q !== 0)
    op.get(L.p), op.f64(0), op.f64Ne, op.get(L.q), op.f64(0), op.f64Ne, op.i32Or,
    op.if,
    ...pairsOf(L),
    ...massesOf(L),
    op.get(L.k), op.loadV(NX), op.tee(L.n), op.f64x2Neg, op.get(L.n), op.f64x2HighLow, op.set(L.t),
    op.get(L.pa), op.loadV(0), op.set(L.va),
    op.get(L.pb), op.loadV(0), op.set(L.vb),
    op.get(L.p), op.f64(0), op.f64Ne,
    op.if, ...move(L, L.p, [op.get(L.n)]), op.end,
    op.get(L.q), op.f64(0), op.f64Ne,
    op.if, ...move(L, L.q, [op.get(L.t)]), op.end,
    op.end,
  ];
  return {
    name: 'warm',
    params: [i32, i32, i32, i32, i32],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64), ...vectors.map((): ValueType => v128)],
    body: [...overRows(L, row), op.i32(0)],
  };
}

/**
 * `pushPackedRows`: push(rows, base, from, to, bodies, masses, settingsAt) → rows that pushed,
 * with slop, factor and maxPush read from memory at `settingsAt` (as `solve`'s omega).
 */
function pushKernel(): FunctionDef {
  const params = ['rows', 'base', 'from', 'to', 'bodies', 'masses', 'settingsAt'] as const;
  const ints = ['k', 'kb', 'end', 'ia', 'ib', 'pa', 'pb', 'pushes'] as const;
  const floats = ['slop', 'factor', 'maxPush', 'push', 'd', 'ma', 'mb'] as const;
  const vectors = ['n', 'va', 'vb', 'dt', 'rel'] as const;
  const L = localsOf(params, [...ints, ...floats, ...vectors]);
  const row = [
    ...pairsOf(L),
    op.get(L.k), op.loadV(NX), op.set(L.n),
    op.get(L.pa), op.loadV(0), op.set(L.va),
    op.get(L.pb), op.loadV(0), op.set(L.vb),
    // sep = base + dx·nx + dy·ny, left to right; push only where sep < -slop (`if (sep >= -slop) continue`).
    op.get(L.kb), op.load(0),
    op.get(L.vb), op.get(L.va), op.f64x2Sub, op.get(L.n), op.f64x2Mul, op.tee(L.rel),
    op.f64x2Lane(0), op.f64Add, op.get(L.rel), op.f64x2Lane(1), op.f64Add,
    op.tee(L.push), op.get(L.slop), op.f64Neg, op.f64Ge, op.i32Eqz,
    op.if,
    op.get(L.push), op.get(L.slop), op.f64Add, op.f64Neg, op.get(L.factor), op.f64Mul, op.set(L.push),
    op.get(L.push), op.get(L.maxPush), op.f64Gt,
    op.if, op.get(L.maxPush), op.set(L.push), op.end,
    ...massesOf(L),
    op.get(L.push), op.get(L.ma), op.get(L.mb), op.f64Add, op.f64Div, op.set(L.d),
    ...move(L, L.d, [op.get(L.n)]),
    op.get(L.pushes), op.i32(1), op.i32Add, op.set(L.pushes),
    op.end,
  ];
  return {
    name: 'push',
    params: [i32, i32, i32, i32, i32, i32, i32],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64), ...vectors.map((): ValueType => v128)],
    body: [
      op.get(L.settingsAt), op.load(0), op.set(L.slop),
      op.get(L.settingsAt), op.load(8), op.set(L.factor),
      op.get(L.settingsAt), op.load(16), op.set(L.maxPush),
      ...overRows(L, row, L), op.get(L.pushes),
    ],
  };
}

/**
 * `prepareRows` and the packing of `warmStartPacked`, fused, over rows that live in this memory
 * (`RowKernels.rowViews`): prepare(from, to, dt, invDt, gx, gy, gravity, ...regions) → the rows
 * joining bodies SHOCK_MASS_RATIO or more apart in mass, over rows [from, to). Row c is
 * prepared in place and packed at its colour position POS[c] (`positions`); the same
 * operations as the TypeScript, so the same bits (each row's are its own, so the order rows
 * are visited in, and how the range is split among threads, is free). A touching row's bodies
 * are marked RESTING in REST, as `markResting` would (one value, so any order of writes).
 * The velocities and inverse masses (VEL, IM) are read, and the packed row names its bodies,
 * by slot (SLOT[body]: place-homes.ts) in `prepareSlots`, by body in `prepare` (which reads no
 * SLOT); the materials (BF, GF) and marks by body in both.
 */
function prepareKernel(slotted: boolean): FunctionDef {
  const params = [
    'from', 'to', 'dt', 'invDt', 'gx', 'gy', 'grav',
    'A', 'B', 'NX', 'NY', 'SEP', 'BASE', 'IMP', 'TAN', 'MASS', 'APP', 'BIAS', 'FRI', 'BNC', 'WI', 'WT',
    'VEL', 'IM', 'BF', 'GF', 'ROWS', 'PBASE', 'POS', 'REST', 'SLOT',
  ] as const;
  const ints = ['i', 'c', 'c8', 'c4', 'ba', 'bb', 'ia', 'ib', 'k', 'unequal', 'pa', 'pb'] as const;
  const floats = ['ma', 'mb', 'nx', 'ny', 'vn0', 'sep', 't', 'gn', 'tt', 'vs', 'disc', 'den', 'mu', 'p', 'q', 'mass', 'bias', 'fri'] as const;
  const L = localsOf(params, [...ints, ...floats]);
  type Name = keyof typeof L;
  const g = (n: Name): number[] => op.get(L[n]);
  const set = (n: Name): number[] => op.set(L[n]);
  /** Address of element `idx` (a local) of the 8-byte array at `base`. */
  const at8 = (base: Name, idx: Name): number[][] => [g(base), g(idx), op.i32(3), op.i32Shl, op.i32Add];
  /** Row c's field of the 8-byte array at `base` (c8 = 8·c). */
  const field = (base: Name): number[][] => [g(base), g('c8'), op.i32Add];
  const row = [
    g('POS'), g('c'), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), set('i'),
    g('c'), op.i32(3), op.i32Shl, set('c8'),
    g('c'), op.i32(2), op.i32Shl, set('c4'),
    // The row's bodies (ba, bb) and their slots in the copies for the solve (ia, ib).
    g('A'), g('c4'), op.i32Add, op.loadI32(0), set('ba'),
    g('B'), g('c4'), op.i32Add, op.loadI32(0), set('bb'),
    ...(slotted
      ? [
          g('SLOT'), g('ba'), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), set('ia'),
          g('SLOT'), g('bb'), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), set('ib'),
        ]
      : [g('ba'), set('ia'), g('bb'), set('ib')]),
    ...at8('IM', 'ia'), op.load(0), set('ma'),
    ...at8('IM', 'ib'), op.load(0), set('mb'),
    op.f64(1), g('ma'), g('mb'), op.f64Add, op.f64Div, set('mass'),
    ...field('MASS'), g('mass'), op.store(0),
    // (ma > R·mb || mb > R·ma) && ma !== 0 && mb !== 0
    g('ma'), op.f64(SHOCK_MASS_RATIO), g('mb'), op.f64Mul, op.f64Gt,
    g('mb'), op.f64(SHOCK_MASS_RATIO), g('ma'), op.f64Mul, op.f64Gt, op.i32Or,
    g('ma'), op.f64(0), op.f64Ne, op.i32And, g('mb'), op.f64(0), op.f64Ne, op.i32And,
    g('unequal'), op.i32Add, set('unequal'),
    ...field('NX'), op.load(0), set('nx'),
    ...field('NY'), op.load(0), set('ny'),
    g('VEL'), g('ia'), op.i32(4), op.i32Shl, op.i32Add, set('pa'),
    g('VEL'), g('ib'), op.i32(4), op.i32Shl, op.i32Add, set('pb'),
    ...relative({ pa: L.pa, pb: L.pb }, [g('nx')], [g('ny')]), set('vn0'),
    ...field('APP'), g('vn0'), op.store(0),
    ...field('SEP'), op.load(0), set('sep'),
    // A touching row holds its bodies for the position update (integrate.ts's markResting).
    g('sep'), op.f64(0), op.f64Le,
    op.if,
    g('REST'), g('ba'), op.i32Add, op.i32(RESTING), op.storeU8(0),
    g('REST'), g('bb'), op.i32Add, op.i32(RESTING), op.storeU8(0),
    op.end,
    op.f64(0), set('t'), op.f64(0), set('gn'),
    // if (sep > 0 && (vn0 < 0 || gravity))
    g('sep'), op.f64(0), op.f64Gt, g('vn0'), op.f64(0), op.f64Lt, g('grav'), op.i32Or, op.i32And,
    op.if,
    g('sep'), g('vn0'), op.f64Neg, op.f64Div, set('tt'),
    g('grav'),
    op.if,
    // gn = (gb - ga)·(gx·nx + gy·ny); vs = vn0 - gn·dt; disc = vs·vs - 2·gn·sep
    ...at8('GF', 'bb'), op.load(0), ...at8('GF', 'ba'), op.load(0), op.f64Sub,
    g('gx'), g('nx'), op.f64Mul, g('gy'), g('ny'), op.f64Mul, op.f64Add, op.f64Mul, set('gn'),
    g('vn0'), g('gn'), g('dt'), op.f64Mul, op.f64Sub, set('vs'),
    g('vs'), g('vs'), op.f64Mul, op.f64(2), g('gn'), op.f64Mul, g('sep'), op.f64Mul, op.f64Sub, set('disc'),
    // den = disc < 0 ? 0 : sqrt(disc) - vs; tt = den > 0 ? 2·sep / den : Infinity
    op.f64(0), g('disc'), op.f64Sqrt, g('vs'), op.f64Sub, g('disc'), op.f64(0), op.f64Lt, op.select, set('den'),
    op.f64(2), g('sep'), op.f64Mul, g('den'), op.f64Div, op.f64(Infinity), g('den'), op.f64(0), op.f64Gt, op.select, set('tt'),
    op.end,
    g('tt'), g('dt'), op.f64Le, op.if, g('tt'), set('t'), op.end,
    op.end,
    ...field('BNC'), g('t'), op.store(0),
    // bias = t !== 0 || sep <= 0 ? 0 : sep·invDt - 0.5·gn·dt
    op.f64(0),
    g('sep'), g('invDt'), op.f64Mul, op.f64(0.5), g('gn'), op.f64Mul, g('dt'), op.f64Mul, op.f64Sub,
    g('t'), op.f64(0), op.f64Ne, g('sep'), op.f64(0), op.f64Le, op.i32Or, op.select, set('bias'),
    ...field('BIAS'), g('bias'), op.store(0),
    ...at8('BF', 'ba'), op.load(0), ...at8('BF', 'bb'), op.load(0), op.f64Mul, set('mu'),
    op.f64(0), g('mu'), op.f64Sqrt, g('mu'), op.f64(0), op.f64Eq, op.select, set('fri'),
    ...field('FRI'), g('fri'), op.store(0),
    ...field('IMP'), op.load(0), set('p'),
    ...field('TAN'), op.load(0), set('q'),
    g('WI'), g('c4'), op.i32Add, g('p'), op.f32DemoteF64, op.storeF32(0),
    g('WT'), g('c4'), op.i32Add, g('q'), op.f32DemoteF64, op.storeF32(0),
    // The packed row at colour position i.
    g('ROWS'), g('i'), op.i32(6), op.i32Shl, op.i32Add, set('k'),
    g('k'), g('ia'), op.storeI32(A),
    g('k'), g('ib'), op.storeI32(B),
    g('k'), g('nx'), op.store(NX),
    g('k'), g('ny'), op.store(NY),
    g('k'), g('mass'), op.store(MASS),
    g('k'), g('bias'), op.store(BIAS),
    g('k'), g('p'), op.store(IMPULSE),
    g('k'), g('fri'), op.store(FRICTION),
    g('k'), g('q'), op.store(TANGENT),
    ...at8('PBASE', 'i'), ...field('BASE'), op.load(0), op.store(0),
  ];
  return {
    name: slotted ? 'prepareSlots' : 'prepare',
    params: [i32, i32, f64, f64, f64, f64, i32, ...Array.from({ length: 24 }, (): ValueType => i32)],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [
      g('from'), set('c'),
      op.block, g('c'), g('to'), op.i32LtU, op.i32Eqz, op.brIf(0),
      op.loop, ...row,
      g('c'), op.i32(1), op.i32Add, op.tee(L.c), g('to'), op.i32LtU, op.brIf(0),
      op.end, op.end,
      g('unequal'),
    ],
  };
}

/**
 * positions(n, order, pos): each row's colour position, pos[order[i]] = i for i in [0, n), for
 * `prepare`. It reads the rows in row order, each field's array from start to end, and packs
 * each at its colour position: in colour order every field's read missed once the rows
 * outgrow the cache (a pile 10,000's rows take about 2 MB).
 */
function positionsKernel(): FunctionDef {
  const L = localsOf(['n', 'order', 'pos'] as const, ['i'] as const);
  return {
    name: 'positions',
    params: [i32, i32, i32],
    result: i32,
    locals: [i32],
    body: [
      op.block, op.get(L.n), op.i32Eqz, op.brIf(0),
      op.loop,
      op.get(L.order), op.get(L.i), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.i32(2), op.i32Shl, op.get(L.pos), op.i32Add, op.get(L.i), op.storeI32(0),
      op.get(L.i), op.i32(1), op.i32Add, op.tee(L.i), op.get(L.n), op.i32LtU, op.brIf(0),
      op.end, op.end,
      op.i32(0),
    ],
  };
}

/**
 * `unpackImpulses` over the resident rows: unpack(from, to, position, impulse, tangentImpulse,
 * pair, pairImp, pairTan) copies the impulses of each row c in [from, to) back from its packed
 * row (colour position position[c]), and unless pairImp is 0 to the row's pair too, as
 * `storeImpulses` (solver.ts) does. In row order, so the writes go to consecutive rows and
 * pairs: threads that unpack ranges at once then write lines of their own, where a walk in
 * colour order wrote at random, lines that the other thread's rows shared.
 */
function unpackKernel(): FunctionDef {
  const params = ['from', 'n', 'position', 'imp', 'tan', 'pair', 'pairImp', 'pairTan'] as const;
  const locals = ['i', 'k', 'c', 'c8', 'p4'] as const;
  const floats = ['p', 'q'] as const;
  const L = localsOf(params, [...locals, ...floats]);
  const row = [
    op.get(L.i), op.tee(L.c), op.i32(3), op.i32Shl, op.set(L.c8),
    op.get(L.position), op.get(L.i), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.i32(6), op.i32Shl, op.set(L.k),
    op.get(L.imp), op.get(L.c8), op.i32Add, op.get(L.k), op.load(IMPULSE), op.tee(L.p), op.store(0),
    op.get(L.tan), op.get(L.c8), op.i32Add, op.get(L.k), op.load(TANGENT), op.tee(L.q), op.store(0),
    // The pair's warm start for the next step, as storeImpulses writes it (float32, rounded to nearest).
    op.get(L.pairImp),
    op.if,
    op.get(L.pair), op.get(L.c), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.i32(2), op.i32Shl, op.set(L.p4),
    op.get(L.pairImp), op.get(L.p4), op.i32Add, op.get(L.p), op.f32DemoteF64, op.storeF32(0),
    op.get(L.pairTan), op.get(L.p4), op.i32Add, op.get(L.q), op.f32DemoteF64, op.storeF32(0),
    op.end,
  ];
  return {
    name: 'unpack',
    params: [i32, i32, i32, i32, i32, i32, i32, i32],
    result: i32,
    locals: [...locals.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [
      op.get(L.from), op.set(L.i),
      op.block, op.get(L.i), op.get(L.n), op.i32LtU, op.i32Eqz, op.brIf(0),
      op.loop, ...row,
      op.get(L.i), op.i32(1), op.i32Add, op.tee(L.i), op.get(L.n), op.i32LtU, op.brIf(0),
      op.end, op.end,
      op.i32(0),
    ],
  };
}

export { solveKernel, warmKernel, pushKernel, prepareKernel, positionsKernel, unpackKernel };
