/**
 * The sandbox page in a real browser: Debian's Chromium (software WebGL2 through SwiftShader)
 * against the built app served on 127.0.0.1. One build, one server and one browser serve the
 * whole suite; every test opens its own context (fresh localStorage). Screenshots go to
 * test-artifacts/. Set JOSTLE_SKIP_BROWSER=1 to skip.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../../src/scenes/index';
import { ARTIFACTS, usePageSuite } from './harness';
import { bodies, control, toScreen } from './page-helpers';
import { decodePng, drawnShare } from './png';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';
const VIEWPORT = { width: 1200, height: 760 };
const BACKGROUND = [14, 17, 22] as const;
/** The part of the page left of the panel, where the scene is (CSS px). */
const SCENE_RIGHT = VIEWPORT.width - 290;

describe.skipIf(SKIP)('the sandbox page in Chromium', () => {
  const suite = usePageSuite(VIEWPORT);
  const open = suite.open.bind(suite);

  async function screenshotShare(page: Page, name: string): Promise<number> {
    const png = await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
    const img = decodePng(png);
    return drawnShare(img, BACKGROUND, 0, 0, Math.min(img.width, SCENE_RIGHT), img.height);
  }

  it('loads with no uncaught error and draws the scene with both renderers', async () => {
    const page = await open('?scene=pinball');
    expect(await page.evaluate(() => window.jostle.renderer)).toBe('webgl2');
    expect(await screenshotShare(page, 'renderer-webgl2')).toBeGreaterThan(0.05);
    await control(page, 'renderer', 'select').selectOption('canvas2d');
    await page.waitForFunction(() => window.jostle.renderer === 'canvas2d');
    const frames = await page.evaluate(() => window.jostle.frames);
    await page.waitForFunction((f) => window.jostle.frames > f + 2, frames);
    expect(await page.locator('#stage canvas.view').count()).toBe(1);
    expect(await screenshotShare(page, 'renderer-canvas2d')).toBeGreaterThan(0.05);
    expect(suite.errors).toEqual([]);
  });

  it('the conversions on window.jostle map metres to the pointer coordinates and back', async () => {
    const page = await open();
    const round = await page.evaluate(() => {
      const s = window.jostle.worldToScreen(3.5, -2);
      return { s, w: window.jostle.screenToWorld(s.x, s.y), scale: window.jostle.camera.scale };
    });
    expect(round.w.x).toBeCloseTo(3.5, 9);
    expect(round.w.y).toBeCloseTo(-2, 9);
    const above = await toScreen(page, 3.5, -1);
    // y is up in the world and down on screen.
    expect(above.y).toBeCloseTo(round.s.y - round.scale, 6);
  });

  it('wheel zooms around the cursor; right drag and space + drag pan; HiDPI canvases are sharp', async () => {
    const context = await suite.newContext({ deviceScaleFactor: 2 });
    const page = await open('?scene=empty-arena', context);
    const size = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('#stage canvas.view');
      return { width: c?.width ?? 0, css: c?.clientWidth ?? 0 };
    });
    expect(size.width).toBe(size.css * 2);
    const cursor = { x: 300, y: 250 };
    const before = await page.evaluate((c) => ({ w: window.jostle.screenToWorld(c.x, c.y), scale: window.jostle.camera.scale }), cursor);
    await page.mouse.move(cursor.x, cursor.y);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((s) => window.jostle.camera.scale > s * 1.2, before.scale);
    const after = await page.evaluate((c) => window.jostle.screenToWorld(c.x, c.y), cursor);
    expect(after.x).toBeCloseTo(before.w.x, 6);
    expect(after.y).toBeCloseTo(before.w.y, 6);

    const pan = async (button: 'right' | 'left'): Promise<{ x: number; y: number }> => {
      const c0 = await page.evaluate(() => ({ x: window.jostle.camera.x, y: window.jostle.camera.y, s: window.jostle.camera.scale }));
      await page.mouse.move(400, 400);
      await page.mouse.down({ button });
      await page.mouse.move(500, 450, { steps: 3 });
      await page.mouse.up({ button });
      const c1 = await page.evaluate(() => ({ x: window.jostle.camera.x, y: window.jostle.camera.y }));
      return { x: (c0.x - c1.x) * c0.s, y: (c1.y - c0.y) * c0.s };
    };
    const right = await pan('right');
    expect(right.x).toBeCloseTo(100, 3);
    expect(right.y).toBeCloseTo(50, 3);
    const n = await page.evaluate(() => window.jostle.world.bodyCount);
    await page.keyboard.down(' ');
    const spaced = await pan('left');
    await page.keyboard.up(' ');
    expect(spaced.x).toBeCloseTo(100, 3);
    // Space used for panning does not pause, and the left press did not spawn.
    expect(await page.evaluate(() => window.jostle.settings.paused)).toBe(false);
    expect(await page.evaluate(() => window.jostle.world.bodyCount)).toBe(n);
  });

  it('shift + drag sprays bodies, "spawn N" adds N, and the stats count them', async () => {
    const page = await open('?scene=empty-arena');
    await page.keyboard.press(' ');
    const a = await toScreen(page, -12, -6);
    const b = await toScreen(page, 12, -6);
    await page.keyboard.down('Shift');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 12 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const sprayed = (await page.evaluate(() => window.jostle.world.bodyCount)) - 4;
    expect(sprayed).toBeGreaterThanOrEqual(8);
    await control(page, 'count').fill('25');
    await control(page, 'count').press('Enter');
    await page.getByRole('button', { name: 'spawn N' }).click();
    const total = 4 + sprayed + 25;
    expect(await page.evaluate(() => window.jostle.world.bodyCount)).toBe(total);
    await page.keyboard.press('.');
    await page.waitForFunction((t) => new RegExp(`bodies\\s+${t}\\b`).test(document.getElementById('stats')?.textContent ?? ''), total);
    expect(suite.errors).toEqual([]);
  });

  it('every debug layer draws without error', async () => {
    const page = await open('?scene=pile');
    await page.locator('.lil-title', { hasText: 'Debug draw' }).click();
    const plain = await screenshotShare(page, 'debug-off');
    for (const name of ['fat boxes', 'R-tree nodes', 'contacts', 'velocities', 'sleeping state']) {
      await control(page, name).check();
    }
    const frames = await page.evaluate(() => window.jostle.frames);
    await page.waitForFunction((f) => window.jostle.frames > f + 3, frames);
    // The layers' legend covers a corner of the scene; it has its own test (first-minute).
    await page.evaluate(() => document.getElementById('debug-legend')?.style.setProperty('visibility', 'hidden'));
    expect(await screenshotShare(page, 'debug-all')).toBeGreaterThan(plain);
    expect(suite.errors).toEqual([]);
  });

  it('a click on empty space spawns a body where clicked', async () => {
    const page = await open('?scene=empty-arena');
    await page.keyboard.press('2'); // box
    const before = await bodies(page);
    const at = await toScreen(page, 6, 4);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((n) => window.jostle.world.bodyCount === n + 1, before.length);
    const made = (await bodies(page)).filter((b) => !before.some((o) => o.id === b.id));
    expect(made).toHaveLength(1);
    expect(made[0].x).toBeCloseTo(6, 1);
    expect(made[0].y).toBeCloseTo(4, 1);
    expect(made[0].radius).toBe(0); // the box shape chosen with key 2
    expect(made[0].restitution).toBe(0.5);
  });

  it('a drag moves a body, a release throws it, and a rested release does not', async () => {
    const page = await open('?scene=empty-arena');
    const id = await page.evaluate(() => window.jostle.world.createBody({ x: -10, y: 0, radius: 0.8 }).id);
    const start = await toScreen(page, -10, 0);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const mid = await toScreen(page, 0, 0);
    await page.mouse.move(mid.x, mid.y, { steps: 8 });
    await page.waitForFunction((i) => (window.jostle.world.getBody(i)?.x ?? -99) > -2, id, { timeout: 10_000 });
    // Rest, then release: no throw.
    await page.waitForTimeout(300);
    await page.mouse.up();
    const rested = await page.evaluate((i) => window.jostle.world.getBody(i)?.vx ?? NaN, id);
    expect(Math.abs(rested)).toBeLessThan(2);

    // Grab again and flick right. Playwright's mouse waits for each event to be handled, and a
    // software-rendered frame takes ~100 ms, so its moves are too slow to be a flick; the flick
    // is dispatched from inside the page, a few milliseconds per move, like a real hand.
    const thrown = await page.evaluate((i) => {
      const b = window.jostle.world.getBody(i);
      const p = window.jostle.worldToScreen(b?.x ?? 0, b?.y ?? 0);
      const canvas = document.querySelector('#stage canvas.view');
      const fire = (type: string, x: number, buttons: number): void => {
        canvas?.dispatchEvent(
          new PointerEvent(type, { clientX: x, clientY: p.y, pointerId: 7, pointerType: 'pen', button: type === 'pointermove' ? -1 : 0, buttons, bubbles: true }),
        );
      };
      const wait = (ms: number): void => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      };
      fire('pointerdown', p.x, 1);
      for (let k = 1; k <= 6; k++) {
        wait(4);
        fire('pointermove', p.x + k * 10, 1);
      }
      wait(4);
      fire('pointerup', p.x + 60, 0);
      const b2 = window.jostle.world.getBody(i);
      return { vx: b2?.vx ?? NaN, x: b2?.x ?? NaN };
    }, id);
    expect(thrown.vx).toBeGreaterThan(10);
    // It travels on, and however hard it was thrown it stays inside the arena (inner faces at x = ±20).
    // From where it was let go, read in the same task: a flick this fast crosses the arena in a few
    // frames, and a busy host may run them before another read, from near the wall it bounced off.
    const x0 = thrown.x;
    await page.waitForFunction(([i, x]) => (window.jostle.world.getBody(i)?.x ?? -99) > x + 3, [id, x0] as const, { timeout: 10_000 });
    await page.waitForFunction((i) => Math.hypot(window.jostle.world.getBody(i)?.vx ?? 99, window.jostle.world.getBody(i)?.vy ?? 99) < 3, id, {
      timeout: 30_000,
    });
    const after = await page.evaluate((i) => window.jostle.world.getBody(i)?.x ?? NaN, id);
    expect(Math.abs(after)).toBeLessThan(20 - 0.8 + 0.05);
  });

  it('the restitution slider changes every body and the height of a bounce', async () => {
    const page = await open('?scene=empty-arena');
    await page.evaluate(() => {
      window.jostle.pause();
      window.jostle.world.setOptions({ gravity: { x: 0, y: -10 }, linearDamping: 0 });
    });
    const bounce = async (e: string): Promise<number> => {
      await control(page, 'restitution').fill(e);
      await control(page, 'restitution').press('Enter');
      const all = await bodies(page);
      expect(all.length).toBeGreaterThan(0);
      for (const b of all) expect(b.restitution).toBe(Number(e));
      return page.evaluate(() => {
        const w = window.jostle.world;
        const ball = w.createBody({ x: 0, y: -4, radius: 0.5, restitution: window.jostle.settings.restitution });
        let bounced = false;
        let top = -Infinity;
        for (let k = 0; k < 300; k++) {
          w.step(1 / 60);
          if (ball.vy > 0) bounced = true;
          if (bounced) top = Math.max(top, ball.y);
        }
        w.destroyBody(ball);
        return top - -11.5; // height above resting on the floor (inner face at y = -12)
      });
    };
    const high = await bounce('0.9');
    const low = await bounce('0.1');
    expect(high).toBeGreaterThan(4);
    expect(low).toBeLessThan(0.5);
  });

  it('space pauses, "." steps once, space resumes', async () => {
    const page = await open('?scene=pile');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.jostle.settings.paused);
    const s0 = await page.evaluate(() => window.jostle.steps);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.jostle.steps)).toBe(s0);
    // A ball in free fall far above the pile, not a pile body: on a slow host the pile has
    // settled (or slept) by now, and a resting body's one step may lift it by a hair or not move it.
    await page.evaluate(() => window.jostle.world.createBody({ x: 0, y: 1000, radius: 0.5 }));
    const ball = () =>
      page.evaluate(() => {
        const b = window.jostle.world.getBodies().at(-1);
        return { x: b?.x, y: b?.y, vx: b?.vx, vy: b?.vy };
      });
    const before = await ball();
    expect(before?.y).toBe(1000);
    await page.keyboard.press('.');
    await page.waitForFunction((s) => window.jostle.steps === s + 1, s0);
    const after = await ball();
    expect(after?.vy).toBeLessThan(0);
    expect(after?.y).toBeLessThan(1000);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.jostle.steps)).toBe(s0 + 1);
    expect(await ball()).toEqual(after);
    await page.keyboard.press(' ');
    await page.waitForFunction((s) => window.jostle.steps > s + 5, s0 + 1);
    expect(suite.errors).toEqual([]);
  });

  it('right click removes a body; keys choose shapes and show the help', async () => {
    const page = await open('?scene=billiards');
    await page.keyboard.press(' ');
    const n = await page.evaluate(() => window.jostle.world.bodyCount);
    const ball = (await bodies(page)).find((b) => b.type === 'dynamic');
    if (ball === undefined) throw new Error('no ball');
    const at = await toScreen(page, ball.x, ball.y);
    await page.mouse.click(at.x, at.y, { button: 'right' });
    expect(await page.evaluate(() => window.jostle.world.bodyCount)).toBe(n - 1);
    await page.keyboard.press('4');
    expect(await page.evaluate(() => window.jostle.settings.shape)).toBe('capsule');
    await expect(page.locator('#help').isVisible()).resolves.toBe(false);
    await page.keyboard.press('?');
    await expect(page.locator('#help').isVisible()).resolves.toBe(true);
  });

  it('save to a file, then load it, restores the same bodies', async () => {
    const page = await open('?scene=pinball');
    await page.waitForTimeout(300);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.jostle.settings.paused);
    const saved = await bodies(page);
    await page.locator('.lil-title', { hasText: 'Save and share' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'save file' }).click()]);
    const file = join(ARTIFACTS, 'saved-scene.json');
    await download.saveAs(file);
    await control(page, 'scene', 'select').selectOption({ label: 'Billiards break' });
    await page.waitForFunction(() => window.jostle.settings.scene === 'billiards');
    await page.setInputFiles('#load-file', file);
    await page.waitForFunction(() => window.jostle.settings.scene === 'pinball');
    expect(await bodies(page)).toEqual(saved);
    await expect(page.locator('#message').textContent()).resolves.toContain('Loaded');
  });

  it('a bad or hostile file shows a clear message and changes nothing', async () => {
    const page = await open('?scene=billiards');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.jostle.settings.paused);
    const before = await page.evaluate(() => JSON.stringify(window.jostle.world.toJSON()));
    const good = JSON.parse(await page.evaluate(() => JSON.stringify({ format: 'jostle-sandbox', version: 1, world: window.jostle.world.toJSON() }))) as {
      world: { bodies: Array<Record<string, unknown>>; slotCount: number };
    };
    const bad: Array<[string, string, RegExp]> = [
      ['not-json.json', '{ this is not json', /not JSON/],
      ['other.json', JSON.stringify({ hello: 'world' }), /not a Jostle scene/],
      ['future.json', JSON.stringify({ format: 'jostle-sandbox', version: 99 }), /version/],
    ];
    const wrongRestitution = structuredClone(good);
    wrongRestitution.world.bodies[3].restitution = 7;
    bad.push(['restitution.json', JSON.stringify(wrongRestitution), /restitution/]);
    const proto = structuredClone(good);
    bad.push(['proto.json', JSON.stringify(proto).replace('"format"', '"__proto__":{"polluted":1},"format"'), /unknown|polluted/]);
    const huge = structuredClone(good);
    huge.world.slotCount = 1e12;
    bad.push(['huge.json', JSON.stringify(huge), /slotCount/]);
    for (const [name, content, reason] of bad) {
      const file = join(ARTIFACTS, `bad-${name}`);
      writeFileSync(file, content);
      await page.evaluate(() => document.getElementById('message')?.classList.remove('visible'));
      await page.setInputFiles('#load-file', file);
      await page.waitForSelector('#message.visible[data-kind="error"]');
      const text = (await page.locator('#message').textContent()) ?? '';
      expect(text).toContain(`Could not load "bad-${name}"`);
      expect(text).toMatch(reason);
      expect(text).toContain('The current scene is unchanged');
      expect(await page.evaluate(() => JSON.stringify(window.jostle.world.toJSON()))).toBe(before);
      expect(await page.evaluate(() => window.jostle.settings.scene)).toBe('billiards');
    }
    expect(suite.errors).toEqual([]);
  });

  it('a share link and the autosave bring the scene back', async () => {
    const context = await suite.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseUrl });
    const page = await open('?scene=empty-arena', context);
    await page.keyboard.press(' ');
    for (const [x, y] of [
      [-3, 2],
      [4, -1],
      [0, 5],
    ]) {
      const at = await toScreen(page, x, y);
      await page.mouse.click(at.x, at.y);
    }
    const made = await bodies(page);
    expect(made.length).toBe(7);
    await page.locator('.lil-title', { hasText: 'Save and share' }).click();
    await page.getByRole('button', { name: 'copy share link' }).click();
    await page.waitForSelector('#message.visible');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('#scene=z');
    // The copied link is not left in the address bar, where a reload would reopen it.
    expect(await page.evaluate(() => location.hash)).toBe('');
    const linked = await open(link.slice(suite.baseUrl.length));
    expect(await bodies(linked)).toEqual(made);
    // Autosave: a reload of the first page (same storage, no link) restores the spawned bodies.
    await page.goto(suite.baseUrl);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    expect(await bodies(page)).toEqual(made);
  });

  it('the collision lab explains the pair and follows a paused drag', async () => {
    const page = await open('?scene=collision-lab');
    await page.waitForSelector('#lab-card:not([hidden])');
    const card = (await page.locator('#lab-card').textContent()) ?? '';
    expect(card).toMatch(/touching: overlap 0\.382 m/);
    expect(card).toMatch(/normal n \(unit, A toward B\) = \(0\.89, 0\.45\)/);
    await page.locator('.lil-controller', { has: page.locator('.lil-name', { hasText: 'show measurements' }) }).locator('input').check();
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ARTIFACTS, 'collision-lab-measurements.png') });
    const steps = await page.evaluate(() => window.jostle.steps);
    const b = await toScreen(page, 1.6, 1.3);
    const away = await toScreen(page, 4, 1.3);
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    await page.mouse.move(away.x, away.y, { steps: 5 });
    await page.mouse.up();
    const moved = await page.evaluate(() => window.jostle.world.getBody(1)?.x ?? NaN);
    expect(moved).toBeCloseTo(4, 1);
    expect(await page.evaluate(() => window.jostle.steps)).toBe(steps);
    // The card is rewritten in the frame loop, which a busy host may not have run since the drop.
    await expect.poll(() => page.locator('#lab-card').textContent()).toMatch(/apart: gap \d+\.\d+ m/);
  });

  it('every scene renders', async () => {
    const page = await open();
    for (const scene of SCENES) {
      await control(page, 'scene', 'select').selectOption({ label: scene.title });
      await page.waitForFunction((id) => window.jostle.settings.scene === id, scene.id);
      const frames = await page.evaluate(() => window.jostle.frames);
      await page.waitForFunction((f) => window.jostle.frames > f + 3, frames);
      expect(await page.evaluate(() => window.jostle.world.bodyCount)).toBeGreaterThan(0);
      expect(await screenshotShare(page, `scene-${scene.id}`)).toBeGreaterThan(0.03);
    }
    expect(suite.errors).toEqual([]);
  });
});
