/**
 * The friction slider (Material folder): it sets every body's friction live, the walls too,
 * new bodies take it, a save file carries it, it says "mixed" when the bodies differ, and it
 * reaches the world in the physics worker as well.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { control } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

/** Every body's type and friction in the page's world. */
function frictions(page: Page): Promise<Array<{ type: string; friction: number }>> {
  return page.evaluate(() => window.jostle.world.getBodies().map((b) => ({ type: b.type, friction: b.friction })));
}

describe.skipIf(SKIP)('the friction slider, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('sets every body\'s friction, the walls too; new bodies take it; a save file keeps it; different ones show "mixed"', async () => {
    const page = await suite.open('?scene=pinball');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.jostle.settings.paused);
    await expect(control(page, 'friction').inputValue()).resolves.toBe('0.6');

    await control(page, 'friction').fill('1.5');
    await control(page, 'friction').press('Enter');
    const all = await frictions(page);
    expect(all.some((b) => b.type === 'static')).toBe(true);
    expect(all.map((b) => b.friction)).toEqual(all.map(() => 1.5));

    await page.evaluate(() => window.jostle.sandbox.spawnAt(0, 0));
    const made = await frictions(page);
    expect(made.length).toBe(all.length + 1);
    expect(made[made.length - 1].friction).toBe(1.5);

    await page.locator('.lil-title', { hasText: 'Save and share' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'save file' }).click()]);
    const file = join(ARTIFACTS, 'friction-scene.json');
    await download.saveAs(file);
    const save = JSON.parse(readFileSync(file, 'utf8')) as { settings: { friction: number }; world: { bodies: Array<{ type: string; friction: number }> } };
    expect(save.settings.friction).toBe(1.5);

    await page.evaluate(() => window.jostle.setFriction(0.2));
    await expect.poll(() => control(page, 'friction').inputValue()).toBe('0.2');
    await page.setInputFiles('#load-file', file);
    await expect.poll(() => control(page, 'friction').inputValue()).toBe('1.5');
    expect((await frictions(page)).every((b) => b.friction === 1.5)).toBe(true);

    const moving = save.world.bodies.find((b) => b.type !== 'static');
    if (moving === undefined) throw new Error('pinball has no moving body');
    moving.friction = 0.3;
    const mixed = join(ARTIFACTS, 'mixed-friction.json');
    writeFileSync(mixed, JSON.stringify(save));
    await page.setInputFiles('#load-file', mixed);
    await expect.poll(() => control(page, 'friction').inputValue()).toBe('mixed');
    expect(suite.errors).toEqual([]);
  });

  it('reaches the world in the physics worker', async () => {
    const page = await suite.open('?scene=pinball');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.jostle.settings.paused);
    const count = await page.evaluate(() => window.jostle.world.bodyCount);
    await page.evaluate(() => window.jostle.stress.runCurrentWorld());
    await page.waitForFunction((n) => window.jostle.stress.state.bodies === n && window.jostle.stress.state.kind === 'world', count);
    await page.evaluate(() => window.jostle.setFriction(1.9));
    await page.evaluate(() => window.jostle.stress.leave());
    await page.waitForFunction(() => !window.jostle.stress.state.active);
    const all = await frictions(page);
    expect(all.length).toBe(count);
    expect(all.map((b) => b.friction)).toEqual(all.map(() => 1.9));
  });
});
