/**
 * Broadphase: R-trees (rbush) over fat boxes, and a pair cache.
 *
 * Each body has a fat box: its tight box united with where this step's velocity will carry it,
 * grown by a margin, leaning toward where the body is going. The trees hold body indices and
 * read the boxes from the store's fat-box array (rbush's `toBBox`), so there is no object per
 * body. A body enters its tree when it is
 * created, teleported or reshaped, at once, and finds its pairs then, so that between steps
 * queries see every body and the pair cache is exact.
 *
 * Each update, only the bodies whose tight or predicted box left their fat box move in the
 * tree. rbush has no move, and its remove searches by box, so instead of remove plus insert a
 * moved body widens its leaf and the ancestors that no longer contain it: an R-tree only needs
 * every node to contain its children. Widening loosens the tree, so once the moves since the
 * last build add up to the number of moving bodies, the tree is rebuilt, packed in Hilbert
 * order (tree-pack.ts) and handed to rbush through its `fromJSON`. Static bodies live in a
 * tree of their own, so static-static pairs never form and the moving tree stays small.
 *
 * The pair cache holds, between steps, exactly the pairs of overlapping fat boxes with a
 * dynamic body (snapshots are checked against this). So after a step only pairs with a moved
 * body can have parted, and a moved body was already paired with an unmoved one exactly when
 * their boxes overlapped before the move: each moved body keeps its old fat box for that test,
 * and the pair index is only asked about pairs of two moved bodies.
 *
 * Determinism: pairs are appended in an order that depends only on the set of boxes, never on
 * the shape of the trees (moved bodies are visited by index and each query's hits are sorted),
 * so a world restored from a snapshot, whose trees are built differently, finds the same pairs
 * in the same order.
 *
 * This is the only file that imports rbush.
 */
import RBush from 'rbush';
import { BODY_DYNAMIC, BODY_FREE, BODY_STATIC, FAT_STRIDE, type BodyStore } from './body-store.js';
import { PairIndex } from './pair-index.js';
import { packTree, type PackedNode } from './tree-pack.js';

/** rbush's node layout (its `data`), walked directly so that queries allocate nothing. */
interface TreeNode {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  leaf: boolean;
  height: number;
  /** Body indices + ITEM in a leaf, nodes above. */
  children: Array<TreeNode | number>;
  /** Set by `mapLeaves` and the packer, for widening. */
  parent?: TreeNode | null;
}

const IN_NO_TREE = 0;
const IN_STATIC_TREE = 1;
const IN_MOVING_TREE = 2;

/** Rebuild the moving tree once the moves since the last build reach this many per moving body. */
const REBUILD_MOVES = 1;

/**
 * A new fat box leans toward where its body is going: its margin shifts by this many steps of
 * travel (up to half the margin) from the trailing side to the leading one. Same box, longer
 * life: a body drifting steadily stays inside it for longer, so fewer bodies move in the tree
 * (crowd 50k: 3,670 to 2,780 a step), with no more pairs.
 */
const LOOKAHEAD = 6;

/** Smallest size of the moved-body list (rows). */
const MIN_MOVED_ROWS = 64;

/** Children per tree node (rbush's default). */
const NODE_SIZE = 9;

/** Tree items are body index + 1: rbush skips falsy items, and body 0 must not be one. */
const ITEM = 1;

/**
 * An rbush whose items are body indices (+ ITEM), boxed by the store's fat-box arrays. rbush
 * passes these callbacks around unbound, so they are closures over the store, not methods.
 */
class BodyTree extends RBush<number> {
  constructor(store: BodyStore) {
    super(NODE_SIZE);
    this.toBBox = (item) => {
      const f = store.fat;
      const o = (item - ITEM) * FAT_STRIDE;
      return { minX: f[o], minY: f[o + 1], maxX: f[o + 2], maxY: f[o + 3] };
    };
    this.compareMinX = (a, b) => store.fat[(a - ITEM) * FAT_STRIDE] - store.fat[(b - ITEM) * FAT_STRIDE];
    this.compareMinY = (a, b) => store.fat[(a - ITEM) * FAT_STRIDE + 1] - store.fat[(b - ITEM) * FAT_STRIDE + 1];
  }
}

