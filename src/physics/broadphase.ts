/**
 * Broadphase: the policy that keeps R-trees over fat boxes (body-tree.ts) and the pair cache
 * (pair-cache.ts) exact between steps.
 *
 * Each body has a fat box: its tight box united with where this step's velocity will carry it
 * and a little further, grown by a margin, leaning toward where the body is going (fat-box.ts).
 * The trees hold body indices and read the boxes from the store's fat-box array (rbush's
 * `toBBox`), so there is no object per body. A body enters its tree when it is
 * created, teleported or reshaped, at once, and finds its pairs then, so that between steps
 * queries see every body and the pair cache is exact.
 *
 * Each update, only the bodies whose tight or predicted box left their fat box move in the
 * tree, by widening their leaf and its ancestors. Widening loosens the tree, so once the moves
 * since the last build add up to the number of moving bodies, the tree is rebuilt in bulk.
 * Static bodies live in a tree of their own, so static-static pairs never form and the moving
 * tree stays small.
 *
 * The pair cache holds, between steps, exactly the pairs of overlapping fat boxes with a
 * dynamic body that the collision filter lets collide (snapshots are checked against this). So after a step only pairs with a moved
 * body can have parted, and a moved body was already paired with an unmoved one exactly when
 * their boxes overlapped before the move: each moved body keeps its old fat box for that test,
 * and the pair index is only asked about pairs of two moved bodies.
 *
 * Determinism: pairs are appended in an order that depends only on the set of boxes, never on
 * the shape of the trees (moved bodies are visited by index and each query's hits are sorted),
 * so a world restored from a snapshot, whose trees are built differently, finds the same pairs
 * in the same order.
 */
import { BODY_FREE, BODY_STATIC, FAT_STRIDE, type BodyStore } from './body-store.js';
import { BodyTree } from './body-tree.js';
import { fatBoxOf, type FlatTree } from './flat-tree.js';
import { HitList } from './hit-list.js';
import { ADD, ADD_IF_NEW, MIN_MOVED_ROWS, PairSearch, SEARCH_SLOTS, SKIP, partnerToAdd } from './pair-search.js';
import { JOB_FLAG_LEAVERS, JOB_NEW_FAT, JOB_SEARCH_PAIRS, P_H, P_KERNEL_LEAVERS, P_MARGIN, blocksFor, type StepRunner } from './parallel/jobs.js';
import type { EventBuffer } from './events.js';
import type { CollideRegions, RowKernels } from './wasm/row-kernels.js';
import { leftFat } from './fat-exit.js';
import { newFatBox, setFat } from './fat-box.js';
import { canCollide } from './filter.js';
import { grown } from './grown.js';
import { PairCache } from './pair-cache.js';

const IN_NO_TREE = 0;
const IN_STATIC_TREE = 1;
const IN_MOVING_TREE = 2;

/** Rebuild the moving tree once the moves since the last build reach this many per moving body. */
const REBUILD_MOVES = 1;

/** Steps the moved list must be oversized in a row before it shrinks (`trimMoved`). */
const TRIM_AFTER = 30;

/**
 * Moved bodies below which their new fat boxes stay on one thread: sharing them out costs more.
 * Low, because on the calling thread a moved body costs about a microsecond (its fields were
 * last written on the other core); shared, each thread takes the blocks it has just tested.
 */
const MIN_SHARED_NEW_FAT = 8;
/**
 * Moved bodies from which their pair search goes to the threads. It runs there while this
 * thread drops the parted pairs and restructures (`updatePairs`), which a settled pile's few
 * moves take longer than their search: so even a few searches come off this thread's time.
 */
const MIN_SHARED_SEARCH = 8;

