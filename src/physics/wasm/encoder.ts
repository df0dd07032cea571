/**
 * Just enough of the WebAssembly binary format to write the row kernels (row-kernels.ts) in
 * TypeScript: one memory, imported; functions of numbers; the handful of instructions they
 * use. No toolchain and no binary file in the repository: the module (some 7 KB) is built from
 * this code once per page or process, the first time a world needs it (row-kernels.ts hands it
 * to worker threads). The names follow the WebAssembly text format
 * (`f64.load`, `local.get`), so the kernels read like it.
 */

/** Value types. */
export const i32 = 0x7f as const;
export const f64 = 0x7c as const;
/** Two f64 lanes (the SIMD proposal, in every engine since 2023). */
export const v128 = 0x7b as const;
export type ValueType = typeof i32 | typeof f64 | typeof v128;

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (32-bit). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/**
 * Appends `bytes` to `out`, a number at a time: the module is thousands of numbers, and spreading
 * or flattening arrays of them was several times slower, in code that runs once per module.
 */
function append(out: number[], bytes: readonly number[]): number[] {
  for (let i = 0; i < bytes.length; i++) out.push(bytes[i]);
  return out;
}

function vector(items: readonly (readonly number[])[]): number[] {
  const out = uleb(items.length);
  for (const item of items) append(out, item);
  return out;
}
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
const section = (id: number, body: number[]): number[] => append(append([id], uleb(body.length)), body);

/** Instructions, as byte sequences to concatenate. */
export const op = {
  get: (local: number): number[] => [0x20, ...uleb(local)],
  set: (local: number): number[] => [0x21, ...uleb(local)],
  tee: (local: number): number[] => [0x22, ...uleb(local)],
  /** f64.load / f64.store at byte `offset` from the address on the stack (8-byte aligned). */
  load: (offset: number): number[] => [0x2b, 3, ...uleb(offset)],
  /** i32.load at byte `offset` (4-byte aligned). */
  loadI32: (offset: number): number[] => [0x28, 2, ...uleb(offset)],
  store: (offset: number): number[] => [0x39, 3, ...uleb(offset)],
  /** i32.store and f32.store at byte `offset` (4-byte aligned). */
  storeI32: (offset: number): number[] => [0x36, 2, ...uleb(offset)],
  storeF32: (offset: number): number[] => [0x38, 2, ...uleb(offset)],
  /** i32.store8 at byte `offset`. */
  storeU8: (offset: number): number[] => [0x3a, 0, ...uleb(offset)],
  /** f32.load at byte `offset` (4-byte aligned); `f64PromoteF32` makes it an f64, exactly. */
  loadF32: (offset: number): number[] => [0x2a, 2, ...uleb(offset)],
  f64PromoteF32: [0xbb],
  /** i32.load8_u at byte `offset`. */
  loadU8: (offset: number): number[] => [0x2d, 0, ...uleb(offset)],
  i32: (value: number): number[] => [0x41, ...sleb(value)],
  f64: (value: number): number[] => [0x44, ...new Uint8Array(new Float64Array([value]).buffer)],
  i32Add: [0x6a],
  i32Mul: [0x6c],
  i32Shl: [0x74],
  i32LtU: [0x49],
  i32Eqz: [0x45],
  i32Eq: [0x46],
  i32Or: [0x72],
  i32And: [0x71],
  i32Sub: [0x6b],
  i32Xor: [0x73],
  i32Ctz: [0x68],
  i32Ne: [0x47],
  f64Add: [0xa0],
  f64Sub: [0xa1],
  f64Mul: [0xa2],
  f64Div: [0xa3],
  f64Abs: [0x99],
  f64Neg: [0x9a],
  f64Sqrt: [0x9f],
  f32DemoteF64: [0xb6],
  /** f64.convert_i32_s: a signed i32, exactly. */
  f64ConvertI32: [0xb7],
  f64Eq: [0x61],
  f64Ne: [0x62],
  f64Lt: [0x63],
  f64Gt: [0x64],
  f64Le: [0x65],
  f64Ge: [0x66],
  /**
   * select(a, b, condition). V8 compiles an i32 select without a branch, but an f64 or v128
   * select (and f64.max and min) as a branch: where the condition is data a branch predictor
   * cannot guess, pick a float with f64x2.pmax or v128.bitselect instead (the bench README
   * has the figures).
   */
  select: [0x1b],
  /** Blocks with no result. */
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  else: [0x05],
  end: [0x0b],
  brIf: (depth: number): number[] => [0x0d, ...uleb(depth)],
  br: (depth: number): number[] => [0x0c, ...uleb(depth)],
  /** memory.copy(to, from, bytes) within the one memory (the ranges may overlap); why it is used: body-copies.ts's `moveKernel`. */
  memoryCopy: [0xfc, 0x0a, 0x00, 0x00],
  /**
   * v128.load / v128.store at byte `offset` (8-byte aligned): two f64 side by side, as lanes 0
   * and 1. The f64x2 operations below round each lane as the f64 one does, so a kernel that
   * keeps each lane's order of operations gives the same bits as scalar code.
   */
  loadV: (offset: number): number[] => [0xfd, 0x00, 3, ...uleb(offset)],
  storeV: (offset: number): number[] => [0xfd, 0x0b, 3, ...uleb(offset)],
  f64x2Splat: [0xfd, 0x14],
  f64x2Lane: (lane: number): number[] => [0xfd, 0x21, lane],
  f64x2Add: [0xfd, 0xf0, 0x01],
  f64x2Sub: [0xfd, 0xf1, 0x01],
  f64x2Mul: [0xfd, 0xf2, 0x01],
  f64x2Neg: [0xfd, 0xed, 0x01],
  f64x2Abs: [0xfd, 0xec, 0x01],
  /** f64x2.pmax(a, b): lane by lane a < b ? b : a, one instruction (maxpd) with no branch. */
  f64x2Pmax: [0xfd, 0xf7, 0x01],
  f64x2ReplaceLane: (lane: number): number[] => [0xfd, 0x22, lane],
  /** Lane by lane comparisons of two f64x2: all ones where true. */
  f64x2Ne: [0xfd, 0x48],
  f64x2Lt: [0xfd, 0x49],
  f64x2Gt: [0xfd, 0x4a],
  v128Or: [0xfd, 0x50],
  /** v128.bitselect(a, b, mask): a's bits where the mask's are set, b's elsewhere (no branch). */
  v128Bitselect: [0xfd, 0x52],
  /** 1 if any bit of the vector is set. */
  v128AnyTrue: [0xfd, 0x53],
  /** The two low f32 lanes, widened exactly to an f64x2. */
  f64x2PromoteLowF32x4: [0xfd, 0x5f],
  /** i8x16.shuffle of one vector with itself: its high 8 bytes moved to the low half. */
  highToLow: [0xfd, 0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15],
  /** i8x16.shuffle: (lane 1 of the first, lane 0 of the second), of two f64x2. */
  f64x2HighLow: [0xfd, 0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23],
  /** i8x16.shuffle: (lane 0 of the first, lane 0 of the second), of two f64x2. */
  f64x2Lows: [0xfd, 0x0d, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23],
  /** i8x16.shuffle: (lane 1 of the first, lane 1 of the second), of two f64x2. */
  f64x2Highs: [0xfd, 0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31],
};