export class Broadphase {
  private readonly staticTree: BodyTree;
  private readonly movingTree: BodyTree;
  private inTree: Uint8Array = new Uint8Array(0);
  /** 1 while a body moved by `refreshFatBoxes` waits for its pair search in `updatePairs`. */
  private pending: Uint8Array = new Uint8Array(0);

  /** The bodies `refreshFatBoxes` moved, in index order, and their fat boxes from before. */
  private moved: Int32Array = new Int32Array(MIN_MOVED_ROWS);
  private oldFat: Float32Array = new Float32Array(MIN_MOVED_ROWS * FAT_STRIDE);
  private movedCount = 0;
  private hits: Int32Array = new Int32Array(64);
  /** Bodies paired with one body, written by `collectPartners`. */
  partners: Int32Array = new Int32Array(64);
  private hitCount = 0;
  private readonly stack: TreeNode[] = [];

  /** Pair cache: body indices (a < b), warm-start impulse, touching flag. */
  pairA: Int32Array = new Int32Array(64);
  pairB: Int32Array = new Int32Array(64);
  /** Float32: a warm start only needs to be close, and it is the cache's largest field. */
  pairImpulse: Float32Array = new Float32Array(64);
  pairTouching: Uint8Array = new Uint8Array(64);
  pairCount = 0;
  private readonly pairIndex = new PairIndex(this);

  /** Moves since the moving tree was last built: decides the next rebuild, so snapshots keep it. */
  movedSinceBuild = 0;
  /** Each moving body's leaf, valid while `leavesKnown` (rbush's own edits reshape the tree). */
  private leafOf: Array<TreeNode | undefined> = [];
  private leavesKnown = false;
  private readonly recordLeaf = (index: number, leaf: PackedNode): void => {
    this.leafOf[index] = leaf as TreeNode;
  };

  /** Counters for tests and the profile: tree rebuilds, and bodies searched for pairs. */
  rebuilds = 0;
  searchedCount = 0;

  /** Margin (m) added around each fat box. */
  margin = 0.2;

  constructor(private readonly store: BodyStore) {
    this.staticTree = new BodyTree(store);
    this.movingTree = new BodyTree(store);
  }

  /**
   * Puts a body (new, teleported, reshaped or retyped) into its tree now, with a fat box of its
   * tight box and the margin, drops its pairs that parted (calling `onPairRemoved` first) and
   * finds its new ones, so that between steps the trees and the pair cache are always exact.
   */
  markMoved(i: number, onPairRemoved: (pair: number) => void): void {
    this.reserve();
    const partners = this.inTree[i] === IN_NO_TREE ? 0 : this.collectPartners(i);
    this.leaveTree(i);
    const s = this.store;
    const ex = s.halfWidth[i] + s.radius[i] + this.margin;
    const ey = s.halfHeight[i] + s.radius[i] + this.margin;
    setFat(s, i, s.x[i] - ex, s.y[i] - ey, s.x[i] + ex, s.y[i] + ey);
    if (s.kind[i] === BODY_STATIC) {
      this.staticTree.insert(i + ITEM);
      this.inTree[i] = IN_STATIC_TREE;
    } else {
      this.movingTree.insert(i + ITEM);
      this.inTree[i] = IN_MOVING_TREE;
      this.leavesKnown = false;
    }
    for (let k = 0; k < partners; k++) {
      const j = this.partners[k];
      if (!fatOverlap(s.fat, i, j)) {
        const p = this.findPair(i, j);
        onPairRemoved(p);
        this.removePair(p);
      }
    }
    this.findPairsOf(i, -1);
    this.searchedCount++;
  }

