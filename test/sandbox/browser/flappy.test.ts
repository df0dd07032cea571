/**
 * The flappy course in the page: picked in the panel it says what it is, space flaps (instead
 * of pausing), the ball falls to a crash that the line says plainly, and space again restarts;
 * on a phone a tap flaps.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../../src/scenes/index';
import { ARTIFACTS, usePageSuite } from './harness';
import { control, toScreen, waitFrames } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

function game(page: Page): Promise<{ state: string; score: number; status: string } | null> {
  return page.evaluate(() => {
    const g = window.jostle.game;
    return g === null ? null : { state: g.state, score: g.score, status: g.status };
  });
}

/** The ball's height (m). */
function birdY(page: Page): Promise<number> {
  return page.evaluate(() => window.jostle.world.getBodies().find((b) => (b.userData as { flappy?: string } | undefined)?.flappy === 'bird')?.y ?? NaN);
}

describe.skipIf(SKIP)('the flappy course, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('opens from the panel with its line, space flaps, a fall crashes plainly, space again restarts', async () => {
    const page = await suite.open();
    const entry = SCENES.find((s) => s.id === 'flappy');
    expect(entry).toBeDefined();
    await control(page, 'scene', 'select').selectOption({ label: entry?.title ?? '' });
    await page.waitForFunction(() => window.jostle.settings.scene === 'flappy');
    await expect(page.locator('#scene-note').textContent()).resolves.toBe(entry?.description);
    // The line is drawn on the next frame, which a busy host may not have painted yet.
    const hud = () => page.locator('#game-hud').textContent();
    await expect.poll(hud).toMatch(/space or tap: flap/);
    await waitFrames(page, 5);
    expect(await birdY(page)).toBe(0);

    // The ball is above 0.3 m for about 0.6 s after a flap: on a busy host the calls below could
    // come after that, so the page itself notes the highest point it draws, frame by frame.
    await page.evaluate(() => {
      const w = window as unknown as { birdTop: number };
      w.birdTop = -Infinity;
      const sample = (): void => {
        const bird = window.jostle.world.getBodies().find((b) => (b.userData as { flappy?: string } | undefined)?.flappy === 'bird');
        if (bird !== undefined && bird.y > w.birdTop) w.birdTop = bird.y;
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.keyboard.press(' ');
    expect((await game(page))?.state).toBe('playing');
    expect(await page.evaluate(() => window.jostle.settings.paused)).toBe(false);
    // The flap lifts the ball before gravity brings it down.
    await expect.poll(() => page.evaluate(() => (window as unknown as { birdTop: number }).birdTop), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await page.screenshot({ path: join(ARTIFACTS, 'flappy-1280.png') });
    await expect.poll(async () => (await game(page))?.state, { timeout: 60_000 }).toBe('crashed');
    await expect.poll(hud).toMatch(/crashed · score \d+ · space or tap: again/);
    await page.screenshot({ path: join(ARTIFACTS, 'flappy-crashed-1280.png') });

    await page.keyboard.press(' ');
    await expect.poll(async () => (await game(page))?.state).toBe('ready');
    expect((await game(page))?.score).toBe(0);
    expect(await birdY(page)).toBe(0);
    expect(suite.errors).toEqual([]);
  });

  it('a reload mid-run (the autosave) brings the course back playing: space still flaps', async () => {
    // Opened without ?scene=, which a reload would obey instead of the autosave.
    const page = await suite.open();
    await page.evaluate(() => window.jostle.loadScene('flappy'));
    await page.keyboard.press(' ');
    expect((await game(page))?.state).toBe('playing');
    // Wait for an autosave of the run under way.
    await page.waitForFunction(
      () => {
        const saved = JSON.parse(localStorage.getItem('jostle:autosave') ?? '{}') as { world?: { bodies: Array<{ gravityScale?: number; userData?: { flappy?: string } }> } };
        return saved.world?.bodies.some((b) => b.userData?.flappy === 'bird' && b.gravityScale === 1) === true;
      },
      undefined,
      { timeout: 20_000 },
    );
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await page.waitForFunction(() => window.jostle.frames > 2);
    expect(await page.evaluate(() => window.jostle.settings.scene)).toBe('flappy');
    expect((await game(page))?.state).toMatch(/playing|crashed/);
    await expect.poll(async () => (await game(page))?.state, { timeout: 60_000 }).toBe('crashed');
    await page.keyboard.press(' ');
    await expect.poll(async () => (await game(page))?.state).toBe('ready');
    expect(suite.errors).toEqual([]);
  });

  it('on a phone a tap flaps, and the line fits beside the closed panel', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await suite.open('?scene=flappy', context);
    await page.waitForFunction(() => window.jostle.game !== null);
    const count = await page.evaluate(() => window.jostle.world.bodyCount);
    const at = await toScreen(page, 0, 0);
    await page.touchscreen.tap(at.x, at.y);
    await expect.poll(async () => (await game(page))?.state).toBe('playing');
    // The tap flapped instead of spawning.
    expect(await page.evaluate(() => window.jostle.world.bodyCount)).toBe(count);
    const hud = await page.locator('#game-hud').boundingBox();
    const panel = await page.locator('.lil-gui.lil-root > .lil-title').boundingBox();
    if (hud === null || panel === null) throw new Error('no game line or no panel');
    expect(hud.x).toBeGreaterThanOrEqual(0);
    expect(hud.x + hud.width).toBeLessThanOrEqual(390);
    expect(hud.y >= panel.y + panel.height || hud.x + hud.width <= panel.x).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'flappy-390.png') });
    expect(suite.errors).toEqual([]);
  });
});
