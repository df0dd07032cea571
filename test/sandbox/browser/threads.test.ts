/**
 * Issue 13 in the page: stress mode has every core when the page is cross-origin isolated
 * (served with the COOP and COEP headers that the Vite servers send) and steps on the fastest of
 * every core, all but one (from three cores on) and one, measured (thread-trial.ts); on one
 * thread when it is not isolated; and says
 * which, with the figures, in the HUD and in the ramp's verdict.
 * Set JOSTLE_SKIP_BROWSER=1 to skip.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { CONTROL_LENGTH, C_CHUNKS_DONE } from '../../../src/physics/parallel/control';
import { TRIAL_WARMUP, trialSteps } from '../../../src/physics/parallel/thread-trial';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';
const VIEWPORT = { width: 1000, height: 700 };
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

const state = (page: Page) => page.evaluate(() => window.jostle.stress.state);

/**
 * Put before a thread worker's script: at the n-th chunk it would count done, the worker waits
 * for good instead (a thread that stopped answering in the middle of a job: a browser may stop
 * a worker so, and a bug could).
 */
const hangAtChunk = (n: number): string => `
  const realAdd = Atomics.add;
  let chunksSeen = 0;
  Atomics.add = (array, slot, value) => {
    if (array.length === ${CONTROL_LENGTH} && slot === ${C_CHUNKS_DONE} && ++chunksSeen === ${n}) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    return realAdd(array, slot, value);
  };
`;

/** Runs a short ramp and returns its verdict. */
async function shortRamp(page: Page): Promise<string> {
  await page.evaluate(() => window.jostle.stress.ramp({ budgetMs: 2, batch: 300, window: 10, settleSteps: 5, maxSeconds: 30 }));
  await page.waitForFunction(() => window.jostle.stress.state.report !== null, null, { timeout: 90_000, polling: 250 });
  return (await state(page)).report ?? '';
}

