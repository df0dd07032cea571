/**
 * Issue 12, item 6: Coulomb friction. Written against the API the issue specifies (it does not
 * exist yet, so this file does not type-check until it lands): `createBody({ friction })` (>= 0,
 * default 0.6), `body.friction`, `body.setFriction(mu)`; a pair's coefficient is sqrt(μA·μB);
 * the tangential impulse is clamped by μ times the normal impulse. A box sliding at v on a floor
 * under gravity g then stops after v² / (2μg).
 */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../src/physics/index';
import { allFinite, DT } from './ideal';
import { expectRefused, roundTrip, snapshotText } from './helpers';

const G = 9.81; // m/s²
const TOLERANCE = 0.03; // 3 %, issue 12

/** A floor (top at y = 0) and a 1 m box resting on it, settled for 0.5 s before any test. */
function boxOnFloor(boxFriction: number, floorFriction: number): { w: World; box: Body } {
  const w = new World({ gravity: { x: 0, y: -G }, linearDamping: 0, enableSleep: false });
  w.createBody({
    type: 'static',
    x: 0,
    y: -1,
    halfWidth: 500,
    halfHeight: 1,
    radius: 0,
    restitution: 0,
    friction: floorFriction,
  });
  const box = w.createBody({ x: 0, y: 0.5, halfWidth: 0.5, halfHeight: 0.5, radius: 0, restitution: 0, friction: boxFriction });
  for (let k = 0; k < 0.5 / DT; k++) w.step(DT);
  return { w, box };
}

/** Slides the box at v and returns the distance (m) it travels before it stops. */
function slidingDistance(w: World, box: Body, v: number, maxSeconds: number): number {
  const x0 = box.x;
  box.setVelocity(v, 0);
  for (let k = 0; k < maxSeconds / DT && box.vx > 1e-9; k++) w.step(DT);
  return box.x - x0;
}

describe('issue 12 item 6: Coulomb friction', () => {
  // Pairs chosen so the step's own error (about μ·g·dt / v of the distance) stays near 1 %.
  for (const [mu, v] of [
    [0.2, 4],
    [0.3, 5],
    [0.5, 8],
    [0.6, 10],
    [1, 15],
  ]) {
    for (const [boxMu, floorMu] of [
      [mu, mu],
      [mu * 3, mu / 3],
    ]) {
      it(`a box at ${v} m/s with μ = sqrt(${boxMu.toFixed(3)} × ${floorMu.toFixed(3)}) = ${mu} stops after v²/(2μg) within 3 %`, () => {
        const { w, box } = boxOnFloor(boxMu, floorMu);
        const expected = (v * v) / (2 * mu * G);
        const stopTime = v / (mu * G);
        const d = slidingDistance(w, box, v, 2 * stopTime + 1);
        expect(Math.abs(d / expected - 1), `slid ${d.toFixed(4)} m, expected ${expected.toFixed(4)} m`).toBeLessThan(
          TOLERANCE,
        );
        // Once stopped it stays (static friction holds it; nothing pushes it).
        const xStop = box.x;
        for (let k = 0; k < 30; k++) w.step(DT);
        expect(Math.abs(box.x - xStop)).toBeLessThan(1e-3);
      });
    }
  }

  for (const [boxMu, floorMu] of [
    [0, 0.6],
    [0.6, 0],
    [0, 0],
  ]) {
    it(`friction ${boxMu} on the box and ${floorMu} on the floor: no slowing at all`, () => {
      const { w, box } = boxOnFloor(boxMu, floorMu);
      const x0 = box.x;
      box.setVelocity(7, 0);
      for (let k = 0; k < 2 / DT; k++) w.step(DT);
      expect(box.vx).toBeCloseTo(7, 9);
      expect(box.x - x0).toBeCloseTo(14, 6);
    });
  }

  it('defaults to 0.6, reads back what was set, and setFriction changes it', () => {
    const w = new World();
    const a = w.createBody({ radius: 0.5 });
    const b = w.createBody({ x: 3, radius: 0.5, friction: 0.25 });
    expect(a.friction).toBe(0.6);
    expect(b.friction).toBe(0.25);
    a.setFriction(1.5);
    expect(a.friction).toBe(1.5);
    a.setFriction(0);
    expect(a.friction).toBe(0);
  });

  it('is kept by a snapshot round trip, and the restored world slides the same', () => {
    const { w, box } = boxOnFloor(0.4, 0.9);
    const other = w.createBody({ x: 5, y: 3, radius: 0.3, friction: 0.6 });
    other.setFriction(0.05);
    box.setVelocity(6, 0);
    const copy = roundTrip(w);
    expect(copy.getBodies().map((b) => b.friction)).toEqual(w.getBodies().map((b) => b.friction));
    expect(copy.getBodies().map((b) => b.friction)).toEqual([0.9, 0.4, 0.05]);
    for (let k = 0; k < 60; k++) {
      w.step(DT);
      copy.step(DT);
    }
    expect(snapshotText(copy)).toBe(snapshotText(w));
  });

  // Infinity is >= 0 but never a legal state value (house rule): it must be refused too.
  for (const [bad, shown] of [
    [-1, '-1'],
    [Number.NaN, 'NaN'],
    ['a', 'a'],
    [Infinity, 'Infinity'],
  ] as const) {
    it(`invalid friction ${shown} throws an Error naming friction and leaves the world unchanged`, () => {
      const { w, box } = boxOnFloor(0.5, 0.5);
      const count = w.bodyCount;
      expectRefused(w, () => w.createBody({ x: 3, y: 3, radius: 0.5, friction: bad as number }), 'friction', shown);
      expect(w.bodyCount).toBe(count);
      expectRefused(w, () => box.setFriction(bad as number), 'friction', shown);
      expect(box.friction).toBe(0.5);
      expect(allFinite(w)).toBe(true);
    });
  }
});
