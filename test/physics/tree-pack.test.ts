import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import RBush from 'rbush';
import { packTree, type PackedNode } from '../../src/physics/tree-pack';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  id: number;
}

const boxArb = fc
  .tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }))
  .map(([x, y, w, h]) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));

function check(node: PackedNode<Box>, parent: PackedNode<Box> | null, seen: Set<number>): number {
  expect(node.parent).toBe(parent);
  let height = 1;
  for (const child of node.children) {
    expect(child.minX).toBeGreaterThanOrEqual(node.minX);
    expect(child.minY).toBeGreaterThanOrEqual(node.minY);
    expect(child.maxX).toBeLessThanOrEqual(node.maxX);
    expect(child.maxY).toBeLessThanOrEqual(node.maxY);
    if (node.leaf) seen.add((child as Box).id);
    else height = Math.max(height, 1 + check(child as PackedNode<Box>, node, seen));
  }
  expect(node.height).toBe(height);
  return height;
}

describe('packTree', () => {
  it('builds a valid rbush tree: every item once, boxes nest, heights count from the leaves, searches match brute force', () => {
    fc.assert(
      fc.property(fc.array(boxArb, { maxLength: 300 }), boxArb, (raw, query) => {
        const items: Box[] = raw.map((b, id) => ({ ...b, id }));
        const leafOf = new Map<number, PackedNode<Box>>();
        const root = packTree(items, 9, (item, leaf) => leafOf.set(item.id, leaf));
        const seen = new Set<number>();
        check(root, null, seen);
        expect(seen.size).toBe(items.length);
        for (const item of items) expect(leafOf.get(item.id)?.children).toContain(item);
        // The real rbush searches, inserts into and removes from the packed tree.
        const tree = new RBush<Box>(9).fromJSON(root);
        const expected = items.filter((b) => b.minX <= query.maxX && b.maxX >= query.minX && b.minY <= query.maxY && b.maxY >= query.minY);
        expect(tree.search(query).map((b) => b.id).sort((a, b) => a - b)).toEqual(expected.map((b) => b.id));
        const extra: Box = { ...query, id: -1 };
        tree.insert(extra);
        expect(tree.search(query)).toContain(extra);
        if (items.length > 0) {
          tree.remove(items[0]);
          expect(tree.all()).not.toContain(items[0]);
          expect(tree.all().length).toBe(items.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
