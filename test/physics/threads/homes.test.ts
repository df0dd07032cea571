/**
 * Homes (colour.ts): with several threads, each colour's rows are sorted by the thread that owns
 * their body, so that each thread starts every pass on its own bodies. This must change nothing
 * but the order within a colour: the same colours, the same rows in each, the overflow group in
 * row order, and every home a run of ascending rows (restitution follows its impacts along them).
 */
import { describe, expect, it } from 'vitest';
import { BODY_DYNAMIC, BODY_STATIC, BodyStore } from '../../../src/physics/body-store';
import { COLOUR_COUNT, RowColours, splitHomes } from '../../../src/physics/colour';
import { ContactBuffer } from '../../../src/physics/contacts';
import { mulberry32 } from '../../../src/physics/random';

/** A store of `n` bodies, the first 4 static; `pairs` random pairs between them, about 2 in 3 made rows. */
function scene(n: number, pairs: number, seed: number) {
  const store = new BodyStore();
  for (let i = 0; i < n; i++) store.kind[store.allocate()] = i < 4 ? BODY_STATIC : BODY_DYNAMIC;
  const random = mulberry32(seed);
  const a = new Int32Array(pairs);
  const b = new Int32Array(pairs);
  const isRow = new Uint8Array(pairs);
  let rows = 0;
  for (let p = 0; p < pairs; p++) {
    // Mostly near neighbours, as in a heap, some far, some against a wall.
    const i = 4 + Math.floor(random() * (n - 4));
    const j = random() < 0.1 ? Math.floor(random() * 4) : random() < 0.8 ? Math.min(n - 1, i + 1 + Math.floor(random() * 30)) : 4 + Math.floor(random() * (n - 4));
    if (i === j) continue;
    a[p] = Math.min(i, j);
    b[p] = Math.max(i, j);
    isRow[p] = random() < 0.65 ? 1 : 0;
    rows += isRow[p];
  }
  return { store, a, b, isRow, rows };
}

function colour(s: ReturnType<typeof scene>, homes: number): ContactBuffer {
  const contacts = new ContactBuffer();
  contacts.reserve(s.rows);
  // The rows' bodies by blocks of 1,000 pairs, as the collide stage's test step lists them.
  const stride = 1000;
  const blocks = Math.ceil(s.a.length / stride);
  const rowA = new Int32Array(s.a.length);
  const rowB = new Int32Array(s.a.length);
  const blockStart = new Int32Array(blocks);
  let rows = 0;
  for (let k = 0; k < blocks; k++) {
    blockStart[k] = rows;
    let i = k * stride;
    for (let p = k * stride; p < Math.min((k + 1) * stride, s.a.length); p++) {
      if (s.isRow[p] !== 1) continue;
      rowA[i] = s.a[p];
      rowB[i++] = s.b[p];
      rows++;
    }
  }
  new RowColours().sortBlocks(s.store, contacts, rowA, rowB, blockStart, blocks, stride, s.rows, homes);
  contacts.count = s.rows;
  return contacts;
}

describe('issue 13: homes of the colour groups', () => {
  for (const homes of [2, 3]) {
    it(`with ${homes} homes: the same groups as with one, each home a run of its owner's rows, ascending`, () => {
      for (const seed of [1, 2, 3]) {
        const s = scene(3000, 9000, seed);
        const one = colour(s, 1);
        const many = colour(s, homes);
        expect(many.homes).toBe(homes);
        expect(Array.from(many.colour.subarray(0, s.rows))).toEqual(Array.from(one.colour.subarray(0, s.rows)));
        expect(Array.from(many.colourStart)).toEqual(Array.from(one.colourStart));
        // Row r's owner, from the pairs the rows came from.
        const owner: number[] = [];
        for (let p = 0; p < s.a.length; p++) {
          if (s.isRow[p] !== 1) continue;
          const body = s.store.kind[s.a[p]] === BODY_STATIC ? s.b[p] : s.a[p];
          owner.push(Math.floor((body * homes) / s.store.end));
        }
        for (let k = 0; k <= COLOUR_COUNT; k++) {
          const from = one.colourStart[k];
          const to = one.colourStart[k + 1];
          const rowsOne = Array.from(one.order.subarray(from, to));
          const rowsMany = Array.from(many.order.subarray(from, to));
          if (k === COLOUR_COUNT) {
            // The overflow group is solved one row after another: its order stays row order.
            expect(rowsMany).toEqual(rowsOne);
            continue;
          }
          expect([...rowsMany].sort((x, y) => x - y)).toEqual(rowsOne);
          expect(many.homeStart[k * homes]).toBe(from);
          expect(many.homeStart[(k + 1) * homes]).toBe(to);
          for (let h = 0; h < homes; h++) {
            const home = Array.from(many.order.subarray(many.homeStart[k * homes + h], many.homeStart[k * homes + h + 1]));
            for (const r of home) expect(owner[r]).toBe(h);
            for (let i = 1; i < home.length; i++) expect(home[i]).toBeGreaterThan(home[i - 1]);
          }
        }
      }
    });
  }

  it('with one home, the colour order is row order within each colour, as before', () => {
    const s = scene(2000, 6000, 4);
    const one = colour(s, 1);
    expect(one.homes).toBe(1);
    for (let k = 0; k < COLOUR_COUNT; k++) {
      for (let i = one.colourStart[k] + 1; i < one.colourStart[k + 1]; i++) expect(one.order[i]).toBeGreaterThan(one.order[i - 1]);
    }
  });
});

