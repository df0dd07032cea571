/**
 * Broadphase: R-trees (rbush) over fat boxes, and a pair cache.
 *
 * Each body has a fat box: its tight box united with where this step's velocity will carry it,
 * grown by a margin. Only a body whose tight or predicted box leaves its fat box is moved in the
 * tree (rbush finds an item by its current box, so the item is removed before its coordinates
 * change) and queried for new pairs. When most moving bodies moved, one bulk `load()` rebuilds
 * the tree instead. Static bodies live in a tree of their own, so static-static pairs never
 * form and the moving tree stays small. A pair lives in the cache until the fat boxes part.
 *
 * Determinism: pairs are appended in an order that depends only on the set of boxes, never on
 * the shape of the trees (moved bodies are visited by index and each query's hits are sorted),
 * so a world restored from a snapshot, whose trees are built differently, finds the same pairs
 * in the same order.
 *
 * This is the only file that imports rbush.
 */
import RBush from 'rbush';
import { BODY_DYNAMIC, BODY_FREE, BODY_STATIC, type BodyStore } from './body-store';
import { PairIndex } from './pair-index';
import { packTree, type PackedNode } from './tree-pack';

/** What a tree holds for one body; one object per slot, reused. */
interface TreeItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  index: number;
}

/** rbush's node layout (its `data` tree), walked directly so that queries allocate nothing. */
interface TreeNode {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  leaf: boolean;
  height: number;
  children: Array<TreeNode | TreeItem>;
}

const IN_NO_TREE = 0;
const IN_STATIC_TREE = 1;
const IN_MOVING_TREE = 2;

/**
 * Rebuild the moving tree with one `load()` once the moves since the last build add up to this
 * many times the moving bodies: refitting in place keeps a tree valid but lets it grow loose.
 */
const REBUILD_MOVES = 1;

/** Children per tree node (rbush's default). */
const NODE_SIZE = 9;

export class Broadphase {
  private readonly staticTree = new RBush<TreeItem>();
  private readonly movingTree = new RBush<TreeItem>(NODE_SIZE);
  private items: TreeItem[] = [];
  private inTree: Uint8Array = new Uint8Array(0);
  /** 1 when a body must be re-inserted and re-queried next update (created, teleported). */
  pending: Uint8Array = new Uint8Array(0);

  private moved: Int32Array = new Int32Array(64);
  private movedCount = 0;
  private hits: Int32Array = new Int32Array(64);
  private hitCount = 0;
  private readonly stack: TreeNode[] = [];

  /** Pair cache: body indices (a < b), warm-start impulse, touching flag. */
  pairA: Int32Array = new Int32Array(64);
  pairB: Int32Array = new Int32Array(64);
  pairImpulse: Float64Array = new Float64Array(64);
  pairTouching: Uint8Array = new Uint8Array(64);
  pairCount = 0;
  private readonly pairIndex = new PairIndex();
  private movedSinceBuild = 0;
  /** Each moving body's leaf node, valid while `leavesKnown` (rbush edits reshape the tree). */
  private leafOf: Array<TreeNode | undefined> = [];
  private leavesKnown = false;
  private readonly scratchItems: TreeItem[] = [];
  private readonly recordLeaf = (item: TreeItem, leaf: PackedNode<TreeItem>): void => {
    this.leafOf[item.index] = leaf as unknown as TreeNode;
  };

  /** Counters for tests and the profile: tree rebuilds and moved bodies of the last update. */
  rebuilds = 0;
  lastMovedCount = 0;

  constructor(private readonly store: BodyStore) {}

  /** Margin (m) added around each fat box. */
  margin = 0.1;

  /** Puts a body (new, teleported or resized) into the trees at the next update. */
  markMoved(index: number): void {
    this.reserve();
    const s = this.store;
    const ext = s.radius[index];
    s.fatMinX[index] = s.x[index] - s.halfWidth[index] - ext - this.margin;
    s.fatMaxX[index] = s.x[index] + s.halfWidth[index] + ext + this.margin;
    s.fatMinY[index] = s.y[index] - s.halfHeight[index] - ext - this.margin;
    s.fatMaxY[index] = s.y[index] + s.halfHeight[index] + ext + this.margin;
    this.pending[index] = 1;
  }