/** Local variable numbers by name: the parameters first, then the extra locals, in order. */
export function localsOf<P extends string, L extends string>(params: readonly P[], locals: readonly L[]): Record<P | L, number> {
  const out = {} as Record<P | L, number>;
  [...params, ...locals].forEach((n, i) => (out[n as P | L] = i));
  return out;
}

/** A function: its parameter and result types, its extra locals, its body (without the final `end`). */
export interface FunctionDef {
  name: string;
  params: ValueType[];
  result: ValueType;
  locals: ValueType[];
  body: number[][];
}

/** A module that imports one memory as `env.memory` (`shared`: over a SharedArrayBuffer, with `maxPages`) and exports `functions` by name. */
export function moduleBytes(functions: FunctionDef[], shared: boolean, maxPages: number): Uint8Array<ArrayBuffer> {
  const types = functions.map((f) => [0x60, ...vector(f.params.map((t) => [t])), ...vector([[f.result]])]);
  const limits = shared ? [0x03, ...uleb(0), ...uleb(maxPages)] : [0x00, ...uleb(0)];
  const memoryImport = [...name('env'), ...name('memory'), 0x02, ...limits];
  const exports = functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]);
  const bodies = functions.map((f) => {
    const code = vector(f.locals.map((t) => [1, t]));
    for (const part of f.body) append(code, part);
    append(code, op.end);
    return append(uleb(code.length), code);
  });
  const out = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  append(out, section(1, vector(types)));
  append(out, section(2, vector([memoryImport])));
  append(out, section(3, vector(functions.map((_, i) => uleb(i)))));
  append(out, section(7, vector(exports)));
  append(out, section(10, vector(bodies)));
  return new Uint8Array(out);
}