  /** Takes a body out of its tree and drops its pairs (before its slot is released or retyped). */
  removeBody(i: number, onPairRemoved: (pair: number) => void): void {
    const partners = this.inTree[i] === IN_NO_TREE ? 0 : this.collectPartners(i);
    for (let k = 0; k < partners; k++) {
      const p = this.findPair(i, this.partners[k]);
      onPairRemoved(p);
      this.removePair(p);
    }
    this.leaveTree(i);
  }

  /**
   * Writes the bodies paired with body i into `partners` and returns how many. A pair's fat
   * boxes always overlap outside a step, so a query of i's fat box finds every partner: the
   * cost is a tree query, not a pass over every pair.
   */
  collectPartners(i: number): number {
    const s = this.store;
    this.hitCount = 0;
    const f = s.fat;
    const o = i * FAT_STRIDE;
    this.collect(this.movingTree, f[o], f[o + 1], f[o + 2], f[o + 3], i);
    this.collect(this.staticTree, f[o], f[o + 1], f[o + 2], f[o + 3], i);
    this.sortHits();
    if (this.partners.length < this.hitCount) this.partners = new Int32Array(this.hits.length);
    let n = 0;
    for (let h = 0; h < this.hitCount; h++) {
      const j = this.hits[h];
      if (this.findPair(i, j) >= 0) this.partners[n++] = j;
    }
    return n;
  }

  /**
   * The broadphase's step, after positions are final: new fat boxes for the bodies that left
   * theirs (`refreshFatBoxes`), then their pairs (`updatePairs`), so that between steps the
   * trees and the pair cache are exact.
   */
  update(dt: number, onPairRemoved: (pair: number) => void): void {
    this.refreshFatBoxes(dt);
    this.updatePairs(onPairRemoved);
  }

  /**
   * After positions are final: every moving body whose tight box, or where its velocity will
   * carry it in `dt` (s), left its fat box gets a new fat box, widens its way up the tree and
   * waits for its pair search. Run at the end of a step, so that between steps every body is
   * inside its fat box and queries find it.
   */
  refreshFatBoxes(dt: number): void {
    const s = this.store;
    this.reserve();
    const margin = this.margin;
    const fat = s.fat;
    let moved = 0;
    let moving = 0;
    for (let i = 0; i < s.end; i++) {
      const kind = s.kind[i];
      if (kind === BODY_FREE || kind === BODY_STATIC) continue;
      moving++;
      if (kind === BODY_DYNAMIC && s.awake[i] === 0) continue;
      const ex = s.halfWidth[i] + s.radius[i];
      const ey = s.halfHeight[i] + s.radius[i];
      const dx = s.vx[i] * dt;
      const dy = s.vy[i] * dt;
      // min(d, 0) and max(d, 0) as (d -+ |d|) / 2: exact, and the signs of a crowd's
      // velocities are random, so branches here were mispredicted (this loop ran 35 % faster).
      const adx = Math.abs(dx);
      const ady = Math.abs(dy);
      const minX = s.x[i] - ex + (dx - adx) * 0.5;
      const maxX = s.x[i] + ex + (dx + adx) * 0.5;
      const minY = s.y[i] - ey + (dy - ady) * 0.5;
      const maxY = s.y[i] + ey + (dy + ady) * 0.5;
      const o = i * FAT_STRIDE;
      if (minX < fat[o] || minY < fat[o + 1] || maxX > fat[o + 2] || maxY > fat[o + 3]) {
        if (!this.leavesKnown) this.mapLeaves();
        if (moved === this.moved.length) this.growMoved();
        this.moved[moved] = i;
        const old = moved * FAT_STRIDE;
        this.oldFat[old] = fat[o];
        this.oldFat[old + 1] = fat[o + 1];
        this.oldFat[old + 2] = fat[o + 2];
        this.oldFat[old + 3] = fat[o + 3];
        const lean = margin * 0.5;
        let sx = dx * LOOKAHEAD;
        sx = sx > lean ? lean : sx < -lean ? -lean : sx;
        let sy = dy * LOOKAHEAD;
        sy = sy > lean ? lean : sy < -lean ? -lean : sy;
        setFat(s, i, minX - margin + sx, minY - margin + sy, maxX + margin + sx, maxY + margin + sy);
        widenAncestors(this.leafOf[i], s, i);
        this.pending[i] = 1;
        moved++;
      }
    }
    this.movedCount = moved;
    this.movedSinceBuild += moved;
    if (this.movedSinceBuild > REBUILD_MOVES * moving && moving > 64) {
      this.rebuildMovingTree();
      // Same cadence, same reason: swap-removes have shuffled the pairs since the last build.
      this.sortPairs();
    }
  }