export class Broadphase {
  /** Static bodies, and every other live body: static-static pairs never form. */
  readonly staticTree: BodyTree;
  readonly movingTree: BodyTree;
  /** The pairs, with their warm starts and touching flags. */
  readonly pairs: PairCache;
  private inTree: Uint8Array = new Uint8Array(0);
  /**
   * The bodies `refreshFatBoxes` moved, in index order (their old fat boxes, and 1 per body
   * while it waits for its pair search, beside them in `search`, which hands them to worker
   * threads). @internal Read by tests (the list shrinks after a burst).
   */
  get moved(): Int32Array {
    return this.search.moved;
  }
  private movedCount = 0;
  private readonly hits = new HitList();
  /** A query's box (flat-tree.ts's `fatBoxOf`). */
  private readonly box = new Float64Array(4);
  /** The pair search on threads, and the trees' flat copies it reads (pair-search.ts). @internal */
  readonly search = new PairSearch();
  /** Bodies paired with one body, written by `collectPartners`. */
  partners: Int32Array = new Int32Array(64);

  /**
   * Moves since the pair cache was last sorted (with the moving tree, or a step before it):
   * decides the next sort, so snapshots keep it.
   */
  movedSinceBuild = 0;
  /** The pair cache was sorted this step, and the moving tree is to be built at the next (see `refreshFatBoxes`). */
  private buildDue = false;
  /** Steps in a row whose moves needed under half of the moved list, and the most rows one of them needed (`trimMoved`). */
  private oversizedSteps = 0;
  private oversizedNeed = 0;
  /** This step's update builds the moving tree, or sorts the pair cache (`restructure`). */
  private buildNow = false;
  private sortNow = false;

  /** Counters for tests and the profile: tree rebuilds, and bodies searched for pairs. */
  rebuilds = 0;
  searchedCount = 0;

  /** Margin (m) added around each fat box. */
  margin = 0.2;

  constructor(
    private readonly store: BodyStore,
    events: EventBuffer,
  ) {
    this.staticTree = new BodyTree(store);
    this.movingTree = new BodyTree(store);
    this.staticTree.flat = this.search.statics;
    this.movingTree.flat = this.search.moving;
    this.pairs = new PairCache(store, events);
  }

  /**
   * Puts a body (new, teleported, reshaped or retyped) into its tree now, with a fat box of its
   * tight box and the margin, drops its pairs that parted and finds its new ones, so that
   * between steps the trees and the pair cache are always exact.
   */
  markMoved(i: number): void {
    this.reserve();
    const partners = this.inTree[i] === IN_NO_TREE ? 0 : this.collectPartners(i);
    this.leaveTree(i);
    const s = this.store;
    const ex = s.halfWidth[i] + s.radius[i] + this.margin;
    const ey = s.halfHeight[i] + s.radius[i] + this.margin;
    setFat(s, i, s.x[i] - ex, s.y[i] - ey, s.x[i] + ex, s.y[i] + ey);
    if (s.kind[i] === BODY_STATIC) {
      this.staticTree.insert(i);
      this.inTree[i] = IN_STATIC_TREE;
    } else {
      this.movingTree.insert(i);
      this.inTree[i] = IN_MOVING_TREE;
    }
    for (let k = 0; k < partners; k++) {
      const j = this.partners[k];
      if (!fatOverlap(s.fat, i, j)) this.pairs.remove(this.pairs.find(i, j));
    }
    this.findPairsOf(i, -1);
    this.searchedCount++;
  }

  /**
   * After body i's collision filter changed: drops its pairs that may no longer collide (ending
   * their contacts) and finds the ones that now may. Returns the number of dropped partners,
   * written to `partners`, so the caller can wake them.
   */
  refilter(i: number): number {
    const n = this.inTree[i] === IN_NO_TREE ? 0 : this.collectPartners(i);
    let dropped = 0;
    for (let k = 0; k < n; k++) {
      const j = this.partners[k];
      if (canCollide(this.store, i, j)) continue;
      this.pairs.remove(this.pairs.find(i, j));
      this.partners[dropped++] = j;
    }
    this.findPairsOf(i, -1);
    return dropped;
  }

  /** Takes a body out of its tree and drops its pairs (before its slot is released or retyped). */
  removeBody(i: number): void {
    const partners = this.inTree[i] === IN_NO_TREE ? 0 : this.collectPartners(i);
    for (let k = 0; k < partners; k++) this.pairs.remove(this.pairs.find(i, this.partners[k]));
    this.leaveTree(i);
  }

