/**
 * The contact buffer: one row per pair that touches or may touch within this step, rebuilt by
 * the narrowphase every step and read by the solver. Struct of arrays, grown by a quarter, so a
 * step allocates nothing once the buffer has reached its working size.
 */
import { COLOUR_COUNT } from './colour.js';
import { grown, isShared, noteSharedGrowth, sharedCopy } from './grown.js';
import { ShockOrder } from './shock.js';
import { RowFrontier } from './row-frontier.js';
import { PACKED_STRIDE } from './packed-rows.js';
import { RESIDENT_FIELDS, RowKernels, type RowViews } from './wasm/row-kernels.js';

/** How much the rows' room grows when it runs out. */
const ROW_GROWTH = 1.25;

/** Steps without packing after which `ContactBuffer.usePacked` lets the packed rows go: a second at 60 Hz. */
const PACKED_IDLE_STEPS = 60;
/**
 * Steps in a row that pack before the rows move into the kernels' memory (`residentRows`): a
 * pile packs step after step, and there the move pays; a crowd packs only for its first
 * steps, while it spreads, and the kernels' copies of its bodies and pairs would cost more
 * than they save for the few steps left.
 */
const RESIDENT_AFTER_STEPS = 30;

export class ContactBuffer {
  count = 0;
  /** Body indices; the normal points from `a` toward `b`. */
  a: Int32Array = new Int32Array(0);
  b: Int32Array = new Int32Array(0);
  /** The pair cache row this contact came from (for warm starting and events). */
  pair: Int32Array = new Int32Array(0);
  nx: Float64Array = new Float64Array(0);
  ny: Float64Array = new Float64Array(0);
  /** Separation (m) at the narrowphase: negative when overlapping. */
  separation: Float64Array = new Float64Array(0);
  /**
   * Separation minus n · (centre b - centre a) at the narrowphase (m): the separation after the
   * bodies move is this plus n · (centre b - centre a) then, one product instead of a new test.
   */
  baseSeparation: Float64Array = new Float64Array(0);
  /** 1 / (invMassA + invMassB), kg. */
  mass: Float64Array = new Float64Array(0);
  /** Accumulated normal impulse (N·s), clamped >= 0. */
  impulse: Float64Array = new Float64Array(0);
  /** Relative normal velocity before the solve (m/s): negative when approaching. */
  approach: Float64Array = new Float64Array(0);
  /** Speed (m/s) the solver lets the pair approach: gap / dt for a gap it will not close; else 0. */
  bias: Float64Array = new Float64Array(0);
  /** Pair friction coefficient sqrt(μA·μB). */
  friction: Float64Array = new Float64Array(0);
  /** Accumulated tangential (friction) impulse (N·s) along (-ny, nx), within ±friction · impulse. */
  tangentImpulse: Float64Array = new Float64Array(0);
  /** The part of `impulse` that restitution added (N·s), so it can be scaled back (see energy.ts). */
  bounce: Float64Array = new Float64Array(0);
  /** The step's warm start (N·s, as the pair cache keeps it), for a solve that starts again (energy.ts's `restartSolve`). */
  warmImpulse: Float32Array = new Float32Array(0);
  warmTangent: Float32Array = new Float32Array(0);

  /**
   * Rows that are impacts, in row order, written by the solver's first pass: apart, but closing
   * the gap within the substep at their approach speed. Their impulses act from the time of
   * impact on (see restitution.ts). Kept per impact, not per row: impacts are few.
   */
  impacts: Int32Array = new Int32Array(0);
  /** Time of impact within the substep (s), by impact. */
  impactToi: Float64Array = new Float64Array(0);
  /** Gravity's change of the impact's approach speed (m/s) from its time of impact to the end of the substep. */
  impactDrift: Float64Array = new Float64Array(0);
  impactCount = 0;
  /**
   * Rows with a static body, in row order, written by the collide stage: pushout ends with them
   * (static bodies win). Grown on demand (`noteWall`, `reserveWalls`), not with the rows: in a
   * crowd few rows have a static body.
   */
  walls: Int32Array = new Int32Array(0);
  wallCount = 0;

  /**
   * Dynamic bodies of rows with a moving kinematic body (may repeat), for the continuous sweep.
   * Grown on demand (`noteKicked`): most worlds never push a body with a kinematic one.
   */
  kicked: Int32Array = new Int32Array(0);
  kickedCount = 0;

  /**
   * Sleeping bodies the collide stage wakes once every pair is tested, in row order. Grown on
   * demand (`noteWoken`): a world that never sleeps never pays for it.
   */
  woken: Int32Array = new Int32Array(0);
  /** Each row's colour group (colour.ts): 0 to COLOUR_COUNT, the overflow group. */
  colour: Uint8Array = new Uint8Array(0);
  /** The rows that may bounce, when few (restitution.ts's `applyRestitution`), and room to sort them. Grown on demand. */
  bouncers: Int32Array = new Int32Array(0);

