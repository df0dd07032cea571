/**
 * The WebAssembly code that moves a body field pair between two layouts in the kernels'
 * memory: two arrays (x0, x1, ...), (y0, y1, ...) and one array of pairs (x0, y0, x1, y1, ...),
 * which the passes read a body's two halves from at once (row-passes.ts). TypeScript copies the
 * store's arrays in and out as block moves, and these shuffle them, two bodies a vector: the
 * same values, where an element at a time in TypeScript cost a call of `load` or `save` most
 * of its time.
 */
import { localsOf, i32, op, type FunctionDef } from './encoder.js';

/**
 * Walks bodies [0, n) two at a time, `pair` for each two with `i` their first, then `single`
 * for the last one of an odd n (the regions end at their capacity, so none may be overrun).
 */
function overBodies(L: { n: number; i: number }, pair: number[][], single: number[][]): number[][] {
  return [
    // While i + 1 < n: two bodies left.
    op.block,
    op.get(L.i), op.i32(1), op.i32Add, op.get(L.n), op.i32LtU, op.i32Eqz, op.brIf(0),
    op.loop,
    ...pair,
    op.get(L.i), op.i32(2), op.i32Add, op.tee(L.i), op.i32(1), op.i32Add, op.get(L.n), op.i32LtU, op.brIf(0),
    op.end,
    op.end,
    op.get(L.i), op.get(L.n), op.i32LtU,
    op.if, ...single, op.end,
  ];
}

/**
 * weave(n, xs, ys, pairs) → 0: pairs[2i] = xs[i], pairs[2i + 1] = ys[i] for i in [0, n);
 * unweave(n, xs, ys, pairs) → 0: the other way.
 */
function bodyCopyKernel(name: 'weave' | 'unweave'): FunctionDef {
  const L = localsOf(['n', 'xs', 'ys', 'pairs'] as const, ['i', 'x8', 'p16'] as const);
  const addresses = [
    op.get(L.i), op.i32(3), op.i32Shl, op.set(L.x8),
    op.get(L.i), op.i32(4), op.i32Shl, op.get(L.pairs), op.i32Add, op.set(L.p16),
  ];
  const xAt = [op.get(L.xs), op.get(L.x8), op.i32Add];
  const yAt = [op.get(L.ys), op.get(L.x8), op.i32Add];
  const pAt = [op.get(L.p16)];
  const weave = name === 'weave';
  // Two bodies: (x0, x1) and (y0, y1) are (x0, y0) and (x1, y1), lane by lane, and back.
  const pair = weave
    ? [
        ...pAt, ...xAt, op.loadV(0), ...yAt, op.loadV(0), op.f64x2Lows, op.storeV(0),
        ...pAt, ...xAt, op.loadV(0), ...yAt, op.loadV(0), op.f64x2Highs, op.storeV(16),
      ]
    : [
        ...xAt, ...pAt, op.loadV(0), ...pAt, op.loadV(16), op.f64x2Lows, op.storeV(0),
        ...yAt, ...pAt, op.loadV(0), ...pAt, op.loadV(16), op.f64x2Highs, op.storeV(0),
      ];
  const single = weave
    ? [...pAt, ...xAt, op.load(0), op.store(0), ...pAt, ...yAt, op.load(0), op.store(8)]
    : [...xAt, ...pAt, op.load(0), op.store(0), ...yAt, ...pAt, op.load(8), op.store(0)];
  return {
    name,
    params: [i32, i32, i32, i32],
    result: i32,
    locals: [i32, i32, i32],
    body: [...overBodies(L, [...addresses, ...pair], [...addresses, ...single]), op.i32(0)],
  };
}

export const weaveKernel = (): FunctionDef => bodyCopyKernel('weave');
export const unweaveKernel = (): FunctionDef => bodyCopyKernel('unweave');

/**
 * move(target, source, bytes) → 0: the memory's `bytes` bytes at `source` to `target` (the
 * ranges may overlap). The collide stage's place job moves staged rows with it: on a shared
 * memory a view's `copyWithin` copies a word at a time, and this at a plain memory's speed.
 */
export function moveKernel(): FunctionDef {
  const L = localsOf(['target', 'source', 'bytes'] as const, [] as const);
  return {
    name: 'move',
    params: [i32, i32, i32],
    result: i32,
    locals: [],
    body: [op.get(L.target), op.get(L.source), op.get(L.bytes), op.memoryCopy, op.i32(0)],
  };
}
