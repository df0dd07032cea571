/**
 * The world as a whole: determinism (bit-identical runs of the benchmark scenes, queries that do
 * not disturb the simulation), contact events once per touch, and queries that agree with
 * brute force over every body.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { World, rayVsRoundedRect, type Body, type RayHit } from '../../src/physics/index';
import { crowd } from '../../src/scenes/crowd';
import { pile } from '../../src/scenes/pile';
import { run, shapeDistance, shapeOf, signedDepth, stateHash } from './helpers';
import { applyOp, opArb } from './scene-ops';

describe('determinism', () => {
  const scenes = { crowd, pile };
  for (const [name, scene] of Object.entries(scenes)) {
    it(`${name}(500): the same calls give bit-identical bodies`, () => {
      const hashes: string[] = [];
      const starts: string[] = [];
      for (let k = 0; k < 2; k++) {
        const world = new World();
        scene(world, { count: 500 });
        starts.push(stateHash(world));
        run(world, 150);
        hashes.push(stateHash(world));
      }
      expect(hashes[1]).toBe(hashes[0]);
      expect(hashes[0]).not.toBe(starts[0]); // the bodies did move
    });
  }

  it('queries and listeners between steps do not change the simulation', () => {
    const plain = new World();
    const watched = new World();
    crowd(plain, { count: 300 });
    crowd(watched, { count: 300 });
    let events = 0;
    watched.on('contactBegin', () => events++);
    for (let k = 0; k < 120; k++) {
      plain.step(1 / 60);
      watched.step(1 / 60);
      watched.queryPoint(k % 7, 3);
      watched.queryBox(-5, -5, 5, 5);
      watched.rayCast(-20, k % 11, 20, -3);
      watched.toJSON();
    }
    expect(events).toBeGreaterThan(0);
    expect(stateHash(watched)).toBe(stateHash(plain));
  });
});

describe('contact events', () => {
  /**
   * A ball dropped on a floor: every event (with its step), and for every step whether the
   * floor acted on the ball, which is physics, not bookkeeping: gravity alone lowers vy by
   * g·dt each step, so a step in which vy fell by less than half that was one in which the
   * floor pushed (a bounce, or resting on it).
   */
  function bounce(sleep: boolean): { events: Array<[string, number]>; pushed: boolean[]; ball: Body; world: World } {
    const g = 10;
    const dt = 1 / 60;
    const world = new World({ gravity: { x: 0, y: -g }, enableSleep: sleep });
    const floor = world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
    const ball = world.createBody({ y: 3, radius: 0.5, restitution: 0.7 });
    const events: Array<[string, number]> = [];
    let step = 0;
    const pairOk = (a: Body, b: Body): void => {
      expect(new Set([a, b])).toEqual(new Set([floor, ball]));
    };
    world.on('contactBegin', (a, b) => {
      pairOk(a, b);
      events.push(['begin', step]);
    });
    world.on('contactEnd', (a, b) => {
      pairOk(a, b);
      events.push(['end', step]);
    });
    const pushed: boolean[] = [];
    for (step = 0; step < 400; step++) {
      const vy = ball.vy;
      world.step(dt);
      pushed.push(ball.vy - vy > (-g * dt) / 2);
    }
    return { events, pushed, ball, world };
  }

  /** Touch episodes: maximal runs of steps in which the floor pushed, as [first, last] step. */
  function episodes(pushed: boolean[]): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let k = 0; k < pushed.length; k++) {
      if (!pushed[k]) continue;
      const start = k;
      while (k + 1 < pushed.length && pushed[k + 1]) k++;
      out.push([start, k + 1 < pushed.length ? k : Infinity]);
    }
    return out;
  }

  for (const sleep of [false, true]) {
    it(`fire once per touch start and end for a ball bouncing on a floor (sleep ${sleep ? 'on' : 'off'})`, () => {
      const { events, pushed } = bounce(sleep);
      const touches = episodes(pushed);
      expect(touches.length).toBeGreaterThanOrEqual(4); // it bounced
      expect(touches[touches.length - 1][1]).toBe(Infinity); // and came to rest
      // Begin, end, begin, end, ..., begin: one pair per bounce, the last touch never ends.
      expect(events.map((e) => e[0])).toEqual(touches.flatMap((_, k) => (k < touches.length - 1 ? ['begin', 'end'] : ['begin'])));
      // Each begin in the step the floor first pushes, each end within two steps after its last push.
      touches.forEach(([start, last], k) => {
        expect(events[2 * k][1]).toBe(start);
        if (last !== Infinity) {
          expect(events[2 * k + 1][1]).toBeGreaterThan(last);
          expect(events[2 * k + 1][1]).toBeLessThanOrEqual(last + 2);
        }
      });
    });
  }

  it('end when a resting ball is thrown up, and not again while it flies', () => {
    const { events, ball, world } = bounce(true);
    const before = events.length;
    expect(ball.isAwake).toBe(false); // asleep on the floor: no events while it sleeps
    ball.setVelocity(0, 6);
    run(world, 10);
    expect(events.slice(before).map((e) => e[0])).toEqual(['end']);
  });

  it('unsubscribed listeners are not called', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1, radius: 0 });
    world.createBody({ y: 2, radius: 0.5 });
    let calls = 0;
    const off = world.on('contactBegin', () => calls++);
    off();
    run(world, 120);
    expect(calls).toBe(0);
  });
});

