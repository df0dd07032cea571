/**
 * The R-tree adapter: an rbush whose items are body indices, boxed by the store's fat-box array
 * (no object per body), with the three things rbush lacks: queries that allocate nothing (its
 * nodes walked directly), moving a body by widening its leaf and ancestors, and a bulk build in
 * Hilbert order (tree-pack.ts) handed in through rbush's `fromJSON`. Knows nothing about pairs.
 *
 * A move widens only the tree's flat copy (flat-tree.ts; written on the first move after the
 * tree's shape changed), whose typed arrays are far quicker to walk up than rbush's node
 * objects; queries walk the copy too while it is current, worker threads search it, and
 * rbush's nodes catch up from it before rbush itself edits the tree.
 *
 * This is the only file that imports rbush.
 */
import RBush from 'rbush';
import { FAT_STRIDE, type BodyStore } from './body-store.js';
import { FlatTree, queryFlat } from './flat-tree.js';
import type { HitList } from './hit-list.js';
import { SEARCH_STACK } from './parallel/jobs.js';
import { NodeSpares, packTree, type PackedNode } from './tree-pack.js';

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
  /** Set by the packer (and kept there: see `forgetOldNodes`). */
  parent?: TreeNode | null;
}

/** `packTree`'s leaf callback: a body's leaf is the flat copy's business (`flatLeafOf`). */
function skipLeaf(): void {}

/** Children per tree node (rbush's default). */
const NODE_SIZE = 9;

/** Tree items are body index + 1: rbush skips falsy items, and body 0 must not be one. */
const ITEM = 1;

