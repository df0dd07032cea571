/**
 * The row kernels: one WebAssembly memory per world and this thread's instance of the module
 * over it (the code is in row-passes.ts, row-scans.ts, collide-kernel.ts, colour-kernel.ts,
 * body-copies.ts and broadphase-kernels.ts), with the calls the engine makes. Where
 * WebAssembly cannot run, the TypeScript does all the work.
 *
 * The memory holds the packed rows (what `ContactBuffer.packed` views) and, for the passes, a
 * copy of the bodies: velocities or positions as (x, y) pairs, and inverse masses. The solver
 * copies them in before the passes that run here and back after (`load`, `save`). While a
 * world packs, it holds the contact rows' main fields too (`reserve`'s `resident`, RowViews):
 * the collide stage writes them here, and `prepare` prepares and packs them (solver.ts's
 * `prepareRows` and the packing of packed-rows.ts) without a copy, and the broadphase's scans
 * run over copies of the bodies and pairs made at the step's end. Where the thread can share
 * memory, the memory is shared, and worker threads run the same kernels on it, resident rows
 * included (`adopt`, parallel/worker.ts).
 */
import { PACKED_STRIDE } from '../packed-rows.js';
import { noteSharedGrowth } from '../grown.js';
import { COLOUR_COUNT } from '../colour.js';
import { PAIR_BLOCK, shareStart } from '../parallel/jobs.js';
import { BODY_DYNAMIC, type BodyStore } from '../body-store.js';
import type { PairCache } from '../pair-cache.js';
import { moduleBytes, type FunctionDef } from './encoder.js';
import { collideKernel, loadBodyShapes } from './collide-kernel.js';
import { COLOUR_CLEAR, COLOUR_ORDER, COLOUR_PICK, colourKernel, homeGroups } from './colour-kernel.js';
import { MAX_THREADS } from '../parallel/control.js';
import { BASE, BODY, ROW, positionsKernel, prepareKernel, pushKernel, solveKernel, unpackKernel, warmKernel } from './row-passes.js';
import { listsKernel, touchKernel } from './row-scans.js';
import { moveKernel, unweaveKernel, weaveKernel } from './body-copies.js';
import { fatExitKernel, movedPairsKernel } from './broadphase-kernels.js';
import { copyRange } from './block-copy.js';
import { ownSlots, type BodySlots } from '../place-homes.js';

const PAGE = 65536;
type WarmFn = (rows: number, from: number, to: number, bodies: number, masses: number) => number;
type SolveFn = (rows: number, from: number, to: number, bodies: number, masses: number, omegaAt: number) => number;
type PrepareFn = (...args: number[]) => number;
type CollideFn = (...args: number[]) => number;
type ColourFn = (...args: number[]) => number;
type ListsFn = (...args: number[]) => number;
type TouchFn = (n: number, sep: number, imp: number, pair: number, touching: number, out: number) => number;
type UnpackFn = (from: number, to: number, position: number, impulse: number, tangent: number, pair: number, pairImp: number, pairTan: number) => number;
type PositionsFn = (n: number, order: number, positions: number) => number;
type WeaveFn = (n: number, xs: number, ys: number, pairs: number) => number;
type MoveFn = (to: number, from: number, bytes: number) => number;
type LeaversFn = (...args: number[]) => number;
type MovedFn = (count: number, pairA: number, pairB: number, pending: number, list: number) => number;
type PushFn = (rows: number, base: number, from: number, to: number, bodies: number, masses: number, settingsAt: number) => number;

/** This thread's instance of the module: its functions, held and let go together (`bind`, `release`). */
interface KernelFns {
  solve: SolveFn;
  push: PushFn;
  warm: WarmFn;
  prepare: PrepareFn;
  prepareSlots: PrepareFn;
  positions: PositionsFn;
  collide: CollideFn;
  colour: ColourFn;
  unpack: UnpackFn;
  touch: TouchFn;
  lists: ListsFn;
  weave: WeaveFn;
  unweave: WeaveFn;
  move: MoveFn;
  leavers: LeaversFn;
  moved: MovedFn;
}

/**
 * Pages a shared memory may grow to (a shared memory is reserved whole): 1 GiB, about ten
 * million rows. A step that needs more packs into a plain array instead.
 */
const MAX_PAGES = 16384;

/**
 * The compiled modules (for a shared memory and a plain one), once per thread; null where
 * WebAssembly cannot run. A worker is handed the calling thread's (`KernelLayout.module`): the
 * kernels' definitions are built in code that runs once, cold, and would cost each worker that
 * again inside the step where a world's rows first go to the kernels.
 */
const compiled = new Map<boolean, WebAssembly.Module | null>();
/** The kernels' definitions, built once per thread for both modules. */
let definitions: FunctionDef[] | null = null;

function compiledModule(shared: boolean): WebAssembly.Module | null {
  let module = compiled.get(shared);
  if (module === undefined) {
    try {
      definitions ??= [solveKernel(), pushKernel(), warmKernel(), prepareKernel(false), prepareKernel(true), collideKernel(), colourKernel(), unpackKernel(), positionsKernel(), touchKernel(), listsKernel(), weaveKernel(), unweaveKernel(), moveKernel(), fatExitKernel(), movedPairsKernel()];
      module = new WebAssembly.Module(moduleBytes(definitions, shared, MAX_PAGES));
    } catch {
      // A page whose content security policy forbids WebAssembly.
      module = null;
    }
    compiled.set(shared, module);
  }
  return module;
}

/** Whether this thread can share memory (cross-origin isolated, or Node): its memories are shared ones (`newMemory`), and the module to check for is that one. */
const sharesMemory = (): boolean => typeof SharedArrayBuffer !== 'undefined';

