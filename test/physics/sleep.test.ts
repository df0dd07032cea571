/**
 * Sleep (sleep.ts): an island never sleeps while one of its pairs overlaps by more than the
 * slop (issue 12, item 5), and a static or kinematic body created, moved or reshaped onto
 * sleeping bodies wakes every body it now overlaps.
 */
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP, World, type Body } from '../../src/physics/index';
import { DT } from './ideal';
import { shapeDistance, shapeOf } from './helpers';
import { maxOverlap } from './overlap';

/** Overlap (m) beyond which a pair may not be left asleep: the slop, read as at least 1 cm. */
const SLEEP_OVERLAP = Math.max(0.01, LINEAR_SLOP);

/** Pairs overlapping by more than SLEEP_OVERLAP with both bodies asleep, and the worst such overlap. */
function sleepingOverlaps(bodies: readonly Body[]): { count: number; worst: number } {
  let count = 0;
  let worst = 0;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const a = bodies[i];
      const b = bodies[j];
      if (a.isAwake || b.isAwake) continue;
      const overlap = -shapeDistance(shapeOf(a), shapeOf(b));
      if (overlap > SLEEP_OVERLAP) {
        count++;
        worst = Math.max(worst, overlap);
      }
    }
  }
  return { count, worst };
}

describe('sleep', () => {
  for (const damping of [0, 2]) {
    it(`with sleep on (damping ${damping}), no pair overlapping by more than the slop is left asleep, checked through 10 s`, () => {
      const w = new World({ gravity: { x: 0, y: 0 }, linearDamping: damping, enableSleep: true });
      const bodies: Body[] = [];
      for (let i = 0; i < 100; i++) bodies.push(w.createBody({ x: 0, y: 0, radius: 0.5 }));
      let worstCount = 0;
      let worst = 0;
      for (let k = 1; k <= 10 / DT; k++) {
        w.step(DT);
        if (k % 10 !== 0) continue;
        const s = sleepingOverlaps(bodies);
        worstCount = Math.max(worstCount, s.count);
        worst = Math.max(worst, s.worst);
      }
      expect(worstCount, `up to ${worstCount} sleeping pairs overlapping (worst ${worst.toFixed(3)} m)`).toBe(0);
    });
  }

  /** Five resting balls in a row at x = 0, 2, 4, 6, 8, all asleep. */
  function sleepingRow(w: World): Body[] {
    const balls: Body[] = [];
    for (let i = 0; i < 5; i++) balls.push(w.createBody({ x: 2 * i, y: 0, radius: 0.5 }));
    return balls;
  }

  function settleAsleep(w: World, balls: Body[]): void {
    for (let k = 0; k < 1 / DT; k++) w.step(DT);
    expect(balls.every((b) => !b.isAwake), 'the row fell asleep first').toBe(true);
  }

  // A box over y in [-0.3, 0.3], x in [-0.2, 2.2]: it overlaps balls 0 and 1 (at x = 0 and 2), no other.
  const cover = { x: 1, y: 0, halfWidth: 1.2, halfHeight: 0.3, radius: 0 };

  function expectWoken(w: World, balls: Body[], how: string): void {
    w.step(DT);
    const states = balls.map((b) => (b.isAwake ? 'awake' : 'asleep'));
    expect([balls[0].isAwake, balls[1].isAwake], `${how}: balls ${states.join(', ')}`).toEqual([true, true]);
    // And they are not left inside it.
    for (let k = 0; k < 3 / DT; k++) w.step(DT);
    const worst = maxOverlap(w.getBodies());
    expect(worst, `${how}: worst overlap ${worst.toFixed(3)} m after 3 s`).toBeLessThan(SLEEP_OVERLAP);
  }

  for (const type of ['static', 'kinematic'] as const) {
    it(`a ${type} body created onto sleeping bodies wakes every body it overlaps`, () => {
      const w = new World({ gravity: { x: 0, y: 0 }, enableSleep: true });
      const balls = sleepingRow(w);
      settleAsleep(w, balls);
      w.createBody({ type, ...cover });
      expectWoken(w, balls, 'created');
    });

    it(`a ${type} body moved onto sleeping bodies (setPosition) wakes every body it overlaps`, () => {
      const w = new World({ gravity: { x: 0, y: 0 }, enableSleep: true });
      const balls = sleepingRow(w);
      const mover = w.createBody({ type, ...cover, x: 1, y: 50 });
      settleAsleep(w, balls);
      mover.setPosition(cover.x, cover.y);
      expectWoken(w, balls, 'moved');
    });

    it(`a ${type} body reshaped onto sleeping bodies (setShape) wakes every body it overlaps`, () => {
      const w = new World({ gravity: { x: 0, y: 0 }, enableSleep: true });
      const balls = sleepingRow(w);
      // A speck 1.5 m above the row, far from every ball, grown to reach y = 0.2: over balls 0 and 1 only.
      const grower = w.createBody({ type, x: 1, y: 1.5, halfWidth: 0.05, halfHeight: 0.05, radius: 0 });
      settleAsleep(w, balls);
      grower.setShape(1.2, 1.3, 0);
      expectWoken(w, balls, 'reshaped');
    });
  }

  it('a sleeper woken by a contact in mid-step starts the solve from the velocity it slept with', () => {
    // A solve that gains energy starts again from each moving body's velocity before it
    // (restartSolve): a sleeper woken by the collide stage missed the gravity step that
    // records it, so the wake must, or a restart would give it a stale velocity.
    const w = new World({ gravity: { x: 0, y: 0 }, enableSleep: true });
    const sleeper = w.createBody({ x: 0, y: 0, radius: 0.5 });
    for (let k = 0; k < 1 / DT && sleeper.isAwake; k++) w.step(DT);
    expect(sleeper.isAwake, 'the body fell asleep first').toBe(false);
    const slot = w.getBodies().indexOf(sleeper);
    const { store } = w.internals;
    // Far enough that no pair exists yet (a pair made at creation wakes the sleeper at once).
    w.createBody({ x: -6, y: 0, vx: 30, radius: 0.5 });
    for (let k = 0; k < 30 && !sleeper.isAwake; k++) {
      store.startVx[slot] = 99;
      store.startVy[slot] = -99;
      w.step(DT);
    }
    expect(sleeper.isAwake, 'the hit woke it').toBe(true);
    expect([store.startVx[slot], store.startVy[slot]]).toEqual([0, 0]);
  });
});
