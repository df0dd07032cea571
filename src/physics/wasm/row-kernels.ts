/**
 * The packed rows' warm start, velocity pass and pushout pass (packed-rows.ts) as WebAssembly. The same
 * arithmetic, operation for operation, in the same order, so the bits are the same as the
 * TypeScript kernels' (row-kernels.test.ts compares them); what differs is the cost of a row.
 * A packed pass waits on the loads and stores of the bodies it moves, and in WebAssembly those
 * are plain loads at an address: no bounds check, no conversion of a stored body number to an
 * index, and a velocity's two halves side by side in one cache line.
 *
 * The memory holds the packed rows (what `ContactBuffer.packed` views) and, for the passes, a
 * copy of the bodies: velocities or positions as (x, y) pairs, and inverse masses. The solver
 * copies them in before the passes that run here and back after (`load`, `save`). On one
 * thread it holds the contact rows' main fields too (`reserve`'s `resident`, RowViews): the
 * collide stage writes them here, and `prepare` prepares and packs them (solver.ts's
 * `prepareRows` and the packing of packed-rows.ts) without a copy. Where the thread can share
 * memory, the memory is shared, and worker threads run the same passes on it (`adopt`,
 * parallel/worker.ts); the rows' fields then live in arrays of their own, which the threads
 * share, and TypeScript prepares and packs them. Where WebAssembly cannot run, the TypeScript
 * kernels do all the work.
 */
import { PACKED_STRIDE, PK_BIAS, PK_FRICTION, PK_IDS, PK_IMPULSE, PK_MASS, PK_NX, PK_NY, PK_TANGENT } from '../packed-rows.js';
import { noteSharedGrowth } from '../grown.js';
import { SHOCK_MASS_RATIO } from '../shock.js';
import { COLOUR_COUNT } from '../colour.js';
import { BODY_DYNAMIC, type BodyStore } from '../body-store.js';
import { f64, i32, moduleBytes, op, type FunctionDef, type ValueType } from './encoder.js';
import { collideKernel } from './collide-kernel.js';
import { colourKernel } from './colour-kernel.js';

const PAGE = 65536;
/** Bytes per packed row and byte offsets of its fields (packed-rows.ts). */
const ROW = PACKED_STRIDE * 8;
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
const BASE = 8;
/** Bytes per body: an (x, y) pair and an inverse mass. */
const BODY = 24;

/** Local variable numbers by name: the parameters first, then the extra locals, in order. */
function localsOf<P extends string, L extends string>(params: readonly P[], locals: readonly L[]): Record<P | L, number> {
  const out = {} as Record<P | L, number>;
  [...params, ...locals].forEach((n, i) => (out[n as P | L] = i));
  return out;
}

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

/**
 * `pair -= d·(tx, ty)·ma` at pa, `pair += d·(tx, ty)·mb` at pb, as `move` in packed-rows.ts
 * (d·tx·ma: (d·tx)·ma, the same rounding).
 */
function move(L: { pa: number; pb: number; ma: number; mb: number }, d: number, tx: number[][], ty: number[][]): number[][] {
  const half = (at: number, offset: number, t: number[][], m: number, sign: number[]): number[][] => [
    op.get(at),
    op.get(at),
    op.load(offset),
    op.get(d),
    ...t,
    op.f64Mul,
    op.get(m),
    op.f64Mul,
    sign,
    op.store(offset),
  ];
  return [...half(L.pa, 0, tx, L.ma, op.f64Sub), ...half(L.pa, 8, ty, L.ma, op.f64Sub), ...half(L.pb, 0, tx, L.mb, op.f64Add), ...half(L.pb, 8, ty, L.mb, op.f64Add)];
}

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

