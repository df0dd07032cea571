/**
 * A copy of an R-tree's nodes in typed arrays, for worker threads: they cannot walk rbush's
 * objects (each thread has its own heap) but can walk these over SharedArrayBuffers. The
 * tree that owns it (body-tree.ts) writes it whole when its shape changed and widens the
 * copied boxes along with its own, so a query here finds exactly what a query of the tree does.
 * Nothing here imports rbush.
 */
import { FAT_STRIDE } from './body-store.js';
import { grown } from './grown.js';
import type { HitList } from './hit-list.js';

export class FlatTree {
  /**
   * Nodes: box (minX, minY, maxX, maxY) at 4 * node; node 0 is the root. Float32 loses nothing:
   * every node's box is a union of fat boxes, which are float32 (BodyStore.fat).
   */
  boxes: Float32Array = new Float32Array(0);
  /** Node n's children are kids[first[n] .. first[n] + count[n]): nodes, or body indices in a leaf. */
  first: Int32Array = new Int32Array(0);
  count: Int32Array = new Int32Array(0);
  leaf: Uint8Array = new Uint8Array(0);
  kids: Int32Array = new Int32Array(0);

  /** Makes room for `nodes` nodes and `kids` children, keeping nothing (the copy is rewritten). */
  reserve(nodes: number, kids: number): void {
    if (this.first.length < nodes) {
      const n = Math.max(nodes, 2 * this.first.length);
      this.boxes = grown(this.boxes, 4 * n);
      this.first = grown(this.first, n);
      this.count = grown(this.count, n);
      this.leaf = grown(this.leaf, n);
    }
    if (this.kids.length < kids) this.kids = grown(this.kids, Math.max(kids, 2 * this.kids.length));
  }

  /** Writes node n's box. */
  setBox(n: number, minX: number, minY: number, maxX: number, maxY: number): void {
    const o = 4 * n;
    this.boxes[o] = minX;
    this.boxes[o + 1] = minY;
    this.boxes[o + 2] = maxX;
    this.boxes[o + 3] = maxY;
  }
}

/** Field names of a FlatTree that threads share. */
export const FLAT_TREE_SHARED = ['boxes', 'first', 'count', 'leaf', 'kids'] as const;

/**
 * Body i's fat box, copied into `box` (min x, min y, max x, max y) for a query. The queries take
 * their box in an array because four numbers passed to a call that is not inlined are each
 * boxed on the heap: a step's worth of queries made tens of kilobytes of garbage.
 */
export function fatBoxOf(fat: Float32Array, i: number, box: Float64Array): Float64Array {
  const o = i * FAT_STRIDE;
  box[0] = fat[o];
  box[1] = fat[o + 1];
  box[2] = fat[o + 2];
  box[3] = fat[o + 3];
  return box;
}

/**
 * Appends to `out` the bodies whose fat boxes (`fat`, FAT_STRIDE floats a body) overlap `box`
 * (min x, min y, max x, max y), except `skip`: the same walk and the same branch-free tests as `BodyTree.query`.
 * `stack` needs room for the tree's depth times its node size.
 */
export function queryFlat(tree: FlatTree, fat: Float32Array, box: Float64Array, skip: number, out: HitList, stack: Int32Array): void {
  if (tree.count.length === 0 || tree.count[0] === 0) return;
  const minX = box[0];
  const minY = box[1];
  const maxX = box[2];
  const maxY = box[3];
  const { boxes, first, count: counts, leaf, kids } = tree;
  let hits = out.ids;
  let count = out.count;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top];
    const from = first[node];
    const to = from + counts[node];
    if (leaf[node] === 1) {
      if (count + to - from > hits.length) hits = out.reserve(count + to - from);
      for (let c = from; c < to; c++) {
        const j = kids[c];
        const o = j * FAT_STRIDE;
        hits[count] = j;
        count += +(fat[o] <= maxX) & +(fat[o + 1] <= maxY) & +(fat[o + 2] >= minX) & +(fat[o + 3] >= minY) & +(j !== skip);
      }
    } else {
      for (let c = from; c < to; c++) {
        const child = kids[c];
        const o = 4 * child;
        stack[top] = child;
        top += +(boxes[o] <= maxX) & +(boxes[o + 1] <= maxY) & +(boxes[o + 2] >= minX) & +(boxes[o + 3] >= minY);
      }
    }
  }
  out.count = count;
}
