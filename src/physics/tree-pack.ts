/**
 * Bulk-builds an R-tree in rbush's own node format (`{children, height, leaf, minX, minY,
 * maxX, maxY}`, handed to rbush through its public `fromJSON`), packed in Hilbert order the way
 * flatbush packs its index: items sorted along a Hilbert curve over their centres, then grouped
 * `nodeSize` at a time, level by level. A radix sort on the 20-bit curve index makes the build
 * linear, several times faster than rbush's `load()` (which splits recursively by
 * quickselect), and neighbours in space end up neighbours in memory, which makes queries faster.
 */

/** An rbush node; leaves hold body indices. The parent link serves refitting. */
export interface PackedNode {
  children: Array<number | PackedNode>;
  height: number;
  leaf: boolean;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  parent: PackedNode | null;
}


const HILBERT_BITS = 10; // a 1024 x 1024 grid over the items' extent
const HILBERT_SIDE = 1 << HILBERT_BITS;


/**
 * Nodes of a tree that a new build replaces, for the build to use again (`NodeSpares.take`):
 * a rebuilt tree was its nodes and their children's arrays anew every few dozen steps, which
 * lived long enough to reach V8's old generation and so came back as major collections.
 */
export class NodeSpares {
  // Filled and emptied within one build, by counts: emptied by length, the lists gave up their
  // room and took it anew at every build, garbage the size of the tree's node list each time.
  private readonly leaves: (PackedNode | null)[] = [];
  private readonly inner: (PackedNode | null)[] = [];
  private leafCount = 0;
  private innerCount = 0;
  /** How many `keep` listed: `clear` empties that many slots, taken or not. */
  private keptLeaves = 0;
  private keptInner = 0;
  /** The walk of `keep`, depth first: a few dozen slots, where a list of every node took a slot a node. */
  private readonly stack: (PackedNode | null)[] = [];

  /**
   * Keeps the nodes of the tree under `root` (which must no longer be used) that a build made:
   * rbush's own (from inserts, with no `parent`) hold arrays grown by pushes, with room for
   * 17 children, and are left to the collector.
   */
  keep(root: PackedNode): void {
    const stack = this.stack;
    let top = 0;
    stack[top++] = root;
    while (top > 0) {
      const node = stack[--top] as PackedNode;
      stack[top] = null;
      if (node.parent !== undefined) {
        if (node.leaf) this.leaves[this.leafCount++] = node;
        else this.inner[this.innerCount++] = node;
      }
      if (!node.leaf) for (const child of node.children) stack[top++] = child as PackedNode;
    }
    this.keptLeaves = this.leafCount;
    this.keptInner = this.innerCount;
  }

  /**
   * A node for a new tree (a kept one where there is one), its children `items[from..to)`,
   * its box open (min +Infinity, max -Infinity) and no parent. A kept node's children array is
   * written in place where it holds as many; another count gets a slice, since an array grown
   * by writes past its end takes room for 16 more, and one cut shorter keeps its room.
   */
  take(leaf: boolean, height: number, items: readonly (number | PackedNode)[], from: number, to: number): PackedNode {
    let node: PackedNode | null = null;
    if (leaf && this.leafCount > 0) node = this.leaves[--this.leafCount];
    else if (!leaf && this.innerCount > 0) node = this.inner[--this.innerCount];
    if (node === null) {
      return { children: items.slice(from, to), height, leaf, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, parent: null };
    }
    const count = to - from;
    if (node.children.length !== count) node.children = items.slice(from, to);
    else {
      const children = node.children;
      for (let k = 0; k < count; k++) children[k] = items[from + k];
    }
    node.height = height;
    node.minX = Infinity;
    node.minY = Infinity;
    node.maxX = -Infinity;
    node.maxY = -Infinity;
    node.parent = null;
    return node;
  }