/** `solvePackedRows`: solve(rows, from, to, bodies, masses, omega) → rows that changed. */
function solveKernel(): FunctionDef {
  const params = ['rows', 'from', 'to', 'bodies', 'masses', 'omega'] as const;
  const ints = ['k', 'end', 'ia', 'ib', 'pa', 'pb', 'changes', 'changed'] as const;
  const floats = ['nx', 'ny', 'm', 'mu', 'old', 'next', 'd', 'ma', 'mb', 'limit', 'oldT', 'nextT', 'e'] as const;
  const L = localsOf(params, [...ints, ...floats]);
  const tx = [op.get(L.ny), op.f64Neg];
  const ty = [op.get(L.nx)];
  const row = [
    ...pairsOf(L),
    op.get(L.k), op.load(NX), op.set(L.nx),
    op.get(L.k), op.load(NY), op.set(L.ny),
    op.get(L.k), op.load(MASS), op.set(L.m),
    op.get(L.k), op.load(FRICTION), op.set(L.mu),
    op.get(L.k), op.load(IMPULSE), op.set(L.old),
    // raw = old - (mu === 0 ? omega : 1)·m·(vn + bias); next = max(raw, 0) as (raw + |raw|)·0.5
    op.get(L.old),
    op.get(L.omega), op.f64(1), op.get(L.mu), op.f64(0), op.f64Eq, op.select,
    op.get(L.m), op.f64Mul,
    ...relative(L, [op.get(L.nx)], [op.get(L.ny)]),
    op.get(L.k), op.load(BIAS), op.f64Add,
    op.f64Mul, op.f64Sub,
    op.tee(L.next), op.get(L.next), op.f64Abs, op.f64Add, op.f64(0.5), op.f64Mul, op.tee(L.next),
    op.get(L.old), op.f64Sub, op.set(L.d),
    ...massesOf(L),
    op.i32(0), op.set(L.changed),
    op.get(L.d), op.f64(0), op.f64Ne,
    op.if,
    op.get(L.k), op.get(L.next), op.store(IMPULSE),
    ...move(L, L.d, [op.get(L.nx)], [op.get(L.ny)]),
    op.i32(1), op.set(L.changed),
    op.end,
    // The friction row, along (-ny, nx), within ±mu times the normal impulse.
    op.get(L.mu), op.f64(0), op.f64Ne,
    op.if,
    op.get(L.mu), op.get(L.next), op.f64Mul, op.set(L.limit),
    op.get(L.k), op.load(TANGENT), op.tee(L.oldT),
    op.get(L.m), ...relative(L, tx, ty), op.f64Mul, op.f64Sub, op.set(L.nextT),
    op.get(L.nextT), op.get(L.limit), op.f64Gt,
    op.if, op.get(L.limit), op.set(L.nextT),
    op.else,
    op.get(L.nextT), op.get(L.limit), op.f64Neg, op.f64Lt,
    op.if, op.get(L.limit), op.f64Neg, op.set(L.nextT), op.end,
    op.end,
    op.get(L.nextT), op.get(L.oldT), op.f64Sub, op.set(L.e),
    op.get(L.e), op.f64(0), op.f64Ne,
    op.if,
    op.get(L.k), op.get(L.nextT), op.store(TANGENT),
    ...move(L, L.e, tx, ty),
    op.i32(1), op.set(L.changed),
    op.end,
    op.end,
    op.get(L.changes), op.get(L.changed), op.i32Add, op.set(L.changes),
  ];
  return {
    name: 'solve',
    params: [i32, i32, i32, i32, i32, f64],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [...overRows(L, row), op.get(L.changes)],
  };
}

/** The warm start of `warmStartPacked`: warm(rows, from, to, bodies, masses) → 0. */
function warmKernel(): FunctionDef {
  const params = ['rows', 'from', 'to', 'bodies', 'masses'] as const;
  const ints = ['k', 'end', 'ia', 'ib', 'pa', 'pb'] as const;
  const floats = ['nx', 'ny', 'p', 'q', 'ma', 'mb'] as const;
  const L = localsOf(params, [...ints, ...floats]);
  const tx = [op.get(L.ny), op.f64Neg];
  const ty = [op.get(L.nx)];
  const row = [
    op.get(L.k), op.load(IMPULSE), op.set(L.p),
    op.get(L.k), op.load(TANGENT), op.set(L.q),
    // if (p !== 0 || q !== 0)
    op.get(L.p), op.f64(0), op.f64Ne, op.get(L.q), op.f64(0), op.f64Ne, op.i32Or,
    op.if,
    ...pairsOf(L),
    ...massesOf(L),
    op.get(L.k), op.load(NX), op.set(L.nx),
    op.get(L.k), op.load(NY), op.set(L.ny),
    op.get(L.p), op.f64(0), op.f64Ne,
    op.if, ...move(L, L.p, [op.get(L.nx)], [op.get(L.ny)]), op.end,
    op.get(L.q), op.f64(0), op.f64Ne,
    op.if, ...move(L, L.q, tx, ty), op.end,
    op.end,
  ];
  return {
    name: 'warm',
    params: [i32, i32, i32, i32, i32],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [...overRows(L, row), op.i32(0)],
  };
}

