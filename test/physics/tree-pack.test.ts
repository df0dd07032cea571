import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import RBush from 'rbush';
import { NodeSpares, hilbert, packTree, type PackedNode } from '../../src/physics/tree-pack';

const boxArb = fc
  .tuple(
    fc.double({ min: -100, max: 100, noNaN: true }),
    fc.double({ min: -100, max: 100, noNaN: true }),
    fc.double({ min: 0, max: 5, noNaN: true }),
    fc.double({ min: 0, max: 5, noNaN: true }),
  )
  .map(([x, y, w, h]) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));

type Box = { minX: number; minY: number; maxX: number; maxY: number };

/** Checks nesting, parents and heights; collects the indices in the leaves. */
function check(node: PackedNode, parent: PackedNode | null, boxes: Box[], seen: number[]): number {
  expect(node.parent).toBe(parent);
  let height = 1;
  for (const child of node.children) {
    const box = typeof child === 'number' ? boxes[child - 1] : child;
    expect(box.minX).toBeGreaterThanOrEqual(node.minX);
    expect(box.minY).toBeGreaterThanOrEqual(node.minY);
    expect(box.maxX).toBeLessThanOrEqual(node.maxX);
    expect(box.maxY).toBeLessThanOrEqual(node.maxY);
    if (typeof child === 'number') {
      expect(node.leaf).toBe(true);
      seen.push(child - 1);
    } else {
      height = Math.max(height, 1 + check(child, node, boxes, seen));
    }
  }
  expect(node.height).toBe(height);
  return height;
}

/** An rbush over indices + 1 into `boxes`, as the broadphase uses it (rbush calls these unbound). */
class IndexTree extends RBush<number> {
  constructor(boxes: Box[]) {
    super(9);
    this.toBBox = (i) => boxes[i - 1];
    this.compareMinX = (a, b) => boxes[a - 1].minX - boxes[b - 1].minX;
    this.compareMinY = (a, b) => boxes[a - 1].minY - boxes[b - 1].minY;
  }
}

describe('packTree', () => {
  it('builds a valid rbush tree: every index once, boxes nest, heights count from the leaves, rbush searches it right', () => {
    fc.assert(
      fc.property(fc.array(boxArb, { maxLength: 300 }), boxArb, (boxes, query) => {
        // Pack every other index, so the list and the box arrays differ.
        const list = boxes.map((_, i) => i).filter((i) => i % 2 === 0);
        const leafOf = new Map<number, PackedNode>();
        const root = packTree(
          list,
          list.length,
          boxes.flatMap((b) => [b.minX, b.minY, b.maxX, b.maxY]),
          9,
          1,
          (i, leaf) => leafOf.set(i, leaf),
        );
        const seen: number[] = [];
        check(root, null, boxes, seen);
        expect(seen.sort((a, b) => a - b)).toEqual(list);
        for (const i of list) expect(leafOf.get(i)?.children).toContain(i + 1);
        // The real rbush searches, inserts into and removes from the packed tree.
        const tree = new IndexTree(boxes).fromJSON(root);
        const expected = list.filter((i) => {
          const b = boxes[i];
          return b.minX <= query.maxX && b.maxX >= query.minX && b.minY <= query.maxY && b.maxY >= query.minY;
        });
        expect(tree.search(query).map((item) => item - 1).sort((a, b) => a - b)).toEqual(expected);
        if (boxes.length > 1) {
          tree.insert(1 + 1);
          expect(tree.all()).toContain(1 + 1);
        }
        if (list.length > 0) {
          tree.remove(list[0] + 1);
          expect(tree.all()).not.toContain(list[0] + 1);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** Every node of the tree under `root`. */
function nodesOf(root: PackedNode): PackedNode[] {
  const out = [root];
  for (let q = 0; q < out.length; q++) if (!out[q].leaf) for (const child of out[q].children) out.push(child as PackedNode);
  return out;
}

describe('NodeSpares', () => {
  it("builds the next tree from the replaced tree's nodes, and holds none of them once the build is over", () => {
    const spares = new NodeSpares();
    const boxes = Array.from({ length: 400 }, (_, i) => [i % 20, Math.floor(i / 20), (i % 20) + 0.5, Math.floor(i / 20) + 0.5]).flat();
    const list = Array.from({ length: 400 }, (_, i) => i);
    const noLeaf = (): void => {};
    for (let build = 0; build < 3; build++) {
      const old = packTree(list, 400, boxes, 9, 1, noLeaf, spares);
      const oldNodes = new Set(nodesOf(old));
      spares.keep(old);
      // A smaller tree next: some of the old nodes are left over.
      const fresh = packTree(list, 300 - 100 * build, boxes, 9, 1, noLeaf, spares);
      spares.clear();
      const freshNodes = nodesOf(fresh);
      expect(freshNodes.every((node) => oldNodes.has(node)), `build ${build}: every node taken from the old tree`).toBe(true);
      // No slot of the spares' lists still names a node: the left-over ones are the collector's.
      const lists = Object.values(spares).filter((v): v is unknown[] => Array.isArray(v));
      expect(lists.length).toBeGreaterThan(0);
      expect(lists.every((l) => l.every((x) => x === null)), `build ${build}: lists emptied`).toBe(true);
    }
  });
});

describe('hilbert', () => {
  it('is a Hilbert curve over the 1024 x 1024 grid: every cell once, each step to a side neighbour, from (0, 0) to (1023, 0)', () => {
    const side = 1024;
    const cellAt = new Int32Array(side * side).fill(-1);
    let twice = 0;
    for (let x = 0; x < side; x++) {
      for (let y = 0; y < side; y++) {
        const d = hilbert(x, y);
        if (!(d >= 0 && d < side * side && cellAt[d] === -1)) twice++;
        else cellAt[d] = x * side + y;
      }
    }
    expect(twice).toBe(0);
    let apart = 0;
    for (let d = 1; d < side * side; d++) {
      const dx = Math.abs(Math.floor(cellAt[d] / side) - Math.floor(cellAt[d - 1] / side));
      const dy = Math.abs((cellAt[d] % side) - (cellAt[d - 1] % side));
      if (dx + dy !== 1) apart++;
    }
    expect(apart).toBe(0);
    expect([cellAt[0], cellAt[side * side - 1]]).toEqual([0, (side - 1) * side]);
  });
});