export class BodyTree {
  /** The rbush itself (read by tests, which check it is a real one). */
  readonly tree: RBush<number>;
  private readonly stack: TreeNode[] = [];
  /** The flat copy (flat-tree.ts), once asked for; `flatKnown`: it matches the tree's shape. */
  flat: FlatTree | null = null;
  private flatKnown = false;
  /** Each flat node's parent (-1 at the root), written with the copy. */
  private flatParent: Int32Array = new Int32Array(0);
  /**
   * Each body's leaf in the flat copy, written with it once a move needed it: a typed array,
   * because reading the leaf's number off rbush's node object cost as much as the whole walk
   * up. The static tree, whose bodies never move, keeps none.
   */
  private flatLeafOf: Int32Array = new Int32Array(0);
  /** Moves since the copy was written widened the copy's boxes only: rbush's are behind (`catchUp`). */
  private nodesBehind = false;
  /** The stack of a query of the flat copy. */
  private readonly flatStack = new Int32Array(SEARCH_STACK);
  /** The replaced tree's nodes during a build, which takes them for the new one. */
  private readonly spares = new NodeSpares();

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
    this.catchUp();
    this.tree.insert(i + ITEM);
    this.flatKnown = false;
  }

  /** Removes body i (its fat box must be the one it was inserted or widened with). */
  remove(i: number): void {
    // rbush finds the item by its box, down nodes that must contain it.
    this.catchUp();
    this.tree.remove(i + ITEM);
    this.flatKnown = false;
  }

  /** Empties the tree. */
  clear(): void {
    this.nodesBehind = false;
    this.tree.clear();
    this.forgetOldNodes();
    this.flatKnown = false;
  }

  /** Replaces the tree by one packed over bodies `list[0..n)`, of the old tree's nodes (allocating only where it had fewer). */
  build(list: Int32Array, n: number): void {
    const spares = this.spares;
    spares.keep(this.root() as PackedNode);
    const root = packTree(list, n, this.store.fat, NODE_SIZE, ITEM, skipLeaf, spares);
    spares.clear();
    this.tree.fromJSON(root);
    this.nodesBehind = false;
    this.forgetOldNodes();
    this.flatKnown = false;
  }

  /**
   * Points the query stack's slots at the new root: a slot left from a query of the old tree
   * would keep that whole tree alive through its nodes' parent links (at crowd 50,000 about
   * 6,000 nodes, 40 bytes a body, depending on how deep the last queries before a rebuild went).
   */
  private forgetOldNodes(): void {
    this.stack.fill(this.root());
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
    this.widenFlat(i, this.syncFlat());
  }

  /** `widen` in the flat copy only, from body i's leaf up: rbush's nodes wait for `catchUp`. */
  private widenFlat(i: number, flat: FlatTree): void {
    const fat = this.store.fat;
    const o = i * FAT_STRIDE;
    const minX = fat[o];
    const minY = fat[o + 1];
    const maxX = fat[o + 2];
    const maxY = fat[o + 3];
    const boxes = flat.boxes;
    const parent = this.flatParent;
    this.nodesBehind = true;
    if (this.flatLeafOf.length === 0) this.mapFlatLeaves();
    let n = this.flatLeafOf[i];
    while (n >= 0) {
      const b = 4 * n;
      let grew = false;
      if (minX < boxes[b]) {
        boxes[b] = minX;
        grew = true;
      }
      if (minY < boxes[b + 1]) {
        boxes[b + 1] = minY;
        grew = true;
      }
      if (maxX > boxes[b + 2]) {
        boxes[b + 2] = maxX;
        grew = true;
      }
      if (maxY > boxes[b + 3]) {
        boxes[b + 3] = maxY;
        grew = true;
      }
      if (!grew) return;
      n = parent[n];
    }
  }

  /** Allocates `flatLeafOf` and fills it for the current copy (whose numbering is `nodesInOrder`'s). */
  private mapFlatLeaves(): void {
    const leafOf = (this.flatLeafOf = new Int32Array(this.store.capacity));
    const nodes = this.nodesInOrder();
    const queue = this.stack;
    for (let q = 0; q < nodes; q++) {
      const node = queue[q];
      if (node.leaf) for (const child of node.children) leafOf[(child as number) - ITEM] = q;
    }
  }

  /** Copies the flat copy's boxes into rbush's nodes, which moves since the copy was written left behind. */
  private catchUp(): void {
    if (!this.nodesBehind) return;
    this.nodesBehind = false;
    const boxes = (this.flat as FlatTree).boxes;
    // The tree's shape has not changed since the copy was written: node q is the copy's node q.
    const nodes = this.nodesInOrder();
    const queue = this.stack;
    for (let q = 0; q < nodes; q++) {
      const node = queue[q];
      node.minX = boxes[4 * q];
      node.minY = boxes[4 * q + 1];
      node.maxX = boxes[4 * q + 2];
      node.maxY = boxes[4 * q + 3];
    }
  }

  /** The flat copy while it matches the tree's shape, else null. */
  private get currentFlat(): FlatTree | null {
    return this.flatKnown ? this.flat : null;
  }

  /**
   * The tree's nodes breadth first, in the query stack's first slots; returns their count. The
   * flat copy's numbering, in which each node's children are consecutive. The stack keeps its
   * length: emptied and grown again at each call, it was garbage at every sync of the copy
   * (its slots hold this tree's nodes until a rebuild points them at the new root).
   */
  private nodesInOrder(): number {
    const queue = this.stack;
    let count = 0;
    queue[count++] = this.root();
    for (let q = 0; q < count; q++) {
      const node = queue[q];
      if (!node.leaf) for (const child of node.children) queue[count++] = child as TreeNode;
    }
    return count;
  }

  /**
   * Appends to `hits` the bodies whose fat boxes overlap `box` (min x, min y, max x, max y; see
   * flat-tree.ts's `fatBoxOf`), except `skip`. The box tests
   * are written without branches (each writes its candidate, then advances by whether it
   * overlapped): whether a child overlaps a query is close to a coin toss, and predicting it
   * wrong cost more than the tests themselves.
   */
  query(box: Float64Array, skip: number, out: HitList): void {
    const flat = this.currentFlat;
    if (flat !== null) {
      queryFlat(flat, this.store.fat, box, skip, out, this.flatStack);
      return;
    }
    const minX = box[0];
    const minY = box[1];
    const maxX = box[2];
    const maxY = box[3];
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

  /**
   * The flat copy of the tree as it is now (made on first use, rewritten when the tree's shape
   * changed since, else kept current by `widen`). Allocates only to grow.
   */
  syncFlat(): FlatTree {
    const flat = (this.flat ??= new FlatTree());
    if (this.flatKnown) return flat;
    const nodes = this.nodesInOrder();
    const queue = this.stack;
    let kids = 0;
    for (let q = 0; q < nodes; q++) kids += queue[q].children.length;
    flat.reserve(nodes, kids);
    if (this.flatParent.length < nodes) this.flatParent = new Int32Array(flat.first.length);
    const parent = this.flatParent;
    parent[0] = -1;
    if (this.flatLeafOf.length > 0 && this.flatLeafOf.length < this.store.capacity) this.flatLeafOf = new Int32Array(this.store.capacity);
    const leafOf = this.flatLeafOf.length > 0 ? this.flatLeafOf : null;
    let next = 0;
    let nextNode = 1;
    for (let q = 0; q < nodes; q++) {
      const node = queue[q];
      const n = q;
      flat.setBox(n, node.minX, node.minY, node.maxX, node.maxY);
      flat.first[n] = next;
      flat.count[n] = node.children.length;
      flat.leaf[n] = node.leaf ? 1 : 0;
      for (const child of node.children) {
        if (!node.leaf) parent[nextNode] = n;
        else if (leafOf !== null) leafOf[(child as number) - ITEM] = n;
        flat.kids[next++] = node.leaf ? (child as number) - ITEM : nextNode++;
      }
    }
    this.flatKnown = true;
    return flat;
  }

  /** Calls `visit` for every node with its box and height (1 = leaf level). */
  forEachNode(visit: (minX: number, minY: number, maxX: number, maxY: number, height: number) => void): void {
    this.catchUp();
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
}