/** `pushPackedRows`: push(rows, base, from, to, bodies, masses, slop, factor, maxPush) → rows that pushed. */
function pushKernel(): FunctionDef {
  const params = ['rows', 'base', 'from', 'to', 'bodies', 'masses', 'slop', 'factor', 'maxPush'] as const;
  const ints = ['k', 'kb', 'end', 'ia', 'ib', 'pa', 'pb', 'pushes'] as const;
  const floats = ['nx', 'ny', 'push', 'd', 'ma', 'mb'] as const;
  const L = localsOf(params, [...ints, ...floats]);
  const row = [
    ...pairsOf(L),
    op.get(L.k), op.load(NX), op.set(L.nx),
    op.get(L.k), op.load(NY), op.set(L.ny),
    // sep = base + dx·nx + dy·ny, left to right; push only where sep < -slop (`if (sep >= -slop) continue`).
    op.get(L.kb), op.load(0),
    op.get(L.pb), op.load(0), op.get(L.pa), op.load(0), op.f64Sub, op.get(L.nx), op.f64Mul, op.f64Add,
    op.get(L.pb), op.load(8), op.get(L.pa), op.load(8), op.f64Sub, op.get(L.ny), op.f64Mul, op.f64Add,
    op.tee(L.push), op.get(L.slop), op.f64Neg, op.f64Ge, op.i32Eqz,
    op.if,
    op.get(L.push), op.get(L.slop), op.f64Add, op.f64Neg, op.get(L.factor), op.f64Mul, op.set(L.push),
    op.get(L.push), op.get(L.maxPush), op.f64Gt,
    op.if, op.get(L.maxPush), op.set(L.push), op.end,
    ...massesOf(L),
    op.get(L.push), op.get(L.ma), op.get(L.mb), op.f64Add, op.f64Div, op.set(L.d),
    ...move(L, L.d, [op.get(L.nx)], [op.get(L.ny)]),
    op.get(L.pushes), op.i32(1), op.i32Add, op.set(L.pushes),
    op.end,
  ];
  return {
    name: 'push',
    params: [i32, i32, i32, i32, i32, i32, f64, f64, f64],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [...overRows(L, row, L), op.get(L.pushes)],
  };
}

/**
 * `prepareRows` and the packing of `warmStartPacked`, fused, over rows that live in this memory
 * (`RowKernels.rowViews`): prepare(n, dt, invDt, gx, gy, gravity, ...regions) → the rows
 * joining bodies SHOCK_MASS_RATIO or more apart in mass. Row c = order[i] is prepared in place
 * and packed at colour position i; the same operations as the TypeScript, so the same bits.
 */
function prepareKernel(): FunctionDef {
  const params = [
    'n', 'dt', 'invDt', 'gx', 'gy', 'grav',
    'A', 'B', 'ORD', 'NX', 'NY', 'SEP', 'BASE', 'IMP', 'TAN', 'MASS', 'APP', 'BIAS', 'FRI', 'BNC', 'WI', 'WT',
    'VEL', 'IM', 'BF', 'GF', 'ROWS', 'PBASE',
  ] as const;
  const ints = ['i', 'c8', 'c4', 'ia', 'ib', 'k', 'unequal', 'pa', 'pb'] as const;
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
    g('ORD'), g('i'), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.tee(L.c4), op.i32(3), op.i32Shl, set('c8'),
    g('c4'), op.i32(2), op.i32Shl, set('c4'),
    g('A'), g('c4'), op.i32Add, op.loadI32(0), set('ia'),
    g('B'), g('c4'), op.i32Add, op.loadI32(0), set('ib'),
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
    op.f64(0), set('t'), op.f64(0), set('gn'),
    // if (sep > 0 && (vn0 < 0 || gravity))
    g('sep'), op.f64(0), op.f64Gt, g('vn0'), op.f64(0), op.f64Lt, g('grav'), op.i32Or, op.i32And,
    op.if,
    g('sep'), g('vn0'), op.f64Neg, op.f64Div, set('tt'),
    g('grav'),
    op.if,
    // gn = (gb - ga)·(gx·nx + gy·ny); vs = vn0 - gn·dt; disc = vs·vs - 2·gn·sep
    ...at8('GF', 'ib'), op.load(0), ...at8('GF', 'ia'), op.load(0), op.f64Sub,
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
    ...at8('BF', 'ia'), op.load(0), ...at8('BF', 'ib'), op.load(0), op.f64Mul, set('mu'),
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
    name: 'prepare',
    params: [i32, f64, f64, f64, f64, i32, ...Array.from({ length: 22 }, (): ValueType => i32)],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [
      op.block, g('n'), op.i32Eqz, op.brIf(0),
      op.loop, ...row,
      g('i'), op.i32(1), op.i32Add, op.tee(L.i), g('n'), op.i32LtU, op.brIf(0),
      op.end, op.end,
      g('unequal'),
    ],
  };
}

