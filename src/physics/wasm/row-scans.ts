/**
 * Scans over the resident rows that list the few rows TypeScript then handles, in row order:
 * the rows whose touching changed (contact-state.ts), and the impacts and the rows that may
 * bounce (solver.ts's `listImpacts`, restitution.ts's `listBouncers`). Each walks a field or
 * two of every row, which WebAssembly does at a fraction of the cost of the TypeScript loops.
 * row-kernels.ts runs them over its memory.
 */
import { LINEAR_SLOP } from '../pushout.js';
import { localsOf, f64, i32, op, type FunctionDef, type ValueType } from './encoder.js';

/**
 * The touching test of contact-state.ts's `update` over the resident rows: touch(n, sep, imp,
 * pair, touching, out) lists in `out`, in row order, the rows c whose touching (separation under
 * LINEAR_SLOP, or a normal impulse) differs from their pair's flag, and returns how many. Only
 * those can begin or end a touch: TypeScript then records them as `update` would.
 */
function touchKernel(): FunctionDef {
  const params = ['n', 'sep', 'imp', 'pair', 'touching', 'out'] as const;
  const locals = ['c', 'count', 't'] as const;
  const L = localsOf(params, locals);
  const row = [
    op.get(L.sep), op.get(L.c), op.i32(3), op.i32Shl, op.i32Add, op.load(0), op.f64(LINEAR_SLOP), op.f64Lt,
    op.get(L.imp), op.get(L.c), op.i32(3), op.i32Shl, op.i32Add, op.load(0), op.f64(0), op.f64Gt,
    op.i32Or, op.set(L.t),
    op.get(L.touching), op.get(L.pair), op.get(L.c), op.i32(2), op.i32Shl, op.i32Add, op.loadI32(0), op.i32Add, op.loadU8(0),
    op.get(L.t), op.i32Ne,
    op.if,
    op.get(L.out), op.get(L.count), op.i32(2), op.i32Shl, op.i32Add, op.get(L.c), op.storeI32(0),
    op.get(L.count), op.i32(1), op.i32Add, op.set(L.count),
    op.end,
  ];
  return {
    name: 'touch',
    params: params.map((): ValueType => i32),
    result: i32,
    locals: locals.map((): ValueType => i32),
    body: [
      op.block, op.get(L.n), op.i32Eqz, op.brIf(0),
      op.loop, ...row,
      op.get(L.c), op.i32(1), op.i32Add, op.tee(L.c), op.get(L.n), op.i32LtU, op.brIf(0),
      op.end, op.end,
      op.get(L.count),
    ],
  };
}

/**
 * The scans of solver.ts's `listImpacts` and restitution.ts's `listBouncers` over the resident
 * rows, once `prepare` has written them: lists(from, to, toi, approach, a, b, nx, ny, gravityFactor,
 * dt, gx, gy, gravity, threshold, limit, impacts, bouncers, head) lists rows [from, to) in row order: the impacts
 * (rows with a time of impact) and, up to `limit`, the rows whose approach (at the moment of
 * impact, for an impact: less gravity's drift gn·(dt - t), as `listImpacts` computes it) beats
 * the threshold; head[0] and head[1] get the two counts (the second counts past the limit).
 */
function listsKernel(): FunctionDef {
  const params = ['from', 'to', 'TOI', 'APP', 'A', 'B', 'NX', 'NY', 'GF', 'dt', 'gx', 'gy', 'grav', 'thr', 'limit', 'IMPACTS', 'BOUNCERS', 'HEAD'] as const;
  const ints = ['c', 'c4', 'c8', 'ni', 'nb'] as const;
  const floats = ['t', 'vn'] as const;
  const L = localsOf(params, [...ints, ...floats]);
  type Name = keyof typeof L;
  const g = (name: Name): number[] => op.get(L[name]);
  const at4 = (base: Name): number[][] => [g(base), g('c4'), op.i32Add];
  const at8 = (base: Name): number[][] => [g(base), g('c8'), op.i32Add];
  /** GF[body] for the body number at `ids` + c4. */
  const factor = (ids: Name): number[][] => [g('GF'), ...at4(ids), op.loadI32(0), op.i32(3), op.i32Shl, op.i32Add, op.load(0)];
  const row = [
    g('c'), op.i32(2), op.i32Shl, op.set(L.c4),
    g('c'), op.i32(3), op.i32Shl, op.set(L.c8),
    ...at8('APP'), op.load(0), op.set(L.vn),
    ...at8('TOI'), op.load(0), op.tee(L.t), op.f64(0), op.f64Ne,
    op.if,
    g('IMPACTS'), g('ni'), op.i32(2), op.i32Shl, op.i32Add, g('c'), op.storeI32(0),
    g('ni'), op.i32(1), op.i32Add, op.set(L.ni),
    g('grav'),
    op.if,
    // vn - gn·(dt - t), gn = (gb - ga)·(gx·nx + gy·ny)
    g('vn'),
    ...factor('B'), ...factor('A'), op.f64Sub,
    g('gx'), ...at8('NX'), op.load(0), op.f64Mul, g('gy'), ...at8('NY'), op.load(0), op.f64Mul, op.f64Add, op.f64Mul,
    g('dt'), g('t'), op.f64Sub, op.f64Mul,
    op.f64Sub, op.set(L.vn),
    op.end,
    op.end,
    // if (!(vn > -thr)): a row that may bounce
    g('vn'), g('thr'), op.f64Neg, op.f64Gt, op.i32Eqz,
    op.if,
    g('nb'), g('limit'), op.i32LtU,
    op.if,
    g('BOUNCERS'), g('nb'), op.i32(2), op.i32Shl, op.i32Add, g('c'), op.storeI32(0),
    op.end,
    g('nb'), op.i32(1), op.i32Add, op.set(L.nb),
    op.end,
  ];
  return {
    name: 'lists',
    params: params.map((name): ValueType => (name === 'dt' || name === 'gx' || name === 'gy' || name === 'thr' ? f64 : i32)),
    result: i32,
    locals: [...ints.map((): ValueType => i32), ...floats.map((): ValueType => f64)],
    body: [
      g('from'), op.set(L.c),
      op.block, g('c'), g('to'), op.i32LtU, op.i32Eqz, op.brIf(0),
      op.loop, ...row,
      g('c'), op.i32(1), op.i32Add, op.tee(L.c), g('to'), op.i32LtU, op.brIf(0),
      op.end, op.end,
      g('HEAD'), g('ni'), op.storeI32(0),
      g('HEAD'), g('nb'), op.storeI32(4),
      op.i32(0),
    ],
  };
}

export { touchKernel, listsKernel };