  /**
   * Writes the bodies paired with body i into `partners` and returns how many. A pair's fat
   * boxes always overlap outside a step, so a query of i's fat box finds every partner: the
   * cost is a tree query, not a pass over every pair.
   */
  collectPartners(i: number): number {
    const box = fatBoxOf(this.store.fat, i, this.box);
    const hits = this.hits;
    hits.count = 0;
    this.movingTree.query(box, i, hits);
    this.staticTree.query(box, i, hits);
    hits.sort();
    if (this.partners.length < hits.count) this.partners = new Int32Array(hits.ids.length);
    let n = 0;
    for (let h = 0; h < hits.count; h++) {
      const j = hits.ids[h];
      if (this.pairs.find(i, j) >= 0) this.partners[n++] = j;
    }
    return n;
  }

  /**
   * The broadphase's step, after positions are final: new fat boxes for the bodies that left
   * theirs (`refreshFatBoxes`), then their pairs (`updatePairs`), so that between steps the
   * trees and the pair cache are exact. With `kernels` (a pile's resident rows) the leaver test
   * reads the row kernels' copies of the bodies, which the caller has just loaded
   * (`RowKernels.loadLeaverInputs`), and they list the pairs of the bodies that moved.
   */
  update(dt: number, runner: StepRunner, kernels: RowKernels | null = null): void {
    this.refreshFatBoxes(dt, runner, kernels !== null);
    this.updatePairs(runner, kernels);
  }

  /**
   * Every moving body whose tight box, or where its velocity will carry it in `dt` (s), left
   * its fat box gets a new fat box, widens its way up the tree and waits for its pair search.
   * Which bodies left, and their new boxes, are found on the runner's threads (fat-exit.ts,
   * fat-box.ts); the walks up the tree follow here, in index order.
   */
  private refreshFatBoxes(dt: number, runner: StepRunner, inKernels: boolean): void {
    const s = this.store;
    this.reserve();
    const blocks = blocksFor(s.end);
    runner.reservePartials(2 * blocks);
    runner.params[P_H] = dt;
    runner.params[P_KERNEL_LEAVERS] = inKernels ? 1 : 0;
    runner.run(JOB_FLAG_LEAVERS, 0, blocks);
    const counts = runner.partials;
    // The search reads the tree's flat copy, on one thread too: written now (when a build or
    // rbush's own edits reshaped the tree), the moves widen the copy alone, which is the
    // quicker walk, and the queries walk its typed arrays rather than rbush's cold nodes.
    this.movingTree.syncFlat();
    // Each block's moves go to its own rows of the moved list, from the flagged counts of the
    // blocks before it: written on the threads, where each block's bodies were just read.
    let moved = 0;
    let moving = 0;
    for (let k = 0; k < blocks; k++) {
      moving += counts[2 * k + 1];
      counts[2 * k + 1] = moved;
      moved += counts[2 * k];
    }
    while (this.search.moved.length < moved) this.growMoved();
    runner.params[P_MARGIN] = this.margin;
    if (moved >= MIN_SHARED_NEW_FAT) runner.run(JOB_NEW_FAT, 0, blocks);
    else if (moved > 0) runner.runHere(JOB_NEW_FAT, 0, blocks);
    this.widenMoved(moved);
    this.movedCount = moved;
    this.movedSinceBuild += moved;
    // Moves wear the moving tree down, and swap-removes shuffle the pair cache: both are made
    // anew at the same cadence, but a step apart. The two are the slow part of such a step
    // (crowd 50,000: about 5 ms each), and the tree's shape changes no result (each query's
    // hits are sorted), so building it a step late costs only that step's queries, where the
    // sort's step decides the pairs' order and so every later bit. Both are done by
    // `restructure`, after the moves and before the pairs change.
    if (this.buildDue) {
      this.buildDue = false;
      this.buildNow = true;
    }
    if (this.movedSinceBuild > REBUILD_MOVES * moving && moving > 64) {
      this.movedSinceBuild = 0;
      this.sortNow = true;
      this.buildDue = true;
    }
  }