/**
 * `unpackImpulses` over the resident rows: unpack(n, order, impulse, tangentImpulse) copies each
 * packed row's impulses (colour position i) back to its row, order[i].
 */
function unpackKernel(): FunctionDef {
  const params = ['n', 'order', 'imp', 'tan'] as const;
  const locals = ['i', 'k', 'c8'] as const;
  const L = localsOf(params, locals);
  const row = [
    op.get(L.order), op.get(L.i), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.i32(3), op.i32Shl, op.set(L.c8),
    op.get(L.i), op.i32(6), op.i32Shl, op.set(L.k),
    op.get(L.imp), op.get(L.c8), op.i32Add, op.get(L.k), op.load(IMPULSE), op.store(0),
    op.get(L.tan), op.get(L.c8), op.i32Add, op.get(L.k), op.load(TANGENT), op.store(0),
  ];
  return {
    name: 'unpack',
    params: [i32, i32, i32, i32],
    result: i32,
    locals: locals.map((): ValueType => i32),
    body: [
      op.block, op.get(L.n), op.i32Eqz, op.brIf(0),
      op.loop, ...row,
      op.get(L.i), op.i32(1), op.i32Add, op.tee(L.i), op.get(L.n), op.i32LtU, op.brIf(0),
      op.end, op.end,
      op.i32(0),
    ],
  };
}

type WarmFn = (rows: number, from: number, to: number, bodies: number, masses: number) => number;
type SolveFn = (rows: number, from: number, to: number, bodies: number, masses: number, omega: number) => number;
type PrepareFn = (...args: number[]) => number;
type CollideFn = (...args: number[]) => number;
type ColourFn = (...args: number[]) => number;
type UnpackFn = (n: number, order: number, impulse: number, tangent: number) => number;
type PushFn = (rows: number, base: number, from: number, to: number, bodies: number, masses: number, slop: number, factor: number, maxPush: number) => number;

/**
 * Pages a shared memory may grow to (a shared memory is reserved whole): 1 GiB, about ten
 * million rows. A step that needs more packs into a plain array instead.
 */
const MAX_PAGES = 16384;

/** The compiled modules (for a shared memory and a plain one), once per thread; null where WebAssembly cannot run. */
const compiled = new Map<boolean, WebAssembly.Module | null>();

function compiledModule(shared: boolean): WebAssembly.Module | null {
  let module = compiled.get(shared);
  if (module === undefined) {
    try {
      const bytes = moduleBytes([solveKernel(), pushKernel(), warmKernel(), prepareKernel(), collideKernel(), colourKernel(), unpackKernel()], shared, MAX_PAGES);
      module = new WebAssembly.Module(bytes);
    } catch {
      // A page whose content security policy forbids WebAssembly.
      module = null;
    }
    compiled.set(shared, module);
  }
  return module;
}

/** A new memory of `pages`, shared when this thread can share one (cross-origin isolated, or Node). */
function newMemory(pages: number): WebAssembly.Memory | null {
  if (typeof SharedArrayBuffer !== 'undefined') {
    try {
      return new WebAssembly.Memory({ initial: pages, maximum: MAX_PAGES, shared: true });
    } catch {
      // Not isolated after all, or no room to reserve: a plain memory.
    }
  }
  return plainMemory(pages);
}

/** A new plain (not shared) memory of `pages`, or null where there is no room. */
function plainMemory(pages: number): WebAssembly.Memory | null {
  try {
    return new WebAssembly.Memory({ initial: pages });
  } catch {
    return null;
  }
}

/** Whether `memory`'s buffer is shared (a SharedArrayBuffer). */
function isSharedMemory(memory: WebAssembly.Memory): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
}

/**
 * The contact rows' fields (ContactBuffer's arrays of the same names) as views of this memory,
 * while the rows live here (`RowKernels.reserve` with `resident`): the collide stage writes
 * them in place and `prepare` reads them without a copy.
 */
export interface RowViews {
  a: Int32Array;
  pair: Int32Array;
  colour: Uint8Array;
  b: Int32Array;
  order: Int32Array;
  nx: Float64Array;
  ny: Float64Array;
  separation: Float64Array;
  baseSeparation: Float64Array;
  impulse: Float64Array;
  tangentImpulse: Float64Array;
  mass: Float64Array;
  approach: Float64Array;
  bias: Float64Array;
  friction: Float64Array;
  bounce: Float64Array;
  warmImpulse: Float32Array;
  warmTangent: Float32Array;
}

