/**
 * Issue 12, item 3: mass ratios up to 1:1,000 hold. A body 1,000 times heavier (by density)
 * resting on a light one on a static floor, under gravity, leaves every overlap under 1 cm once
 * settled. Overlaps are measured by brute-force geometry over every pair, the floor included.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { DT } from './ideal';
import { maxOverlap } from './overlap';

const TOLERANCE = 0.01; // m, issue 12
const SETTLE = 3; // s before measuring
const WATCH = 1; // s measured after settling

function gravityWorld(sleep: boolean): World {
  const w = new World({ gravity: { x: 0, y: -9.81 }, linearDamping: 0, enableSleep: sleep });
  // Floor: top face at y = 0.
  w.createBody({ type: 'static', x: 0, y: -1, halfWidth: 20, halfHeight: 1, radius: 0, restitution: 0 });
  return w;
}

/** Steps through settling, then returns the worst overlap seen at any step of the watch window. */
function worstSettledOverlap(w: World): number {
  const bodies = w.getBodies();
  for (let k = 0; k < SETTLE / DT; k++) w.step(DT);
  let worst = maxOverlap(bodies);
  for (let k = 0; k < WATCH / DT; k++) {
    w.step(DT);
    worst = Math.max(worst, maxOverlap(bodies));
  }
  return worst;
}

describe('issue 12 item 3: mass ratios up to 1:1,000 hold', () => {
  for (const ratio of [1000, 100]) {
    for (const gap of [0, 0.1]) {
      for (const sleep of [false, true]) {
        it(`a box ${ratio}x denser on a light box on the floor (start gap ${gap} m, sleep ${sleep}): every overlap under 1 cm`, () => {
          const w = gravityWorld(sleep);
          w.createBody({ x: 0, y: 0.5 + gap, halfWidth: 0.5, halfHeight: 0.5, radius: 0, density: 1, restitution: 0 });
          w.createBody({ x: 0, y: 1.5 + 2 * gap, halfWidth: 0.5, halfHeight: 0.5, radius: 0, density: ratio, restitution: 0 });
          const worst = worstSettledOverlap(w);
          expect(worst, `worst overlap ${worst.toFixed(4)} m`).toBeLessThan(TOLERANCE);
        });
      }
    }
  }

  it('a 3 m box of density 50 on three 1 m boxes of density 0.05 (the page case): every overlap under 1 cm', () => {
    const w = gravityWorld(true);
    for (const x of [-1.05, 0, 1.05]) {
      w.createBody({ x, y: 0.5, halfWidth: 0.5, halfHeight: 0.5, radius: 0, density: 0.05, restitution: 0 });
    }
    w.createBody({ x: 0, y: 2.5, halfWidth: 1.5, halfHeight: 1.5, radius: 0, density: 50, restitution: 0 });
    const worst = worstSettledOverlap(w);
    expect(worst, `worst overlap ${worst.toFixed(4)} m`).toBeLessThan(TOLERANCE);
  });

  it('a box 1,000x denser on a light ball on a light box on the floor: every overlap under 1 cm', () => {
    const w = gravityWorld(false);
    w.createBody({ x: 0, y: 0.25, halfWidth: 0.5, halfHeight: 0.25, radius: 0, density: 1, restitution: 0 });
    w.createBody({ x: 0, y: 0.9, radius: 0.4, density: 1, restitution: 0 });
    w.createBody({ x: 0, y: 1.8, halfWidth: 0.5, halfHeight: 0.5, radius: 0, density: 1000, restitution: 0 });
    const worst = worstSettledOverlap(w);
    expect(worst, `worst overlap ${worst.toFixed(4)} m`).toBeLessThan(TOLERANCE);
  });

  // Ratios compound up a stack: every contact here is only 3 or 10 to 1, the stack 243 or 1,000 to 1.
  for (const densities of [
    [1, 10, 100, 1000],
    [1, 3, 9, 27, 81, 243],
  ]) {
    it(`a stack of densities ${densities.join(', ')} (heaviest on top) on the floor: every overlap under 1 cm`, () => {
      const w = gravityWorld(false);
      densities.forEach((density, i) => {
        w.createBody({ x: 0, y: 0.5 + i, halfWidth: 0.5, halfHeight: 0.5, radius: 0, density, restitution: 0 });
      });
      const worst = worstSettledOverlap(w);
      expect(worst, `worst overlap ${worst.toFixed(4)} m`).toBeLessThan(TOLERANCE);
    });
  }
});