  /**
   * The moving tree built anew, or the pair cache sorted, when `refreshFatBoxes` said so. The
   * threads' pair search reads neither the cache nor the tree's nodes (its flat copy, which a
   * build leaves as it was until the next `syncFlat`), so it may run meanwhile.
   */
  private restructure(): void {
    if (this.buildNow) {
      this.buildNow = false;
      this.rebuildMovingTree();
    }
    if (this.sortNow) {
      this.sortNow = false;
      this.pairs.sort(this.store.end);
    }
  }

  /**
   * Body i left its fat box: records it as row `row` of the moved list with its old box and
   * gives it a new fat box around its reach in `dt` (s), leaning along its travel. Its leaf
   * widens its way up the tree after (`widenMoved`).
   */
  private newFat(i: number, row: number, dt: number): void {
    if (row === this.search.moved.length) this.growMoved();
    const search = this.search;
    newFatBox(this.store, search.moved, search.oldFat, search.pending, i, row, dt, this.margin);
  }

  /**
   * Widens the leaves of the first `count` bodies of the moved list up the tree, once all have
   * their new boxes: a walk's chain of loads leaves the processor no room to fetch the next
   * moved body's place and velocity meanwhile (on threads, lines from the other core). A walk
   * only grows boxes, so the order leaves the same tree.
   */
  private widenMoved(count: number): void {
    const list = this.search.moved;
    const tree = this.movingTree;
    for (let m = 0; m < count; m++) tree.widen(list[m]);
  }

  /**
   * Before a step: the listed bodies, whose velocity was set since the last step, get fat boxes
   * that include where it carries them in `dt` (s), and their pairs, so that a body thrown
   * between steps meets what lies in its path in its very first step.
   */
  includeVelocities(list: Int32Array, count: number, dt: number): void {
    const s = this.store;
    this.reserve();
    let moved = 0;
    for (let k = 0; k < count; k++) {
      const i = list[k];
      const kind = s.kind[i];
      if (kind === BODY_FREE || kind === BODY_STATIC || this.search.pending[i] === 1) continue;
      if (leftFat(s, i, dt)) this.newFat(i, moved++, dt);
    }
    this.widenMoved(moved);
    this.movedCount = moved;
    this.movedSinceBuild += moved;
    this.updatePairs();
  }

  /**
   * Drops the pairs whose fat boxes parted and searches every body that `refreshFatBoxes`
   * moved for new pairs. Runs right after it: nothing may move a body in between.
   */
  private updatePairs(runner?: StepRunner, kernels: RowKernels | null = null): void {
    const count = this.movedCount;
    this.searchedCount += count;
    if (count === 0) this.restructure();
    else {
      if (runner !== undefined && runner.threads > 1 && count >= MIN_SHARED_SEARCH) {
        // The search reads neither the pair cache nor anything the build, the sort or the drop
        // writes, so the workers start on it while this thread does those, then helps finish.
        this.beginSearch(runner, count);
        this.restructure();
        this.dropPartedPairs(kernels);
        runner.join();
        this.addSearched(count);
      } else {
        this.restructure();
        this.dropPartedPairs(kernels);
        for (let m = 0; m < count; m++) this.findPairsOf(this.moved[m], m);
      }
      for (let m = 0; m < count; m++) this.search.pending[this.moved[m]] = 0;
      this.movedCount = 0;
    }
    this.trimMoved(count);
  }

  /**
   * Starts the pair search of the `count` moved bodies on the runner's threads (pair-search.ts);
   * `runner.join()` finishes it.
   */
  private beginSearch(runner: StepRunner, count: number): void {
    this.search.reserve(count);
    this.movingTree.syncFlat();
    this.staticTree.syncFlat();
    runner.begin(JOB_SEARCH_PAIRS, 0, count);
  }