/** RowViews' fields in the order they are laid out, which is `prepare`'s parameter order. */
export const RESIDENT_FIELDS = [
  'a', 'b', 'order', 'nx', 'ny', 'separation', 'baseSeparation', 'impulse', 'tangentImpulse', 'mass', 'approach', 'bias', 'friction', 'bounce', 'warmImpulse', 'warmTangent', 'pair', 'colour',
] as const;
/** Bytes a resident row takes over its fields, each field's region rounded up to 8 bytes. */
const residentBytes = (rows: number): number => RESIDENT_FIELDS.reduce((sum, name) => sum + align8(rows * FIELD_BYTES[name]), 0);
const FIELD_BYTES: Record<keyof RowViews, number> = {
  a: 4, b: 4, order: 4, warmImpulse: 4, warmTangent: 4, pair: 4, colour: 1,
  nx: 8, ny: 8, separation: 8, baseSeparation: 8, impulse: 8, tangentImpulse: 8, mass: 8, approach: 8, bias: 8, friction: 8, bounce: 8,
};
const align8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;
/**
 * The collide kernel's inputs and lists in this memory (wasm/collide-kernel.ts), while the rows
 * are resident: copies of the bodies and the pairs, made each step, and what the kernel leaves
 * to TypeScript.
 */
export interface CollideRegions {
  /** The far, fix, wall and special counts. */
  head: Int32Array;
  flags: Uint8Array;
  x: Float64Array;
  y: Float64Array;
  halfWidth: Float64Array;
  halfHeight: Float64Array;
  radius: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  pairA: Int32Array;
  pairB: Int32Array;
  pairImp: Float32Array;
  pairTan: Float32Array;
  /** Pairs too far apart to meet within the step. */
  far: Int32Array;
  /** Rows whose normal `collidePairs`'s code finds, walls, and rows with a body that needs TypeScript. */
  fix: Int32Array;
  walls: Int32Array;
  special: Int32Array;
  /** The colouring's scratch (wasm/colour-kernel.ts): each body's colours and wall row, and the groups' starts. */
  masks: Int32Array;
  walled: Uint8Array;
  colourStart: Int32Array;
}
/** Bytes a body takes in CollideRegions (its flags, rounded up, and seven numbers), and a pair. */
const COLLIDE_BODY = 8 + 7 * 8 + 4 + 8;
const COLLIDE_PAIR = 5 * 4;
const COLLIDE_ROW = 3 * 4;

/** Bytes a body takes for `prepare` beyond BODY: its friction and its gravity factor. */
const MATERIAL = 16;

/** A shared memory and the capacities its regions were laid out for: what a worker thread needs to run the kernels on it. */
export interface KernelLayout {
  readonly memory: WebAssembly.Memory;
  readonly rowCapacity: number;
  readonly bodyCapacity: number;
}

/**
 * One world's WebAssembly memory and this thread's kernels over it. The memory holds
 * `rowCapacity` packed rows from byte 0, their base separations, then `bodyCapacity` bodies'
 * pairs and inverse masses. It is shared where the thread can share memory, so that worker
 * threads run the same kernels on it (`adopt`). Let go with `release`.
 */
export class RowKernels {
  private memory: WebAssembly.Memory | null = null;
  private solveFn: SolveFn | null = null;
  private pushFn: PushFn | null = null;
  private warmFn: WarmFn | null = null;
  private prepareFn: PrepareFn | null = null;
  private collideFn: CollideFn | null = null;
  private colourFn: ColourFn | null = null;
  private unpackFn: UnpackFn | null = null;
  private pairCapacity = 0;
  /** The collide kernel's regions, while the rows are resident. */
  collideRegions: CollideRegions | null = null;
  /** Whether the memory holds the contact rows' fields too (`reserve`'s `resident`), and where. */
  private resident = false;
  private frictionAt = 0;
  private gravityAt = 0;
  private views: RowViews | null = null;
  private heap = new Float64Array(0);
  private rowCapacity = 0;
  private bodyCapacity = 0;
  /** Byte offsets of the base separations, the bodies' pairs and their inverse masses. */
  private baseAt = 0;
  private pairsAt = 0;
  private massesAt = 0;
  /** The rows' region, as `ContactBuffer.packed`, `packedIds` and `packedBase` view it. */
  packed = new Float64Array(0);
  packedIds = new Int32Array(0);
  packedBase = new Float64Array(0);

  /** A kernel set, or null where WebAssembly cannot run. */
  static create(): RowKernels | null {
    return compiledModule(false) === null ? null : new RowKernels();
  }

  /** This thread's kernels over another thread's memory (`layout`), for a worker thread. */
  static adopt(layout: KernelLayout): RowKernels | null {
    const kernels = RowKernels.create();
    if (kernels === null || !kernels.bind(layout.memory)) return null;
    kernels.place(layout.rowCapacity, layout.bodyCapacity);
    return kernels;
  }

