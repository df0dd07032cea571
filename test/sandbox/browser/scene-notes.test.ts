/**
 * Scene descriptions: picking a scene in the panel shows its one line, and the line covers
 * nothing the user needs (the panel, the help button, the first hint, the phone toolbar).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../../src/scenes/index';
import { ARTIFACTS, usePageSuite } from './harness';
import { control, overlaps, type Box } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

/** Boxes of the visible elements the note must keep clear of. */
function neighbours(page: Page): Promise<Array<{ what: string; box: Box }>> {
  return page.evaluate(() =>
    ['.lil-gui.lil-root', '#help-hint', '#first-hint', '#toolbar', '#pause-badge']
      .map((what) => ({ what, el: document.querySelector(what) }))
      .filter(({ el }) => el !== null && getComputedStyle(el).display !== 'none' && !el.hasAttribute('hidden'))
      .map(({ what, el }) => {
        const r = (el as Element).getBoundingClientRect();
        return { what, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
      }),
  );
}

/**
 * Picks scene `id` in the panel's scene list (opening the panel for that and closing it again
 * when it starts closed, as on a phone) and checks the note says that scene's line, clear of the rest.
 */
async function pickAndCheck(page: Page, id: string, shot: string): Promise<void> {
  const entry = SCENES.find((s) => s.id === id);
  if (entry === undefined) throw new Error(`no scene ${id}`);
  const title = page.locator('.lil-gui.lil-root > .lil-title');
  const closed = await page.evaluate(() => document.querySelector('.lil-gui.lil-root')?.classList.contains('lil-closed') === true);
  if (closed) await title.click();
  await control(page, 'scene', 'select').selectOption({ label: entry.title });
  if (closed) await title.click();
  await page.waitForFunction((want) => window.jostle.settings.scene === want, id);
  const note = page.locator('#scene-note');
  await expect(note.textContent()).resolves.toBe(entry.description);
  await expect.poll(() => note.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  // What the note covers once the page is still: the panel, closed again on a phone, takes
  // its closing transition's time to fold, longer on a busy machine than the note's fade.
  const covered = async (): Promise<string[]> => {
    const box = await note.boundingBox();
    if (box === null) return ['(the note has no box)'];
    return (await neighbours(page)).filter((n) => overlaps(box, n.box)).map((n) => n.what);
  };
  await expect.poll(covered, { message: 'what the note covers' }).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, shot) });
}

describe.skipIf(SKIP)('scene descriptions, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('every scene has a line; picking one in the panel shows it, clear of the panel and the hints', async () => {
    for (const s of SCENES) expect(s.description.length, s.id).toBeGreaterThan(10);
    const page = await suite.open();
    await pickAndCheck(page, 'newtons-cradle', 'scene-note-1280.png');
    await pickAndCheck(page, 'mass-ratios', 'scene-note-mass-1280.png');
    await pickAndCheck(page, 'crate-room', 'scene-note-room-1280.png');
    await pickAndCheck(page, 'funnel', 'scene-note-funnel-1280.png');
    expect(suite.errors).toEqual([]);
  });

  it('on a phone the line stays clear of the toolbar and the hint', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await suite.open('', context);
    await pickAndCheck(page, 'crate-room', 'scene-note-390.png');
    expect(suite.errors).toEqual([]);
  });
});