  /** Whether some row joins bodies SHOCK_MASS_RATIO or more apart in mass (then `shock` is built). */
  unequalMasses = false;
  /**
   * Whether the TypeScript collide stage prepared the rows as it wrote them (without gravity:
   * collide.ts, parallel/collide-blocks.ts), so
   * that the solve's first `prepareRows` has nothing left to do; `preparedUnequal` is what
   * that would have returned. The solve takes them once (solver.ts).
   */
  preparedRows = false;
  preparedUnequal = 0;
  /**
   * The row kernels' layout number into which the threaded collide stage loaded the bodies for
   * the solve (LOAD_SOLVE) while it placed the rows (parallel/collide-kernel-blocks.ts), else -1:
   * the solve's first load then has nothing left to do. Reset by each step's collide stage,
   * taken once by the solve (solver.ts).
   */
  solveBodiesLayout = -1;
  /**
   * Whether most rows changed in the last step's first velocity pass: then this step's first
   * pass does not mark bodies for skipping either (solver.ts), as no later pass would skip.
   */
  busyFirstPass = false;
  /** The rows in support order, for shock propagation (shock.ts). */
  readonly shock = new ShockOrder();
  /** Each body's rows, for skipping passes on one thread (row-frontier.ts). */
  readonly frontier = new RowFrontier();

  /**
   * The colour groups (colour.ts): rows of colour k are [colourStart[k], colourStart[k + 1]),
   * the overflow group last; valid while `colourStart[COLOUR_COUNT + 1] === count`.
   */
  colourStart: Int32Array = new Int32Array(COLOUR_COUNT + 2);
  /**
   * Homes per colour (colour.ts): 1, or the thread count the rows were coloured for, each
   * colour's rows then sorted by which thread owns their body. Home h of colour k is
   * [homeStart[k·homes + h], homeStart[k·homes + h + 1]), valid with `colourStart` while
   * `homes` > 1 (one home is the colour group itself).
   */
  homes = 1;
  homeStart: Int32Array = new Int32Array(COLOUR_COUNT + 1);
  /**
   * Where each home's border rows end (parallel/wave.ts): home h of colour k starts with its
   * border rows, up to borderEnd[k·homes + h]. Valid with `homeStart` where the kernels
   * coloured by homes (`borderRows`), else every row of a home counts as a border row.
   */
  borderEnd: Int32Array = new Int32Array(COLOUR_COUNT);
  /** Whether `borderEnd` holds this colouring's border rows. */
  borderRows = false;
  /** The rows in colour order (colour.ts): every pass over rows walks this list. Grown with the rows. */
  order: Int32Array = new Int32Array(0);
  /**
   * The rows packed in colour order for the velocity passes that visit every row
   * (packed-rows.ts), PACKED_STRIDE numbers each, their bodies as integers in `packedIds` (a
   * view of the same memory) and their base separations in `packedBase`; empty until a step
   * first packs (`usePacked`).
   */
  packed: Float64Array = new Float64Array(0);
  packedIds: Int32Array = new Int32Array(0);
  packedBase: Float64Array = new Float64Array(0);
  /** Whether this step's warm start packed the rows (their normals and bodies stay valid through pushout). */
  packedRows = false;
  /** Steps in a row that did not pack (`usePacked`). */
  private idleSteps = 0;
  /** Steps in a row that packed (`usePacked`). */
  private packingSteps = 0;
  /**
   * The WebAssembly kernels and their memory (wasm/row-kernels.ts) while steps pack; null before,
   * after PACKED_IDLE_STEPS without, and where WebAssembly cannot run. A worker thread's are
   * over the driving thread's memory (worker.ts).
   */
  kernels: RowKernels | null = null;
  /** Whether this step's packed rows are in `kernels`' memory, for its passes there (`usePacked`). */
  inKernels = false;
  /**
   * Whether the rows' main fields (RowViews) live in `kernels`' memory, so that the kernels
   * collide, colour, prepare and pack them there (wasm/, and parallel/collide-kernel-blocks.ts
   * on threads), once steps have packed for RESIDENT_AFTER_STEPS in a row (`usePacked`).
   * Worker threads see the same views of the same memory (parallel/worker.ts).
   */
  residentRows = false;
  /**
   * Whether this step's rows came from the collide kernel (World's `collide` sets it), so that
   * its regions hold this step's copy of every pair's warm start: the solve then writes the new
   * warm starts there and copies them to the pair cache whole (`RowKernels.storedImpulses`).
   */
  collidedInKernels = false;
  /**
   * The restitution threshold (m/s) the row kernels listed this step's rows that may bounce with
   * (`RowKernels.lists`, in the solve's preparation); NaN where they did not, and restitution.ts
   * scans the rows itself.
   */
  listedThreshold = Number.NaN;

