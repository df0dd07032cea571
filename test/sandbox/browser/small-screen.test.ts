/**
 * A phone held upright (390×844, touch): the panel starts closed and the scene is in view, the
 * help card fits and scrolls and lists the gestures, the collision card is readable, and a
 * finger can spawn, erase, spray and pause (the toolbar). Screenshots go to test-artifacts/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { bodies, overlaps, toScreen, waitFrames, type Box } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';
const PHONE = { width: 390, height: 844 };

/** A one-finger drag through `points` (client px), as touch pointer events dispatched in the page. */
async function fingerDrag(page: Page, points: Array<{ x: number; y: number }>): Promise<void> {
  await page.evaluate((path) => {
    const stage = document.getElementById('stage');
    const fire = (type: string, p: { x: number; y: number }): void => {
      stage?.dispatchEvent(
        new PointerEvent(type, { clientX: p.x, clientY: p.y, pointerId: 11, pointerType: 'touch', isPrimary: true, button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true }),
      );
    };
    fire('pointerdown', path[0]);
    for (const p of path.slice(1)) fire('pointermove', p);
    fire('pointerup', path[path.length - 1]);
  }, points);
}

describe.skipIf(SKIP)('a phone, in Chromium at 390×844 with touch', () => {
  const suite = usePageSuite(PHONE);
  const openPhone = async (query = ''): Promise<Page> => suite.open(query, await suite.newContext({ hasTouch: true, isMobile: true, deviceScaleFactor: 2 }));

  it('opens with the panel closed and the whole scene in view', async () => {
    const page = await openPhone();
    expect(await page.evaluate(() => document.querySelector('.lil-gui.lil-root')?.classList.contains('lil-closed'))).toBe(true);
    const panel = await page.evaluate(() => document.querySelector('.lil-gui.lil-root')?.getBoundingClientRect().height ?? 0);
    expect(panel).toBeLessThan(60);
    const view = await page.evaluate(() => window.jostle.camera.visibleBounds());
    const scene = await page.evaluate(() => window.jostle.sandbox.sceneBounds);
    expect(view.minX).toBeLessThanOrEqual(scene.minX);
    expect(view.maxX).toBeGreaterThanOrEqual(scene.maxX);
    expect(view.minY).toBeLessThanOrEqual(scene.minY);
    expect(view.maxY).toBeGreaterThanOrEqual(scene.maxY);
    await expect(page.locator('#first-hint').textContent()).resolves.toContain('tap to spawn');
    await page.screenshot({ path: join(ARTIFACTS, 'phone-open.png') });
  });

  it('the help card fits the screen, scrolls, and lists the touch gestures', async () => {
    const page = await openPhone();
    await page.locator('#help-hint').tap();
    await page.waitForSelector('#help:not([hidden])');
    const box = await page.evaluate(() => {
      const card = document.getElementById('help');
      const r = card?.getBoundingClientRect();
      return { top: r?.top ?? -1, bottom: r?.bottom ?? 1e9, left: r?.left ?? -1, right: r?.right ?? 1e9, overflow: card ? getComputedStyle(card).overflowY : '' };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
    expect(box.overflow).toBe('auto');
    const text = (await page.locator('#help').textContent()) ?? '';
    expect(text).toMatch(/tap empty space/);
    expect(text).toMatch(/two fingers/);
    expect(text).toMatch(/erase/);
    await page.screenshot({ path: join(ARTIFACTS, 'phone-help.png') });
    await page.locator('#help .close').tap();
    await page.waitForSelector('#help', { state: 'hidden' });
  });

  it('the collision card is readable: most of the screen wide', async () => {
    const page = await openPhone('?scene=collision-lab');
    await page.waitForSelector('#lab-card:not([hidden])');
    const width = await page.evaluate(() => document.getElementById('lab-card')?.getBoundingClientRect().width ?? 0);
    expect(width).toBeGreaterThan(PHONE.width * 0.85);
    // Neither the first hint nor the scene's line shows through the card's text.
    for (const behind of ['#first-hint', '#scene-note']) {
      expect(await page.locator(behind).count(), behind).toBe(1);
      expect(await page.locator(behind).isVisible(), behind).toBe(false);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'phone-collision-lab.png') });
  });

  it('a finger spawns with a tap, and the toolbar erases, sprays and pauses', async () => {
    const page = await openPhone('?scene=empty-arena');
    await page.locator('#toolbar button.pause').tap();
    await page.waitForFunction(() => window.jostle.settings.paused);
    const n = await page.evaluate(() => window.jostle.world.bodyCount);
    const at = await toScreen(page, 5, 0);
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForFunction((k) => window.jostle.world.bodyCount === k + 1, n);

    await page.locator('#toolbar button[data-tool="spray"]').tap();
    const from = await toScreen(page, -12, -6);
    const to = await toScreen(page, 12, -6);
    const path = Array.from({ length: 13 }, (_, k) => ({ x: from.x + ((to.x - from.x) * k) / 12, y: from.y }));
    await fingerDrag(page, path);
    const sprayed = (await page.evaluate(() => window.jostle.world.bodyCount)) - (n + 1);
    expect(sprayed).toBeGreaterThanOrEqual(5);

    await page.locator('#toolbar button[data-tool="erase"]').tap();
    const target = (await bodies(page)).find((b) => b.type === 'dynamic' && Math.abs(b.x - 5) < 0.1);
    if (target === undefined) throw new Error('the tapped body is missing');
    const on = await toScreen(page, target.x, target.y);
    await page.touchscreen.tap(on.x, on.y);
    await waitFrames(page, 1);
    expect((await bodies(page)).some((b) => b.id === target.id)).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, 'phone-toolbar.png') });
  });

  it('with a card open (stress test, phase profile) the toolbar stays the bottom row, clear of the timeline bar', async () => {
    const check = async (page: Page, card: string, shot: string): Promise<void> => {
      await expect.poll(() => page.locator(card).isVisible()).toBe(true);
      const toolbar = (await page.locator('#toolbar').boundingBox()) as Box;
      const timeline = (await page.locator('#timeline').boundingBox()) as Box;
      expect(overlaps(toolbar, timeline), `${card}: toolbar ${JSON.stringify(toolbar)} on the timeline ${JSON.stringify(timeline)}`).toBe(false);
      expect(toolbar.y + toolbar.height).toBeGreaterThan(PHONE.height - 20);
      await page.screenshot({ path: join(ARTIFACTS, shot) });
    };
    const stress = await openPhone('?stress=500');
    await check(stress, '#stress-hud', 'phone-stress.png');
    // The reason history is off is the bar's only text here: it must be readable, not covered.
    await expect.poll(() => stress.locator('#timeline .readout').textContent()).toContain('off in stress mode');
    const covered = await stress.evaluate(() => {
      const r = (document.querySelector('#timeline .readout') as HTMLElement).getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top === null || !(document.getElementById('timeline') as HTMLElement).contains(top);
    });
    expect(covered).toBe(false);
    const profile = await openPhone('?scene=pile');
    await profile.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' })));
    await check(profile, '#profile-card', 'phone-profile.png');
    expect(suite.errors).toEqual([]);
  });
});
