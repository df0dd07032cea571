/**
 * The moving bodies' R-tree (body-tree.ts) is rebuilt in bulk every few dozen steps. Its nodes
 * link to their parents, so any node of an old tree that the tree's own scratch still holds
 * keeps that whole tree alive: at crowd 50,000 a second tree of about 6,000 nodes, 40 bytes a
 * body, which pushed the benchmark's memory from 470 to 512 B/body. White-box: it reads the
 * tree's private scratch.
 */
import { describe, expect, it } from 'vitest';
import { BodyStore, FAT_STRIDE } from '../../src/physics/body-store';
import { BodyTree } from '../../src/physics/body-tree';
import { HitList } from '../../src/physics/hit-list';
import { mulberry32 } from '../../src/physics/random';

interface Node {
  children: Array<Node | number>;
  leaf: boolean;
}
interface Inside {
  stack: Array<Node | undefined>;
  tree: { data: Node };
}

const N = 3000;

function scatter(store: BodyStore, random: () => number): void {
  for (let i = 0; i < N; i++) {
    const o = i * FAT_STRIDE;
    const x = random() * 200;
    const y = random() * 200;
    store.fat[o] = x - 0.5;
    store.fat[o + 1] = y - 0.5;
    store.fat[o + 2] = x + 0.5;
    store.fat[o + 3] = y + 0.5;
  }
}

/** Every node of the tree as it is now. */
function nodesOf(root: Node): Set<Node> {
  const out = new Set<Node>();
  const walk = (node: Node): void => {
    out.add(node);
    if (!node.leaf) for (const child of node.children) walk(child as Node);
  };
  walk(root);
  return out;
}

/** N bodies scattered, and a tree built over them. */
function builtTree(random: () => number): { store: BodyStore; list: Int32Array; tree: BodyTree } {
  const store = new BodyStore();
  store.grow(N);
  store.end = N;
  const list = new Int32Array(N);
  for (let i = 0; i < N; i++) list[i] = i;
  scatter(store, random);
  const tree = new BodyTree(store);
  tree.build(list, N);
  return { store, list, tree };
}

describe('the moving bodies tree', () => {
  it('after a rebuild, and after a body leaves, holds no node of an old tree in its scratch', () => {
    const random = mulberry32(3);
    const { store, list, tree } = builtTree(random);
    const hits = new HitList();
    // Big queries fill the stack deep; then the tree is rebuilt over new boxes, and queried small.
    for (let q = 0; q < 20; q++) tree.query(Float64Array.of(0, 0, 200, 200), -1, hits);
    scatter(store, random);
    tree.build(list, N);
    hits.count = 0;
    tree.query(Float64Array.of(10, 10, 11, 11), -1, hits);
    const inside = tree as unknown as Inside;
    const current = nodesOf(inside.tree.data);
    const stale = inside.stack.filter((node) => node !== undefined && !current.has(node)).length;
    expect(stale, 'stack slots holding nodes of the old tree').toBe(0);
  });

  it('a rebuild makes the new tree of the old tree\'s nodes, and it finds what a tree of new nodes finds', () => {
    // A rebuilt tree of new nodes every few dozen steps lived long enough to reach V8's old
    // generation, and came back as major collections inside a step (bench README).
    const random = mulberry32(7);
    const { store, list, tree } = builtTree(random);
    const hits = new HitList();
    const found = (t: BodyTree, box: Float64Array): number[] => {
      hits.count = 0;
      t.query(box, -1, hits);
      return Array.from(hits.ids.subarray(0, hits.count)).sort((a, b) => a - b);
    };
    for (const n of [N, N - 700, N]) {
      const before = nodesOf((tree as unknown as Inside).tree.data);
      scatter(store, random);
      tree.build(list, n);
      const after = nodesOf((tree as unknown as Inside).tree.data);
      const fresh = new BodyTree(store);
      fresh.build(list, n);
      const reused = [...after].filter((node) => before.has(node)).length;
      // Every node is an old one, but where the old tree had fewer (the last build, after the shrink).
      expect(reused, `${n} bodies: nodes of the old tree`).toBe(Math.min(before.size, after.size));
      expect(after.size).toBe(nodesOf((fresh as unknown as Inside).tree.data).size);
      for (let q = 0; q < 40; q++) {
        const x = random() * 200;
        const y = random() * 200;
        const box = Float64Array.of(x, y, x + random() * 30, y + random() * 30);
        expect(found(tree, box), `${n} bodies, query ${q}`).toEqual(found(fresh, box));
      }
    }
  });

  it('finds a body whose box grew, the flat copy stale (after a build) or current', () => {
    const random = mulberry32(5);
    const { store, list, tree } = builtTree(random);
    tree.syncFlat();
    tree.build(list, N);
    const hits = new HitList();
    const found = (x: number, y: number, i: number): boolean => {
      hits.count = 0;
      tree.query(Float64Array.of(x, y, x + 0.01, y + 0.01), -1, hits);
      return Array.from(hits.ids.subarray(0, hits.count)).includes(i);
    };
    // Each body's box grows to a corner it was not near, then is looked for there: first with
    // the flat copy stale (the build changed the tree's shape: the move writes it again), then current.
    for (const [i, corner] of [[11, 0], [12, 1]] as const) {
      if (corner === 1) tree.syncFlat();
      const o = i * FAT_STRIDE;
      store.fat[o + 2] = 220;
      store.fat[o + 3] = 220;
      tree.widen(i);
      expect(found(219, 219, i), `body ${i} found where its box grew to`).toBe(true);
    }
  });
});