/** A new memory of `pages`, shared when this thread can share one (cross-origin isolated, or Node). */
function newMemory(pages: number): WebAssembly.Memory | null {
  if (sharesMemory()) {
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
  return sharesMemory() && memory.buffer instanceof SharedArrayBuffer;
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
 * to TypeScript. And (BodySlots) the slots of the solve's body copies (`load`, `save`: each
 * body's pair and inverse mass), written by the colouring by homes (place-homes.ts): `prepare`
 * names slots in the packed rows while they are not the bodies' own numbers.
 */
export interface CollideRegions extends BodySlots {
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
  /** Each pair's touching flag (PairCache.touching). */
  pairTouch: Uint8Array;
  /** Pairs too far apart to meet within the step. */
  far: Int32Array;
  /** Rows whose normal `collidePairs`'s code finds, walls, and rows with a body that needs TypeScript. */
  fix: Int32Array;
  walls: Int32Array;
  special: Int32Array;
  /** Each row's colour position (the inverse of `order`: `positions`), for `prepare`. */
  colourPosition: Int32Array;
  /** The rows whose touching changed (`touched`), in row order. */
  touched: Int32Array;
  /** `lists`: the impacts and the rows that may bounce, in row order, and their two counts. */
  impactRows: Int32Array;
  bouncerRows: Int32Array;
  listCounts: Int32Array;
  /** The colouring's scratch (wasm/colour-kernel.ts): each body's colours and wall row, and the groups' starts. */
  masks: Int32Array;
  walled: Uint8Array;
  colourStart: Int32Array;
  /**
   * Each body with a touching row (separation <= 0) marked RESTING by `prepare`, for the
   * position update (integrate.ts): written while the rows are read anyway. `loadMaterials` clears them first.
   */
  resting: Uint8Array;
  /** The leaver test's copies (`loadLeaverInputs`: with x, y, vx, vy above) and its list of the bodies it flags. */
  fat: Float32Array;
  kinds: Uint8Array;
  awakes: Uint8Array;
  leavers: Int32Array;
  /** The broadphase's moved flags (`listPairsOfMoved`) and the pairs with a moved body. */
  pending: Uint8Array;
  movedPairs: Int32Array;
  /**
   * The colouring by homes (`colourPhases` with homes): each body's home (written before the
   * colouring), its border mark, where each group ends, and each row's group while they sort.
   */
  homeOf: Uint8Array;
  border: Uint8Array;
  homeGroupEnds: Int32Array;
  /**
   * The second share's group counts, then cursors, where two shares of the rows are keyed and
   * ordered apart (parallel/collide-kernel-blocks.ts); `homeGroupEnds` takes its ends after.
   */
  homeGroupCounts: Int32Array;
  homeKeys: Int32Array;
}
/**
 * Where the threads' collide kernel writes each block's rows before they move to their place
 * (parallel/collide-kernel-blocks.ts): RowViews' fields that the collide stage writes, room
 * for a row per pair, the block's fix, wall and special lists alike, and per block its four
 * list counts (`head`), its row count (`rows`, then where its rows start) and where its wall
 * rows start (`wallStarts`).
 */
export interface StagedRows extends Pick<RowViews, 'a' | 'b' | 'pair' | 'nx' | 'ny' | 'separation' | 'baseSeparation' | 'impulse' | 'tangentImpulse'> {
  fix: Int32Array;
  walls: Int32Array;
  special: Int32Array;
  head: Int32Array;
  rows: Int32Array;
  starts: Int32Array;
  wallStarts: Int32Array;
  /**
   * Per block, where its rows end among the placed rows when it wrote them there itself (its
   * start being known when it ran: see `collideBlock`), else -1 (staged). Set to -1 before the
   * collide kernel's job.
   */
  ends: Int32Array;
}
/** Pages a layout of these capacities takes (RowKernels' `place`), its settings last. */
function pagesFor(rowCapacity: number, bodyCapacity: number, resident: boolean, pairCapacity: number, staged: boolean): number {
  const stagedBytes = staged ? pairCapacity * STAGED_PAIR + 8 * 4 * stagedBlocks(pairCapacity) + 64 : 0;
  const tail = resident ? residentBytes(rowCapacity) + bodyCapacity * (MATERIAL + COLLIDE_BODY) + pairCapacity * COLLIDE_PAIR + rowCapacity * COLLIDE_ROW + 8 * (COLOUR_COUNT + 2) + HOME_GROUP_BYTES + 160 + stagedBytes : 0;
  return Math.ceil((rowCapacity * (ROW + BASE) + bodyCapacity * BODY + SETTINGS_BYTES + tail) / PAGE);
}

/**
 * Copies `field` into `region` from its start: the whole array as one block move when the region
 * holds it (a body region holds bodyCapacity bodies, the store's capacity when the layout was
 * made), else its first `count` elements. A block move, where an element at a time in
 * TypeScript cost most of a copy's time.
 */
function copyInto<T extends Float64Array | Float32Array | Int32Array | Uint8Array>(region: T, field: T, count: number): void {
  region.set(field.length <= region.length ? field : (field.subarray(0, count) as T));
}

/** Bytes a pair takes in StagedRows. */
const STAGED_PAIR = 6 * 8 + 6 * 4;
/** Blocks of PAIR_BLOCK pairs in `pairs` pairs, and one more. */
const stagedBlocks = (pairs: number): number => Math.ceil(pairs / PAIR_BLOCK) + 1;

/** The passes' settings (RowKernels' `settings`): `push` reads the first three in this order. */
const SETTING_SLOP = 0;
const SETTING_FACTOR = 1;
const SETTING_MAX_PUSH = 2;
/** The first pass's omega, 1, and the others' (`solve`). */
const SETTING_ONE = 3;
const SETTING_OMEGA = 4;
/** Bytes of the settings: a cache line. */
const SETTINGS_BYTES = 64;
/**
 * Bytes a body takes in CollideRegions (its flags, seven numbers, its colours, its wall and
 * resting marks, and for the broadphase's kernels its fat box, kind, awake and moved flags
 * and list entry, for the colouring by homes its home and border mark, and its slot both ways, each region rounded
 * up), a pair (its bodies, impulses, touching flag, far-list entry and moved-list entry), and a
 * row (its fix, wall and special list entries, colour position, touched and impact and bouncer
 * list entries, and its group while the colouring sorts by homes).
 */
const COLLIDE_BODY = 8 + 7 * 8 + 4 + 8 + 8 + 16 + 8 + 8 + 4 + 8 + 2 + 8;
const COLLIDE_PAIR = 6 * 4 + 1;
const COLLIDE_ROW = 8 * 4;
/**
 * Bytes of the colouring's group counts by home (wasm/colour-kernel.ts's COLOUR_HOME_KEYS and
 * COLOUR_HOME_ORDER), twice (two shares of the rows count apart), and the rounding of its two
 * body regions.
 */
const HOME_GROUP_BYTES = 2 * 4 * (homeGroups(MAX_THREADS) + 1) + 16;

/** Bytes a body takes for `prepare` beyond BODY: its friction and its gravity factor. */
const MATERIAL = 16;

/** A shared memory and the capacities its regions were laid out for: what a worker thread needs to run the kernels on it. */
export interface KernelLayout {
  readonly memory: WebAssembly.Memory;
  readonly rowCapacity: number;
  readonly bodyCapacity: number;
  /** Whether the contact rows' fields live in the memory too (`RowKernels.rowViews`), and the collide kernel's room for pairs. */
  readonly resident: boolean;
  readonly pairCapacity: number;
  /** Whether the memory holds StagedRows for `pairCapacity` pairs. */
  readonly staged: boolean;
  /** The kernels compiled for a shared memory, so that a worker need not build them again. */
  readonly module: WebAssembly.Module;
}

/**
 * One world's WebAssembly memory and this thread's kernels over it. The memory holds
 * `rowCapacity` packed rows from byte 0, their base separations, then `bodyCapacity` bodies'
 * pairs and inverse masses. It is shared where the thread can share memory, so that worker
 * threads run the same kernels on it (`adopt`). Let go with `release`.
 */
export class RowKernels {
  private memory: WebAssembly.Memory | null = null;
  private fns: KernelFns | null = null;
  /** The functions, while bound (every call below is made on a bound instance). */
  private get fn(): KernelFns {
    return this.fns as KernelFns;
  }
  private pairCapacity = 0;
  /** The collide kernel's regions, while the rows are resident. */
  collideRegions: CollideRegions | null = null;
  /**
   * The pair cache's `version` whose bodies `collideRegions.pairA` and `pairB` hold (-1: none):
   * set by whoever loads the collide stage's pairs, read by `listPairsOfMoved`.
   */
  pairsLoadedAt = -1;
  /** The threads' collide kernel's staging region, while the rows are resident and threads asked for it. */
  private staged: StagedRows | null = null;
  /** Whether the memory holds the contact rows' fields too (`reserve`'s `resident`), and where. */
  private resident = false;
  private frictionAt = 0;
  private gravityAt = 0;
  private views: RowViews | null = null;
  private heap = new Float64Array(0);
  /** The bodies' inverse masses (`load`), frictions and gravity factors (`loadMaterials`: while resident), in the memory. */
  private masses = new Float64Array(0);
  private frictions = new Float64Array(0);
  private gravities = new Float64Array(0);
  private rowCapacity = 0;
  private bodyCapacity = 0;
  /** Layouts so far (`place`): the bodies' copies of an earlier one are not where this one reads them. */
  layouts = 0;
  /** Byte offsets of the base separations, the bodies' pairs, the passes' settings and the inverse masses. */
  private baseAt = 0;
  private pairsAt = 0;
  private settingsAt = 0;
  private massesAt = 0;
  /**
   * The passes' float settings, in the memory (SETTING_SLOP and on), which `solve` and `push`
   * read there: a float argument of a call from JavaScript is boxed on the heap wherever the call
   * is not inlined, and the threads call them a few hundred times a step. The owner writes them
   * (`setRelaxation`, `setPushout`, and anew in each layout it makes); a worker's kernels only read.
   */
  private settings = new Float64Array(0);
  private relaxation = 1;
  private slop = 0;
  private pushFactor = 0;
  private maxPush = 0;
  /** The rows' region, as `ContactBuffer.packed`, `packedIds` and `packedBase` view it. */
  packed = new Float64Array(0);
  packedIds = new Int32Array(0);
  packedBase = new Float64Array(0);

  /** A kernel set, or null where WebAssembly cannot run. */
  static create(): RowKernels | null {
    return compiledModule(sharesMemory()) === null ? null : new RowKernels();
  }

  /** This thread's kernels over another thread's memory (`layout`), for a worker thread. */
  static adopt(layout: KernelLayout): RowKernels | null {
    if (!compiled.has(true)) compiled.set(true, layout.module);
    const kernels = RowKernels.create();
    if (kernels === null || !kernels.bind(layout.memory)) return null;
    kernels.place(layout.rowCapacity, layout.bodyCapacity, layout.resident, layout.pairCapacity, layout.staged);
    return kernels;
  }

  /** Bytes of memory held (none once released). */
  get byteLength(): number {
    return this.memory === null ? 0 : this.memory.buffer.byteLength;
  }

  /** The memory and its regions, while it is shared; else null (a worker thread cannot use it). */
  get layout(): KernelLayout | null {
    const memory = this.memory;
    const module = compiled.get(true);
    if (memory === null || !isSharedMemory(memory) || module == null) return null;
    return { memory, rowCapacity: this.rowCapacity, bodyCapacity: this.bodyCapacity, resident: this.resident, pairCapacity: this.pairCapacity, staged: this.staged !== null, module };
  }

  /**
   * Room for `rows` packed rows and `bodies` bodies; false where there is none (the step then
   * does without). The rows' views (`packed`, `packedIds`, `packedBase`) are new when the
   * memory grew. Allocates only to grow. A shared memory's growth counts as a shared array's
   * (grown.ts), so that worker threads are handed the new layout. With `resident`, the memory
   * also holds the contact rows' main fields (`rowViews`, new and empty whenever the layout
   * changes: their owner copies the values over), and each body's friction and gravity factor.
   */
  reserve(rows: number, bodies: number, resident = false, pairs = 0, staged = false): boolean {
    if (
      this.memory !== null &&
      rows <= this.rowCapacity &&
      bodies <= this.bodyCapacity &&
      resident === this.resident &&
      pairs <= this.pairCapacity &&
      (!staged || this.staged !== null)
    ) {
      return true;
    }
    const rowCapacity = Math.max(rows, this.rowCapacity);
    const bodyCapacity = Math.max(bodies, this.bodyCapacity);
    const pairCapacity = resident ? Math.max(pairs, this.pairCapacity) : 0;
    // Once asked for, the staging region stays while the rows are resident (the rows' growth mid-step keeps it).
    staged = resident && (staged || this.staged !== null);
    const pages = pagesFor(rowCapacity, bodyCapacity, resident, pairCapacity, staged);
    // Rows that become resident, or stop being, get a new memory. Resident rows that outgrow a
    // shared memory stay in it: it grows in place, and their owner moves each field up to its
    // new place, the last field first, as each lands over the old places of those after it
    // (ContactBuffer's `reserveKernels`). A new memory would be touched page by page for the
    // first time, and that cost a pile of 10,000 a hitch of six times its step as its rows grew.
    if (this.memory === null || !isSharedMemory(this.memory) || resident !== this.resident) {
      // A plain memory is made anew rather than grown: growing one detaches its old buffer,
      // and in V8 11 (Node 20) every step after a detach ran about a tenth slower, all of it,
      // not only the kernels (the bench README). Nothing in it needs keeping: the solve packs
      // its rows and copies its bodies in after this.
      const memory = newMemory(pages);
      if (memory === null || !this.bind(memory)) return false;
    } else {
      const have = this.memory.buffer.byteLength / PAGE;
      try {
        if (pages > have) this.memory.grow(pages - have);
      } catch {
        return false;
      }
    }
    this.place(rowCapacity, bodyCapacity, resident, pairCapacity, staged);
    // The owner alone: a worker that views the memory anew must not undo this step's slots or settings.
    const regions = this.collideRegions;
    if (regions !== null) ownSlots(regions);
    this.writeSettings();
    if (this.layout !== null) noteSharedGrowth();
    return true;
  }

  /** Instantiates the kernels over `memory`; false where they cannot be. */
  private bind(memory: WebAssembly.Memory): boolean {
    const module = compiledModule(isSharedMemory(memory));
    if (module === null) return false;
    const exports = new WebAssembly.Instance(module, { env: { memory } }).exports;
    this.memory = memory;
    this.fns = {
      solve: exports.solve as SolveFn,
      push: exports.push as PushFn,
      warm: exports.warm as WarmFn,
      prepare: exports.prepare as PrepareFn,
      prepareSlots: exports.prepareSlots as PrepareFn,
      positions: exports.positions as PositionsFn,
      collide: exports.collide as CollideFn,
      colour: exports.colour as ColourFn,
      unpack: exports.unpack as UnpackFn,
      touch: exports.touch as TouchFn,
      lists: exports.lists as ListsFn,
      weave: exports.weave as WeaveFn,
      unweave: exports.unweave as WeaveFn,
      move: exports.move as MoveFn,
      leavers: exports.leavers as LeaversFn,
      moved: exports.moved as MovedFn,
    };
    return true;
  }

  /** Lays the regions out for these capacities (and the resident rows' after them), and views them. */
  private place(rowCapacity: number, bodyCapacity: number, resident = false, pairCapacity = 0, staged = false): void {
    const buffer = (this.memory as WebAssembly.Memory).buffer;
    this.layouts++;
    this.rowCapacity = rowCapacity;
    this.bodyCapacity = bodyCapacity;
    this.baseAt = rowCapacity * ROW;
    this.pairsAt = this.baseAt + rowCapacity * BASE;
    this.massesAt = this.pairsAt + bodyCapacity * 16;
    // Last in the layout's pages: past every region of any smaller layout, so writing them
    // never lands on a resident field that has yet to move up to its new place (`reserve`).
    this.settingsAt = pagesFor(rowCapacity, bodyCapacity, resident, pairCapacity, staged) * PAGE - SETTINGS_BYTES;
    this.settings = new Float64Array(buffer, this.settingsAt, SETTINGS_BYTES / 8);
    this.masses = new Float64Array(buffer, this.massesAt, bodyCapacity);
    this.heap = new Float64Array(buffer);
    this.packed = new Float64Array(buffer, 0, rowCapacity * PACKED_STRIDE);
    this.packedIds = new Int32Array(buffer, 0, rowCapacity * PACKED_STRIDE * 2);
    this.packedBase = new Float64Array(buffer, this.baseAt, rowCapacity);
    this.resident = resident;
    this.views = null;
    this.collideRegions = null;
    this.pairsLoadedAt = -1;
    this.staged = null;
    this.pairCapacity = pairCapacity;
    this.frictions = this.gravities = new Float64Array(0);
    if (!resident) return;
    let at = this.massesAt + bodyCapacity * 8;
    this.frictionAt = at;
    this.gravityAt = at + bodyCapacity * 8;
    this.frictions = new Float64Array(buffer, this.frictionAt, bodyCapacity);
    this.gravities = new Float64Array(buffer, this.gravityAt, bodyCapacity);
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
    const u8s = (n: number): Uint8Array => {
      const view = new Uint8Array(buffer, at, n);
      at += align8(n);
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
    const walled = u8s(bodyCapacity);
    const resting = u8s(bodyCapacity);
    const fat = f32s(4 * bodyCapacity);
    const kinds = u8s(bodyCapacity);
    const awakes = u8s(bodyCapacity);
    const leavers = i32s(bodyCapacity);
    const pending = u8s(bodyCapacity);
    const movedPairs = i32s(pairCapacity);
    const homeOf = u8s(bodyCapacity);
    const border = u8s(bodyCapacity);
    const homeGroupEnds = i32s(homeGroups(MAX_THREADS) + 1);
    const homeGroupCounts = i32s(homeGroups(MAX_THREADS) + 1);
    const homeKeys = i32s(rowCapacity);
    const slotOf = i32s(bodyCapacity);
    const bodyAt = i32s(bodyCapacity);
    const slotted = i32s(2);
    this.pairsLoadedAt = -1;
    this.collideRegions = {
      head, flags, x, y, halfWidth, halfHeight, radius, vx, vy,
      pairA: i32s(pairCapacity), pairB: i32s(pairCapacity), pairImp: f32s(pairCapacity), pairTan: f32s(pairCapacity), far: i32s(pairCapacity), pairTouch: u8s(pairCapacity),
      fix: i32s(rowCapacity), walls: i32s(rowCapacity), special: i32s(rowCapacity), colourPosition: i32s(rowCapacity), touched: i32s(rowCapacity),
      impactRows: i32s(rowCapacity), bouncerRows: i32s(rowCapacity), listCounts: i32s(2 * MAX_THREADS),
      masks, walled, colourStart, resting, fat, kinds, awakes, leavers, pending, movedPairs,
      homeOf, border, homeGroupEnds, homeGroupCounts, homeKeys, slotOf, bodyAt, slotted,
    };
    if (!staged) return;
    const blocks = stagedBlocks(pairCapacity);
    this.staged = {
      nx: f64s(pairCapacity), ny: f64s(pairCapacity), separation: f64s(pairCapacity), baseSeparation: f64s(pairCapacity),
      impulse: f64s(pairCapacity), tangentImpulse: f64s(pairCapacity),
      a: i32s(pairCapacity), b: i32s(pairCapacity), pair: i32s(pairCapacity), fix: i32s(pairCapacity), walls: i32s(pairCapacity), special: i32s(pairCapacity),
      head: i32s(4 * blocks), rows: i32s(blocks), starts: i32s(blocks), wallStarts: i32s(blocks), ends: i32s(blocks),
    };
  }

  /**
   * `unpackImpulses` over the resident rows [from, to): each row's impulses back from its packed
   * row, and with `toPairs` to `collideRegions.pairImp` and `pairTan` at the row's pair, as
   * `storeImpulses` writes them to the pair cache (`storedImpulses` then copies them there).
   * Over the colour positions that `positions` made for `prepare` (the order has not changed
   * since). Rows are independent: threads may unpack ranges at once (JOB_UNPACK_KERNELS).
   */
  unpack(from: number, to: number, toPairs: boolean): void {
    const v = this.views as RowViews;
    const r = this.collideRegions as CollideRegions;
    const pairImp = toPairs ? r.pairImp.byteOffset : 0;
    const pairTan = toPairs ? r.pairTan.byteOffset : 0;
    this.fn.unpack(from, to, r.colourPosition.byteOffset, v.impulse.byteOffset, v.tangentImpulse.byteOffset, v.pair.byteOffset, pairImp, pairTan);
  }

  /**
   * After `unpack` with `toPairs`: pairs [from, to)'s warm starts to the pair cache. The regions
   * hold the values the collide stage loaded for every pair without a row (far pairs and sensor
   * pairs cleared in both: collide-kernel.ts), so over every pair the copy is whole. Threads may
   * copy ranges at once (JOB_STORE_KERNEL_IMPULSES).
   */
  storedImpulses(pairs: Pick<PairCache, 'impulse' | 'tangentImpulse'>, from: number, to: number): void {
    const r = this.collideRegions as CollideRegions;
    copyRange(pairs.impulse, r.pairImp, from, to);
    copyRange(pairs.tangentImpulse, r.pairTan, from, to);
  }

  /**
   * After `prepare` over the resident rows [0, n): lists in `collideRegions` their impacts and,
   * up to `limit`, the rows whose approach beats `threshold` (m/s), as solver.ts's
   * `listImpacts` and restitution.ts's `listBouncers` scan them; returns the impacts' count
   * (`listCounts[1]`: the other's, which counts past the limit).
   */
  lists(n: number, dt: number, gravityX: number, gravityY: number, threshold: number, limit: number): number {
    this.listShare(0, 0, n, dt, gravityX, gravityY, threshold, limit);
    return (this.collideRegions as CollideRegions).listCounts[0];
  }

  /**
   * `lists` over share `share` of the rows, rows [from, to): its lists go to the lists' own
   * places from `from` on, its counts to `listCounts[2 · share]` and `[2 · share + 1]`. Shares
   * are independent, so threads may list theirs at once (JOB_LIST_ROWS); `joinLists` then makes
   * them one list, as `lists` over every row would have.
   */
  listShare(share: number, from: number, to: number, dt: number, gravityX: number, gravityY: number, threshold: number, limit: number): void {
    const v = this.views as RowViews;
    const r = this.collideRegions as CollideRegions;
    const gravity = gravityX !== 0 || gravityY !== 0 ? 1 : 0;
    this.fn.lists(
      from, to, v.bounce.byteOffset, v.approach.byteOffset, v.a.byteOffset, v.b.byteOffset, v.nx.byteOffset, v.ny.byteOffset, this.gravityAt,
      dt, gravityX, gravityY, gravity, threshold, limit, r.impactRows.byteOffset + 4 * from, r.bouncerRows.byteOffset + 4 * from, r.listCounts.byteOffset + 8 * share,
    );
  }

  /**
   * After `listShare` over the `n` rows cut in `shares` shares as `shareStart` cuts them: each
   * later share's lists moved to follow the one before, and the two counts of them all in
   * `listCounts[0]` and `[1]`, as `lists` over every row leaves them; returns the impacts' count.
   * Bouncers move only while they are within `limit` in all, as only then are they read.
   */
  joinLists(shares: number, n: number, limit: number): number {
    const { impactRows, bouncerRows, listCounts } = this.collideRegions as CollideRegions;
    let impacts = listCounts[0];
    let bouncers = listCounts[1];
    for (let s = 1; s < shares; s++) {
      const from = shareStart(n, s, shares);
      const shareImpacts = listCounts[2 * s];
      const shareBouncers = listCounts[2 * s + 1];
      for (let k = 0; k < shareImpacts; k++) impactRows[impacts + k] = impactRows[from + k];
      if (bouncers + shareBouncers <= limit) for (let k = 0; k < shareBouncers; k++) bouncerRows[bouncers + k] = bouncerRows[from + k];
      impacts += shareImpacts;
      bouncers += shareBouncers;
    }
    listCounts[0] = impacts;
    listCounts[1] = bouncers;
    return impacts;
  }

  /**
   * Lists in `collideRegions.touched` the resident rows [0, n) whose touching differs from their
   * pair's flag in the collide stage's copy (contact-state.ts's test), and returns how many.
   * The copy must be this step's (`ContactBuffer.collidedInKernels`).
   */
  touched(n: number): number {
    const v = this.views as RowViews;
    const r = this.collideRegions as CollideRegions;
    return this.fn.touch(n, v.separation.byteOffset, v.impulse.byteOffset, v.pair.byteOffset, r.pairTouch.byteOffset, r.touched.byteOffset);
  }

  /**
   * Colours the resident rows [0, n) (wasm/colour-kernel.ts) with the static flags the collide
   * kernel loaded this step (bodies [0, end)): writes their colours and the colour order, and
   * the groups' starts to `collideRegions.colourStart`.
   */
  colour(n: number, end: number): void {
    const v = this.views as RowViews;
    this.colourPhases(COLOUR_CLEAR | COLOUR_PICK | COLOUR_ORDER, 0, n, end, v.a.byteOffset, v.b.byteOffset);
  }

  /**
   * `colour` in phases (wasm/colour-kernel.ts: COLOUR_CLEAR, COLOUR_PICK, COLOUR_ORDER, or
   * COLOUR_HOME_KEYS and COLOUR_HOME_ORDER): picks the colours of rows [from, to), whose bodies
   * row c's are at byte `rowA + 4c` and `rowB + 4c`. With `homes` > 1 (bodies' homes in
   * `collideRegions.homeOf`), the picking marks border bodies, and the two home phases order the
   * rows by home, counting into and placing from `groups` (`collideRegions.homeGroupEnds` unless
   * given: a second share of the rows counts into `homeGroupCounts`).
   */
  colourPhases(phases: number, from: number, to: number, end: number, rowA: number, rowB: number, homes = 1, groups = (this.collideRegions as CollideRegions).homeGroupEnds): void {
    const r = this.collideRegions as CollideRegions;
    const v = this.views as RowViews;
    this.fn.colour(
      from, to, end, rowA, rowB, r.flags.byteOffset, r.masks.byteOffset, r.walled.byteOffset, v.colour.byteOffset, v.order.byteOffset, r.colourStart.byteOffset, phases,
      homes, r.homeOf.byteOffset, r.border.byteOffset, r.homeKeys.byteOffset, groups.byteOffset,
    );
  }

  /**
   * The collide kernel (wasm/collide-kernel.ts) over the first `count` pairs loaded into
   * `collideRegions`, writing the resident rows: returns how many rows there are (written up to
   * the rows' room only).
   */
  collide(count: number, speculativeDistance: number, dt: number): number {
    const r = this.collideRegions as CollideRegions;
    const v = this.views as RowViews;
    return this.fn.collide(
      r.pairA.byteOffset, r.pairB.byteOffset, r.pairImp.byteOffset, r.pairTan.byteOffset, r.pairTouch.byteOffset, 0, count,
      r.flags.byteOffset, r.x.byteOffset, r.y.byteOffset, r.halfWidth.byteOffset, r.halfHeight.byteOffset, r.radius.byteOffset, r.vx.byteOffset, r.vy.byteOffset,
      v.a.byteOffset, v.b.byteOffset, v.pair.byteOffset, v.nx.byteOffset, v.ny.byteOffset, v.separation.byteOffset, v.baseSeparation.byteOffset,
      v.impulse.byteOffset, v.tangentImpulse.byteOffset, r.far.byteOffset, r.fix.byteOffset, r.walls.byteOffset, r.special.byteOffset, r.head.byteOffset,
      this.rowCapacity, speculativeDistance, dt,
    );
  }

  /**
   * The collide kernel over pairs [first, end) of those loaded, for block `block` of a threaded
   * collide stage (parallel/collide-kernel-blocks.ts): the block's rows go in place when the
   * block before wrote its rows in place (`stagedRows.ends`), else to the staging region
   * (`stagedRows`) from `first` on; its lists go there from `first` on, and its far pairs to
   * `collideRegions.far` from `first` on (a block's rows, and each of its lists, are never
   * more than its pairs); its far, fix, wall and special counts to `stagedRows.head` at 4 ·
   * block, its row count to `stagedRows.rows[block]`.
   */
  collideBlock(block: number, first: number, end: number, speculativeDistance: number, dt: number): void {
    const r = this.collideRegions as CollideRegions;
    const t = this.staged as StagedRows;
    const at4 = 4 * first;
    const at8 = 8 * first;
    // Where the block before ended among the placed rows, once it wrote them there itself: then
    // so does this one, and they need no move (the first block of a thread's share, run in
    // order, starts where the last of the share before it ended). Else the rows are staged.
    const start = block === 0 ? 0 : Atomics.load(t.ends, block - 1);
    const v = this.views as RowViews;
    const direct = start >= 0 && start + (end - first) <= v.a.length;
    const rows = direct ? v : t;
    const to4 = direct ? 4 * start : at4;
    const to8 = direct ? 8 * start : at8;
    const count = this.fn.collide(
      r.pairA.byteOffset, r.pairB.byteOffset, r.pairImp.byteOffset, r.pairTan.byteOffset, r.pairTouch.byteOffset, first, end,
      r.flags.byteOffset, r.x.byteOffset, r.y.byteOffset, r.halfWidth.byteOffset, r.halfHeight.byteOffset, r.radius.byteOffset, r.vx.byteOffset, r.vy.byteOffset,
      rows.a.byteOffset + to4, rows.b.byteOffset + to4, rows.pair.byteOffset + to4, rows.nx.byteOffset + to8, rows.ny.byteOffset + to8,
      rows.separation.byteOffset + to8, rows.baseSeparation.byteOffset + to8, rows.impulse.byteOffset + to8, rows.tangentImpulse.byteOffset + to8,
      r.far.byteOffset + at4, t.fix.byteOffset + at4, t.walls.byteOffset + at4, t.special.byteOffset + at4, t.head.byteOffset + 16 * block,
      end - first, speculativeDistance, dt,
    );
    t.rows[block] = count;
    Atomics.store(t.ends, block, direct ? start + count : -1);
  }

  /** The staging region of a threaded collide stage, while the rows are resident and `reserve` was asked for it; else null. */
  get stagedRows(): StagedRows | null {
    return this.staged;
  }

  /** The contact rows' fields in this memory, while `reserve` made them resident; else null. */
  get rowViews(): RowViews | null {
    return this.views;
  }

  /** Lets the memory go; the next `reserve` makes it anew. */
  release(): void {
    this.memory = null;
    this.fns = null;
    this.collideRegions = null;
    this.pairsLoadedAt = -1;
    this.staged = null;
    this.pairCapacity = 0;
    this.resident = false;
    this.views = null;
    this.heap = new Float64Array(0);
    this.masses = this.heap;
    this.frictions = this.heap;
    this.gravities = this.heap;
    this.packed = this.heap;
    this.packedIds = new Int32Array(0);
    this.packedBase = this.heap;
    this.rowCapacity = 0;
    this.bodyCapacity = 0;
  }

  /**
   * Copies bodies [from, to)'s (u, v) (velocities or positions) and inverse masses in: a block
   * of JOB_LOAD_BODIES, which the step's threads share, each copying the blocks it claims.
   * While the slots are not the bodies' own numbers (`CollideRegions.slotted`), [from, to) are
   * slots, each gathered from its body.
   */
  load(store: BodyStore, u: Float64Array, v: Float64Array, from = 0, to = store.end): void {
    const r = this.collideRegions;
    if (r !== null && r.slotted[0] === 1) {
      const { heap, masses } = this;
      const { bodyAt } = r;
      const invMass = store.invMass;
      const p = this.pairsAt >> 3;
      for (let s = from; s < to; s++) {
        const i = bodyAt[s];
        heap[p + 2 * s] = u[i];
        heap[p + 2 * s + 1] = v[i];
        masses[s] = invMass[i];
      }
      return;
    }
    if (r !== null) {
      copyRange(r.vx, u, from, to);
      copyRange(r.vy, v, from, to);
      this.fn.weave(to - from, r.vx.byteOffset + 8 * from, r.vy.byteOffset + 8 * from, this.pairsAt + 16 * from);
    } else {
      const { heap } = this;
      const p = this.pairsAt >> 3;
      for (let i = from; i < to; i++) {
        heap[p + 2 * i] = u[i];
        heap[p + 2 * i + 1] = v[i];
      }
    }
    copyRange(this.masses, store.invMass, from, to);
  }

  /**
   * Moves `bytes` bytes of this memory from byte `from` to byte `to` (ranges may overlap): the
   * collide stage's staged rows to their place (collide-kernel-blocks.ts).
   */
  move(to: number, from: number, bytes: number): void {
    if (bytes > 0) this.fn.move(to, from, bytes);
  }

  /** Copies bodies [from, to)'s pairs back to (u, v) (or slots', as `load`): a block of JOB_SAVE_BODIES. */
  save(u: Float64Array, v: Float64Array, from: number, to: number): void {
    const r = this.collideRegions;
    if (r !== null && r.slotted[0] === 1) {
      const { heap } = this;
      const { bodyAt } = r;
      const p = this.pairsAt >> 3;
      for (let s = from; s < to; s++) {
        const i = bodyAt[s];
        u[i] = heap[p + 2 * s];
        v[i] = heap[p + 2 * s + 1];
      }
      return;
    }
    if (r !== null) {
      this.fn.unweave(to - from, r.vx.byteOffset + 8 * from, r.vy.byteOffset + 8 * from, this.pairsAt + 16 * from);
      copyRange(u, r.vx, from, to);
      copyRange(v, r.vy, from, to);
      return;
    }
    const { heap } = this;
    const p = this.pairsAt >> 3;
    for (let i = from; i < to; i++) {
      u[i] = heap[p + 2 * i];
      v[i] = heap[p + 2 * i + 1];
    }
  }

  /**
   * Lists in `collideRegions.movedPairs`, in ascending order, the first `pairs.count` pairs with
   * a body flagged in `pending` (the scan of the broadphase's `dropPartedPairs`), over copies of
   * the pairs' bodies and the flags; returns how many, or -1 where the layout has no room for
   * the pairs (the rows became resident in the solve of a step that collided in TypeScript).
   */
  listPairsOfMoved(pairs: { a: Int32Array; b: Int32Array; count: number; version: number }, pending: Uint8Array, end: number): number {
    const r = this.collideRegions as CollideRegions;
    if (pairs.count > r.pairA.length) return -1;
    // The collide stage copied the pairs in at the step's start: most steps nothing has changed them since.
    if (this.pairsLoadedAt !== pairs.version) {
      copyInto(r.pairA, pairs.a, pairs.count);
      copyInto(r.pairB, pairs.b, pairs.count);
      this.pairsLoadedAt = pairs.version;
    }
    copyInto(r.pending, pending, end);
    return this.fn.moved(pairs.count, r.pairA.byteOffset, r.pairB.byteOffset, r.pending.byteOffset, r.movedPairs.byteOffset);
  }

  /** Whether the layout has room for `loadLeaverInputs` of every body of `store`. */
  canLoadLeavers(store: BodyStore): boolean {
    return this.collideRegions !== null && store.capacity <= this.bodyCapacity;
  }

  /**
   * Copies in what the leaver test reads (`flagLeavers` in TypeScript, fat-exit.ts) of bodies
   * [from, to): their positions, velocities, extents, fat boxes, kinds and awake flags as the
   * step leaves them. Over the collide kernel's body inputs, which the next step's collide
   * loads again (a memory laid out anew since this step's collide holds none of them). The
   * leaver job (JOB_FLAG_LEAVERS) copies each block it claims before it tests it, so the copy
   * is shared out with the test. The layout must have room (`canLoadLeavers`).
   */
  loadLeaverInputs(store: BodyStore, from: number, to: number): void {
    const r = this.collideRegions as CollideRegions;
    loadBodyShapes(r, store, from, to);
    copyRange(r.fat, store.fat, 4 * from, 4 * to);
    copyRange(r.kinds, store.kind, from, to);
    copyRange(r.awakes, store.awake, from, to);
  }

  /**
   * `flagLeavers(store, left, from, to, dt, counts, slot)` over the copies `loadLeaverInputs`
   * made of those bodies: sets `left[i]` for each body it flags, and the two counts. Blocks of bodies are
   * independent: threads may test several at once (JOB_FLAG_LEAVERS).
   */
  flagLeavers(left: Uint8Array, from: number, to: number, dt: number, counts: Float64Array, slot: number): void {
    const r = this.collideRegions as CollideRegions;
    const both = this.fn.leavers(
      from, to, dt, r.x.byteOffset, r.y.byteOffset, r.vx.byteOffset, r.vy.byteOffset,
      r.halfWidth.byteOffset, r.halfHeight.byteOffset, r.radius.byteOffset, r.fat.byteOffset, r.kinds.byteOffset, r.awakes.byteOffset, r.leavers.byteOffset,
    );
    const flagged = both & 0xffff;
    const list = r.leavers;
    for (let k = from; k < from + flagged; k++) left[list[k]] = 1;
    counts[slot] = flagged;
    counts[slot + 1] = both >>> 16;
  }

  /**
   * Copies bodies [from, to)'s friction and gravity factor (its gravity scale if dynamic, else
   * 0) in for `prepare`, after `load` of their velocities, and clears their resting marks
   * (`CollideRegions.resting`): with `load`, a block of JOB_LOAD_BODIES for the solve.
   */
  loadMaterials(store: BodyStore, from = 0, to = store.end): void {
    const { gravityScale, kind } = store;
    const gravities = this.gravities;
    copyRange(this.frictions, store.friction, from, to);
    for (let i = from; i < to; i++) gravities[i] = kind[i] === BODY_DYNAMIC ? gravityScale[i] : 0;
    (this.collideRegions as CollideRegions).resting.fill(0, from, to);
  }

  /** Each resident row's colour position (the inverse of `order` over [0, n)), for `prepare`. */
  positions(n: number): void {
    this.fn.positions(n, (this.views as RowViews).order.byteOffset, (this.collideRegions as CollideRegions).colourPosition.byteOffset);
  }

  /**
   * `prepareRows` over the resident rows [from, to) and the packing of `warmStartPacked`
   * (without its warm start), each at its colour position (`positions` first), over the loaded
   * velocities and materials: returns the rows of unequal masses, as `prepareRows`. Marks the
   * bodies of touching rows in `collideRegions.resting` (`loadMaterials` clears them first). Rows are
   * independent: threads may prepare ranges of them at once (JOB_PREPARE_KERNELS). The packed
   * rows name slots while the slots are not the bodies' own numbers (`CollideRegions.slotted`).
   */
  prepare(from: number, to: number, dt: number, gravityX: number, gravityY: number): number {
    const v = this.views as RowViews;
    const r = this.collideRegions as CollideRegions;
    const gravity = gravityX !== 0 || gravityY !== 0 ? 1 : 0;
    return (r.slotted[0] === 1 ? this.fn.prepareSlots : this.fn.prepare)(
      from, to, dt, 1 / dt, gravityX, gravityY, gravity,
      v.a.byteOffset, v.b.byteOffset, v.nx.byteOffset, v.ny.byteOffset, v.separation.byteOffset,
      v.baseSeparation.byteOffset, v.impulse.byteOffset, v.tangentImpulse.byteOffset, v.mass.byteOffset, v.approach.byteOffset,
      v.bias.byteOffset, v.friction.byteOffset, v.bounce.byteOffset, v.warmImpulse.byteOffset, v.warmTangent.byteOffset,
      this.pairsAt, this.massesAt, this.frictionAt, this.gravityAt, 0, this.baseAt, r.colourPosition.byteOffset, r.resting.byteOffset, r.slotOf.byteOffset,
    );
  }

  /** `warmStartPacked`'s warm start over packed rows [from, to) and the loaded velocities. */
  warm(from: number, to: number): void {
    this.fn.warm(0, from, to, this.pairsAt, this.massesAt);
  }

  /** `solvePackedRows` pass `pass` over packed rows [from, to) and the loaded velocities (omega: 1 in pass 0, else `setRelaxation`'s). */
  solve(from: number, to: number, pass: number): number {
    return this.fn.solve(0, from, to, this.pairsAt, this.massesAt, this.settingsAt + 8 * (pass === 0 ? SETTING_ONE : SETTING_OMEGA));
  }

  /** `solve`'s omega from the second pass on (the first pass's is 1). The owner's, before the passes. */
  setRelaxation(omega: number): void {
    this.relaxation = omega;
    this.writeSettings();
  }

  /** `push`'s slop (m), share of the overlap beyond it, and most it moves a pair (m). The owner's, before the passes. */
  setPushout(slop: number, factor: number, maxPush: number): void {
    this.slop = slop;
    this.pushFactor = factor;
    this.maxPush = maxPush;
    this.writeSettings();
  }

  private writeSettings(): void {
    const settings = this.settings;
    if (settings.length === 0) return;
    settings[SETTING_SLOP] = this.slop;
    settings[SETTING_FACTOR] = this.pushFactor;
    settings[SETTING_MAX_PUSH] = this.maxPush;
    settings[SETTING_ONE] = 1;
    settings[SETTING_OMEGA] = this.relaxation;
  }

  /** `pushPackedRows` over packed rows [from, to) and the loaded positions, as `setPushout` set it. */
  push(from: number, to: number): number {
    return this.fn.push(0, this.baseAt, from, to, this.pairsAt, this.massesAt, this.settingsAt);
  }
}