  /** Share of the `bounce` impulses currently applied (energy.ts's `limitBounceEnergy`). */
  bounceShare = 1;

  constructor() {
    this.grow(256);
  }

  /**
   * Row c's separation (m) with the bodies at positions (x, y) now: its narrowphase value moved
   * by the pair's relative motion along the normal since (exact for a flat face).
   */
  separationNow(c: number, x: Float64Array, y: Float64Array): number {
    const a = this.a[c];
    const b = this.b[c];
    return this.baseSeparation[c] + (x[b] - x[a]) * this.nx[c] + (y[b] - y[a]) * this.ny[c];
  }

  /** Lists body i as the `count`-th to wake (growing the list); returns count + 1. */
  noteWoken(count: number, i: number): number {
    this.woken = withRoom(this.woken, count + 1);
    this.woken[count] = i;
    return count + 1;
  }

  /** Lists row c as the `count`-th wall row (see `walls`); returns the new count. */
  noteWall(count: number, c: number): number {
    this.walls = withRoom(this.walls, count + 1);
    this.walls[count] = c;
    return count + 1;
  }

  /** Makes room for `n` wall rows, keeping those listed (before threads write the list at their own offsets). */
  reserveWalls(n: number): void {
    this.walls = withRoom(this.walls, n);
  }

  /** Lists body i as the `count`-th kicked body (see `kicked`); returns the new count. */
  noteKicked(count: number, i: number): number {
    this.kicked = withRoom(this.kicked, count + 1);
    this.kicked[count] = i;
    return count + 1;
  }

  /** Doubles the impact lists (at least 64), keeping the first `impactCount`. */
  growImpacts(): void {
    const n = Math.max(64, this.impacts.length * 2);
    this.impacts = grown(this.impacts, n);
    this.impactToi = grown(this.impactToi, n);
    this.impactDrift = grown(this.impactDrift, n);
  }

  /**
   * Readies the packed rows for this step's solve where `packing` asks for them, and returns
   * whether the step packs: in the WebAssembly kernels' memory (wasm/row-kernels.ts), with room
   * for `bodies` bodies; where that cannot be, on one thread in plain arrays, and on `threads`
   * not at all (the workers run on the kernels' shared memory only; unpacked passes give the
   * same bits). After RESIDENT_AFTER_STEPS steps in a row that pack, the rows' main fields
   * move into the kernels' memory too (`residentRows`), where the kernels collide, colour,
   * prepare and pack them without a copy; a step that does not pack gets them back in arrays of
   * their own. When no step has packed for PACKED_IDLE_STEPS, the
   * memory goes back (a crowd packs only while it first spreads, and a crowd of 50,000 keeps
   * under 500 B a body).
   * Allocates only to grow or release.
   */
  usePacked(packing: boolean, bodies: number, threads: boolean): boolean {
    this.packedRows = false;
    this.inKernels = false;
    if (!packing) {
      this.packingSteps = 0;
      if (this.residentRows || (++this.idleSteps > PACKED_IDLE_STEPS && (this.packed.length > 0 || this.kernels !== null))) this.releasePacked();
      return false;
    }
    this.idleSteps = 0;
    this.packingSteps++;
    const rows = this.a.length;
    const kernels = (this.kernels ??= RowKernels.create());
    const resident = this.residentRows || this.packingSteps > RESIDENT_AFTER_STEPS;
    const reserved = kernels !== null && this.reserveKernels(kernels, rows, bodies, resident);
    if (reserved && (!threads || kernels.layout !== null)) {
      this.useKernels(kernels);
      this.inKernels = true;
    } else if (threads) {
      // The workers cannot see a memory that is not shared: the rows come out of it.
      if (reserved) this.releasePacked();
      return false;
    } else if (this.packed.length < rows * PACKED_STRIDE) {
      const buffer = new ArrayBuffer(rows * PACKED_STRIDE * 8);
      this.packed = new Float64Array(buffer);
      this.packedIds = new Int32Array(buffer);
      this.packedBase = new Float64Array(rows);
    }
    this.packedRows = true;
    return true;
  }

  /** Takes `kernels` (or none) as this buffer's, with the views of the packed rows in its memory. @internal */
  useKernels(kernels: RowKernels | null): void {
    this.kernels = kernels;
    if (kernels === null) return;
    this.packed = kernels.packed;
    this.packedIds = kernels.packedIds;
    this.packedBase = kernels.packedBase;
  }

