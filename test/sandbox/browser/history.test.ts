/**
 * Undo and redo, the timeline and replay files, in Chromium through real keys, clicks and
 * files: every user action undoes to the world bit for bit (the state hash), the scrubber and
 * `,` / `.` move along the recorded minute exactly, acting from a scrubbed point drops the
 * future, a tampered recording says DIVERGED, and a saved replay plays back to the same state.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { clearMessage, control, messageText, waitFrames, watchMessage } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

const hash = (page: Page): Promise<string> => page.evaluate(() => window.jostle.history.hash());
const status = (page: Page) => page.evaluate(() => window.jostle.history.status);
const bodyCount = (page: Page): Promise<number> => page.evaluate(() => window.jostle.world.bodyCount);

/** A point on screen (CSS px) with no body under it, inside the scene. */
async function emptySpot(page: Page): Promise<{ x: number; y: number }> {
  const spot = await page.evaluate(() => {
    const j = window.jostle;
    const b = j.sandbox.sceneBounds;
    for (let fy = 0.3; fy < 0.8; fy += 0.05) {
      for (let fx = 0.2; fx < 0.8; fx += 0.05) {
        const x = b.minX + fx * (b.maxX - b.minX);
        const y = b.minY + fy * (b.maxY - b.minY);
        if (j.world.queryBox(x - 1, y - 1, x + 1, y + 1).length === 0) return j.worldToScreen(x, y);
      }
    }
    return null;
  });
  if (spot === null) throw new Error('no empty spot in the scene');
  return spot;
}

/** What the timeline bar overlaps of what the user needs to see or press. */
function barCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const r = document.getElementById('timeline')?.getBoundingClientRect();
    if (r === undefined) return ['no bar'];
    return ['#toolbar', '#help-hint', '#scale-readout', '.lil-gui.lil-root', '#first-hint', '#scene-note', '#pause-badge'].filter((what) => {
      const el = document.querySelector(what);
      if (el === null || getComputedStyle(el).display === 'none') return false;
      const o = el.getBoundingClientRect();
      return r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom;
    });
  });
}

/**
 * What is wrong with where the DIVERGED flag sits: off screen, or over one of the bar's controls,
 * the toolbar or the help button (empty when it reads whole and hides nothing).
 */
function flagPlacement(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const f = document.querySelector('#timeline .diverged')?.getBoundingClientRect();
    if (f === undefined || f.width === 0) return ['no flag'];
    const wrong: string[] = [];
    if (f.left < 0 || f.top < 0 || f.right > window.innerWidth || f.bottom > window.innerHeight) wrong.push(`off screen: ${JSON.stringify(f)}`);
    for (const el of document.querySelectorAll('#timeline button, #timeline #scrubber, #timeline .readout, #toolbar, #help-hint, #message.visible')) {
      if (getComputedStyle(el).display === 'none') continue;
      const o = el.getBoundingClientRect();
      if (f.left < o.right && o.left < f.right && f.top < o.bottom && o.top < f.bottom) wrong.push(`over ${el.id || el.className}`);
    }
    return wrong;
  });
}

/** Steps the paused page `n` times with `.`, waiting for each. */
async function stepKeys(page: Page, key: string, n: number): Promise<void> {
  for (let k = 0; k < n; k++) await page.keyboard.press(key);
  await waitFrames(page, 2);
}