  /**
   * Drops the pairs whose fat boxes parted (calling `onPairRemoved` first) and searches every
   * body that `refreshFatBoxes` moved for new pairs. Run right after it: nothing may move a
   * body in between.
   */
  updatePairs(onPairRemoved: (pair: number) => void): void {
    const count = this.movedCount;
    this.searchedCount += count;
    if (count > 0) {
      this.dropPartedPairs(onPairRemoved);
      for (let m = 0; m < count; m++) this.findPairsOf(this.moved[m], m);
      for (let m = 0; m < count; m++) this.pending[this.moved[m]] = 0;
      this.movedCount = 0;
    }
    this.trimMoved(count);
  }

  /** Rebuilds both trees from the fat boxes (after a snapshot restore). */
  rebuildAll(): void {
    this.reserve();
    const s = this.store;
    this.staticTree.clear();
    const statics: number[] = [];
    for (let i = 0; i < s.end; i++) {
      if (s.kind[i] !== BODY_STATIC) continue;
      statics.push(i + ITEM);
      this.inTree[i] = IN_STATIC_TREE;
    }
    this.staticTree.load(statics);
    this.rebuildMovingTree();
  }

  /**
   * Writes into the returned array the indices of bodies whose fat boxes overlap the box, in
   * ascending order; `queryCount` says how many.
   */
  queryFat(minX: number, minY: number, maxX: number, maxY: number): Int32Array {
    this.hitCount = 0;
    this.collect(this.staticTree, minX, minY, maxX, maxY, -1);
    this.collect(this.movingTree, minX, minY, maxX, maxY, -1);
    this.sortHits();
    return this.hits;
  }

  /** Number of indices written by the last `queryFat` or `queryStatic`. */
  get queryCount(): number {
    return this.hitCount;
  }

  /** Like `queryFat`, over static bodies only, unsorted. */
  queryStatic(minX: number, minY: number, maxX: number, maxY: number): Int32Array {
    this.hitCount = 0;
    this.collect(this.staticTree, minX, minY, maxX, maxY, -1);
    return this.hits;
  }

  /** Calls `visit` for every node of both trees with its box and height (1 = leaf level). */
  forEachNode(
    visit: (minX: number, minY: number, maxX: number, maxY: number, height: number, isStatic: boolean) => void,
  ): void {
    const walk = (node: TreeNode, isStatic: boolean): void => {
      if (node.children.length === 0) return;
      visit(node.minX, node.minY, node.maxX, node.maxY, node.height, isStatic);
      if (!node.leaf) for (const child of node.children) walk(child as TreeNode, isStatic);
    };
    walk(treeRoot(this.staticTree), true);
    walk(treeRoot(this.movingTree), false);
  }

  /** Number of items in the trees (for tests). */
  get treeSize(): number {
    return this.staticTree.all().length + this.movingTree.all().length;
  }

  /** Index of the cached pair (a, b), or -1. */
  findPair(a: number, b: number): number {
    return a < b ? this.pairIndex.get(a, b) : this.pairIndex.get(b, a);
  }

