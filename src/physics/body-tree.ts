/**
 * The R-tree adapter: an rbush whose items are body indices, boxed by the store's fat-box array
 * (no object per body), with the three things rbush lacks: queries that allocate nothing (its
 * nodes walked directly), moving a body by widening its leaf and ancestors, and a bulk build in
 * Hilbert order (tree-pack.ts) handed in through rbush's `fromJSON`. Knows nothing about pairs.
 *
 * This is the only file that imports rbush.
 */
import RBush from 'rbush';
import { FAT_STRIDE, type BodyStore } from './body-store.js';
import { grown } from './grown.js';
import { packTree, type PackedNode } from './tree-pack.js';

/** rbush's node layout (its `data`). */
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

/** Children per tree node (rbush's default). */
const NODE_SIZE = 9;

/** Tree items are body index + 1: rbush skips falsy items, and body 0 must not be one. */
const ITEM = 1;

/** Query results: body indices, reused by every query (no allocation once grown). */
export class HitList {
  ids: Int32Array = new Int32Array(64);
  count = 0;

  /** Makes room for `rows` ids, keeping the first `count`. */
  reserve(rows: number): Int32Array {
    if (rows <= this.ids.length) return this.ids;
    let n = this.ids.length * 2;
    while (n < rows) n *= 2;
    this.ids = grown(this.ids, n);
    return this.ids;
  }

  /** Sorts the ids ascending: sorted hits make pair order independent of the tree's shape. */
  sort(): void {
    const h = this.ids;
    const count = this.count;
    // Most queries hit a few bodies, some many.
    if (count > 32) {
      h.subarray(0, count).sort();
      return;
    }
    for (let k = 1; k < count; k++) {
      const v = h[k];
      let j = k - 1;
      while (j >= 0 && h[j] > v) {
        h[j + 1] = h[j];
        j--;
      }
      h[j + 1] = v;
    }
  }
}

export class BodyTree {
  /** The rbush itself (read by tests, which check it is a real one). */
  readonly tree: RBush<number>;
  private readonly stack: TreeNode[] = [];
  /** Each body's leaf, valid while `leavesKnown` (rbush's own edits reshape the tree). */
  private leafOf: Array<TreeNode | undefined> = [];
  private leavesKnown = false;
  private readonly recordLeaf = (index: number, leaf: PackedNode): void => {
    this.leafOf[index] = leaf as TreeNode;
  };

  constructor(private readonly store: BodyStore) {
    const tree = new RBush<number>(NODE_SIZE);
    // rbush passes these around unbound, so they are closures over the store, not methods.
    tree.toBBox = (item) => {
      const f = store.fat;
      const o = (item - ITEM) * FAT_STRIDE;
      return { minX: f[o], minY: f[o + 1], maxX: f[o + 2], maxY: f[o + 3] };
    };
    tree.compareMinX = (a, b) => store.fat[(a - ITEM) * FAT_STRIDE] - store.fat[(b - ITEM) * FAT_STRIDE];
    tree.compareMinY = (a, b) => store.fat[(a - ITEM) * FAT_STRIDE + 1] - store.fat[(b - ITEM) * FAT_STRIDE + 1];
    this.tree = tree;
  }

  /** Adds body i, boxed by its fat box now. */
  insert(i: number): void {
    this.tree.insert(i + ITEM);
    this.leavesKnown = false;
  }

  /** Removes body i (its fat box must be the one it was inserted or widened with). */
  remove(i: number): void {
    this.tree.remove(i + ITEM);
    this.leavesKnown = false;
  }

  /** Empties the tree. */
  clear(): void {
    this.tree.clear();
    this.leavesKnown = false;
  }

  /** Replaces the tree by one packed over bodies `list[0..n)`. Allocates the nodes. */
  build(list: Int32Array, n: number): void {
    const root = packTree(list, n, this.store.fat, NODE_SIZE, ITEM, this.recordLeaf);
    this.tree.fromJSON(root);
    this.leavesKnown = true;
  }

  /** Number of bodies in the tree (allocates: for tests). */
  get size(): number {
    return this.tree.all().length;
  }

  /**
   * After body i's fat box grew: widens its leaf and the ancestors that no longer contain it.
   * An R-tree only needs every node to contain its children, so this is a move.
   */
  widen(i: number): void {
    if (!this.leavesKnown) this.mapLeaves();
    const s = this.store;
    const o = i * FAT_STRIDE;
    const minX = s.fat[o];
    const minY = s.fat[o + 1];
    const maxX = s.fat[o + 2];
    const maxY = s.fat[o + 3];
    let node: TreeNode | null | undefined = this.leafOf[i];
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

  /**
   * Appends to `hits` the bodies whose fat boxes overlap the box, except `skip`. The box tests
   * are written without branches (each writes its candidate, then advances by whether it
   * overlapped): whether a child overlaps a query is close to a coin toss, and predicting it
   * wrong cost more than the tests themselves.
   */
  query(minX: number, minY: number, maxX: number, maxY: number, skip: number, out: HitList): void {
    const fat = this.store.fat;
    const stack = this.stack;
    let hits = out.ids;
    let count = out.count;
    let top = 0;
    const root = this.root();
    if (root.children.length === 0) return;
    stack[top++] = root;
    while (top > 0) {
      const node = stack[--top];
      const children = node.children;
      if (node.leaf) {
        if (count + children.length > hits.length) hits = out.reserve(count + children.length);
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
    out.count = count;
  }

  /** Calls `visit` for every node with its box and height (1 = leaf level). */
  forEachNode(visit: (minX: number, minY: number, maxX: number, maxY: number, height: number) => void): void {
    const walk = (node: TreeNode): void => {
      if (node.children.length === 0) return;
      visit(node.minX, node.minY, node.maxX, node.maxY, node.height);
      if (!node.leaf) for (const child of node.children) walk(child as TreeNode);
    };
    walk(this.root());
  }

  private root(): TreeNode {
    return (this.tree as unknown as { data: TreeNode }).data;
  }

  /** Records every body's leaf and every node's parent, walking the tree once. */
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
    walk(this.root(), null);
    this.leavesKnown = true;
  }
}
