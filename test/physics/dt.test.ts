/**
 * Issue 12, item 7: no legal input makes NaN. Every dt the world accepts, with bodies touching
 * and overlapping, steps to a finite state, or is refused with an Error naming dt that leaves the
 * world as it was; after many steps every position and velocity is still finite.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { DT, allFinite } from './ideal';
import { snapshotText, stateHash } from './helpers';

const DTS = [1e-310, 5e-324, 1e-12, 1, 1 / 60];

/** A floor, a touching stack, an overlapping pair and a deep overlap, all awake. */
function contactScene(substeps: number, gravity: number): World {
  const w = new World({ gravity: { x: 0, y: gravity }, substeps, enableSleep: false, linearDamping: 0 });
  w.createBody({ type: 'static', x: 0, y: -1, halfWidth: 20, halfHeight: 1, radius: 0, restitution: 1 });
  for (let i = 0; i < 4; i++) {
    w.createBody({ x: -5, y: 0.5 + i, halfWidth: 0.5, halfHeight: 0.5, radius: 0, restitution: 0.5 });
  }
  w.createBody({ x: 0, y: 0.5, radius: 0.5, restitution: 1 });
  w.createBody({ x: 0.9, y: 0.5, radius: 0.5, restitution: 1, vx: -3 }); // overlapping by 10 cm, closing
  w.createBody({ x: 4, y: 0.4, halfWidth: 0.3, halfHeight: 0.3, radius: 0.1, density: 1000 }); // into the floor
  w.createBody({ x: 4.05, y: 0.6, radius: 0.2, density: 0.001 }); // deep inside the heavy one
  w.createBody({ type: 'kinematic', x: 8, y: 0.5, vx: -2, halfWidth: 0.5, halfHeight: 0.5, radius: 0 });
  w.createBody({ x: 7.2, y: 0.5, radius: 0.5 }); // overlapping the kinematic one
  return w;
}

function firstNonFinite(w: World): string {
  const bad = w.getBodies().find((b) => ![b.x, b.y, b.vx, b.vy].every(Number.isFinite));
  return bad === undefined ? 'none' : `body ${bad.id}: (${bad.x}, ${bad.y}) v (${bad.vx}, ${bad.vy})`;
}

describe('issue 12 item 7: no legal input makes NaN', () => {
  for (const substeps of [1, 64]) {
    for (const gravity of [0, -9.81]) {
      for (const dt of DTS) {
        it(`dt ${dt} (substeps ${substeps}, gravity ${gravity}) with touching and overlapping bodies steps finitely or is refused naming dt`, () => {
          const w = contactScene(substeps, gravity);
          const before = snapshotText(w);
          const hash = stateHash(w);
          let refused: unknown;
          try {
            w.step(dt);
          } catch (e) {
            refused = e;
          }
          if (refused !== undefined) {
            expect(refused).toBeInstanceOf(Error);
            expect((refused as Error).message).toContain('dt');
            expect(snapshotText(w)).toBe(before);
            expect(stateHash(w)).toBe(hash);
            return;
          }
          expect(allFinite(w), `after one step: ${firstNonFinite(w)}`).toBe(true);
          // Many more steps at the same dt, then at the usual one: still finite throughout.
          for (let k = 0; k < 50; k++) w.step(dt);
          expect(allFinite(w), `after 51 steps of ${dt}: ${firstNonFinite(w)}`).toBe(true);
          for (let k = 0; k < 60; k++) w.step(DT);
          expect(allFinite(w), `then 60 steps of 1/60: ${firstNonFinite(w)}`).toBe(true);
          expect(JSON.stringify(w.toJSON())).not.toMatch(/null|NaN|Infinity/);
        });
      }
    }
  }

  it('alternating tiny and ordinary steps for a long run keeps every body finite (a refused dt names dt)', () => {
    const w = contactScene(2, -9.81);
    for (let k = 0; k < 600; k++) {
      const dt = k % 3 === 0 ? 1e-310 : k % 3 === 1 ? 1e-12 : DT;
      try {
        w.step(dt);
      } catch (e) {
        expect((e as Error).message).toMatch(/\bdt\b/);
      }
      if (!allFinite(w)) break;
    }
    expect(allFinite(w), firstNonFinite(w)).toBe(true);
  });
});
