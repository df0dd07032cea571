/**
 * How V8 compiles a WebAssembly pick between two floats: a branch or not. Each kernel here
 * stores max(a, b) for 65,536 pairs of numbers, once in random order (a branch's guesses miss
 * half the time) and once sorted (they never miss), and prints ns an element:
 *
 *   npx tsx test/bench/wasm-select.ts
 *
 * A kernel that costs much more on random numbers than on sorted ones has a branch in it. On
 * Node 20 an f64 `select` and `f64.max` do, an i32 `select` and `f64x2.pmax` do not: so the row
 * kernels (src/physics/wasm/) pick floats with f64x2.pmax or v128.bitselect (the bench README).
 */
import { f64, i32, localsOf, moduleBytes, op, type FunctionDef } from '../../src/physics/wasm/encoder';

const N = 1 << 16;
const CALLS = 200;
const L = localsOf(['n', 'src', 'dst'] as const, ['i', 'a', 'b'] as const);

/** kernel(n, src, dst): dst[i] = pick(src[2i], src[2i + 1]) for i < n. */
function kernel(name: string, pick: number[][]): FunctionDef {
  return {
    name,
    params: [i32, i32, i32],
    result: i32,
    locals: [i32, f64, f64],
    body: [
      op.block, op.loop,
      op.get(L.src), op.get(L.i), op.i32(4), op.i32Shl, op.i32Add, op.load(0), op.set(L.a),
      op.get(L.src), op.get(L.i), op.i32(4), op.i32Shl, op.i32Add, op.load(8), op.set(L.b),
      op.get(L.dst), op.get(L.i), op.i32(3), op.i32Shl, op.i32Add, ...pick, op.store(0),
      op.get(L.i), op.i32(1), op.i32Add, op.tee(L.i), op.get(L.n), op.i32LtU, op.brIf(0),
      op.end, op.end, op.i32(0),
    ],
  };
}

const KERNELS: FunctionDef[] = [
  kernel('f64 select', [op.get(L.a), op.get(L.b), op.get(L.a), op.get(L.b), op.f64Gt, op.select]),
  kernel('f64.max', [op.get(L.a), op.get(L.b), [0xa5]]),
  // an i32 select of the address to load from
  kernel('i32 select', [op.get(L.src), op.get(L.i), op.i32(4), op.i32Shl, op.i32Add, op.i32(8), op.i32(0), op.get(L.a), op.get(L.b), op.f64Lt, op.select, op.i32Add, op.load(0)]),
  kernel('f64x2.pmax', [op.get(L.b), op.f64x2Splat, op.get(L.a), op.f64x2Splat, op.f64x2Pmax, op.f64x2Lane(0)]),
];

const memory = new WebAssembly.Memory({ initial: 64 });
const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes(KERNELS, false, 64)), { env: { memory } });
const run = instance.exports as Record<string, (n: number, src: number, dst: number) => number>;
const src = new Float64Array(memory.buffer, 0, 2 * N);

function fill(sorted: boolean): void {
  for (let i = 0; i < N; i++) {
    src[2 * i] = sorted ? (i < N / 2 ? 1 : 0) : Math.random();
    src[2 * i + 1] = sorted ? 0.5 : Math.random();
  }
}

function nsPerElement(name: string): number {
  const f = run[name] as (n: number, src: number, dst: number) => number;
  f(N, 0, 16 * N);
  const t0 = performance.now();
  for (let k = 0; k < CALLS; k++) f(N, 0, 16 * N);
  return ((performance.now() - t0) * 1e6) / (CALLS * N);
}

console.log('# ns an element: max(a, b) of 65,536 pairs, random order and sorted');
for (const { name } of KERNELS) {
  fill(false);
  const random = nsPerElement(name);
  fill(true);
  const sorted = nsPerElement(name);
  console.log(`${name.padEnd(12)} random ${random.toFixed(2)}  sorted ${sorted.toFixed(2)}`);
}
