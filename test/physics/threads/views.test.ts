/**
 * Issue 13, every core: a world on threads whose shared arrays grow in their own buffers (a
 * growable SharedArrayBuffer reserves room to grow in place) tells its workers to view those
 * buffers anew, rather than parking them and posting every buffer again (1.5 to 2 ms a time at
 * 10,000 to 50,000 bodies). Only an array that moved to a new buffer is posted again. The step
 * keeps the bits of one thread.
 */
import { describe, expect, it } from 'vitest';
import { World, type ThreadMessage, type ThreadPool } from '../../../src/physics/index';
import { sharedGeneration, sharedReplacements } from '../../../src/physics/grown';
import { stateHash } from '../helpers';
import { poolForFile } from './pool-fixture';

const DT = 1 / 60;
const workers = poolForFile(1);

/** A box of balls; `grow` adds a second batch, enough to grow every per-body array. */
function balls(world: World, from: number, count: number): void {
  for (let i = from; i < from + count; i++) {
    world.createBody({ x: -20 + (i % 40), y: 1 + Math.floor(i / 40) * 1.05, radius: 0.4, vx: ((i * 7) % 5) - 2, vy: 0 });
  }
}

function boxed(): World {
  const w = new World({ gravity: { x: 0, y: -10 } });
  w.createBody({ type: 'static', x: 0, y: -1, halfWidth: 30, halfHeight: 1, radius: 0 });
  w.createBody({ type: 'static', x: -31, y: 40, halfWidth: 1, halfHeight: 41, radius: 0 });
  w.createBody({ type: 'static', x: 31, y: 40, halfWidth: 1, halfHeight: 41, radius: 0 });
  balls(w, 0, 1200);
  return w;
}

describe('issue 13: shared arrays that grow in place', () => {
  it('reach the workers as new views of the same buffers, and the world keeps the bits of one thread', () => {
    // Each post hands the worker every buffer again: it is needed only once a buffer has moved.
    let posts = 0;
    let needless = 0;
    let movedAtLastPost = -1;
    const pool: ThreadPool = {
      size: 1,
      post: (index: number, message: ThreadMessage) => {
        posts++;
        if (sharedReplacements() === movedAtLastPost) needless++;
        movedAtLastPost = sharedReplacements();
        workers().post(index, message);
      },
    };
    const threaded = boxed();
    const alone = boxed();
    threaded.setThreads(pool);
    for (let k = 0; k < 40; k++) {
      threaded.step(DT);
      alone.step(DT);
    }
    const grownBefore = sharedGeneration();
    const movedBefore = sharedReplacements();
    // Twice the bodies: the store's arrays, the pair cache and the rows all grow.
    balls(threaded, 1200, 1200);
    balls(alone, 1200, 1200);
    for (let k = 0; k < 40; k++) {
      threaded.step(DT);
      alone.step(DT);
    }
    const grewInPlace = sharedGeneration() - grownBefore - (sharedReplacements() - movedBefore);
    expect(grewInPlace, 'arrays that grew in their own buffers').toBeGreaterThan(0);
    expect(posts, 'the buffers handed over').toBeGreaterThan(0);
    expect(needless, 'hand-overs with no buffer moved since the last').toBe(0);
    expect(stateHash(threaded)).toBe(stateHash(alone));
    threaded.setThreads(null);
  });
});