  /** Bytes of memory held (none once released). */
  get byteLength(): number {
    return this.memory === null ? 0 : this.memory.buffer.byteLength;
  }

  /** The memory and its regions, while it is shared; else null (a worker thread cannot use it). */
  get layout(): KernelLayout | null {
    const memory = this.memory;
    return memory !== null && isSharedMemory(memory) ? { memory, rowCapacity: this.rowCapacity, bodyCapacity: this.bodyCapacity } : null;
  }

  /**
   * Room for `rows` packed rows and `bodies` bodies; false where there is none (the step then
   * does without). The rows' views (`packed`, `packedIds`, `packedBase`) are new when the
   * memory grew. Allocates only to grow. A shared memory's growth counts as a shared array's
   * (grown.ts), so that worker threads are handed the new layout. With `resident`, the memory
   * also holds the contact rows' main fields (`rowViews`, new and empty whenever the layout
   * changes: their owner copies the values over), and each body's friction and gravity factor.
   */
  reserve(rows: number, bodies: number, resident = false, pairs = 0): boolean {
    if (this.memory !== null && rows <= this.rowCapacity && bodies <= this.bodyCapacity && resident === this.resident && pairs <= this.pairCapacity) return true;
    const rowCapacity = Math.max(rows, this.rowCapacity);
    const bodyCapacity = Math.max(bodies, this.bodyCapacity);
    const pairCapacity = resident ? Math.max(pairs, this.pairCapacity) : 0;
    const tail = resident ? residentBytes(rowCapacity) + bodyCapacity * (MATERIAL + COLLIDE_BODY) + pairCapacity * COLLIDE_PAIR + rowCapacity * COLLIDE_ROW + 8 * (COLOUR_COUNT + 2) + 128 : 0;
    const pages = Math.ceil((rowCapacity * (ROW + BASE) + bodyCapacity * BODY + tail) / PAGE);
    // Resident rows move to a new memory (their owner copies them over from the old views): in
    // a memory grown in place, the new layout's regions would overlap the old ones.
    if (this.memory === null || !isSharedMemory(this.memory) || resident || this.resident) {
      // A plain memory is made anew rather than grown: growing one detaches its old buffer,
      // and in V8 11 (Node 20) every step after a detach ran about a tenth slower, all of it,
      // not only the kernels (the bench README). Nothing in it needs keeping: the solve packs
      // its rows and copies its bodies in after this.
      // Resident rows go in a plain memory, which one thread uses: a shared one's buffer can
      // grow, and V8 gives typed arrays over such a buffer another kind than over a plain
      // one; the TypeScript that reads the rows would then meet both kinds in a world that
      // packs only some of the time (a crowd spreading), and stay slower after.
      const memory = resident ? plainMemory(pages) : newMemory(pages);
      if (memory === null || !this.bind(memory)) return false;
    } else {
      const have = this.memory.buffer.byteLength / PAGE;
      try {
        if (pages > have) this.memory.grow(pages - have);
      } catch {
        return false;
      }
    }
    this.place(rowCapacity, bodyCapacity, resident, pairCapacity);
    if (this.layout !== null) noteSharedGrowth();
    return true;
  }

  /** Instantiates the kernels over `memory`; false where they cannot be. */
  private bind(memory: WebAssembly.Memory): boolean {
    const module = compiledModule(isSharedMemory(memory));
    if (module === null) return false;
    const exports = new WebAssembly.Instance(module, { env: { memory } }).exports;
    this.memory = memory;
    this.solveFn = exports.solve as SolveFn;
    this.pushFn = exports.push as PushFn;
    this.warmFn = exports.warm as WarmFn;
    this.prepareFn = exports.prepare as PrepareFn;
    this.collideFn = exports.collide as CollideFn;
    this.colourFn = exports.colour as ColourFn;
    this.unpackFn = exports.unpack as UnpackFn;
    return true;
  }

