/**
 * The flat copy of an R-tree that worker threads search (flat-tree.ts) must find exactly what
 * the rbush tree finds: after a packed build, after bodies are widened in place (the copy
 * follows without being rewritten), and after rbush's own inserts and removes reshape the tree.
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

/** Sorted hits of both searches for `queries` random boxes. */
function compare(tree: BodyTree, store: BodyStore, random: () => number, queries: number): { tree: number[]; flat: number[] } {
  const flat = tree.syncFlat();
  const a = new HitList();
  const b = new HitList();
  const stack = new Int32Array(512);
  const out = { tree: [] as number[], flat: [] as number[] };
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
    const built = compare(tree, store, random, 300);
    expect(built.tree.length).toBeGreaterThan(600); // the queries do hit bodies
    expect(built.flat).toEqual(built.tree);

    // Bodies drift: their fat boxes grow and the tree widens its nodes (and the copy's) in place.
    tree.syncFlat();
    for (let k = 0; k < 500; k++) {
      const i = Math.floor(random() * N);
      const o = i * FAT_STRIDE;
      const dx = (random() - 0.5) * 6;
      const dy = (random() - 0.5) * 6;
      store.fat[o] = Math.min(store.fat[o], store.fat[o] + dx);
      store.fat[o + 1] = Math.min(store.fat[o + 1], store.fat[o + 1] + dy);
      store.fat[o + 2] = Math.max(store.fat[o + 2], store.fat[o + 2] + dx);
      store.fat[o + 3] = Math.max(store.fat[o + 3], store.fat[o + 3] + dy);
      tree.widen(i);
    }
    const widened = compare(tree, store, random, 300);
    expect(widened.flat).toEqual(widened.tree);

    // rbush reshapes the tree: new bodies in, some out.
    for (let i = N; i < N + 200; i++) {
      setBox(store, i, random() * 100, random() * 100, 0.3, 0.3);
      tree.insert(i);
    }
    for (let i = 0; i < 300; i += 3) tree.remove(i);
    const reshaped = compare(tree, store, random, 300);
    expect(reshaped.flat).toEqual(reshaped.tree);
  });
});
