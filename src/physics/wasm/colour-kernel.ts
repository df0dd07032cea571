/**
 * The colouring of colour.ts (`RowColours.sort`, one home) as WebAssembly, over rows resident
 * in the row kernels' memory, after the collide kernel (its body flags say which bodies are
 * static): each row the first colour in which neither of its bodies has a row, colour 0 first
 * for a wall row, then the rows in colour order by a stable counting sort. The same choices in
 * the same order as the TypeScript, so the same colours and the same order.
 */
import { COLOUR_COUNT, DYNAMIC_COLOURS } from '../colour.js';
import { localsOf, i32, op, type FunctionDef, type ValueType } from './encoder.js';
import { STATIC } from './collide-kernel.js';

const PARAMS = ['from', 'n', 'end', 'rowA', 'rowB', 'flags', 'masks', 'walled', 'colour', 'order', 'start', 'phases', 'homes', 'homeOf', 'border', 'keys', 'groups'] as const;
const LOCALS = ['c', 'ia', 'ib', 'sa', 'sb', 'free', 'bit', 'k', 'i', 'at', 'key'] as const;
type Name = (typeof PARAMS)[number] | (typeof LOCALS)[number];
const L: Record<Name, number> = localsOf(PARAMS, LOCALS);
const g = (n: Name): number[] => op.get(L[n]);
const set = (n: Name): number[] => op.set(L[n]);
/** Address of element `index` (a local) of the 4-byte array at `base`. */
const at4 = (base: Name, index: Name): number[][] => [g(base), g(index), op.i32(2), op.i32Shl, op.i32Add];
/** Counts colour `k` (a local) in start[k + 1]. */
const count = (): number[][] => [g('start'), g('k'), op.i32(2), op.i32Shl, op.i32Add, op.tee(L.at), g('at'), op.loadI32(4), op.i32(1), op.i32Add, op.storeI32(4)];
/** for (v = from; v < to; v++) body, with `v` a local. */
const loop = (v: Name, from: number[][], to: number[][], body: number[][]): number[][] => [
  ...from, set(v),
  op.block, g(v), ...to, op.i32LtU, op.i32Eqz, op.brIf(0),
  op.loop, ...body,
  g(v), op.i32(1), op.i32Add, op.tee(L[v]), ...to, op.i32LtU, op.brIf(0),
  op.end, op.end,
];

/** `phases` bits of the colour kernel: clear the masks, colour rows [from, n), put rows [0, n) in colour order. */
export const COLOUR_CLEAR = 1;
export const COLOUR_PICK = 2;
export const COLOUR_ORDER = 4;
/**
 * Instead of COLOUR_ORDER, with `homes` > 1, in two phases, each over a share of the rows (so
 * that threads can share them: parallel/collide-kernel-blocks.ts), once every row is picked.
 * COLOUR_HOME_KEYS: rows [from, n) each get their group, counted in `groups[g + 1]`. Group g =
 * (colour · homes + home) · 2 + (0 border, 1 interior), a row's home being its moving body's
 * (body a's unless a is static, as colour.ts's `sortBlocks` has it: `homeOf`), the overflow
 * group last (group COLOUR_COUNT · homes · 2). Then COLOUR_HOME_ORDER: rows [from, n) to
 * `order` at their group's cursor in `groups`, which the caller set to where the share's first
 * row of each group goes, and which ends where its last went. So each colour's rows come by
 * home, each home's border rows first (see parallel/wave.ts), the overflow group whole in row
 * order.
 */
export const COLOUR_HOME_KEYS = 8;
export const COLOUR_HOME_ORDER = 16;

/** Groups of COLOUR_HOME_KEYS for `homes` homes, the overflow group included. */
export function homeGroups(homes: number): number {
  return COLOUR_COUNT * homes * 2 + 1;
}

/** When `phases & bit`, `body`. */
const phase = (bit: number, body: number[][]): number[][] => [g('phases'), op.i32(bit), op.i32And, op.if, ...body, op.end];