describe.skipIf(SKIP)('stress mode on every core (cross-origin isolated page)', () => {
  const suite = usePageSuite(VIEWPORT, {}, ISOLATION);

  it('measures every core against one, steps on the faster, and names it with the figures in the HUD and the verdict', async () => {
    const page = await suite.open();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(cores).toBeGreaterThan(1);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const report = await shortRamp(page);
    // The trial may be measuring again (the world's step per body grew as the ramp filled it,
    // a step slowed, a minute passed), and may start to between two reads: the state and the
    // HUD are read together, at a moment when it is not measuring and the HUD shows the choice
    // (on its threads line) and the figures (on the trial line below).
    const handle = await page.waitForFunction(
      () => {
        const st = window.jostle.stress.state;
        if (st.threadsText.includes('measuring') || !st.threadsText.includes(' (')) return null;
        const [head, figures] = st.threadsText.split(' (');
        // Spaces collapsed: a long trial line breaks before its bodies to fit the card.
        const hud = (document.querySelector('#stress-hud')?.textContent ?? '').replace(/\s+/g, ' ');
        if (!hud.includes(`threads ${head}`) || !hud.includes(`trial ${figures.slice(0, -1)}`)) return null;
        return { threadsText: st.threadsText, threads: st.threads, threadMode: st.threadMode };
      },
      null,
      { timeout: 30_000, polling: 100 },
    );
    const s = (await handle.jsonValue()) as { threadsText: string; threads: number; threadMode: string };
    expect(s.threadMode).toBe('auto');
    // Whichever this machine measured faster, the HUD says which, with every side's figure
    // (from three cores on, all but one is timed too).
    const fewer = cores >= 3 ? `|${cores - 1} of ${cores}: one thread fewer is faster here` : '';
    const fewerMs = cores >= 3 ? `, [\\d.]+ on ${cores - 1}` : '';
    const measured = new RegExp(`^(${cores} threads: the faster here${fewer}|1 of ${cores}: one thread is faster here) \\([\\d.]+ ms on ${cores}${fewerMs}, [\\d.]+ on 1, at [\\d,]+ bodies\\)$`);
    expect(s.threadsText).toMatch(measured);
    expect(s.threads).toBe(Number(/^\d+/.exec(s.threadsText)?.[0]));
    // Both verdicts name the threads: "held N bodies at … (render) on T threads;" and, on a host
    // too busy for the first batch, "held no count: … ms/step on T threads;". The choice they
    // name is the one when the ramp ended: a trial run again since (the world's step per body
    // grew as the ramp filled it) may have chosen the other.
    const fewerCount = cores >= 3 ? `|${cores - 1} of ${cores} threads \\(one fewer stepped faster here\\)` : '';
    expect(report).toMatch(new RegExp(`(\\(render\\)|ms/step) on (${cores} threads${fewerCount}|1 of ${cores} threads \\(one stepped faster here\\));`));
    await page.screenshot({ path: join(ARTIFACTS, 'stress-threads.png') });
    // Set by hand, the count is the user's, whatever the figures say.
    await page.evaluate(() => window.jostle.stress.threads('one'));
    await page.waitForFunction((n) => window.jostle.stress.state.threads === 1 && window.jostle.stress.state.threadsText.startsWith(`1 of ${n}, set by hand`), cores, { timeout: 10_000 });
    await page.evaluate(() => window.jostle.stress.threads('all'));
    await page.waitForFunction((n) => window.jostle.stress.state.threads === n, cores, { timeout: 10_000 });
    expect((await state(page)).threadsText).toMatch(new RegExp(`^${cores} threads, set by hand \\(`));
    // The timeline bar says why history is off, whole, inside the bar.
    const readout = await page.evaluate(() => {
      const r = document.querySelector('#timeline .readout');
      const bar = document.querySelector('#timeline')?.getBoundingClientRect();
      const box = r?.getBoundingClientRect();
      return { text: r?.textContent ?? '', clipped: r === null || r.scrollWidth > r.clientWidth, inside: bar !== undefined && box !== undefined && box.right <= bar.right && box.left >= bar.left };
    });
    expect(readout.text).toBe('undo and timeline off in stress mode');
    expect(readout.clipped).toBe(false);
    expect(readout.inside).toBe(true);
    expect(suite.errors).toEqual([]);
  });

  it('when a worker thread stops answering in the middle of a step, the page says so, steps on one thread, and starts new threads when asked', async () => {
    // The thread workers the page starts first hang; those it starts later run as built.
    // (The server reads the file for every request; Playwright's routes miss a worker's workers.)
    const assets = join(suite.dist, 'assets');
    const file = join(assets, readdirSync(assets).find((name) => /^thread-worker-.*\.js$/.test(name)) ?? 'no thread worker was built');
    const built = readFileSync(file, 'utf8');
    writeFileSync(file, hangAtChunk(200) + built);
    const page = await suite.open('?scene=pile');
    try {
      await page.evaluate(() => window.jostle.stress.threads('all'));
      await page.evaluate(() => window.jostle.stress.runCurrentWorld());
      await page.waitForFunction(() => window.jostle.stress.state.threads > 1, null, { timeout: 30_000, polling: 100 });
    } finally {
      writeFileSync(file, built);
    }
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const lost = '1 thread (one stopped answering)';
    await page.waitForFunction((text) => window.jostle.stress.state.threadsText === text, lost, { timeout: 60_000, polling: 100 });
    const message = page.locator('#message');
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toBe(
      'A worker thread stopped answering in the middle of a step: the simulation paused and steps on one thread now. Pick the threads again in the Stress test folder to start new ones.',
    );
    const s = await state(page);
    expect(s.paused).toBe(true);
    // The page's pause follows the worker's: the button offers to run, and one press does.
    expect(await page.getByRole('button', { name: 'run', exact: true }).isVisible()).toBe(true);
    expect(s.threads).toBe(1);
    await page.waitForFunction((text) => document.querySelector('#stress-hud')?.textContent?.includes(`threads  ${text}`) === true, lost);
    expect(await page.evaluate(() => { const hud = document.querySelector('#stress-hud'); return hud !== null && hud.scrollWidth <= hud.clientWidth; })).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'stress-thread-lost.png') });
    // Unpaused, the world steps on this thread.
    await page.keyboard.press(' ');
    await page.waitForFunction((n) => window.jostle.stress.state.steps > n + 30, s.steps, { timeout: 30_000, polling: 100 });
    expect((await state(page)).threads).toBe(1);
    // Asked for every core again, the page starts new threads and steps on them.
    await page.evaluate(() => window.jostle.stress.threads('all'));
    await page.waitForFunction((n) => window.jostle.stress.state.threads === n, cores, { timeout: 30_000, polling: 100 });
    const before = (await state(page)).steps;
    await page.waitForFunction((n) => window.jostle.stress.state.steps > n + 30, before, { timeout: 30_000, polling: 100 });
    expect((await state(page)).threadsText).toMatch(new RegExp(`^${cores} threads, set by hand`));
    expect(suite.errors).toEqual([]);
  });

  for (const mode of ['all', 'auto'] as const) {
    const how = mode === 'all' ? 'on every core' : 'through a trial that switches between every core and one';
    it(`a pile stepped in the worker ${how}, its rows in the kernels' memory shared with the threads, comes back as one thread would step it`, async () => {
      const page = await suite.open('?scene=pile');
      await page.evaluate((m) => window.jostle.stress.threads(m), mode);
      await page.keyboard.press(' ');
      await page.waitForFunction(() => window.jostle.settings.paused);
      const before = await page.evaluate(() => JSON.stringify(window.jostle.world.toJSON()));
      const count = await page.evaluate(() => window.jostle.world.bodyCount);
      await page.evaluate(() => window.jostle.stress.runCurrentWorld());
      await page.waitForFunction((n) => window.jostle.stress.state.bodies === n && window.jostle.stress.state.paused, count);
      // Long enough for the rows to move into the kernels' memory (after 30 steps that pack: a
      // pile of 800 does from about step 75 on two threads) and be stepped there for a while,
      // and for a trial to warm the threads up, time both sides and decide.
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      const least = mode === 'all' ? 200 : TRIAL_WARMUP + trialSteps(cores) + 30;
      await page.keyboard.press(' ');
      await page.waitForFunction((n) => window.jostle.stress.state.steps >= n, least, { timeout: 60_000, polling: 100 });
      await page.keyboard.press(' ');
      await page.waitForFunction(() => window.jostle.stress.state.paused);
      const steps = (await state(page)).steps;
      // On every core throughout; or a trial ran (its warm-up and its 60 steps on every core
      // include the steps after the rows move into the kernels' memory), switching seven times,
      // and decided.
      if (mode === 'all') expect((await state(page)).threads).toBe(cores);
      else expect((await state(page)).threadsText).toMatch(/ \(.* ms on \d+, .* on 1, at [\d,]+ bodies\)$/);
      await page.evaluate(() => window.jostle.stress.leave());
      const [back, here] = await page.evaluate(
        ([json, n]) => {
          type WorldClass = { fromJSON(json: unknown): typeof window.jostle.world };
          const World = window.jostle.world.constructor as unknown as WorldClass;
          const world = World.fromJSON(JSON.parse(json));
          for (let k = 0; k < n; k++) world.step(1 / window.jostle.settings.hertz);
          return [JSON.stringify(window.jostle.world.toJSON()), JSON.stringify(world.toJSON())];
        },
        [before, steps] as const,
      );
      expect(steps).toBeGreaterThanOrEqual(least);
      expect(back).not.toBe(before);
      expect(back).toBe(here);
      expect(suite.errors).toEqual([]);
    });
  }
});

describe.skipIf(SKIP)('stress mode on one thread (page not isolated)', () => {
  const suite = usePageSuite(VIEWPORT);

  it('steps on one thread and says why', async () => {
    const page = await suite.open();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    const report = await shortRamp(page);
    // The trial may be measuring again (the world's step per body grew as the ramp filled it).
    await page.waitForFunction(() => !window.jostle.stress.state.threadsText.includes('measuring'), null, { timeout: 30_000, polling: 100 });
    const s = await state(page);
    expect(s.threads).toBe(1);
    expect(s.threadsText).toBe('1 thread (page not cross-origin isolated)');
    expect(report).toMatch(/(\(render\)|ms\/step) on 1 thread \(page not cross-origin isolated\);/);
    expect(suite.errors).toEqual([]);
  });
});