  /**
   * Sorts the pair cache by (a, b) and re-indexes it. The solver walks contacts in pair order,
   * and swap-removes shuffle that order over time; sorted pairs touch body memory in order.
   */
  sortPairs(): void {
    const n = this.pairCount;
    const { pairA, pairB } = this;
    // Counting sort by a (stable), then insertion sort by b within each a: a body has a few pairs.
    const start = new Int32Array(this.store.end + 1);
    for (let p = 0; p < n; p++) start[pairA[p] + 1]++;
    for (let i = 1; i < start.length; i++) start[i] += start[i - 1];
    const order = new Int32Array(n);
    for (let p = 0; p < n; p++) order[start[pairA[p]]++] = p;
    for (let k = 1; k < n; k++) {
      const row = order[k];
      const a = pairA[row];
      const b = pairB[row];
      let j = k - 1;
      while (j >= 0 && pairA[order[j]] === a && pairB[order[j]] > b) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = row;
    }
    const newRow = new Int32Array(n);
    const a = pairA.slice(0, n);
    const b = pairB.slice(0, n);
    const imp = this.pairImpulse.slice(0, n);
    const touching = this.pairTouching.slice(0, n);
    for (let k = 0; k < n; k++) {
      const row = order[k];
      newRow[row] = k;
      pairA[k] = a[row];
      pairB[k] = b[row];
      this.pairImpulse[k] = imp[row];
      this.pairTouching[k] = touching[row];
    }
    this.pairIndex.renumber(newRow);
  }

  /** Appends a pair (a < b) with its warm-start state; also used by the snapshot restore. */
  addPair(a: number, b: number, impulse: number, touching: number): void {
    if (this.pairCount === this.pairA.length) this.growPairs();
    const p = this.pairCount++;
    this.pairA[p] = a;
    this.pairB[p] = b;
    this.pairImpulse[p] = impulse;
    this.pairTouching[p] = touching;
    this.pairIndex.set(a, b, p);
  }

  /** Sizes the per-body arrays to the store's capacity. */
  reserve(): void {
    const cap = this.store.capacity;
    if (this.inTree.length >= cap) return;
    const inTree = new Uint8Array(cap);
    inTree.set(this.inTree);
    this.inTree = inTree;
    const pending = new Uint8Array(cap);
    pending.set(this.pending);
    this.pending = pending;
  }

  private leaveTree(i: number): void {
    const where = this.inTree[i];
    if (where === IN_STATIC_TREE) this.staticTree.remove(i + ITEM);
    else if (where === IN_MOVING_TREE) {
      this.movingTree.remove(i + ITEM);
      this.leavesKnown = false;
    }
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
    const root = packTree(list, n, s.fat, NODE_SIZE, ITEM, this.recordLeaf);
    this.movingTree.fromJSON(root);
    this.leavesKnown = true;
    this.rebuilds++;
    this.movedSinceBuild = 0;
  }

  /** Records every moving body's leaf and every node's parent, walking the tree once. */
  private mapLeaves(): void {
    const walk = (node: TreeNode, parent: TreeNode | null): void => {
      node.parent = parent;
      const children = node.children;
      if (node.leaf) {
        for (let c = 0; c < children.length; c++) this.leafOf[(children[c] as number) - ITEM] = node;
      } else {
        for (let c = 0; c < children.length; c++) walk(children[c] as TreeNode, node);
      }
    };
    walk(treeRoot(this.movingTree), null);
    this.leavesKnown = true;
  }

