/**
 * The solver's pushout skips rows whose bodies have not moved since it last tested them. That
 * must change nothing: these tests compare it, bit for bit, with a plain pushout that tests
 * every row in every pass (written here from the rule in solver.ts's header, not copied).
 */
import { describe, expect, it } from 'vitest';
import { BODY_DYNAMIC, BODY_STATIC, BodyStore } from '../../src/physics/body-store';
import { ContactBuffer } from '../../src/physics/contacts';
import { mulberry32 } from '../../src/physics/index';
import { LINEAR_SLOP, pushOut } from '../../src/physics/solver';

/** Circles of radius 0.5 on the x axis; rows along x with the separation measured now. */
function lineOfCircles(xs: number[], rows: Array<[number, number]>, statics: number[] = []): {
  store: BodyStore;
  contacts: ContactBuffer;
} {
  const store = new BodyStore();
  for (const x of xs) {
    const i = store.allocate();
    const isStatic = statics.includes(i);
    store.kind[i] = isStatic ? BODY_STATIC : BODY_DYNAMIC;
    store.awake[i] = isStatic ? 0 : 1;
    store.x[i] = x;
    store.y[i] = 0;
    store.radius[i] = 0.5;
    store.invMass[i] = isStatic ? 0 : 1 + (i % 3);
  }
  const contacts = new ContactBuffer();
  contacts.reserve(rows.length);
  rows.forEach(([a, b], c) => {
    const nx = store.x[b] >= store.x[a] ? 1 : -1;
    contacts.a[c] = a;
    contacts.b[c] = b;
    contacts.nx[c] = nx;
    contacts.ny[c] = 0;
    // separation = |xb - xa| - 1; base = separation - n · (centre b - centre a) = -1.
    contacts.baseSeparation[c] = -1;
  });
  contacts.count = rows.length;
  return { store, contacts };
}

/** Pushout with no skipping: every row, every pass. */
function plainPushOut(store: BodyStore, contacts: ContactBuffer, passes: number): void {
  const { x, y, invMass } = store;
  for (let pass = 0; pass < passes; pass++) {
    for (let c = 0; c < contacts.count; c++) {
      const i = contacts.a[c];
      const j = contacts.b[c];
      const nx = contacts.nx[c];
      const ny = contacts.ny[c];
      const gap = contacts.baseSeparation[c] + nx * (x[j] - x[i]) + ny * (y[j] - y[i]);
      if (!(gap < -LINEAR_SLOP)) continue;
      const depth = Math.min(-(gap + LINEAR_SLOP) * 0.8, 0.2);
      const share = depth / (invMass[i] + invMass[j]);
      x[i] -= nx * share * invMass[i];
      y[i] -= ny * share * invMass[i];
      x[j] += nx * share * invMass[j];
      y[j] += ny * share * invMass[j];
    }
  }
}

function positions(store: BodyStore): number[] {
  return Array.from(store.x.subarray(0, store.end));
}

describe('pushout', () => {
  it('tests again a row whose body a later row moved in the pass before', () => {
    // Rows in this order: (1, 2) touches nothing at first; (0, 1) overlaps and pushes body 1
    // into body 2, so the second pass must test (1, 2) again and push body 2. Many far rows
    // (bodies 3 and up) keep the share of pushing rows low enough for skipping to be on.
    const xs = [0, 0.9, 1.9];
    const rows: Array<[number, number]> = [[1, 2]];
    for (let k = 0; k < 40; k++) {
      xs.push(10 + 2 * k, 11.5 + 2 * k);
      rows.push([3 + 2 * k, 4 + 2 * k]);
    }
    rows.push([0, 1]);
    const skipping = lineOfCircles(xs, rows);
    const plain = lineOfCircles(xs, rows);
    pushOut(skipping.store, skipping.contacts, 4);
    plainPushOut(plain.store, plain.contacts, 4);
    expect(skipping.store.x[2]).toBeGreaterThan(1.9);
    expect(positions(skipping.store)).toEqual(positions(plain.store));
  });

  it('matches a pushout that tests every row, bit for bit, on random rows', () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 200; trial++) {
      const n = 4 + Math.floor(random() * 60);
      const xs: number[] = [];
      let x = 0;
      // Mostly apart, sometimes overlapping: few pushing rows, as in a crowd, or many, as in a pile.
      const overlapChance = trial % 2 === 0 ? 0.1 : 0.6;
      for (let i = 0; i < n; i++) {
        xs.push(x);
        x += random() < overlapChance ? 0.6 + random() * 0.4 : 1 + random() * 0.5;
      }
      const rows: Array<[number, number]> = [];
      for (let i = 0; i + 1 < n; i++) rows.push([i, i + 1]);
      for (let k = 0; k < n; k++) {
        const i = Math.floor(random() * (n - 2));
        rows.push([i, i + 2]);
      }
      // Shuffle, so that rows meet their neighbours' pushes in every order.
      for (let k = rows.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [rows[k], rows[j]] = [rows[j], rows[k]];
      }
      const statics = random() < 0.5 ? [0] : [];
      const skipping = lineOfCircles(xs, rows, statics);
      const plain = lineOfCircles(xs, rows, statics);
      const passes = 1 + Math.floor(random() * 6);
      pushOut(skipping.store, skipping.contacts, passes);
      plainPushOut(plain.store, plain.contacts, passes);
      expect(positions(skipping.store), `trial ${trial}`).toEqual(positions(plain.store));
    }
  });
});
