/**
 * A substep is a step of its own length: a world stepped at dt with n substeps moves as one
 * stepped n times as often at dt/n (the listeners aside, which run once a step). So substeps
 * buy what a shorter step buys, among it a resting overlap as small as a short step's.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/physics/index';
import { stateHash } from './helpers';

/** A floor, a stack of boxes, a ball dropped onto it and one thrown across. */
function stackScene(substeps: number): World {
  const w = new World({ gravity: { x: 0, y: -9.81 }, substeps, enableSleep: false });
  w.createBody({ type: 'static', x: 0, y: -1, halfWidth: 20, halfHeight: 1, radius: 0 });
  for (let i = 0; i < 6; i++) w.createBody({ x: 0, y: 0.5 + i * 1.001, halfWidth: 0.5, halfHeight: 0.5, radius: 0, restitution: 0.2 });
  w.createBody({ x: 3, y: 4, radius: 0.4, restitution: 0.7 });
  w.createBody({ x: -6, y: 0.4, radius: 0.4, vx: 5, friction: 0.3 });
  return w;
}

/** Deepest overlap (m) between the floor's top (y = 0) and the stack's bottom box, or between boxes. */
function deepestOverlap(w: World): number {
  const boxes = w.getBodies().filter((b) => b.type === 'dynamic' && b.halfWidth > 0).sort((p, q) => p.y - q.y);
  let deepest = Math.max(0, -(boxes[0].y - 0.5));
  for (let k = 1; k < boxes.length; k++) deepest = Math.max(deepest, 1 - (boxes[k].y - boxes[k - 1].y));
  return deepest;
}

describe('substeps', () => {
  it('4 substeps of a 1/60 s step are 4 steps of 1/240 s, bit for bit', () => {
    const sub = stackScene(4);
    const fine = stackScene(1);
    for (let k = 0; k < 240; k++) {
      sub.step(1 / 60);
      for (let j = 0; j < 4; j++) fine.step(1 / 240);
    }
    expect(stateHash(sub)).toBe(stateHash(fine));
  });

  it('leave the resting overlap of the shorter step: substeps make a stack sink less', () => {
    const one = stackScene(1);
    const four = stackScene(4);
    for (let k = 0; k < 240; k++) {
      one.step(1 / 60);
      four.step(1 / 60);
    }
    const o1 = deepestOverlap(one);
    const o4 = deepestOverlap(four);
    // Pushout leaves two steps of gravity's sinking, 2·g·dt², at most 5 mm and at least 0.5 mm.
    expect(o1).toBeLessThanOrEqual(0.0051);
    expect(o4).toBeLessThanOrEqual(0.0006);
    expect(o4).toBeLessThan(o1 / 4);
  });
});