  /**
   * The pairs the threads' search found for the `count` moved bodies, added in the order of the
   * moved list, as `findPairsOf` adds them.
   */
  private addSearched(count: number): void {
    const { out, outCount } = this.search;
    const pairs = this.pairs;
    for (let m = 0; m < count; m++) {
      const i = this.moved[m];
      const n = outCount[m];
      if (n < 0) {
        this.findPairsOf(i, m);
        continue;
      }
      for (let k = m * SEARCH_SLOTS; k < m * SEARCH_SLOTS + n; k++) {
        const e = out[k];
        const j = e >= 0 ? e : ~e;
        const a = i < j ? i : j;
        const b = i < j ? j : i;
        if (e >= 0 || pairs.find(a, b) < 0) pairs.add(a, b, 0, 0);
      }
    }
  }

  /** Rebuilds both trees from the fat boxes (after a snapshot restore). */
  rebuildAll(): void {
    this.reserve();
    const s = this.store;
    this.staticTree.clear();
    const statics = new Int32Array(s.end);
    let n = 0;
    for (let i = 0; i < s.end; i++) {
      if (s.kind[i] !== BODY_STATIC) continue;
      statics[n++] = i;
      this.inTree[i] = IN_STATIC_TREE;
    }
    this.staticTree.build(statics, n);
    this.rebuildMovingTree();
    this.buildDue = false;
    this.movedSinceBuild = 0;
  }

  /**
   * Writes into the returned array the indices of bodies whose fat boxes overlap the box, in
   * ascending order; `queryCount` says how many.
   */
  queryFat(minX: number, minY: number, maxX: number, maxY: number): Int32Array {
    const hits = this.hits;
    hits.count = 0;
    const box = this.box;
    box[0] = minX;
    box[1] = minY;
    box[2] = maxX;
    box[3] = maxY;
    this.staticTree.query(box, -1, hits);
    this.movingTree.query(box, -1, hits);
    hits.sort();
    return hits.ids;
  }

  /** Number of indices written by the last `queryFat`. */
  get queryCount(): number {
    return this.hits.count;
  }

  /** The static tree's flat copy, brought up to date (flat-tree.ts): what threads query. */
  staticsFlat(): FlatTree {
    return this.staticTree.syncFlat();
  }

  /** Calls `visit` for every node of both trees with its box and height (1 = leaf level). */
  forEachNode(
    visit: (minX: number, minY: number, maxX: number, maxY: number, height: number, isStatic: boolean) => void,
  ): void {
    this.staticTree.forEachNode((a, b, c, d, h) => visit(a, b, c, d, h, true));
    this.movingTree.forEachNode((a, b, c, d, h) => visit(a, b, c, d, h, false));
  }

  /** Number of items in the trees (for tests). */
  get treeSize(): number {
    return this.staticTree.size + this.movingTree.size;
  }

  /** Sizes the per-body arrays to the store's capacity. */
  reserve(): void {
    const cap = this.store.capacity;
    if (this.inTree.length >= cap) return;
    this.inTree = grown(this.inTree, cap);
    this.search.pending = grown(this.search.pending, cap);
  }

  private leaveTree(i: number): void {
    const where = this.inTree[i];
    if (where === IN_STATIC_TREE) this.staticTree.remove(i);
    else if (where === IN_MOVING_TREE) this.movingTree.remove(i);
    this.inTree[i] = IN_NO_TREE;
  }

  private rebuildMovingTree(): void {
    const s = this.store;
    const list = new Int32Array(s.end); // a build allocates its nodes anyway
    let n = 0;
    for (let i = 0; i < s.end; i++) {
      const kind = s.kind[i];
      if (kind === BODY_FREE || kind === BODY_STATIC) continue;
      list[n++] = i;
      this.inTree[i] = IN_MOVING_TREE;
    }
    this.movingTree.build(list, n);
    this.rebuilds++;
  }