describe.skipIf(SKIP)('history: undo, the timeline and replays, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('undoes and redoes a spawn, a drag, a panel change and a scene load, bit for bit, by keys and by buttons', async () => {
    const page = await suite.open('?scene=playground');
    await page.keyboard.press(' '); // pause: each state is then still
    await waitFrames(page, 2);
    const h0 = await hash(page);
    const n0 = await bodyCount(page);

    const spot = await emptySpot(page);
    await page.mouse.click(spot.x, spot.y);
    await expect.poll(() => bodyCount(page)).toBe(n0 + 1);
    const h1 = await hash(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => hash(page)).toBe(h0);
    expect(await bodyCount(page)).toBe(n0);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => hash(page)).toBe(h1);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await expect.poll(() => hash(page)).toBe(h1);

    // A drag of a body (paused: the body follows the pointer), many moves, one entry.
    const body = await page.evaluate(() => {
      const b = window.jostle.world.getBodies().find((x) => x.type === 'dynamic');
      return b === undefined ? null : { id: b.id, ...window.jostle.worldToScreen(b.x, b.y) };
    });
    expect(body).not.toBeNull();
    if (body === null) return;
    await page.mouse.move(body.x, body.y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) await page.mouse.move(body.x + k * 6, body.y - k * 4);
    await page.mouse.up();
    await expect.poll(() => hash(page)).not.toBe(h1);
    await page.locator('#timeline .undo').click();
    await expect.poll(() => hash(page)).toBe(h1);

    // A panel change: gravity y typed in; undo puts the world's option and the slider back.
    const gravity = await page.evaluate(() => window.jostle.world.options.gravity.y);
    const field = control(page, 'gravity y');
    await field.fill('-3');
    await field.press('Enter');
    await expect.poll(() => page.evaluate(() => window.jostle.world.options.gravity.y)).toBe(-3);
    // Focus back on the page (keys in a field are the field's): a click on the bar, which is not the scene.
    await page.locator('#timeline .readout').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => window.jostle.world.options.gravity.y)).toBe(gravity);
    await expect.poll(() => field.inputValue()).toBe(String(gravity));
    expect(await hash(page)).toBe(h1);

    // A slider dragged along is one entry: many values, one undo.
    const undos = (await status(page)).undoCount;
    const slider = await control(page, 'gravity y', '.lil-slider').boundingBox();
    expect(slider).not.toBeNull();
    if (slider === null) return;
    await page.mouse.move(slider.x + slider.width / 2, slider.y + slider.height / 2);
    await page.mouse.down();
    for (let k = 1; k <= 12; k++) await page.mouse.move(slider.x + slider.width / 2 + k * 5, slider.y + slider.height / 2);
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => window.jostle.world.options.gravity.y)).toBeGreaterThan(gravity);
    expect((await status(page)).undoCount).toBe(undos + 1);
    await page.locator('#timeline .readout').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => window.jostle.world.options.gravity.y)).toBe(gravity);
    expect(await hash(page)).toBe(h1);

    // A scene load: undo brings the playground back as it was (paused again: the scene ran).
    const fittedScale = await page.evaluate(() => window.jostle.camera.scale);
    await page.evaluate(() => window.jostle.loadScene('billiards'));
    await waitFrames(page, 3);
    await page.keyboard.press(' ');
    await expect.poll(() => page.evaluate(() => window.jostle.settings.scene)).toBe('billiards');
    await page.keyboard.press('Control+z');
    await expect.poll(() => hash(page)).toBe(h1);
    expect(await page.evaluate(() => window.jostle.settings.scene)).toBe('playground');
    expect(await page.evaluate(() => window.jostle.camera.scale)).toBeCloseTo(fittedScale, 6); // the playground's view again
    // Undo back to the first state of all.
    for (let k = 0; k < 5; k++) await page.keyboard.press('Control+z');
    await expect.poll(() => hash(page)).toBe(h0);
    await expect.poll(() => page.locator('#timeline .undo').isDisabled()).toBe(true);
    expect(await barCovers(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'history-undo-1280.png') });
    expect(suite.errors).toEqual([]);
  });

  it('scrubs back and forth exactly, steps with , and ., and resuming drops the future', async () => {
    const page = await suite.open('?scene=pinball');
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(90);
    const spot = await emptySpot(page);
    await page.mouse.click(spot.x, spot.y); // an input inside the recorded span
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(160);
    await page.keyboard.press(' ');
    await waitFrames(page, 2);
    const end = (await status(page)).end;
    const live = await hash(page);

    // Back with the keys, forward again: the same states.
    await stepKeys(page, ',', 3);
    await stepKeys(page, 'ArrowLeft', 2);
    expect((await status(page)).cursor).toBe(end - 5);
    const back5 = await hash(page);
    await stepKeys(page, '.', 5);
    expect((await status(page)).cursor).toBe(end);
    expect(await hash(page)).toBe(live);

    // The scrubber: to the oldest step (before the click), then anywhere, then the end.
    const scrub = page.locator('#scrubber');
    await expect.poll(() => scrub.isVisible()).toBe(true);
    const base = (await status(page)).base;
    await scrub.fill(String(base));
    await expect.poll(() => status(page).then((s) => s.cursor)).toBe(base);
    await scrub.fill(String(end - 5));
    await expect.poll(() => hash(page)).toBe(back5);
    await expect.poll(() => page.locator('#timeline .readout').textContent()).toContain('−');
    await page.screenshot({ path: join(ARTIFACTS, 'history-scrubbed-1280.png') });
    await scrub.fill(String(end));
    await expect.poll(() => hash(page)).toBe(live);
    expect((await status(page)).diverged).toBeNull();
    await expect.poll(() => page.locator('#timeline .diverged').isVisible()).toBe(false);

    // Resume from a scrubbed point: the future is dropped and time goes on from there. Time
    // runs at a twentieth first, so that fewer than the 40 dropped steps pass before the test
    // looks, however slowly it reads the page: at full speed CI once read 54 steps in the three
    // drawn frames it waited (frames the busy GPU skips still step).
    await control(page, 'time scale').fill('0.05');
    await control(page, 'time scale').press('Enter');
    await scrub.fill(String(end - 40));
    // The page takes the scrubber's value in its frame loop: resumed before that, it went on
    // from the end (CI once read 185 steps against 176).
    await expect.poll(() => status(page).then((s) => s.cursor)).toBe(end - 40);
    await page.keyboard.press(' ');
    await expect.poll(() => status(page).then((s) => s.cursor)).toBeGreaterThan(end - 40);
    const s = await status(page);
    expect(s.cursor).toBe(s.end);
    expect(s.end).toBeLessThan(end);
    expect(s.seconds).toBeGreaterThan(0);
    expect(suite.errors).toEqual([]);
  });

  it('the collision lab keeps its explained pair while stepping back and forth', async () => {
    const page = await suite.open('?scene=collision-lab');
    const pair = (): Promise<number[]> => page.evaluate(() => window.jostle.sandbox.selection.map((b) => b.id));
    const explained = await pair();
    expect(explained).toHaveLength(2);
    await stepKeys(page, '.', 6);
    const h6 = await hash(page);
    await stepKeys(page, ',', 4);
    expect((await status(page)).cursor).toBe((await status(page)).end - 4);
    expect(await pair()).toEqual(explained);
    await stepKeys(page, '.', 4);
    expect(await hash(page)).toBe(h6);
    expect(await pair()).toEqual(explained);
  });

  it('flags DIVERGED when re-stepping does not give the recorded state', async () => {
    const page = await suite.open('?scene=billiards');
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(40);
    // A change behind history's back (not through the physics host): the recording cannot know it.
    await page.evaluate(() => {
      const b = window.jostle.world.getBodies().find((x) => x.type === 'dynamic');
      b?.setVelocity(b.vx + 3, b.vy);
    });
    const tampered = (await status(page)).end;
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(tampered + 40);
    await page.keyboard.press(' ');
    await page.evaluate((t) => window.jostle.history.seek(t - 30), tampered);
    await page.evaluate((t) => window.jostle.history.seek(t + 30), tampered);
    await expect.poll(() => page.locator('#timeline .diverged').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#timeline .diverged').textContent()).toContain('DIVERGED');
    await page.screenshot({ path: join(ARTIFACTS, 'history-diverged-1280.png') });
  });

  it('saves a replay file from the panel and plays it back to the same state; a broken one changes nothing', async () => {
    const page = await suite.open('?scene=playground');
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(30);
    const spot = await emptySpot(page);
    await page.mouse.click(spot.x, spot.y);
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(90);
    await page.keyboard.press(' ');
    await waitFrames(page, 2);
    const endHash = await hash(page);
    const recorded = await status(page);

    await page.locator('.lil-title', { hasText: /^History$/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), control(page, 'save replay \\(last minute\\)', 'button').click()]);
    const file = join(ARTIFACTS, 'history-test.replay.json');
    await download.saveAs(file);
    const replay = JSON.parse(readFileSync(file, 'utf8')) as { format: string; steps: unknown[][] };
    expect(replay.format).toBe('jostle-replay');
    expect(replay.steps.length).toBe(recorded.end - recorded.base);
    expect(replay.steps.some((s) => s.length === 3)).toBe(true); // the click is in it

    // A broken copy: refused with the field named, nothing changed.
    await page.evaluate(() => {
      window.jostle.loadScene('billiards');
      window.jostle.pause();
    });
    const before = await hash(page);
    const broken = { ...replay, steps: replay.steps.map((s, i) => (i === 3 ? [0.5, s[1]] : s)) };
    const bad = join(ARTIFACTS, 'history-broken.replay.json');
    writeFileSync(bad, JSON.stringify(broken));
    await clearMessage(page);
    await page.setInputFiles('#load-replay', bad);
    expect(await messageText(page, 'error')).toContain('steps[3]');
    expect(await hash(page)).toBe(before);
    expect(await page.evaluate(() => window.jostle.settings.scene)).toBe('billiards');

    // The good one plays from its start, checked step by step, and ends where the recording ended.
    await clearMessage(page);
    await page.setInputFiles('#load-replay', file);
    await expect.poll(() => status(page).then((s) => s.playing)).toBe(true);
    await expect.poll(() => status(page).then((s) => s.playing), { timeout: 120_000 }).toBe(false);
    expect(await messageText(page, 'info')).toContain('every step matched');
    expect(await hash(page)).toBe(endHash);
    expect((await status(page)).diverged).toBeNull();
    // And the load is undoable: billiards comes back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => hash(page)).toBe(before);
    expect(suite.errors).toEqual([]);
  });

  it('a replay recorded by another engine revision says so, on loading and on its DIVERGED flag, readable on a phone too', async () => {
    const page = await suite.open('?scene=playground');
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(40);
    await page.keyboard.press(' ');
    await page.locator('.lil-title', { hasText: /^History$/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), control(page, 'save replay \\(last minute\\)', 'button').click()]);
    const file = join(ARTIFACTS, 'history-engine.replay.json');
    await download.saveAs(file);
    const replay = JSON.parse(readFileSync(file, 'utf8')) as { engine: number; steps: number[][] };
    const revision = await page.evaluate(() => window.jostle.engineRevision);
    expect(replay.engine).toBe(revision);
    // As a newer engine's file would be: another revision, whose states differ from step 11 on.
    replay.engine = revision + 1;
    replay.steps[10][1] = (replay.steps[10][1] + 1) >>> 0;
    writeFileSync(file, JSON.stringify(replay));

    await clearMessage(page);
    // Watched from before the load: the DIVERGED error replaces the note as soon as step 11 plays.
    const note = await watchMessage(page, 'info');
    await page.setInputFiles('#load-replay', file);
    expect(await note()).toContain(`recorded by engine revision ${revision + 1} and this page runs revision ${revision}`);
    await expect.poll(() => status(page).then((s) => s.playing), { timeout: 120_000 }).toBe(false);
    expect(await messageText(page, 'error')).toContain(`DIVERGED from the recording at step 11. It was recorded by engine revision ${revision + 1}`);
    const flag = page.locator('#timeline .diverged');
    await expect.poll(() => flag.innerText()).toBe(`DIVERGED at step 11\nrecorded by engine revision ${revision + 1}`);
    expect(await flag.getAttribute('title')).toContain(`this page runs engine revision ${revision}`);
    await page.screenshot({ path: join(ARTIFACTS, 'history-older-engine-1280.png') });
    expect(await flagPlacement(page)).toEqual([]);

    // On a phone the bar has no room beside its controls for the flag: it must still be read whole.
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await suite.open('?scene=playground', context);
    await phone.setInputFiles('#load-replay', file);
    await expect.poll(() => status(phone).then((s) => s.diverged), { timeout: 120_000 }).toBe(11);
    await expect.poll(() => phone.locator('#timeline .diverged').isVisible()).toBe(true);
    await waitFrames(phone, 3);
    await phone.screenshot({ path: join(ARTIFACTS, 'history-older-engine-390.png') });
    expect(await flagPlacement(phone)).toEqual([]);
    // And the bar's own controls stay inside it (the replay's readout ran off the screen's edge).
    const outside = await phone.evaluate(() => {
      const bar = document.getElementById('timeline')?.getBoundingClientRect();
      if (bar === undefined) return ['no bar'];
      return [...document.querySelectorAll('#timeline > :not(.diverged)')]
        .filter((el) => getComputedStyle(el).display !== 'none')
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < bar.left - 0.5 || r.right > bar.right + 0.5;
        })
        .map((el) => el.className || el.id);
    });
    expect(outside).toEqual([]);
    expect(suite.errors).toEqual([]);
  });

  it('a replay dropped onto the page plays; undo and the timeline say they are off in stress mode', async () => {
    const page = await suite.open('?scene=pinball');
    await expect.poll(() => status(page).then((s) => s.end), { timeout: 60_000 }).toBeGreaterThan(30);
    await page.keyboard.press(' ');
    const text = await page.evaluate(() => window.jostle.history.replayText());
    expect(text).not.toBeNull();
    await page.evaluate(() => window.jostle.loadScene('billiards'));
    // Watched from before the drop: a replay of some 30 steps ends, and its end note replaces
    // this one, in half a second, sooner than a loaded machine's test may look.
    await clearMessage(page);
    const note = await watchMessage(page, 'info');
    // A real drop: a File in a DataTransfer, dropped on the page.
    await page.evaluate((content) => {
      const data = new DataTransfer();
      data.items.add(new File([content], 'dropped.replay.json', { type: 'application/json' }));
      document.getElementById('stage')?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, text ?? '');
    expect(await note()).toContain('Playing the replay "dropped.replay.json"');
    await expect.poll(() => page.evaluate(() => window.jostle.settings.scene)).toBe('pinball');

    await page.evaluate(() => window.jostle.stress.preset(1000));
    await expect.poll(() => page.locator('#timeline .readout').textContent(), { timeout: 60_000 }).toContain('off in stress mode');
    expect(await page.locator('#timeline .undo').isDisabled()).toBe(true);
    await page.evaluate(() => window.jostle.stress.leave());
    await expect.poll(() => page.locator('#timeline .readout').textContent(), { timeout: 60_000 }).toContain('live');
  });

  it('on a phone: the bar spans the width above the toolbar, and its undo and redo work by touch', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await suite.open('?scene=playground', context);
    await page.locator('#toolbar .pause').tap();
    await waitFrames(page, 2);
    const h0 = await hash(page);
    const spot = await emptySpot(page);
    await page.touchscreen.tap(spot.x, spot.y);
    await expect.poll(() => hash(page)).not.toBe(h0);
    await page.locator('#timeline .undo').tap();
    await expect.poll(() => hash(page)).toBe(h0);
    await expect.poll(() => page.locator('#timeline').isVisible()).toBe(true);
    // Every toolbar button fits the phone's width (nine did not: the row ran off the left edge).
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('#toolbar button')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth || b.scrollWidth > b.clientWidth + 1;
      }).length,
    );
    expect(overflow).toBe(0);
    expect(await barCovers(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'history-390.png') });
  });
});
