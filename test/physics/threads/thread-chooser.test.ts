/**
 * ThreadChooser: a world stepped on its pool or on one thread, whichever measured faster. Real
 * Node workers step the world; only the clock is the test's, since which side is faster on this
 * machine changes from minute to minute (test/bench/README.md) and a test must not depend on it.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ThreadChooser, World, type ThreadMessage } from '../../../src/physics/index';
import { TRIAL_STEPS, TRIAL_WARMUP, trialSteps } from '../../../src/physics/parallel/thread-trial';
import { pile } from '../../../src/scenes/pile';
import { stateHash } from '../helpers';
import { dyingWorker } from './hooked-worker';
import { createNodePool, type NodePool } from './node-pool';

const DT = 1 / 60;
let workers: NodePool;

beforeAll(async () => {
  workers = await createNodePool(1);
});

afterAll(async () => {
  await workers?.close();
});

function pileOf(count: number): World {
  const w = new World();
  pile(w, { count });
  return w;
}

/**
 * A clock on which a step takes `oneMs` on one thread and `poolMs` on the pool: the chooser
 * reads it once before a step and once after, and each read moves it on by half a step.
 */
function clockFor(world: World, oneMs: number, poolMs: number): () => number {
  let t = 0;
  return () => (t += (world.threads > 1 ? poolMs : oneMs) / 2);
}

describe('ThreadChooser', () => {
  it.each([
    ['the pool is faster', 3, 2, 2],
    ['one thread is faster', 2, 3, 1],
  ] as const)('keeps the faster side once it has measured both (%s), and the world steps to the same bits as on one thread', (_case, oneMs, poolMs, kept) => {
    const alone = pileOf(600);
    const w = pileOf(600);
    const chooser = new ThreadChooser(w, workers, 'auto', clockFor(w, oneMs, poolMs));
    onTestFinished(() => w.setThreads(null));
    const used = new Set<number>();
    let inTrial = 0;
    for (let k = 0; k < TRIAL_WARMUP + TRIAL_STEPS; k++) {
      chooser.step(DT);
      used.add(w.threads);
      inTrial += chooser.lastStepInTrial ? 1 : 0;
      alone.step(DT);
    }
    // The trial (its warm-up first) stepped on both sides, and every one of its steps said so.
    expect([...used].sort()).toEqual([1, 2]);
    expect(inTrial).toBe(TRIAL_WARMUP + TRIAL_STEPS);
    for (let k = 0; k < 30; k++) {
      chooser.step(DT);
      expect(w.threads).toBe(kept);
      expect(chooser.lastStepInTrial).toBe(false);
      alone.step(DT);
    }
    const c = chooser.choice;
    expect(c).toMatchObject({ mode: 'auto', available: 2, using: kept, measuring: false, bodies: w.bodyCount });
    expect(c.allMs).toBeCloseTo(poolMs / 2, 9);
    expect(c.oneMs).toBeCloseTo(oneMs / 2, 9);
    expect(stateHash(w)).toBe(stateHash(alone));
  });

  it('on a pool of two workers, keeps all threads but one where they are the faster, and the world steps to the same bits throughout', async () => {
    const two = await createNodePool(2);
    const alone = pileOf(600);
    const w = pileOf(600);
    onTestFinished(async () => {
      w.setThreads(null);
      await two.close();
    });
    // Three threads take 8 ms, two 3, one 5: a machine with a core busy with other work.
    let t = 0;
    const clock = (): number => (t += [0, 5, 3, 8][w.threads] / 2);
    const chooser = new ThreadChooser(w, two, 'auto', clock);
    const used = new Set<number>();
    for (let k = 0; k < TRIAL_WARMUP + trialSteps(3); k++) {
      chooser.step(DT);
      used.add(w.threads);
      alone.step(DT);
    }
    expect([...used].sort()).toEqual([1, 2, 3]);
    for (let k = 0; k < 30; k++) {
      chooser.step(DT);
      expect(w.threads).toBe(2);
      alone.step(DT);
    }
    expect(chooser.choice).toMatchObject({ available: 3, using: 2, measuring: false });
    expect([chooser.choice.allMs, chooser.choice.fewerMs, chooser.choice.oneMs]).toEqual([4, 1.5, 2.5]);
    expect(stateHash(w)).toBe(stateHash(alone));
    // The whole pool again, set by hand: the workers left out rejoin.
    chooser.setMode('all');
    for (let k = 0; k < 10; k++) {
      chooser.step(DT);
      alone.step(DT);
    }
    expect(w.threads).toBe(3);
    expect(stateHash(w)).toBe(stateHash(alone));
  });

  it('warms the pool up on every thread before its first trial, and says so', () => {
    const w = pileOf(300);
    const chooser = new ThreadChooser(w, workers, 'auto', clockFor(w, 2, 3));
    onTestFinished(() => w.setThreads(null));
    for (let k = 0; k < TRIAL_WARMUP - 1; k++) {
      chooser.step(DT);
      expect(w.threads).toBe(2);
      expect(chooser.choice).toMatchObject({ measuring: true, warming: true });
      expect(chooser.lastStepInTrial).toBe(true);
    }
    chooser.step(DT);
    expect(chooser.choice).toMatchObject({ measuring: true, warming: false });
  });

  it("obeys 'one' and 'all' set by hand, and refuses a mode it does not know, naming it", () => {
    const w = pileOf(300);
    // One thread measures faster, but 'all' is asked for.
    const chooser = new ThreadChooser(w, workers, 'all', clockFor(w, 1, 5));
    onTestFinished(() => w.setThreads(null));
    for (let k = 0; k < 20; k++) chooser.step(DT);
    expect(w.threads).toBe(2);
    chooser.setMode('one');
    chooser.step(DT);
    expect(w.threads).toBe(1);
    expect(chooser.choice).toMatchObject({ mode: 'one', using: 1, available: 2 });
    expect(() => chooser.setMode('many' as 'all')).toThrow('threads must be one of auto, all, one, got many');
    expect(chooser.choice.mode).toBe('one');
  });

  it('after a worker stops answering in the middle of a step, the step throws and the world steps on one thread from then on', async () => {
    const doomed = dyingWorker('chunk', 400);
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    await new Promise((resolve) => {
      doomed.once('message', resolve);
      doomed.postMessage('ping');
    });
    const w = pileOf(1500);
    const chooser = new ThreadChooser(w, { size: 1, post: (_index: number, message: ThreadMessage) => doomed.postMessage(message) }, 'all');
    let failure: Error | null = null;
    for (let k = 0; k < 400 && failure === null; k++) {
      try {
        chooser.step(DT);
      } catch (error) {
        failure = error as Error;
      }
    }
    await exited;
    expect(failure?.message).toMatch(/^step: a worker thread stopped answering/);
    expect(chooser.lost).toBe(true);
    // 'all' still asked for, but the pool is not given back to the world.
    for (let k = 0; k < 10; k++) chooser.step(DT);
    expect(w.threads).toBe(1);
    expect(chooser.choice.using).toBe(1);
  }, 60_000);
});