describe('queries agree with brute force', () => {
  const EDGE = 1e-9; // m: points this close to a surface may go either way

  function expectQueriesAgree(world: World, random: () => number): void {
    const bodies = world.getBodies();
    const ids = (list: Body[]): number[] => list.map((b) => b.id);
    for (let q = 0; q < 20; q++) {
      const x = random() * 30 - 15;
      const y = random() * 30 - 15;
      // queryPoint: every body containing the point, in slot order.
      const depth = new Map(bodies.map((b) => [b, signedDepth(x, y, shapeOf(b))] as const));
      const inside = bodies.filter((b) => (depth.get(b) as number) >= 0);
      const found = world.queryPoint(x, y);
      expect(ids(found)).toEqual([...ids(found)].sort((a, b) => a - b));
      for (const b of found) expect(depth.get(b) as number).toBeGreaterThan(-EDGE);
      for (const b of inside) if ((depth.get(b) as number) > EDGE) expect(found).toContain(b);
      // queryBox: every body whose shape overlaps the box.
      const w = random() * 6;
      const h = random() * 6;
      const box = { x: x + w / 2, y: y + h / 2, hw: w / 2, hh: h / 2, r: 0 };
      const inBox = world.queryBox(x, y, x + w, y + h);
      expect(ids(inBox)).toEqual([...ids(inBox)].sort((a, b) => a - b));
      for (const b of bodies) {
        const d = shapeDistance(box, shapeOf(b));
        if (d < -EDGE) expect(inBox).toContain(b);
        if (d > EDGE) expect(inBox).not.toContain(b);
      }
      // rayCast: the nearest body the segment enters, by testing every body.
      const x2 = random() * 30 - 15;
      const y2 = random() * 30 - 15;
      const hit: RayHit = { fraction: 0, nx: 0, ny: 0 };
      let best = Infinity;
      const nearest: Body[] = [];
      for (const b of bodies) {
        if (!rayVsRoundedRect(x, y, x2 - x, y2 - y, b.x, b.y, b.halfWidth, b.halfHeight, b.radius, hit)) continue;
        if (hit.fraction < best) {
          best = hit.fraction;
          nearest.length = 0;
        }
        if (hit.fraction === best) nearest.push(b);
      }
      const ray = world.rayCast(x, y, x2, y2);
      if (nearest.length === 0) {
        expect(ray).toBeNull();
      } else {
        expect(ray).not.toBeNull();
        expect(ray?.fraction).toBe(best);
        expect(nearest).toContain(ray?.body);
        expect(ray?.x).toBeCloseTo(x + (x2 - x) * best, 12);
        expect(ray?.y).toBeCloseTo(y + (y2 - y) * best, 12);
      }
    }
  }

  it('on random scenes, after steps and right after creates, moves and destroys', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), fc.integer(), (ops, seed) => {
        const world = new World({ gravity: { x: 0, y: -5 }, sleepSpeed: 0.5, timeToSleep: 0.1 });
        const bodies: Body[] = [];
        let state = seed;
        const random = (): number => {
          state = (Math.imul(state, 1103515245) + 12345) | 0;
          return (state >>> 8) / 16777216;
        };
        for (const o of ops) {
          applyOp(world, bodies, o);
          expectQueriesAgree(world, random);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('a bouncing ball is found where it is, right after the step that reversed it', () => {
    const world = new World();
    world.createBody({ type: 'static', x: 5.5, halfWidth: 0.5, halfHeight: 5, radius: 0 });
    const ball = world.createBody({ x: 4.45, radius: 0.5, vx: 10, restitution: 1 });
    for (let k = 0; k < 4; k++) {
      world.step(1 / 60);
      expect(world.queryPoint(ball.x - 0.49, ball.y)).toEqual([ball]);
      expect(world.queryBox(ball.x - 0.49, ball.y - 0.01, ball.x - 0.48, ball.y + 0.01)).toEqual([ball]);
    }
  });

  it('a body is found right after it is created or teleported, before any step', () => {
    const world = new World();
    const a = world.createBody({ x: 1, y: 1, radius: 0.5 });
    expect(world.queryPoint(1, 1)).toEqual([a]);
    world.step(1 / 60);
    a.setPosition(20, -20);
    expect(world.queryPoint(20, -20)).toEqual([a]);
    expect(world.queryPoint(1, 1)).toEqual([]);
    expect(world.rayCast(20, -30, 20, -10)?.body).toBe(a);
  });
});

describe('world.stats', () => {
  it('is a plain object that a worker can post (structured clone) and that counts awake bodies when read', () => {
    const world = new World({ enableSleep: false });
    world.createBody({ type: 'static', y: -2, halfWidth: 5, halfHeight: 1, radius: 0 });
    for (let k = 0; k < 3; k++) world.createBody({ x: 2 * k, radius: 0.5 });
    world.step(1 / 60);
    const copy = structuredClone(world.stats);
    expect(copy.awakeBodies).toBe(3);
    expect(copy.bodies).toBe(4);
    expect({ ...world.stats }.awakeBodies).toBe(3);
  });
});

describe('world.reserve', () => {
  /** The body arrays' room: read through the world's store, which has no public getter. */
  const room = (w: World): number => (w as unknown as { store: { capacity: number } }).store.capacity;

  it('makes room once: creating up to the reserved count never regrows the arrays', () => {
    const w = new World();
    w.reserve(3000);
    expect(room(w)).toBe(3000);
    for (let i = 0; i < 3000; i++) w.createBody({ x: (i % 60) * 1.5, y: Math.floor(i / 60) * 1.5, radius: 0.5 });
    expect(room(w)).toBe(3000);
    // Past it, growth goes on as before.
    w.createBody({ x: -10, y: -10, radius: 0.5 });
    expect(room(w)).toBeGreaterThan(3000);
  });

  it('changes no result: the same scene with and without it steps to the same bits', () => {
    const build = (reserve: boolean): World => {
      const w = new World();
      if (reserve) w.reserve(2000);
      crowd(w, { count: 1500 });
      run(w, 60);
      return w;
    };
    expect(stateHash(build(true))).toBe(stateHash(build(false)));
  });

  it('never shrinks, and refuses a count that is not a whole number from 0 to 10,000,000, naming it', () => {
    const w = new World();
    w.reserve(5000);
    w.reserve(10);
    expect(room(w)).toBe(5000);
    for (const bad of [-1, 2.5, Number.NaN, Infinity, 1e8]) {
      expect(() => w.reserve(bad)).toThrow(/bodies/);
      expect(room(w)).toBe(5000);
    }
    expect(() => w.reserve(-1)).toThrow(/-1/);
  });
});

describe('memory kept per body', () => {
  it('holds user values only for the bodies that have one, through destroys and snapshots', () => {
    const w = new World();
    const userData = (): Map<number, unknown> => w.internals.store.userData;
    const plain = Array.from({ length: 500 }, (_, k) => w.createBody({ x: 2 * k, radius: 0.5 }));
    const tagged = w.createBody({ x: -5, radius: 0.5, userData: { tag: 'kept' } });
    expect(userData().size).toBe(1);
    plain[3].userData = 7;
    plain[3].userData = undefined;
    expect(userData().size).toBe(1);
    w.destroyBody(tagged);
    expect(userData().size).toBe(0);
    // A reused slot does not inherit the old body's value.
    expect(w.createBody({ x: -5, radius: 0.5 }).userData).toBeUndefined();
    plain[9].userData = { note: 'saved' };
    const copy = World.fromJSON(JSON.parse(JSON.stringify(w.toJSON())));
    expect(copy.internals.store.userData.size).toBe(1);
    expect(copy.getBody(plain[9].id)?.userData).toEqual({ note: 'saved' });
  });

  it('lets the list of velocities set between steps shrink back after a scene set them all', () => {
    const w = new World();
    crowd(w, { count: 5000 });
    const list = (): Int32Array => (w as unknown as { velocitySet: Int32Array }).velocitySet;
    expect(list().length).toBeGreaterThanOrEqual(5000);
    w.step(1 / 60);
    expect(list().length).toBeLessThan(100);
  });
});