  /**
   * Room in `kernels` for `rows` rows and `bodies` bodies, the rows' fields moved into its
   * memory when `resident` (their values copied over). False, with nothing moved, where there is none.
   */
  private reserveKernels(kernels: RowKernels, rows: number, bodies: number, resident: boolean, pairs = 0, staged = false): boolean {
    if (!kernels.reserve(rows, bodies, resident, pairs, staged)) return false;
    const views = kernels.rowViews;
    if (views !== null && views.a !== this.a) {
      // The kernels' reserve moves no field of this buffer: it still holds the old places.
      const before = this.rowFields();
      // Last field first: in a memory grown in place each field moves up, over the old places
      // of the fields after it (wasm/row-kernels.ts's `reserve`).
      for (let k = RESIDENT_FIELDS.length - 1; k >= 0; k--) copyInto(views[RESIDENT_FIELDS[k]], before[RESIDENT_FIELDS[k]]);
      Object.assign(this, views);
    }
    this.residentRows = views !== null;
    return true;
  }

  /**
   * The kernels, with room for `bodies` bodies and `pairs` pairs in the collide kernel's regions
   * (wasm/collide-kernel.ts; with `staged`, in its staging region for threads too), while the
   * rows are resident; else null, and the collide stage runs in TypeScript.
   */
  kernelsForCollide(bodies: number, pairs: number, staged = false): RowKernels | null {
    const kernels = this.kernels;
    if (!this.residentRows || kernels === null) return null;
    if (this.reserveKernels(kernels, this.a.length, bodies, true, pairs, staged)) return kernels;
    this.releasePacked();
    return null;
  }

  /** The rows' fields that can live in the kernels' memory, as they are now. */
  private rowFields(): RowViews {
    const fields: Partial<Record<keyof RowViews, unknown>> = {};
    for (const name of RESIDENT_FIELDS) fields[name] = this[name];
    return fields as RowViews;
  }

  /**
   * Moves resident rows back into arrays of their own, and lets the kernels' memory go (before
   * threads start: see World.setThreads).
   */
  leaveKernelMemory(): void {
    if (this.residentRows) this.releasePacked();
  }

  /**
   * Lets the kernels and their memory go, resident rows moving out first (into new memory):
   * for a team whose worker stopped answering and may still write there. @internal
   */
  dropKernels(): void {
    this.releasePacked();
  }

  /** Lets the packed rows and the kernels' memory go (resident rows move back to arrays of their own). */
  private releasePacked(): void {
    if (this.residentRows) {
      const fields = this.rowFields();
      // Into shared arrays where the memory was shared: worker threads may share them next.
      for (const name of RESIDENT_FIELDS) (this as Record<keyof RowViews, unknown>)[name] = isShared(fields[name]) ? sharedCopy(fields[name]) : fields[name].slice();
      this.residentRows = false;
    }
    this.packed = new Float64Array(0);
    this.packedIds = new Int32Array(0);
    this.packedBase = this.packed;
    if (this.kernels !== null) {
      this.kernels.release();
      this.kernels = null;
      noteSharedGrowth();
    }
  }

  /**
   * Makes room for at least `rows` rows, keeping the first `count`: a quarter more each time,
   * not double. A row takes about 120 bytes over its arrays, and the count creeps up only as a
   * scene packs tighter, so doubling left up to half of them unused (crowd 50,000: 32,829 rows
   * in room for 65,536, 70 B a body).
   */
  reserve(rows: number): void {
    let n = this.a.length;
    while (n < rows) n = Math.ceil(n * ROW_GROWTH);
    if (n > this.a.length) this.grow(n);
  }

  private grow(n: number): void {
    const kernels = this.kernels;
    if (this.residentRows && kernels !== null && !this.reserveKernels(kernels, n, 0, true)) this.releasePacked();
    if (!this.residentRows) this.growRowFields(n);
  }

  private growRowFields(n: number): void {
    const fields = this as Record<keyof RowViews, RowViews[keyof RowViews]>;
    for (const name of RESIDENT_FIELDS) fields[name] = grown(fields[name], n);
  }
}

/**
 * `list` itself when it holds `n` entries, else `list` grown (kept, and shared if it was) to at
 * least 64 and at least double: the lists grown on demand as they are written.
 */
function withRoom(list: Int32Array, n: number): Int32Array {
  return list.length >= n ? list : grown(list, Math.max(n, 64, 2 * list.length));
}

/** Copies the start of `from` into `to`, as much as both hold. */
function copyInto(to: RowViews[keyof RowViews], from: RowViews[keyof RowViews]): void {
  const n = Math.min(to.length, from.length);
  (to as Float64Array).set((from as Float64Array).subarray(0, n));
}