describe('issue 13: homes of the colouring kernel\'s order (splitHomes)', () => {
  /** Rows coloured in one home from the scene's pairs sorted by first body, as the pair cache sorts them; `tail` more appended unsorted. */
  function sortedScene(seed: number, tail: number): { s: ReturnType<typeof scene>; contacts: ContactBuffer } {
    const s = scene(3000, 9000, seed);
    const order = Array.from(s.a.keys()).sort((p, q) => s.a[p] - s.a[q] || s.b[p] - s.b[q]);
    const sortedA = Int32Array.from(order, (p) => s.a[p]);
    const sortedB = Int32Array.from(order, (p) => s.b[p]);
    const isRow = Uint8Array.from(order, (p) => s.isRow[p]);
    // The tail: pairs found after the sort, at random first bodies.
    const random = mulberry32(seed + 100);
    const a = Int32Array.from([...sortedA, ...Array.from({ length: tail }, () => 4 + Math.floor(random() * 2990))]);
    const b = Int32Array.from(a, (x, p) => (p < sortedB.length ? sortedB[p] : x + 1));
    const rows = Uint8Array.from([...isRow, ...new Uint8Array(tail).fill(1)]);
    const sorted = { ...s, a, b, isRow: rows, rows: s.rows + tail };
    return { s: sorted, contacts: colour(sorted, 1) };
  }

  for (const homes of [2, 3]) {
    it(`with ${homes} homes: the same groups cut in ascending runs, each home's rows its own where the pairs are sorted`, () => {
      for (const seed of [1, 2]) {
        const { s, contacts } = sortedScene(seed, 0);
        const end = s.store.end;
        const orderBefore = Array.from(contacts.order.subarray(0, s.rows));
        const startBefore = Array.from(contacts.colourStart);
        contacts.a.set(sortedRowBodies(s));
        splitHomes(contacts, homes, end);
        expect(contacts.homes).toBe(homes);
        // Nothing moves: the order and the groups stay, the homes only cut them.
        expect(Array.from(contacts.order.subarray(0, s.rows))).toEqual(orderBefore);
        expect(Array.from(contacts.colourStart)).toEqual(startBefore);
        for (let k = 0; k < COLOUR_COUNT; k++) {
          expect(contacts.homeStart[k * homes]).toBe(contacts.colourStart[k]);
          expect(contacts.homeStart[(k + 1) * homes]).toBe(contacts.colourStart[k + 1]);
          for (let h = 0; h < homes; h++) {
            const from = contacts.homeStart[k * homes + h];
            const to = contacts.homeStart[k * homes + h + 1];
            expect(to).toBeGreaterThanOrEqual(from);
            for (let i = from; i < to; i++) expect(Math.floor((contacts.a[contacts.order[i]] * homes) / end)).toBe(h);
          }
        }
        expect(contacts.homeStart[COLOUR_COUNT * homes]).toBe(contacts.colourStart[COLOUR_COUNT]);
      }
    });
  }

  it('with pairs appended after the sort: still the same groups, cut in ascending runs', () => {
    const { s, contacts } = sortedScene(3, 800);
    contacts.a.set(sortedRowBodies(s));
    splitHomes(contacts, 2, s.store.end);
    for (let k = 0; k < COLOUR_COUNT; k++) {
      const [from, mid, to] = [contacts.homeStart[2 * k], contacts.homeStart[2 * k + 1], contacts.homeStart[2 * k + 2]];
      expect(from).toBe(contacts.colourStart[k]);
      expect(to).toBe(contacts.colourStart[k + 1]);
      expect(mid).toBeGreaterThanOrEqual(from);
      expect(mid).toBeLessThanOrEqual(to);
    }
  });
});

/** Each row's first body, in row order, from a scene's pairs (the rows the colouring made). */
function sortedRowBodies(s: ReturnType<typeof scene>): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.a.length; p++) if (s.isRow[p] === 1) out.push(s.a[p]);
  return out;
}

