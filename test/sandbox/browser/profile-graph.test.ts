/**
 * The phase profile graph in normal play: `p` and the panel's checkbox show it, it fills with
 * the steps' phases as the scene runs, and it fits on a phone without covering the panel or
 * the help button.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { control, overlaps, waitFrames, type Box } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

/** Pixels of the graph's canvas that are bars: saturated phase colours, not the grey text or the dark background. */
function barPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('#profile-card canvas');
    if (!(canvas instanceof HTMLCanvasElement)) return -1;
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (data === undefined) return -1;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) n++;
    }
    return n;
  });
}

describe.skipIf(SKIP)('phase profile graph, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('p shows a graph of ms per phase that fills as the scene runs; p again hides it', async () => {
    const page = await suite.open('?scene=pile');
    await expect(page.locator('#profile-card').isHidden()).resolves.toBe(true);
    await page.keyboard.press('p');
    await expect.poll(() => page.locator('#profile-card').isVisible()).toBe(true);
    const before = await page.evaluate(() => window.jostle.profileGraph.steps);
    await waitFrames(page, 20);
    expect(await page.evaluate(() => window.jostle.profileGraph.steps)).toBeGreaterThan(before + 5);
    await expect.poll(() => barPixels(page), { timeout: 20_000 }).toBeGreaterThan(200);
    // The legend names each phase with its mean, and says that it is one (the card's other
    // figures are medians).
    const legend = (await page.locator('#profile-card .legend').textContent()) ?? '';
    expect(legend).toMatch(/^mean a step over the steps shown:/);
    for (const phase of ['broadphase', 'narrowphase', 'solve', 'continuous', 'sleep']) expect(legend).toContain(phase);
    expect(legend).toMatch(/solve \d+(\.\d+)? (ms|µs)/);
    await page.screenshot({ path: join(ARTIFACTS, 'profile-graph-1280.png') });
    await page.keyboard.press('p');
    await expect.poll(() => page.locator('#profile-card').isHidden()).toBe(true);
    // The help card lists the key.
    await page.keyboard.press('?');
    await expect(page.locator('#help').textContent()).resolves.toContain('phase profile graph');
    expect(suite.errors).toEqual([]);
  });

  it('the panel checkbox shows it too', async () => {
    const page = await suite.open();
    await page.locator('.lil-gui .lil-title', { hasText: /^Stats$/ }).click();
    await control(page, 'phase profile graph \\(p\\)').check();
    await expect.poll(() => page.evaluate(() => window.jostle.profileGraph.visible)).toBe(true);
    await control(page, 'phase profile graph \\(p\\)').uncheck();
    await expect.poll(() => page.evaluate(() => window.jostle.profileGraph.visible)).toBe(false);
    expect(suite.errors).toEqual([]);
  });

  it('on a phone it fits the screen and covers neither the panel nor the help button', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await suite.open('?scene=pile', context);
    await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' })));
    await expect.poll(() => page.locator('#profile-card').isVisible()).toBe(true);
    await waitFrames(page, 10);
    const card = (await page.locator('#profile-card').boundingBox()) as Box;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    for (const selector of ['.lil-gui.lil-root > .lil-title', '#help-hint']) {
      const other = (await page.locator(selector).boundingBox()) as Box;
      expect(overlaps(card, other), `the card covers ${selector}`).toBe(false);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'profile-graph-390.png') });
    expect(suite.errors).toEqual([]);
  });
});