  /** Lays the regions out for these capacities (and the resident rows' after them), and views them. */
  private place(rowCapacity: number, bodyCapacity: number, resident = false, pairCapacity = 0): void {
    const buffer = (this.memory as WebAssembly.Memory).buffer;
    this.rowCapacity = rowCapacity;
    this.bodyCapacity = bodyCapacity;
    this.baseAt = rowCapacity * ROW;
    this.pairsAt = this.baseAt + rowCapacity * BASE;
    this.massesAt = this.pairsAt + bodyCapacity * 16;
    this.heap = new Float64Array(buffer);
    this.packed = new Float64Array(buffer, 0, rowCapacity * PACKED_STRIDE);
    this.packedIds = new Int32Array(buffer, 0, rowCapacity * PACKED_STRIDE * 2);
    this.packedBase = new Float64Array(buffer, this.baseAt, rowCapacity);
    this.resident = resident;
    this.views = null;
    this.collideRegions = null;
    this.pairCapacity = pairCapacity;
    if (!resident) return;
    let at = this.massesAt + bodyCapacity * 8;
    this.frictionAt = at;
    this.gravityAt = at + bodyCapacity * 8;
    at += bodyCapacity * MATERIAL;
    const views: Partial<Record<keyof RowViews, Float64Array | Int32Array | Float32Array | Uint8Array>> = {};
    for (const name of RESIDENT_FIELDS) {
      const bytes = FIELD_BYTES[name];
      views[name] =
        bytes === 8
          ? new Float64Array(buffer, at, rowCapacity)
          : bytes === 1
            ? new Uint8Array(buffer, at, rowCapacity)
            : name === 'warmImpulse' || name === 'warmTangent'
              ? new Float32Array(buffer, at, rowCapacity)
              : new Int32Array(buffer, at, rowCapacity);
      at += align8(rowCapacity * bytes);
    }
    this.views = views as RowViews;
    const f64s = (n: number): Float64Array => {
      const view = new Float64Array(buffer, at, n);
      at += n * 8;
      return view;
    };
    const i32s = (n: number): Int32Array => {
      const view = new Int32Array(buffer, at, n);
      at += align8(n * 4);
      return view;
    };
    const f32s = (n: number): Float32Array => {
      const view = new Float32Array(buffer, at, n);
      at += align8(n * 4);
      return view;
    };
    const x = f64s(bodyCapacity);
    const y = f64s(bodyCapacity);
    const halfWidth = f64s(bodyCapacity);
    const halfHeight = f64s(bodyCapacity);
    const radius = f64s(bodyCapacity);
    const vx = f64s(bodyCapacity);
    const vy = f64s(bodyCapacity);
    const head = i32s(4);
    const colourStart = i32s(COLOUR_COUNT + 2);
    const masks = i32s(bodyCapacity);
    const flags = new Uint8Array(buffer, at, bodyCapacity);
    at += align8(bodyCapacity);
    const walled = new Uint8Array(buffer, at, bodyCapacity);
    at += align8(bodyCapacity);
    this.collideRegions = {
      head, flags, x, y, halfWidth, halfHeight, radius, vx, vy,
      pairA: i32s(pairCapacity), pairB: i32s(pairCapacity), pairImp: f32s(pairCapacity), pairTan: f32s(pairCapacity), far: i32s(pairCapacity),
      fix: i32s(rowCapacity), walls: i32s(rowCapacity), special: i32s(rowCapacity),
      masks, walled, colourStart,
    };
  }

  /** `unpackImpulses` over the resident rows [0, n): each packed row's impulses back to its row. */
  unpack(n: number): void {
    const v = this.views as RowViews;
    (this.unpackFn as UnpackFn)(n, v.order.byteOffset, v.impulse.byteOffset, v.tangentImpulse.byteOffset);
  }

  /**
   * Colours the resident rows [0, n) (wasm/colour-kernel.ts) with the static flags the collide
   * kernel loaded this step (bodies [0, end)): writes their colours and the colour order, and
   * the groups' starts to `collideRegions.colourStart`.
   */
  colour(n: number, end: number): void {
    const r = this.collideRegions as CollideRegions;
    const v = this.views as RowViews;
    (this.colourFn as ColourFn)(n, end, v.a.byteOffset, v.b.byteOffset, r.flags.byteOffset, r.masks.byteOffset, r.walled.byteOffset, v.colour.byteOffset, v.order.byteOffset, r.colourStart.byteOffset);
  }

  /**
   * The collide kernel (wasm/collide-kernel.ts) over the first `count` pairs loaded into
   * `collideRegions`, writing the resident rows: returns how many rows there are (written up to
   * the rows' room only).
   */
  collide(count: number, speculativeDistance: number, dt: number): number {
    const r = this.collideRegions as CollideRegions;
    const v = this.views as RowViews;
    return (this.collideFn as CollideFn)(
      r.pairA.byteOffset, r.pairB.byteOffset, r.pairImp.byteOffset, r.pairTan.byteOffset, count,
      r.flags.byteOffset, r.x.byteOffset, r.y.byteOffset, r.halfWidth.byteOffset, r.halfHeight.byteOffset, r.radius.byteOffset, r.vx.byteOffset, r.vy.byteOffset,
      v.a.byteOffset, v.b.byteOffset, v.pair.byteOffset, v.nx.byteOffset, v.ny.byteOffset, v.separation.byteOffset, v.baseSeparation.byteOffset,
      v.impulse.byteOffset, v.tangentImpulse.byteOffset, r.far.byteOffset, r.fix.byteOffset, r.walls.byteOffset, r.special.byteOffset, r.head.byteOffset,
      this.rowCapacity, speculativeDistance, dt,
    );
  }