  /** Takes a body out of the trees and drops its pairs (before its slot is released). */
  removeBody(index: number, onPairRemoved: (pair: number) => void): void {
    const where = this.inTree[index];
    if (where !== IN_NO_TREE) {
      (where === IN_STATIC_TREE ? this.staticTree : this.movingTree).remove(this.items[index]);
      if (where === IN_MOVING_TREE) this.leavesKnown = false;
      this.inTree[index] = IN_NO_TREE;
    }
    this.pending[index] = 0;
    for (let p = this.pairCount - 1; p >= 0; p--) {
      if (this.pairA[p] === index || this.pairB[p] === index) {
        onPairRemoved(p);
        this.removePair(p);
      }
    }
  }

  /**
   * Refreshes fat boxes from positions and velocities (dt in s), moves the bodies that left
   * theirs, drops pairs whose fat boxes parted (calling `onPairRemoved` first) and adds new ones.
   */
  update(dt: number, onPairRemoved: (pair: number) => void): void {
    const s = this.store;
    this.reserve();
    const margin = this.margin;
    let movedCount = 0;
    let movingCount = 0;
    for (let i = 0; i < s.end; i++) {
      const kind = s.kind[i];
      if (kind === BODY_FREE) continue;
      if (kind !== BODY_STATIC) movingCount++;
      let moved = this.pending[i] === 1;
      if (kind !== BODY_STATIC && (moved || kind !== BODY_DYNAMIC || s.awake[i] === 1)) {
        const ex = s.halfWidth[i] + s.radius[i];
        const ey = s.halfHeight[i] + s.radius[i];
        const dx = s.vx[i] * dt;
        const dy = s.vy[i] * dt;
        const minX = s.x[i] - ex + (dx < 0 ? dx : 0);
        const maxX = s.x[i] + ex + (dx > 0 ? dx : 0);
        const minY = s.y[i] - ey + (dy < 0 ? dy : 0);
        const maxY = s.y[i] + ey + (dy > 0 ? dy : 0);
        if (
          moved ||
          minX < s.fatMinX[i] ||
          minY < s.fatMinY[i] ||
          maxX > s.fatMaxX[i] ||
          maxY > s.fatMaxY[i]
        ) {
          s.fatMinX[i] = minX - margin;
          s.fatMinY[i] = minY - margin;
          s.fatMaxX[i] = maxX + margin;
          s.fatMaxY[i] = maxY + margin;
          moved = true;
        }
      }
      if (moved) {
        this.pending[i] = 0;
        this.moved[movedCount++] = i;
      }
    }
    this.movedCount = movedCount;
    this.lastMovedCount = movedCount;
    if (movedCount === 0) {
      this.dropPartedPairs(onPairRemoved);
      return;
    }

    this.movedSinceBuild += movedCount;
    if (this.movedSinceBuild > REBUILD_MOVES * movingCount && movingCount > 64) {
      this.rebuildMovingTree();
      for (let m = 0; m < movedCount; m++) {
        const i = this.moved[m];
        if (s.kind[i] === BODY_STATIC) this.reinsert(i);
      }
    } else {
      // Moving bodies already in the tree: update their boxes in place and refit the tree
      // once, instead of a remove (a search by box) and an insert per body.
      // Boxes only ever need to contain their children, so a moved item just widens its leaf
      // and the ancestors that no longer contain it; the periodic rebuild tightens them again.
      if (!this.leavesKnown) this.mapLeaves();
      for (let m = 0; m < movedCount; m++) {
        const i = this.moved[m];
        if (this.inTree[i] === IN_MOVING_TREE && s.kind[i] !== BODY_STATIC) {
          widenAncestors(this.leafOf[i] as LinkedNode, this.syncItem(i));
        }
      }
      for (let m = 0; m < movedCount; m++) {
        const i = this.moved[m];
        if (this.inTree[i] !== IN_MOVING_TREE || s.kind[i] === BODY_STATIC) this.reinsert(i);
      }
    }

    this.dropPartedPairs(onPairRemoved);
    this.findNewPairs();
  }