  /** Only a pair with a moved body can have parted, and most pairs have none. */
  private dropPartedPairs(onPairRemoved: (pair: number) => void): void {
    const fat = this.store.fat;
    const pending = this.pending;
    for (let p = this.pairCount - 1; p >= 0; p--) {
      const a = this.pairA[p];
      const b = this.pairB[p];
      if ((pending[a] | pending[b]) === 0) continue;
      if (!fatOverlap(fat, a, b)) {
        onPairRemoved(p);
        this.removePair(p);
      }
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
    {
      const kindI = s.kind[i];
      this.hitCount = 0;
      const o = i * FAT_STRIDE;
      const minX = s.fat[o];
      const minY = s.fat[o + 1];
      const maxX = s.fat[o + 2];
      const maxY = s.fat[o + 3];
      this.collect(this.movingTree, minX, minY, maxX, maxY, i);
      if (kindI !== BODY_STATIC) this.collect(this.staticTree, minX, minY, maxX, maxY, i);
      this.sortHits();
      for (let h = 0; h < this.hitCount; h++) {
        const j = this.hits[h];
        // A pair needs a dynamic body: static, kinematic and their mixes never collide.
        if (kindI !== BODY_DYNAMIC && s.kind[j] !== BODY_DYNAMIC) continue;
        if (slot >= 0 && this.pending[j] === 0) {
          if (!oldOverlap(this.oldFat, slot, s.fat, j)) this.addPair(i < j ? i : j, i < j ? j : i, 0, 0);
          continue;
        }
        const a = i < j ? i : j;
        const b = i < j ? j : i;
        if (this.pairIndex.get(a, b) < 0) this.addPair(a, b, 0, 0);
      }
    }
  }

  /**
   * Appends to `hits` the bodies in `tree` whose fat boxes overlap the box, except `skip`. The
   * box tests are written without branches (each writes its candidate, then advances by whether
   * it overlapped): whether a child overlaps a query is close to a coin toss, and predicting it
   * wrong cost more than the tests themselves (crowd 50k: 74 tests a query, about 20 % faster).
   */
  private collect(tree: BodyTree, minX: number, minY: number, maxX: number, maxY: number, skip: number): void {
    const fat = this.store.fat;
    const stack = this.stack;
    let hits = this.hits;
    let count = this.hitCount;
    let top = 0;
    const root = treeRoot(tree);
    if (root.children.length === 0) return;
    stack[top++] = root;
    while (top > 0) {
      const node = stack[--top];
      const children = node.children;
      if (node.leaf) {
        if (count + children.length > hits.length) hits = this.growHits(count + children.length);
        for (let c = 0; c < children.length; c++) {
          const j = (children[c] as number) - ITEM;
          const o = j * FAT_STRIDE;
          hits[count] = j;
          count += +(fat[o] <= maxX) & +(fat[o + 1] <= maxY) & +(fat[o + 2] >= minX) & +(fat[o + 3] >= minY) & +(j !== skip);
        }
      } else {
        for (let c = 0; c < children.length; c++) {
          const child = children[c] as TreeNode;
          stack[top] = child;
          top += +(child.minX <= maxX) & +(child.minY <= maxY) & +(child.maxX >= minX) & +(child.maxY >= minY);
        }
      }
    }
    this.hitCount = count;
  }

  private growHits(rows: number): Int32Array {
    let n = this.hits.length * 2;
    while (n < rows) n *= 2;
    const grown = new Int32Array(n);
    grown.set(this.hits);
    this.hits = grown;
    return grown;
  }

  /** Sorted hits make pair order tree-independent; most queries hit a few bodies, some many. */
  private sortHits(): void {
    const h = this.hits;
    if (this.hitCount > 32) {
      h.subarray(0, this.hitCount).sort();
      return;
    }
    for (let k = 1; k < this.hitCount; k++) {
      const v = h[k];
      let j = k - 1;
      while (j >= 0 && h[j] > v) {
        h[j + 1] = h[j];
        j--;
      }
      h[j + 1] = v;
    }
  }

  private removePair(p: number): void {
    const last = --this.pairCount;
    this.pairIndex.delete(this.pairA[p], this.pairB[p]);
    if (p !== last) {
      this.pairA[p] = this.pairA[last];
      this.pairB[p] = this.pairB[last];
      this.pairImpulse[p] = this.pairImpulse[last];
      this.pairTouching[p] = this.pairTouching[last];
      this.pairIndex.set(this.pairA[p], this.pairB[p], p);
    }
  }

  /**
   * Shrinks `moved` and `oldFat` once they are far larger than a step needs: the first steps
   * of a scene move most bodies (crowd 50k: 17,600 in step 2, under 3,000 by step 100), and
   * that peak would otherwise hold 16 bytes a body for good.
   */
  private trimMoved(moved: number): void {
    let rows = MIN_MOVED_ROWS;
    while (rows < 2 * moved) rows *= 2;
    if (this.moved.length <= 4 * rows) return;
    this.moved = new Int32Array(rows);
    this.oldFat = new Float32Array(rows * FAT_STRIDE);
  }

  private growMoved(): void {
    const moved = new Int32Array(this.moved.length * 2);
    moved.set(this.moved);
    this.moved = moved;
    const oldFat = new Float32Array(moved.length * FAT_STRIDE);
    oldFat.set(this.oldFat);
    this.oldFat = oldFat;
  }

  private growPairs(): void {
    const n = this.pairA.length * 2;
    const a = new Int32Array(n);
    a.set(this.pairA);
    this.pairA = a;
    const b = new Int32Array(n);
    b.set(this.pairB);
    this.pairB = b;
    const imp = new Float32Array(n);
    imp.set(this.pairImpulse);
    this.pairImpulse = imp;
    const t = new Uint8Array(n);
    t.set(this.pairTouching);
    this.pairTouching = t;
  }
}

function treeRoot(tree: BodyTree): TreeNode {
  return (tree as unknown as { data: TreeNode }).data;
}

/**
 * Stores a fat box in the store's float32 arrays, rounded outward so that it still contains
 * the float64 box it was computed from.
 */
function setFat(s: BodyStore, i: number, minX: number, minY: number, maxX: number, maxY: number): void {
  const o = i * FAT_STRIDE;
  s.fat[o] = minX - (Math.abs(minX) * F32_EPSILON + F32_TINY);
  s.fat[o + 1] = minY - (Math.abs(minY) * F32_EPSILON + F32_TINY);
  s.fat[o + 2] = maxX + (Math.abs(maxX) * F32_EPSILON + F32_TINY);
  s.fat[o + 3] = maxY + (Math.abs(maxY) * F32_EPSILON + F32_TINY);
}

/** Whether the fat boxes of bodies a and b overlap (touching counts). */
function fatOverlap(fat: Float32Array, a: number, b: number): boolean {
  const oa = a * FAT_STRIDE;
  const ob = b * FAT_STRIDE;
  return !(fat[oa] > fat[ob + 2] || fat[ob] > fat[oa + 2] || fat[oa + 1] > fat[ob + 3] || fat[ob + 1] > fat[oa + 3]);
}

/** Twice float32's relative rounding error, and an absolute floor (m), for outward rounding. */
const F32_EPSILON = 2.4e-7;
const F32_TINY = 1e-6; // m

/** Whether the old fat box in row `slot` of `oldFat` overlaps body j's fat box. */
function oldOverlap(oldFat: Float32Array, slot: number, fat: Float32Array, j: number): boolean {
  const o = slot * FAT_STRIDE;
  const oj = j * FAT_STRIDE;
  return !(oldFat[o] > fat[oj + 2] || fat[oj] > oldFat[o + 2] || oldFat[o + 1] > fat[oj + 3] || fat[oj + 1] > oldFat[o + 3]);
}

/** Widens `node` and its ancestors until one already contains body i's fat box. */
function widenAncestors(node: TreeNode | null | undefined, s: BodyStore, i: number): void {
  const o = i * FAT_STRIDE;
  const minX = s.fat[o];
  const minY = s.fat[o + 1];
  const maxX = s.fat[o + 2];
  const maxY = s.fat[o + 3];
  while (node !== null && node !== undefined) {
    let grew = false;
    if (minX < node.minX) {
      node.minX = minX;
      grew = true;
    }
    if (minY < node.minY) {
      node.minY = minY;
      grew = true;
    }
    if (maxX > node.maxX) {
      node.maxX = maxX;
      grew = true;
    }
    if (maxY > node.maxY) {
      node.maxY = maxY;
      grew = true;
    }
    if (!grew) return;
    node = node.parent;
  }
}