  /** The contact rows' fields in this memory, while `reserve` made them resident; else null. */
  get rowViews(): RowViews | null {
    return this.views;
  }

  /** Lets the memory go; the next `reserve` makes it anew. */
  release(): void {
    this.memory = null;
    this.solveFn = null;
    this.pushFn = null;
    this.warmFn = null;
    this.prepareFn = null;
    this.collideFn = null;
    this.colourFn = null;
    this.unpackFn = null;
    this.collideRegions = null;
    this.pairCapacity = 0;
    this.resident = false;
    this.views = null;
    this.heap = new Float64Array(0);
    this.packed = this.heap;
    this.packedIds = new Int32Array(0);
    this.packedBase = this.heap;
    this.rowCapacity = 0;
    this.bodyCapacity = 0;
  }

  /** Copies bodies [0, store.end)'s (u, v) (velocities or positions) and inverse masses in. */
  load(store: BodyStore, u: Float64Array, v: Float64Array): void {
    const { heap } = this;
    const { invMass } = store;
    const p = this.pairsAt >> 3;
    const m = this.massesAt >> 3;
    for (let i = 0, n = store.end; i < n; i++) {
      heap[p + 2 * i] = u[i];
      heap[p + 2 * i + 1] = v[i];
      heap[m + i] = invMass[i];
    }
  }

  /** Copies bodies [0, store.end)'s pairs back to (u, v). */
  save(store: BodyStore, u: Float64Array, v: Float64Array): void {
    const { heap } = this;
    const p = this.pairsAt >> 3;
    for (let i = 0, n = store.end; i < n; i++) {
      u[i] = heap[p + 2 * i];
      v[i] = heap[p + 2 * i + 1];
    }
  }

  /**
   * Copies each body's friction and gravity factor (its gravity scale if dynamic, else 0) in,
   * for `prepare`, after `load` of the velocities.
   */
  loadMaterials(store: BodyStore): void {
    const { heap } = this;
    const { friction, gravityScale, kind } = store;
    const f = this.frictionAt >> 3;
    const g = this.gravityAt >> 3;
    for (let i = 0, n = store.end; i < n; i++) {
      heap[f + i] = friction[i];
      heap[g + i] = kind[i] === BODY_DYNAMIC ? gravityScale[i] : 0;
    }
  }

  /**
   * `prepareRows` over the resident rows [0, n) and the packing of `warmStartPacked` (without its
   * warm start), in colour order, over the loaded velocities and materials: returns the rows of
   * unequal masses, as `prepareRows`.
   */
  prepare(n: number, dt: number, gravityX: number, gravityY: number): number {
    const v = this.views as RowViews;
    const gravity = gravityX !== 0 || gravityY !== 0 ? 1 : 0;
    return (this.prepareFn as PrepareFn)(
      n, dt, 1 / dt, gravityX, gravityY, gravity,
      v.a.byteOffset, v.b.byteOffset, v.order.byteOffset, v.nx.byteOffset, v.ny.byteOffset, v.separation.byteOffset,
      v.baseSeparation.byteOffset, v.impulse.byteOffset, v.tangentImpulse.byteOffset, v.mass.byteOffset, v.approach.byteOffset,
      v.bias.byteOffset, v.friction.byteOffset, v.bounce.byteOffset, v.warmImpulse.byteOffset, v.warmTangent.byteOffset,
      this.pairsAt, this.massesAt, this.frictionAt, this.gravityAt, 0, this.baseAt,
    );
  }

  /** `warmStartPacked`'s warm start over packed rows [from, to) and the loaded velocities. */
  warm(from: number, to: number): void {
    (this.warmFn as WarmFn)(0, from, to, this.pairsAt, this.massesAt);
  }

  /** `solvePackedRows` over packed rows [from, to) and the loaded velocities. */
  solve(from: number, to: number, omega: number): number {
    return (this.solveFn as SolveFn)(0, from, to, this.pairsAt, this.massesAt, omega);
  }

  /** `pushPackedRows` over packed rows [from, to) and the loaded positions. */
  push(from: number, to: number, slop: number, factor: number, maxPush: number): number {
    return (this.pushFn as PushFn)(0, this.baseAt, from, to, this.pairsAt, this.massesAt, slop, factor, maxPush);
  }
}
