/**
 * The broadphase's update (broadphase.ts) as WebAssembly, over copies of the bodies and pairs in
 * the row kernels' memory, while a pile's rows are resident there: which moving bodies' reach
 * in the step left their fat boxes (fat-exit.ts's `flagLeavers`), and which pairs have a body
 * that moved (the scan of `dropPartedPairs`). The same tests, so the same bodies and pairs; in
 * TypeScript each body's thirteen loads from ten arrays, and each pair's four, made them two of
 * a settled pile's larger loops.
 */
import { BODY_DYNAMIC, BODY_STATIC } from '../body-store.js';
import { localsOf, f64, i32, op, v128, type FunctionDef, type ValueType } from './encoder.js';

/**
 * leavers(first, end, dt, x, y, vx, vy, halfWidth, halfHeight, radius, fat, kinds, awakes, list)
 * → flagged + 65536 · moving: the bodies [first, end) that `flagLeavers` would flag, their indices
 * written to `list` from its entry `first` on, and the moving bodies counted (static and free
 * ones are not; asleep dynamic ones are, but are not tested).
 */
export function fatExitKernel(): FunctionDef {
  const params = ['first', 'end', 'dt', 'x', 'y', 'vx', 'vy', 'hw', 'hh', 'r', 'fat', 'kinds', 'awakes', 'list'] as const;
  const ints = ['i', 'i8', 'kind', 'flagged', 'moving'] as const;
  const vectors = ['c', 'e', 'd', 'box'] as const;
  const L = localsOf(params, [...ints, ...vectors]);
  const at = (base: number): number[][] => [op.get(base), op.get(L.i8), op.i32Add, op.load(0)];
  /** (a[i], b[i]) as the two lanes of one vector. */
  const lanes = (a: number, b: number): number[][] => [...at(a), op.f64x2Splat, ...at(b), op.f64x2ReplaceLane(1)];
  // reachLow(c, e, d) = (c - e) + (d - |d|)·0.5 and reachHigh(c, e, d) = (c + e) + (d + |d|)·0.5,
  // as fat-exit.ts, x in lane 0 and y in lane 1 (each lane rounds as the scalar operation).
  const reach = (high: boolean): number[][] => [
    op.get(L.c), op.get(L.e), high ? op.f64x2Add : op.f64x2Sub,
    op.get(L.d), op.get(L.d), op.f64x2Abs, high ? op.f64x2Add : op.f64x2Sub, op.f64(0.5), op.f64x2Splat, op.f64x2Mul,
    op.f64x2Add,
  ];
  const body = [
    op.get(L.kinds), op.get(L.i), op.i32Add, op.loadU8(0), op.tee(L.kind),
    op.i32(BODY_STATIC + 1), op.i32LtU, op.brIf(0),
    op.get(L.moving), op.i32(1), op.i32Add, op.set(L.moving),
    op.get(L.kind), op.i32(BODY_DYNAMIC), op.i32Eq,
    op.get(L.awakes), op.get(L.i), op.i32Add, op.loadU8(0), op.i32Eqz,
    op.i32And, op.brIf(0),
    op.get(L.i), op.i32(3), op.i32Shl, op.set(L.i8),
    ...lanes(L.hw, L.hh), ...at(L.r), op.f64x2Splat, op.f64x2Add, op.set(L.e),
    ...lanes(L.vx, L.vy), op.get(L.dt), op.f64x2Splat, op.f64x2Mul, op.set(L.d),
    ...lanes(L.x, L.y), op.set(L.c),
    // The fat box, four float32 (min x, min y, max x, max y: body-store.ts), widened exactly.
    op.get(L.fat), op.get(L.i), op.i32(4), op.i32Shl, op.i32Add, op.loadV(0), op.set(L.box),
    ...reach(false), op.get(L.box), op.f64x2PromoteLowF32x4, op.f64x2Lt,
    ...reach(true), op.get(L.box), op.get(L.box), op.highToLow, op.f64x2PromoteLowF32x4, op.f64x2Gt,
    op.v128Or, op.v128AnyTrue,
    op.if,
    op.get(L.list), op.get(L.first), op.get(L.flagged), op.i32Add, op.i32(2), op.i32Shl, op.i32Add, op.get(L.i), op.storeI32(0),
    op.get(L.flagged), op.i32(1), op.i32Add, op.set(L.flagged),
    op.end,
  ];
  return {
    name: 'leavers',
    params: [i32, i32, f64, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32],
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...vectors.map((): ValueType => v128)],
    body: [
      op.get(L.first), op.set(L.i),
      op.block,
      op.loop,
      op.get(L.i), op.get(L.end), op.i32LtU, op.i32Eqz, op.brIf(1),
      // The body's test in a block of its own, which a static, free or sleeping body leaves early.
      op.block, ...body, op.end,
      op.get(L.i), op.i32(1), op.i32Add, op.set(L.i),
      op.br(0),
      op.end,
      op.end,
      op.get(L.flagged), op.get(L.moving), op.i32(16), op.i32Shl, op.i32Add,
    ],
  };
}

/**
 * moved(count, pairA, pairB, pending, list) → n: the pairs [0, count) with a body flagged in
 * `pending`, their indices written to `list` in ascending order (each pair's index is written,
 * and kept by counting it, with no branch: few pairs have a moved body).
 */
export function movedPairsKernel(): FunctionDef {
  const L = localsOf(['count', 'pairA', 'pairB', 'pending', 'list'] as const, ['p', 'p4', 'n'] as const);
  const flagOf = (pairs: number): number[][] => [op.get(L.pending), op.get(pairs), op.get(L.p4), op.i32Add, op.loadI32(0), op.i32Add, op.loadU8(0)];
  return {
    name: 'moved',
    params: [i32, i32, i32, i32, i32],
    result: i32,
    locals: [i32, i32, i32],
    body: [
      op.block,
      op.get(L.count), op.i32Eqz, op.brIf(0),
      op.loop,
      op.get(L.p), op.i32(2), op.i32Shl, op.set(L.p4),
      op.get(L.list), op.get(L.n), op.i32(2), op.i32Shl, op.i32Add, op.get(L.p), op.storeI32(0),
      op.get(L.n), ...flagOf(L.pairA), ...flagOf(L.pairB), op.i32Or, op.i32(0), op.i32Ne, op.i32Add, op.set(L.n),
      op.get(L.p), op.i32(1), op.i32Add, op.tee(L.p), op.get(L.count), op.i32LtU, op.brIf(0),
      op.end,
      op.end,
      op.get(L.n),
    ],
  };
}
