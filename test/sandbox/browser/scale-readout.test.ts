/**
 * The scale bar and the pointer's coordinates: both appear at a corner, the coordinates follow
 * the mouse in metres, the bar follows the zoom, and neither covers the panel, help or hints.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { waitFrames } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

/** The readout as the user sees it: the label, the bar's width (px), the coordinates' text. */
function readout(page: Page): Promise<{ label: string; barPx: number; coords: string; scale: number }> {
  return page.evaluate(() => ({
    label: document.querySelector('#scale-readout .scale-label')?.textContent ?? '',
    barPx: document.querySelector('#scale-readout .scale-bar')?.getBoundingClientRect().width ?? 0,
    coords: document.querySelector('#scale-readout .pointer-coords')?.textContent ?? '',
    scale: window.jostle.sandbox.camera.scale,
  }));
}

/** Boxes of the readout and of what it must not cover, where shown. */
function boxes(page: Page): Promise<Array<{ what: string; hit: boolean }>> {
  return page.evaluate(() => {
    const r = document.getElementById('scale-readout')?.getBoundingClientRect();
    if (r === undefined) return [{ what: 'no readout', hit: true }];
    return ['.lil-gui.lil-root', '#help-hint', '#first-hint', '#scene-note', '#toolbar', '#pause-badge']
      .map((what) => ({ what, el: document.querySelector(what) }))
      .filter(({ el }) => el !== null && getComputedStyle(el).display !== 'none')
      .map(({ what, el }) => {
        const o = (el as Element).getBoundingClientRect();
        return { what, hit: r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom };
      });
  });
}

describe.skipIf(SKIP)('scale bar and pointer coordinates, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('shows a round scale that follows the zoom and the pointer’s world coordinates', async () => {
    const page = await suite.open('?scene=billiards');
    await page.mouse.move(300, 300);
    await waitFrames(page, 2);
    let r = await readout(page);
    expect(['0.1 m', '0.2 m', '0.5 m', '1 m', '2 m', '5 m', '10 m']).toContain(r.label);
    expect(r.barPx).toBeCloseTo(parseFloat(r.label) * r.scale, 0);
    const at = async (x: number, y: number): Promise<string> => {
      const p = await page.evaluate(([cx, cy]) => window.jostle.screenToWorld(cx, cy), [x, y] as const);
      return `x ${p.x.toFixed(2)}  y ${p.y.toFixed(2)} m`;
    };
    expect(r.coords).toBe(await at(300, 300));
    await page.mouse.move(640, 420);
    await waitFrames(page, 2);
    r = await readout(page);
    expect(r.coords).toBe(await at(640, 420));
    expect(r.coords).not.toBe(await at(300, 300));

    const before = r.label;
    for (let k = 0; k < 6; k++) await page.mouse.wheel(0, -300);
    await waitFrames(page, 3);
    r = await readout(page);
    expect(r.label).not.toBe(before);
    expect(r.barPx).toBeCloseTo(parseFloat(r.label) * r.scale, 0);
    expect(r.barPx).toBeLessThanOrEqual(121);
    expect(r.coords).toBe(await at(640, 420));
    for (const b of await boxes(page)) expect(b.hit, `the readout covers ${b.what}`).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, 'scale-readout-1280.png') });
    expect(suite.errors).toEqual([]);
  });

  it('on a phone it sits at a corner clear of the panel, the toolbar and the hint', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await suite.open('?scene=crate-room', context);
    await waitFrames(page, 2);
    expect((await readout(page)).label).toMatch(/^\d+(\.\d)? m$/);
    for (const b of await boxes(page)) expect(b.hit, `the readout covers ${b.what}`).toBe(false);
    // Paused, the badge takes the top left too.
    await page.locator('#toolbar .pause').tap();
    await page.waitForSelector('#pause-badge:not([hidden])');
    await waitFrames(page, 2);
    for (const b of await boxes(page)) expect(b.hit, `the readout covers ${b.what} while paused`).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, 'scale-readout-390.png') });
  });
});