  /**
   * Lets go of the replaced tree's nodes for the collector (those no build took, and rbush's
   * own), keeping the lists' room: every slot `keep` wrote is emptied, so none holds a node
   * past the build.
   */
  clear(): void {
    this.leaves.fill(null, 0, this.keptLeaves);
    this.inner.fill(null, 0, this.keptInner);
    this.leafCount = this.innerCount = this.keptLeaves = this.keptInner = 0;
  }
}

/**
 * Returns the root of a packed tree over the indices `list[0..n)`, boxed by `boxes` (minX, minY,
 * maxX, maxY at 4 * index, m)
 * (rbush's format, heights from 1 at the leaves), and calls `onLeaf(index, leaf)` for each.
 * Leaves hold `index + itemOffset` (rbush ignores falsy items, so index 0 needs an offset).
 * Takes its nodes from `spares` where given (a replaced tree's), else allocates them.
 */
export function packTree(
  list: ArrayLike<number>,
  n: number,
  boxes: ArrayLike<number>,
  nodeSize: number,
  itemOffset: number,
  onLeaf: (index: number, leaf: PackedNode) => void,
  spares: NodeSpares = new NodeSpares(),
): PackedNode {
  if (n === 0) return spares.take(true, 1, [], 0, 0);
  // Sort scratch lives for this build only: a build allocates its nodes anyway, and kept
  // scratch would cost 16 bytes a body between builds.
  const keys = new Uint32Array(n);
  const order = new Uint32Array(n);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < n; k++) {
    const o = list[k] * 4;
    const cx = boxes[o] + boxes[o + 2];
    const cy = boxes[o + 1] + boxes[o + 3];
    if (cx < minX) minX = cx;
    if (cy < minY) minY = cy;
    if (cx > maxX) maxX = cx;
    if (cy > maxY) maxY = cy;
  }
  const sx = maxX > minX ? (HILBERT_SIDE - 1) / (maxX - minX) : 0;
  const sy = maxY > minY ? (HILBERT_SIDE - 1) / (maxY - minY) : 0;
  for (let k = 0; k < n; k++) {
    const i = list[k];
    const o = i * 4;
    keys[k] = hilbert(Math.floor((boxes[o] + boxes[o + 2] - minX) * sx), Math.floor((boxes[o + 1] + boxes[o + 3] - minY) * sy));
    order[k] = i;
  }
  radixSort(keys, order, n);

  // Leaves, then levels above, until one node remains. Each node's children are an array of
  // exactly their number (a slice, or a kept node's array written in place): an array grown by
  // pushes keeps room for 17 (152 bytes against 88 for 9), about 7 bytes a body over a tree's leaves.
  let level: PackedNode[] = [];
  // A leaf's items, written by index: emptied by length, the array gave up its room and took
  // new room at every leaf's first push.
  const items: number[] = [];
  for (let start = 0; start < n; start += nodeSize) {
    const end = Math.min(start + nodeSize, n);
    let count = 0;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let k = start; k < end; k++) {
      const i = order[k];
      items[count++] = i + itemOffset;
      const o = i * 4;
      if (boxes[o] < x0) x0 = boxes[o];
      if (boxes[o + 1] < y0) y0 = boxes[o + 1];
      if (boxes[o + 2] > x1) x1 = boxes[o + 2];
      if (boxes[o + 3] > y1) y1 = boxes[o + 3];
    }
    const leaf = spares.take(true, 1, items, 0, count);
    leaf.minX = x0;
    leaf.minY = y0;
    leaf.maxX = x1;
    leaf.maxY = y1;
    for (let k = start; k < end; k++) onLeaf(order[k], leaf);
    level.push(leaf);
  }
  let height = 1;
  while (level.length > 1) {
    height++;
    const next: PackedNode[] = [];
    for (let start = 0; start < level.length; start += nodeSize) {
      const node = spares.take(false, height, level, start, Math.min(start + nodeSize, level.length));
      for (const child of node.children) {
        const c = child as PackedNode;
        c.parent = node;
        if (c.minX < node.minX) node.minX = c.minX;
        if (c.minY < node.minY) node.minY = c.minY;
        if (c.maxX > node.maxX) node.maxX = c.maxX;
        if (c.maxY > node.maxY) node.maxY = c.maxY;
      }
      next.push(node);
    }
    level = next;
  }
  return level[0];
}