  /**
   * Only a pair with a moved body can have parted, and most pairs have none. With `kernels` they
   * list those pairs, and the test here visits the list from its end, as the scan would.
   */
  private dropPartedPairs(kernels: RowKernels | null): void {
    const fat = this.store.fat;
    const pending = this.search.pending;
    const pairs = this.pairs;
    const listed = kernels === null ? -1 : kernels.listPairsOfMoved(pairs, pending, this.store.end);
    if (listed >= 0) {
      // A removal moves the last pair into its row: rows below it, still to visit, keep theirs.
      const list = ((kernels as RowKernels).collideRegions as CollideRegions).movedPairs;
      for (let k = listed - 1; k >= 0; k--) {
        const p = list[k];
        if (!fatOverlap(fat, pairs.a[p], pairs.b[p])) pairs.remove(p);
      }
      return;
    }
    // Backwards, so that a swap-remove brings in a row already checked.
    for (let p = pairs.count - 1; p >= 0; p--) {
      // The scan in locals, apart from the rare removal (a call, after which V8 reloads).
      const pairA = pairs.a;
      const pairB = pairs.b;
      while (p >= 0 && (pending[pairA[p]] | pending[pairB[p]]) === 0) p--;
      if (p >= 0 && !fatOverlap(fat, pairA[p], pairB[p])) pairs.remove(p);
    }
  }

  /**
   * Adds the missing pairs of body i, in ascending order of the other body. `slot` is i's row in
   * `moved` during `updatePairs` (else -1): a partner j that did not move was paired with i
   * exactly when its fat box overlapped i's old one, which is cheaper to test than the pair
   * index.
   */
  private findPairsOf(i: number, slot: number): void {
    const s = this.store;
    const kindI = s.kind[i];
    const hits = this.hits;
    hits.count = 0;
    const box = fatBoxOf(s.fat, i, this.box);
    this.movingTree.query(box, i, hits);
    if (kindI !== BODY_STATIC) this.staticTree.query(box, i, hits);
    hits.sort();
    const pairs = this.pairs;
    for (let h = 0; h < hits.count; h++) {
      const j = hits.ids[h];
      const add = partnerToAdd(s, this.search.pending, this.search.oldFat, i, slot, j);
      if (add === SKIP) continue;
      const a = i < j ? i : j;
      const b = i < j ? j : i;
      if (add === ADD || (add === ADD_IF_NEW && pairs.find(a, b) < 0)) pairs.add(a, b, 0, 0);
    }
  }

  /**
   * Shrinks `moved` and `oldFat` once they are far larger than a step needs: the first steps
   * of a scene move most bodies (crowd 50k: 17,600 in step 2, under 3,000 by step 100), and
   * that peak would otherwise hold 16 bytes a body for good. Only after TRIM_AFTER steps in a
   * row that needed under half of them, and then to what the most of those needed: a burst
   * dies down over several steps, and a shrink at each halving gave worker threads a new
   * buffer each time, which, unlike growth in place, is posted to them again (a few ms).
   */
  private trimMoved(moved: number): void {
    let rows = MIN_MOVED_ROWS;
    while (rows < 2 * moved) rows *= 2;
    // Twice what a step like this one needs is room enough: a later burst grows it again.
    if (this.moved.length <= 2 * rows) {
      this.oversizedSteps = 0;
      this.oversizedNeed = 0;
      return;
    }
    if (rows > this.oversizedNeed) this.oversizedNeed = rows;
    if (++this.oversizedSteps < TRIM_AFTER) return;
    rows = this.oversizedNeed;
    this.oversizedSteps = 0;
    this.oversizedNeed = 0;
    // `grown` keeps them shared with worker threads if they are.
    this.search.moved = grown(this.moved, rows);
    this.search.oldFat = grown(this.search.oldFat, rows * FAT_STRIDE);
    this.search.trim(rows);
  }

  private growMoved(): void {
    const search = this.search;
    search.moved = grown(search.moved, search.moved.length * 2);
    search.oldFat = grown(search.oldFat, search.moved.length * FAT_STRIDE);
  }
}

/** Whether the fat boxes of bodies a and b overlap (touching counts). */
function fatOverlap(fat: Float32Array, a: number, b: number): boolean {
  const oa = a * FAT_STRIDE;
  const ob = b * FAT_STRIDE;
  return !(fat[oa] > fat[ob + 2] || fat[ob] > fat[oa + 2] || fat[oa + 1] > fat[ob + 3] || fat[ob + 1] > fat[oa + 3]);
}