/**
 * colour(from, n, end, rowA, rowB, flags, masks, walled, colour, order, start, phases) → 0, in
 * phases: a threaded collide stage (parallel/collide-kernel-blocks.ts) colours its blocks'
 * rows one range at a time from where they are staged (row c's bodies at rowA + 4c), while the
 * threads move them into place, and orders them once they are.
 */
export function colourKernel(): FunctionDef {
  const pick = [
    ...at4('rowA', 'c'), op.loadI32(0), set('ia'),
    ...at4('rowB', 'c'), op.loadI32(0), set('ib'),
    g('flags'), g('ia'), op.i32Add, op.loadU8(0), op.i32(STATIC), op.i32And, set('sa'),
    g('flags'), g('ib'), op.i32Add, op.loadU8(0), op.i32(STATIC), op.i32And, set('sb'),
    // With homes: b, moving and of another home than a moving a (whose thread solves the row), is
    // a border body. A row with a static a is b's own.
    g('homes'), op.i32(1), op.i32Ne, g('sa'), g('sb'), op.i32Or, op.i32Eqz, op.i32And,
    op.if,
    g('homeOf'), g('ia'), op.i32Add, op.loadU8(0), g('homeOf'), g('ib'), op.i32Add, op.loadU8(0), op.i32Ne,
    op.if, g('border'), g('ib'), op.i32Add, op.i32(1), op.storeU8(0), op.end,
    op.end,
    op.block,
    // A wall row: colour 0 if its moving body has none there yet.
    g('sa'), g('sb'), op.i32Ne,
    op.if,
    g('walled'), g('ib'), g('ia'), g('sa'), op.select, op.i32Add, op.tee(L.at), op.loadU8(0), op.i32Eqz,
    op.if,
    g('at'), op.i32(1), op.storeU8(0),
    op.i32(0), set('k'),
    op.br(2),
    op.end,
    op.end,
    // The colours this row may take and neither body has yet; the lowest wins.
    op.i32(0), ...at4('masks', 'ia'), op.loadI32(0), g('sa'), op.select,
    op.i32(0), ...at4('masks', 'ib'), op.loadI32(0), g('sb'), op.select,
    op.i32Or, op.i32(-1), op.i32Xor,
    op.i32(-1), op.i32(DYNAMIC_COLOURS), g('sa'), g('sb'), op.i32Or, op.select,
    op.i32And, op.tee(L.free),
    op.if,
    g('free'), op.i32Ctz, op.tee(L.k), op.i32(1), op.i32Add, set('k'),
    op.i32(1), g('k'), op.i32(1), op.i32Sub, op.i32Shl, set('bit'),
    g('sa'), op.i32Eqz,
    op.if, ...at4('masks', 'ia'), op.tee(L.at), g('at'), op.loadI32(0), g('bit'), op.i32Or, op.storeI32(0), op.end,
    g('sb'), op.i32Eqz,
    op.if, ...at4('masks', 'ib'), op.tee(L.at), g('at'), op.loadI32(0), g('bit'), op.i32Or, op.storeI32(0), op.end,
    op.else,
    op.i32(COLOUR_COUNT), set('k'),
    op.end,
    op.end,
    ...count(),
    g('colour'), g('c'), op.i32Add, g('k'), op.storeU8(0),
  ];
  const place = [
    // order[start[colour[c]]++] = c
    g('start'), g('colour'), g('c'), op.i32Add, op.loadU8(0), op.i32(2), op.i32Shl, op.i32Add, op.tee(L.at),
    g('at'), op.loadI32(0), op.tee(L.i), op.i32(1), op.i32Add, op.storeI32(0),
    ...at4('order', 'i'), g('c'), op.storeI32(0),
  ];
  // The row's group (see COLOUR_HOME_KEYS), counted in groups[key + 1]; its home is its moving body's.
  const group = [
    g('colour'), g('c'), op.i32Add, op.loadU8(0), set('k'),
    ...at4('rowA', 'c'), op.loadI32(0), set('ia'),
    ...at4('rowB', 'c'), op.loadI32(0), set('ib'),
    g('flags'), g('ia'), op.i32Add, op.loadU8(0), op.i32(STATIC), op.i32And, set('sa'),
    op.i32(COLOUR_COUNT * 2), g('homes'), op.i32Mul,
    g('k'), g('homes'), op.i32Mul, g('homeOf'), g('ib'), g('ia'), g('sa'), op.select, op.i32Add, op.loadU8(0), op.i32Add, op.i32(1), op.i32Shl,
    op.i32(1), g('border'), g('ia'), op.i32Add, op.loadU8(0), g('border'), g('ib'), op.i32Add, op.loadU8(0), op.i32Or, op.i32Sub,
    op.i32Add,
    g('k'), op.i32(COLOUR_COUNT), op.i32Eq, op.select, set('key'),
    ...at4('keys', 'c'), g('key'), op.storeI32(0),
    ...at4('groups', 'key'), op.tee(L.at), g('at'), op.loadI32(4), op.i32(1), op.i32Add, op.storeI32(4),
  ];
  const placeByGroup = [
    // order[groups[keys[c]]++] = c
    g('groups'), ...at4('keys', 'c'), op.loadI32(0), op.i32(2), op.i32Shl, op.i32Add, op.tee(L.at),
    g('at'), op.loadI32(0), op.tee(L.i), op.i32(1), op.i32Add, op.storeI32(0),
    ...at4('order', 'i'), g('c'), op.storeI32(0),
  ];
  const body = [
    // Clear the masks, the walled flags and the counts (and with homes, the border marks and the group counts).
    ...phase(COLOUR_CLEAR, [
      ...loop('i', [op.i32(0)], [g('end')], [...at4('masks', 'i'), op.i32(0), op.storeI32(0), g('walled'), g('i'), op.i32Add, op.i32(0), op.storeU8(0)]),
      g('homes'), op.i32(1), op.i32Ne,
      op.if,
      ...loop('i', [op.i32(0)], [g('end')], [g('border'), g('i'), op.i32Add, op.i32(0), op.storeU8(0)]),
      ...loop('i', [op.i32(0)], [g('homes'), op.i32(COLOUR_COUNT * 2), op.i32Mul, op.i32(2), op.i32Add], [...at4('groups', 'i'), op.i32(0), op.storeI32(0)]),
      op.end,
      ...loop('i', [op.i32(0)], [op.i32(COLOUR_COUNT + 2)], [...at4('start', 'i'), op.i32(0), op.storeI32(0)]),
    ]),
    ...phase(COLOUR_PICK, loop('c', [g('from')], [g('n')], pick)),
    // Counts to starts, the rows in colour order, then each start back where its group begins.
    ...phase(COLOUR_ORDER, [
      ...loop('i', [op.i32(0)], [op.i32(COLOUR_COUNT + 1)], [...at4('start', 'i'), op.tee(L.at), g('at'), op.loadI32(4), g('at'), op.loadI32(0), op.i32Add, op.storeI32(4)]),
      ...loop('c', [op.i32(0)], [g('n')], place),
      ...loop('i', [op.i32(0)], [op.i32(COLOUR_COUNT + 1)], [
        op.i32(COLOUR_COUNT + 1), g('i'), op.i32Sub, set('k'),
        ...at4('start', 'k'), op.tee(L.at), g('at'), op.i32(4), op.i32Sub, op.loadI32(0), op.storeI32(0),
      ]),
      g('start'), op.i32(0), op.storeI32(0),
    ]),
    // By groups: a share of the rows counted, and later placed from the cursors the caller made of the counts.
    ...phase(COLOUR_HOME_KEYS, loop('c', [g('from')], [g('n')], group)),
    ...phase(COLOUR_HOME_ORDER, loop('c', [g('from')], [g('n')], placeByGroup)),
    op.i32(0),
  ];
  return {
    name: 'colour',
    params: PARAMS.map((): ValueType => i32),
    result: i32,
    locals: LOCALS.map((): ValueType => i32),
    body,
  };
}
