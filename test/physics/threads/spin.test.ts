/**
 * A worker waiting for the next job (control.ts's `waitWhileEqual`) keeps spinning while the
 * world steps, since waking from `Atomics.wait` costs more than most jobs take, and sleeps
 * between steps, or after STEP_SPIN_MS of one (a driving thread stopped mid-step must not keep a
 * core busy). Checked on a real worker thread over a real control block.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CONTROL_LENGTH, C_SLEEPING, C_STEPPING, STEP_SPIN_MS } from '../../../src/physics/parallel/control';

/** Slots of the test's own: the word the worker waits on, and when it started waiting (Date.now(), as two halves). */
const WATCHED = 40;
const STARTED_HIGH = 41;
const STARTED_LOW = 42;

/** A worker that waits on ctl[WATCHED] while it is 0, as a team's worker waits on the epoch, and posts what it read. */
function waiter(ctl: Int32Array): Worker {
  const control = new URL('../../../src/physics/parallel/control.ts', import.meta.url).href;
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(control)}); }).then((c) => {
      const ctl = new Int32Array(workerData);
      const now = Date.now();
      Atomics.store(ctl, ${STARTED_HIGH}, Math.floor(now / 2 ** 20));
      Atomics.store(ctl, ${STARTED_LOW}, now % 2 ** 20);
      parentPort.postMessage(c.waitWhileEqual(ctl, ${WATCHED}, 0, c.C_SLEEPING));
    });`;
  return new Worker(code, { eval: true, workerData: ctl.buffer });
}

/** Spins until ctl[C_SLEEPING] is 1 (the worker went to sleep); returns Date.now() then. */
async function untilAsleep(ctl: Int32Array): Promise<number> {
  const limit = Date.now() + 10_000;
  while (Atomics.load(ctl, C_SLEEPING) === 0) {
    if (Date.now() > limit) throw new Error('the worker never slept');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return Date.now();
}

async function wake(ctl: Int32Array, worker: Worker): Promise<unknown> {
  const answer = new Promise((resolve) => worker.once('message', resolve));
  Atomics.store(ctl, WATCHED, 7);
  Atomics.notify(ctl, WATCHED);
  const value = await answer;
  await worker.terminate();
  return value;
}

describe('issue 13: a worker between jobs', () => {
  it('spins while the world steps, for STEP_SPIN_MS at most, then sleeps', async () => {
    const ctl = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    Atomics.store(ctl, C_STEPPING, 1);
    const worker = waiter(ctl);
    const asleep = await untilAsleep(ctl);
    const started = Atomics.load(ctl, STARTED_HIGH) * 2 ** 20 + Atomics.load(ctl, STARTED_LOW);
    // Seen asleep at least STEP_SPIN_MS after it started waiting (one clock tick of slack).
    expect(asleep - started).toBeGreaterThanOrEqual(STEP_SPIN_MS - 1);
    expect(await wake(ctl, worker)).toBe(7);
  }, 20_000);

  it('sleeps between steps, and wakes for the next job', async () => {
    const ctl = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    const worker = waiter(ctl);
    await untilAsleep(ctl);
    expect(await wake(ctl, worker)).toBe(7);
  }, 20_000);
});