  /** Rebuilds both trees from the fat boxes (after a snapshot restore). */
  rebuildAll(): void {
    this.reserve();
    const s = this.store;
    this.staticTree.clear();
    const statics: TreeItem[] = [];
    for (let i = 0; i < s.end; i++) {
      if (s.kind[i] !== BODY_STATIC || this.pending[i] === 1) continue;
      statics.push(this.syncItem(i));
      this.inTree[i] = IN_STATIC_TREE;
    }
    this.staticTree.load(statics);
    this.rebuildMovingTree();
  }

  /**
   * Writes into `out` (grown as needed, returned) the indices of bodies whose fat boxes overlap
   * the box, in ascending order, and returns how many through `this.hitCount`.
   */
  queryFat(minX: number, minY: number, maxX: number, maxY: number): Int32Array {
    this.hitCount = 0;
    this.collect(this.staticTree, minX, minY, maxX, maxY, -1);
    this.collect(this.movingTree, minX, minY, maxX, maxY, -1);
    this.sortHits();
    return this.hits;
  }

  /** Number of indices written by the last `queryFat` or static query. */
  get queryCount(): number {
    return this.hitCount;
  }

  /** Like `queryFat`, over static bodies only. */
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

  /** Appends a pair (a < b) with its warm-start state; used by the snapshot restore. */
  addPair(a: number, b: number, impulse: number, touching: number): void {
    if (this.pairCount === this.pairA.length) this.growPairs();
    const p = this.pairCount++;
    this.pairA[p] = a;
    this.pairB[p] = b;
    this.pairImpulse[p] = impulse;
    this.pairTouching[p] = touching;
    this.pairIndex.set(a, b, p);
  }

  private reinsert(i: number): void {
    const where = this.inTree[i];
    if (where === IN_STATIC_TREE) this.staticTree.remove(this.items[i]);
    else if (where === IN_MOVING_TREE) {
      this.movingTree.remove(this.items[i]);
      this.leavesKnown = false;
    }
    const item = this.syncItem(i);
    if (this.store.kind[i] === BODY_STATIC) {
      this.staticTree.insert(item);
      this.inTree[i] = IN_STATIC_TREE;
    } else {
      this.movingTree.insert(item);
      this.inTree[i] = IN_MOVING_TREE;
      this.leavesKnown = false;
    }
  }

  private rebuildMovingTree(): void {
    const s = this.store;
    const all = this.scratchItems;
    all.length = 0;
    for (let i = 0; i < s.end; i++) {
      const kind = s.kind[i];
      if (kind === BODY_FREE || kind === BODY_STATIC) continue;
      all.push(this.syncItem(i));
      this.inTree[i] = IN_MOVING_TREE;
    }
    const root = packTree(all, NODE_SIZE, this.recordLeaf);
    this.movingTree.fromJSON(root);
    this.leavesKnown = true;
    this.rebuilds++;
    this.movedSinceBuild = 0;
  }

  /** Records every moving body's leaf and every node's parent, walking the tree once. */
  private mapLeaves(): void {
    const walk = (node: LinkedNode, parent: LinkedNode | null): void => {
      node.parent = parent;
      const children = node.children;
      if (node.leaf) {
        for (let c = 0; c < children.length; c++) this.leafOf[(children[c] as TreeItem).index] = node;
      } else {
        for (let c = 0; c < children.length; c++) walk(children[c] as LinkedNode, node);
      }
    };
    walk(treeRoot(this.movingTree) as LinkedNode, null);
    this.leavesKnown = true;
  }

  private syncItem(i: number): TreeItem {
    const s = this.store;
    let item = this.items[i];
    if (item === undefined) {
      item = { minX: 0, minY: 0, maxX: 0, maxY: 0, index: i };
      this.items[i] = item;
    }
    item.minX = s.fatMinX[i];
    item.minY = s.fatMinY[i];
    item.maxX = s.fatMaxX[i];
    item.maxY = s.fatMaxY[i];
    return item;
  }

