/**
 * The flat copy of an R-tree that worker threads search (flat-tree.ts) must find exactly the
 * bodies whose fat boxes overlap a query, as the rbush tree does: after a packed build, after
 * bodies move (a move widens the copy only, and rbush's nodes catch up from it before rbush
 * edits the tree), and after rbush's own inserts and removes reshape the tree.
 */
import { describe, expect, it } from 'vitest';
import { BodyStore, FAT_STRIDE } from '../../../src/physics/body-store';
import { BodyTree } from '../../../src/physics/body-tree';
import { queryFlat } from '../../../src/physics/flat-tree';
import { HitList } from '../../../src/physics/hit-list';
import { mulberry32 } from '../../../src/physics/random';

const N = 2000;

function setBox(store: BodyStore, i: number, x: number, y: number, w: number, h: number): void {
  const o = i * FAT_STRIDE;
  store.fat[o] = x - w;
  store.fat[o + 1] = y - h;
  store.fat[o + 2] = x + w;
  store.fat[o + 3] = y + h;
}

/** Hits of `BodyTree.query`, of the flat copy, of rbush's own search and of a scan of `members`, for `queries` random boxes. */
function compare(
  tree: BodyTree,
  store: BodyStore,
  members: Set<number>,
  random: () => number,
  queries: number,
): { tree: number[]; flat: number[]; rbush: number[]; scan: number[] } {
  const flat = tree.syncFlat();
  const a = new HitList();
  const b = new HitList();
  const stack = new Int32Array(512);
  const out = { tree: [] as number[], flat: [] as number[], rbush: [] as number[], scan: [] as number[] };
  for (let q = 0; q < queries; q++) {
    const x = random() * 100;
    const y = random() * 100;
    const r = 0.5 + random() * 4;
    a.count = 0;
    b.count = 0;
    const box = Float64Array.of(x - r, y - r, x + r, y + r);
    tree.query(box, -1, a);
    queryFlat(flat, store.fat, box, -1, b, stack);
    a.sort();
    b.sort();
    out.tree.push(-1, ...a.ids.subarray(0, a.count));
    out.flat.push(-1, ...b.ids.subarray(0, b.count));
    const found = tree.tree.search({ minX: x - r, minY: y - r, maxX: x + r, maxY: y + r }).map((item) => item - 1);
    out.rbush.push(-1, ...found.sort((p, q) => p - q));
    const f = store.fat;
    const scan = [...members].filter((j) => {
      const o = j * FAT_STRIDE;
      return f[o] <= x + r && f[o + 1] <= y + r && f[o + 2] >= x - r && f[o + 3] >= y - r;
    });
    out.scan.push(-1, ...scan.sort((p, q) => p - q));
  }
  return out;
}

describe('issue 13: the flat tree copy for worker threads', () => {
  it('finds what rbush finds: after a build, after widening in place, after inserts and removes', () => {
    const random = mulberry32(7);
    const store = new BodyStore();
    store.grow(N + 200);
    const list = new Int32Array(N);
    for (let i = 0; i < N; i++) {
      setBox(store, i, random() * 100, random() * 100, 0.2 + random(), 0.2 + random());
      list[i] = i;
    }
    store.end = N + 200;
    const tree = new BodyTree(store);
    tree.build(list, N);
    const members = new Set(list);
    const built = compare(tree, store, members, random, 300);
    expect(built.scan.length).toBeGreaterThan(600); // the queries do hit bodies
    expect(built.tree).toEqual(built.scan);
    expect(built.flat).toEqual(built.scan);
    expect(built.rbush).toEqual(built.scan);

    // Bodies move, some far: each gets a new fat box, and the tree widens the copy's nodes in place.
    tree.syncFlat();
    const moved: number[] = [];
    for (let k = 0; k < 500; k++) {
      const i = Math.floor(random() * N);
      const o = i * FAT_STRIDE;
      const dx = (random() - 0.5) * (k % 10 === 0 ? 60 : 6);
      const dy = (random() - 0.5) * (k % 10 === 0 ? 60 : 6);
      store.fat[o] += dx;
      store.fat[o + 1] += dy;
      store.fat[o + 2] += dx;
      store.fat[o + 3] += dy;
      tree.widen(i);
      moved.push(i);
    }
    const widened = compare(tree, store, members, random, 300);
    expect(widened.tree).toEqual(widened.scan);
    expect(widened.flat).toEqual(widened.scan);

    // rbush reshapes the tree: new bodies in, some out, among them bodies that moved far.
    for (let i = N; i < N + 200; i++) {
      setBox(store, i, random() * 100, random() * 100, 0.3, 0.3);
      tree.insert(i);
      members.add(i);
    }
    const leaving = [...new Set(moved)].slice(0, 100);
    for (const i of leaving) {
      tree.remove(i);
      members.delete(i);
    }
    expect(tree.size).toBe(N + 200 - leaving.length);
    const reshaped = compare(tree, store, members, random, 300);
    expect(reshaped.tree).toEqual(reshaped.scan);
    expect(reshaped.flat).toEqual(reshaped.scan);
    expect(reshaped.rbush).toEqual(reshaped.scan);

    // And bodies move again, in the copy written after the reshape.
    for (let k = 0; k < 300; k++) {
      const i = [...members][Math.floor(random() * members.size)];
      const o = i * FAT_STRIDE;
      const dx = (random() - 0.5) * 40;
      const dy = (random() - 0.5) * 40;
      store.fat[o] += dx;
      store.fat[o + 1] += dy;
      store.fat[o + 2] += dx;
      store.fat[o + 3] += dy;
      tree.widen(i);
    }
    const again = compare(tree, store, members, random, 300);
    expect(again.tree).toEqual(again.scan);
    expect(again.flat).toEqual(again.scan);
    tree.forEachNode(() => {}); // rbush's nodes catch up
    const caught = compare(tree, store, members, random, 300);
    expect(caught.rbush).toEqual(caught.scan);
  });
});