/**
 * Index of cell (x, y) along the Hilbert curve filling the HILBERT_SIDE² grid, two levels of the
 * curve per lookup in HILBERT_STEPS: a 10-bit curve is five lookups and no branch, where a loop
 * over the levels takes ten branches a cell, each a coin toss for the branch predictor (the
 * larger part of a rebuild, once).
 */
export function hilbert(x: number, y: number): number {
  let d = 0;
  let state = 0;
  for (let shift = HILBERT_BITS - 2; shift >= 0; shift -= 2) {
    const step = HILBERT_STEPS[(state << 4) | (((x >>> shift) & 3) << 2) | ((y >>> shift) & 3)];
    d = (d << 4) | (step & 15);
    state = step >>> 4;
  }
  return d;
}

/**
 * The Hilbert curve one level at a time: at each level the cell's quadrant (the x and y bits of
 * that level, seen through the turn the levels above made) gives the index's next two bits,
 * and the quadrants at the bottom of the curve turn the levels below: the left one swaps x and
 * y, the right one also mirrors both. A turn is one of four (swapped or not, mirrored or not),
 * the `state` here. Returns the two bits and the next state as `bits | state << 2`.
 */
function hilbertLevel(state: number, bx: number, by: number): number {
  const swap = state & 1;
  const mirror = state >> 1;
  let rx = swap === 1 ? by : bx;
  let ry = swap === 1 ? bx : by;
  rx ^= mirror;
  ry ^= mirror;
  const bits = (3 * rx) ^ ry;
  const next = ry === 0 ? (swap ^ 1) | ((mirror ^ rx) << 1) : state;
  return bits | (next << 2);
}

/**
 * Two levels of the curve per entry: for each state and each pair of 2-bit x and y digits
 * (index `state << 4 | x << 2 | y`), the index's next four bits and the state after, as
 * `bits | state << 4`.
 */
const HILBERT_STEPS = (() => {
  const table = new Uint8Array(64);
  for (let state = 0; state < 4; state++) {
    for (let x = 0; x < 4; x++) {
      for (let y = 0; y < 4; y++) {
        const high = hilbertLevel(state, x >> 1, y >> 1);
        const low = hilbertLevel(high >> 2, x & 1, y & 1);
        table[(state << 4) | (x << 2) | y] = ((high & 3) << 2) | (low & 3) | ((low >> 2) << 4);
      }
    }
  }
  return table;
})();

/** Sorts `order[0..n)` by `keys` (20-bit), stable, in two 10-bit passes (the result lands back in place). */
function radixSort(keys: Uint32Array, order: Uint32Array, n: number): void {
  const counts = new Uint32Array(1 << 10);
  let keysFrom: Uint32Array = keys;
  let orderFrom: Uint32Array = order;
  let keysTo: Uint32Array = new Uint32Array(n);
  let orderTo: Uint32Array = new Uint32Array(n);
  for (let shift = 0; shift < 2 * HILBERT_BITS; shift += 10) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(keysFrom[i] >>> shift) & 1023]++;
    let sum = 0;
    for (let b = 0; b < 1024; b++) {
      const c = counts[b];
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const dst = counts[(keysFrom[i] >>> shift) & 1023]++;
      keysTo[dst] = keysFrom[i];
      orderTo[dst] = orderFrom[i];
    }
    const k = keysFrom;
    keysFrom = keysTo;
    keysTo = k;
    const o = orderFrom;
    orderFrom = orderTo;
    orderTo = o;
  }
  // An even number of passes: the sorted data is back in `keys` and `order`.
}