  private dropPartedPairs(onPairRemoved: (pair: number) => void): void {
    const s = this.store;
    for (let p = this.pairCount - 1; p >= 0; p--) {
      const a = this.pairA[p];
      const b = this.pairB[p];
      if (
        s.fatMinX[a] > s.fatMaxX[b] ||
        s.fatMinX[b] > s.fatMaxX[a] ||
        s.fatMinY[a] > s.fatMaxY[b] ||
        s.fatMinY[b] > s.fatMaxY[a]
      ) {
        onPairRemoved(p);
        this.removePair(p);
      }
    }
  }

  private findNewPairs(): void {
    const s = this.store;
    for (let m = 0; m < this.movedCount; m++) {
      const i = this.moved[m];
      const kindI = s.kind[i];
      this.hitCount = 0;
      const minX = s.fatMinX[i];
      const minY = s.fatMinY[i];
      const maxX = s.fatMaxX[i];
      const maxY = s.fatMaxY[i];
      this.collect(this.movingTree, minX, minY, maxX, maxY, i);
      if (kindI !== BODY_STATIC) this.collect(this.staticTree, minX, minY, maxX, maxY, i);
      this.sortHits();
      for (let h = 0; h < this.hitCount; h++) {
        const j = this.hits[h];
        // A pair needs a dynamic body: static, kinematic and their mixes never collide.
        if (kindI !== BODY_DYNAMIC && s.kind[j] !== BODY_DYNAMIC) continue;
        const a = i < j ? i : j;
        const b = i < j ? j : i;
        if (this.pairIndex.get(a, b) < 0) this.addPair(a, b, 0, 0);
      }
    }
  }

  private collect(
    tree: RBush<TreeItem>,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    skip: number,
  ): void {
    const stack = this.stack;
    let top = 0;
    const root = treeRoot(tree);
    if (root.children.length === 0) return;
    stack[top++] = root;
    while (top > 0) {
      const node = stack[--top];
      const children = node.children;
      for (let c = 0; c < children.length; c++) {
        const child = children[c];
        if (child.minX > maxX || child.minY > maxY || child.maxX < minX || child.maxY < minY) continue;
        if (node.leaf) {
          const index = (child as TreeItem).index;
          if (index === skip) continue;
          if (this.hitCount === this.hits.length) {
            const grown = new Int32Array(this.hits.length * 2);
            grown.set(this.hits);
            this.hits = grown;
          }
          this.hits[this.hitCount++] = index;
        } else {
          stack[top++] = child as TreeNode;
        }
      }
    }
  }

  /** Insertion sort: query hits are few, and a sorted order makes pair order tree-independent. */
  private sortHits(): void {
    const h = this.hits;
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

  private growPairs(): void {
    const n = this.pairA.length * 2;
    const a = new Int32Array(n);
    a.set(this.pairA);
    this.pairA = a;
    const b = new Int32Array(n);
    b.set(this.pairB);
    this.pairB = b;
    const imp = new Float64Array(n);
    imp.set(this.pairImpulse);
    this.pairImpulse = imp;
    const t = new Uint8Array(n);
    t.set(this.pairTouching);
    this.pairTouching = t;
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
    const moved = new Int32Array(cap);
    moved.set(this.moved.subarray(0, Math.min(this.moved.length, cap)));
    this.moved = moved;
  }
}

function treeRoot(tree: RBush<TreeItem>): TreeNode {
  return (tree as unknown as { data: TreeNode }).data;
}

/** A tree node with the parent link that `mapLeaves` adds. */
interface LinkedNode extends TreeNode {
  parent: LinkedNode | null;
}

/** Widens `node` and its ancestors until one already contains the box. */
function widenAncestors(node: LinkedNode | null, box: TreeItem): void {
  while (node !== null) {
    let grew = false;
    if (box.minX < node.minX) {
      node.minX = box.minX;
      grew = true;
    }
    if (box.minY < node.minY) {
      node.minY = box.minY;
      grew = true;
    }
    if (box.maxX > node.maxX) {
      node.maxX = box.maxX;
      grew = true;
    }
    if (box.maxY > node.maxY) {
      node.maxY = box.maxY;
      grew = true;
    }
    if (!grew) return;
    node = node.parent;
  }
}
