/**
 * The build tools and the inspector in Chromium, through real mouse input: draw walls (sharp
 * and rounded) and movers, aim a mover, select, move, resize, box-select, bulk edit, delete,
 * and the inspector's live values and the engine's messages; movers keep their velocity
 * through a save file and a share link. Screenshots go to test-artifacts/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { bodies, control, toScreen, waitFrames, type BodyData } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

/** A mouse drag between world points (m), in `steps` moves. */
async function drag(page: Page, from: readonly [number, number], to: readonly [number, number], steps = 6): Promise<void> {
  const a = await toScreen(page, from[0], from[1]);
  const b = await toScreen(page, to[0], to[1]);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

async function pause(page: Page): Promise<void> {
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.jostle.settings.paused);
}

/** The bodies that are not dynamic, newest last. */
async function built(page: Page): Promise<BodyData[]> {
  return (await bodies(page)).filter((b) => b.type !== 'dynamic');
}

/** Whether the inspector card covers any part of body `id` on screen. */
function inspectorCovers(page: Page, id: number): Promise<boolean> {
  return page.evaluate((i) => {
    const b = window.jostle.world.getBody(i);
    const card = document.getElementById('inspector')?.getBoundingClientRect();
    if (b === undefined || card === undefined) throw new Error('no body or no inspector');
    const a = window.jostle.worldToScreen(b.x - b.outerHalfWidth, b.y + b.outerHalfHeight);
    const c = window.jostle.worldToScreen(b.x + b.outerHalfWidth, b.y - b.outerHalfHeight);
    return card.left < c.x && a.x < card.right && card.top < c.y && a.y < card.bottom;
  }, id);
}

const field = (page: Page, name: string): ReturnType<Page['locator']> => page.locator(`#inspector [name="${name}"]`);
/** The message line under the inspector's field `name`. */
const fieldError = (page: Page, name: string): ReturnType<Page['locator']> =>
  page.locator('#inspector .field', { has: page.locator(`[name="${name}"]`) }).locator('.field-error');

describe.skipIf(SKIP)('build tools and the inspector, in Chromium', () => {
  const suite = usePageSuite({ width: 1200, height: 760 });

  it('the wall tool draws a static wall by dragging, rounded with shift, and selects it for the inspector', async () => {
    const page = await suite.open('?scene=empty-arena');
    await pause(page);
    const before = (await built(page)).length;
    await page.keyboard.press('w');
    await expect(page.locator('#toolbar button[data-tool="wall"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.locator('#tool-hint').textContent()).resolves.toMatch(/Shift or Alt for rounded corners/);
    await drag(page, [-18, 10], [-12, 8]);
    let walls = await built(page);
    expect(walls.length).toBe(before + 1);
    expect(walls.at(-1)).toMatchObject({ type: 'static', halfWidth: expect.closeTo(3, 1) as number, halfHeight: expect.closeTo(1, 1) as number, radius: 0 });
    expect(walls.at(-1)?.x).toBeCloseTo(-15, 1);
    expect(walls.at(-1)?.y).toBeCloseTo(9, 1);
    // The card follows the selection on the next frame, not at the pointer's release.
    await expect.poll(() => page.locator('#inspector h2').textContent()).toBe(`Inspector: body ${walls.at(-1)?.id}`);
    await expect(field(page, 'type').inputValue()).resolves.toBe('static');
    // The wall is at the top left, where the card would be: the card moves aside.
    await waitFrames(page, 2);
    expect(await inspectorCovers(page, walls.at(-1)?.id ?? -1)).toBe(false);

    await page.keyboard.down('Shift');
    await drag(page, [1, -3], [7, -6]);
    await page.keyboard.up('Shift');
    walls = await built(page);
    const rounded = walls.at(-1);
    expect(rounded?.radius).toBeGreaterThan(0.5);
    expect((rounded?.halfWidth ?? 0) + (rounded?.radius ?? 0)).toBeCloseTo(3, 1);
    // A click is not a wall: it says how to draw one.
    const n = walls.length;
    const at = await toScreen(page, 0, 6);
    await page.mouse.click(at.x, at.y);
    await expect(page.locator('#message').textContent()).resolves.toMatch(/Drag to draw a wall/);
    expect((await built(page)).length).toBe(n);
    await page.screenshot({ path: join(ARTIFACTS, 'build-walls.png') });
    expect(suite.errors).toEqual([]);
  });

  it('a mover is drawn, aimed from inside it, moves at that velocity, and keeps it through a save file and a share link', async () => {
    const context = await suite.newContext({ acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseUrl });
    const page = await suite.open('?scene=empty-arena', context);
    await pause(page);
    await page.keyboard.press('m');
    await drag(page, [-2, -1], [2, -2]);
    const mover = (await built(page)).at(-1);
    expect(mover).toMatchObject({ type: 'kinematic', vx: 0, vy: 0 });
    if (mover === undefined) throw new Error('no mover');
    // Drag from inside the new mover: the arrow ends where the pointer lets go.
    await drag(page, [mover.x, mover.y], [mover.x + 2, mover.y + 1]);
    let aimed = (await bodies(page)).find((b) => b.id === mover.id);
    // ARROW_TIME is 0.5 s: a 2 m by 1 m arrow is 4 m/s by 2 m/s.
    expect(aimed?.vx).toBeCloseTo(4, 0);
    expect(aimed?.vy).toBeCloseTo(2, 0);
    await page.screenshot({ path: join(ARTIFACTS, 'build-mover.png') });
    // With the select tool the arrow's tip is a handle: dragged back past the centre, it reverses.
    await page.keyboard.press('v');
    await drag(page, [mover.x + 2, mover.y + 1], [mover.x - 1, mover.y]);
    aimed = (await bodies(page)).find((b) => b.id === mover.id);
    expect(aimed?.vx).toBeCloseTo(-2, 0);
    expect(aimed?.vy).toBeCloseTo(0, 0);
    expect(aimed?.x).toBe(mover.x);
    // Unselected, a mover still shows its arrow with the select and mover tools (it would look
    // like a wall otherwise), and not in play.
    await page.keyboard.press('Escape');
    const arrowAt = async (): Promise<number> => {
      await waitFrames(page, 2);
      const mid = await toScreen(page, mover.x - 0.5, mover.y);
      return page.evaluate((p) => {
        const canvas = document.getElementById('build-layer') as HTMLCanvasElement;
        const r = canvas.width / canvas.clientWidth;
        return canvas.getContext('2d')?.getImageData(Math.round(p.x * r), Math.round(p.y * r), 1, 1).data[3] ?? 0;
      }, mid);
    };
    expect(await arrowAt()).toBeGreaterThan(100);
    await page.keyboard.press('g');
    expect(await arrowAt()).toBe(0);

    // Time runs: the mover goes where its velocity says (kinematic: nothing pushes it).
    const steps = await page.evaluate(() => window.jostle.steps);
    for (let k = 0; k < 30; k++) await page.evaluate(() => window.jostle.step());
    await page.waitForFunction((s) => window.jostle.steps >= s + 30, steps);
    const moved = (await bodies(page)).find((b) => b.id === mover.id);
    expect(moved?.x).toBeCloseTo(mover.x + (aimed?.vx ?? 0) * 0.5, 3);

    const saved = await bodies(page);
    await page.locator('.lil-title', { hasText: 'Save and share' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'save file' }).click()]);
    const file = join(ARTIFACTS, 'build-mover.json');
    await download.saveAs(file);
    await page.getByRole('button', { name: 'copy share link' }).click();
    await page.waitForSelector('#message.visible');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await control(page, 'scene', 'select').selectOption({ label: 'Billiards break' });
    await page.waitForFunction(() => window.jostle.settings.scene === 'billiards');
    await page.setInputFiles('#load-file', file);
    await page.waitForFunction(() => window.jostle.settings.scene === 'empty-arena');
    expect(await bodies(page)).toEqual(saved);
    // Undoing the file load gives back the scene before it, under its own name.
    await page.evaluate(() => window.jostle.history.undo());
    await page.waitForFunction(() => window.jostle.settings.scene === 'billiards');
    const linked = await suite.open(link.slice(suite.baseUrl.length));
    expect(await bodies(linked)).toEqual(saved);
  });

  it('select: a click selects, a drag moves, a corner resizes, Delete removes', async () => {
    const page = await suite.open('?scene=empty-arena');
    await pause(page);
    await page.keyboard.press('w');
    await drag(page, [-4, 1], [0, -1]);
    const wall = (await built(page)).at(-1);
    if (wall === undefined) throw new Error('no wall');
    await page.keyboard.press('v');
    const empty = await toScreen(page, 6, 6);
    await page.mouse.click(empty.x, empty.y);
    expect(await page.evaluate(() => window.jostle.selectedIds)).toEqual([]);
    // The card follows the selection on the next frame, not at the click.
    await page.locator('#inspector').waitFor({ state: 'hidden', timeout: 5000 });
    const on = await toScreen(page, -2, 0);
    await page.mouse.click(on.x, on.y);
    expect(await page.evaluate(() => window.jostle.selectedIds)).toEqual([wall.id]);

    await drag(page, [-2, 0], [1, 3]);
    let now = (await bodies(page)).find((b) => b.id === wall.id);
    expect(now?.x).toBeCloseTo(1, 1);
    expect(now?.y).toBeCloseTo(3, 1);
    // The top-right corner (x + 2, y + 1) dragged out by (1, 2): the bottom-left stays.
    await drag(page, [3, 4], [4, 6]);
    now = (await bodies(page)).find((b) => b.id === wall.id);
    expect(now?.halfWidth).toBeCloseTo(2.5, 1);
    expect(now?.halfHeight).toBeCloseTo(2, 1);
    expect((now?.x ?? 0) - (now?.halfWidth ?? 0)).toBeCloseTo(-1, 1);
    await page.screenshot({ path: join(ARTIFACTS, 'build-select.png') });
    await page.keyboard.press('Delete');
    expect((await bodies(page)).some((b) => b.id === wall.id)).toBe(false);
    expect(suite.errors).toEqual([]);
  });

  it('the inspector follows a moving body, applies an edit, and shows the engine refusing one without changing the body', async () => {
    const page = await suite.open('?scene=pinball');
    const id = await page.evaluate(() => window.jostle.world.getBodies().find((b) => b.type === 'dynamic')?.id ?? -1);
    await page.evaluate((i) => window.jostle.selectBodies([i]), id);
    const y = field(page, 'y');
    // The card is drawn by the frame loop: read its first value once it is there, or a blank
    // would make "the value changed" below pass without the card following anything.
    await expect.poll(() => y.inputValue()).not.toBe('');
    const first = await y.inputValue();
    await waitFrames(page, 5);
    // The field and the body read in one task, so no frame runs between them: the field lags
    // the body by at most the frame it was drawn in (read in two calls, a slow machine let
    // the pinball fall 3 m between them).
    const [later, live] = await page.evaluate(
      (i) => [(document.querySelector('#inspector [name="y"]') as HTMLInputElement | null)?.value ?? '', window.jostle.world.getBody(i)?.y ?? NaN] as const,
      id,
    );
    expect(later).not.toBe(first);
    expect(Math.abs(Number(later) - live)).toBeLessThan(2);
    await expect(page.locator('#inspector .sleep').textContent()).resolves.toBe('sleep: awake');

    await pause(page);
    await field(page, 'restitution').fill('0.9');
    await field(page, 'restitution').press('Enter');
    expect(await page.evaluate((i) => window.jostle.world.getBody(i)?.restitution, id)).toBe(0.9);

    const before = await page.evaluate(() => JSON.stringify(window.jostle.world.toJSON()));
    await field(page, 'restitution').fill('2');
    await field(page, 'restitution').press('Enter');
    const error = fieldError(page, 'restitution');
    await expect(error.textContent()).resolves.toBe('restitution must be between 0 and 1, got 2');
    await field(page, 'halfWidth').fill('abc');
    await field(page, 'halfWidth').press('Enter');
    await expect(fieldError(page, 'halfWidth').textContent()).resolves.toBe('half width must be a number, got "abc"');
    await field(page, 'radius').fill('0');
    await field(page, 'radius').press('Enter');
    await expect(fieldError(page, 'radius').textContent()).resolves.toMatch(/zero area/);
    expect(await page.evaluate(() => JSON.stringify(window.jostle.world.toJSON()))).toBe(before);
    await page.screenshot({ path: join(ARTIFACTS, 'build-inspector-errors.png') });
    // A good value clears the message.
    await field(page, 'restitution').fill('0.25');
    await field(page, 'restitution').press('Enter');
    await expect(error.textContent()).resolves.toBe('');
    expect(await page.evaluate((i) => window.jostle.world.getBody(i)?.restitution, id)).toBe(0.25);
  });

  it('box-select on empty space, then a bulk edit of type and friction, then delete them all', async () => {
    const page = await suite.open('?scene=empty-arena');
    await pause(page);
    await page.keyboard.press('w');
    for (const x of [-6, -3, 0]) await drag(page, [x, -1], [x + 2, 1]);
    const walls = (await built(page)).slice(-3).map((b) => b.id);
    // Shift + drag on empty space with the select tool (from the bottom right: the inspector
    // of the last wall drawn covers the top left of the view).
    await page.keyboard.press('v');
    await page.keyboard.down('Shift');
    await drag(page, [2.5, -2], [-7, 2]);
    await page.keyboard.up('Shift');
    expect((await page.evaluate(() => window.jostle.selectedIds)).sort()).toEqual([...walls].sort());
    await expect.poll(() => page.locator('#inspector h2').textContent()).toBe('Inspector: 3 bodies');
    await expect(field(page, 'x').isVisible()).resolves.toBe(false);
    await field(page, 'type').selectOption('kinematic');
    await field(page, 'friction').fill('0.1');
    await field(page, 'friction').press('Enter');
    const after = (await bodies(page)).filter((b) => walls.includes(b.id));
    expect(after.map((b) => b.type)).toEqual(['kinematic', 'kinematic', 'kinematic']);
    expect(await page.evaluate((ids) => ids.map((i) => window.jostle.world.getBody(i)?.friction), walls)).toEqual([0.1, 0.1, 0.1]);
    await page.screenshot({ path: join(ARTIFACTS, 'build-bulk.png') });
    await page.locator('#inspector .delete').click();
    expect((await bodies(page)).filter((b) => walls.includes(b.id))).toEqual([]);
    await page.locator('#inspector').waitFor({ state: 'hidden', timeout: 5000 });
  });

  it('in stress mode the wall tool builds in the worker, and edits and removals reach its world', async () => {
    const page = await suite.open('?scene=empty-arena');
    await pause(page);
    const count = await page.evaluate(() => window.jostle.world.bodyCount);
    await page.evaluate(() => window.jostle.stress.runCurrentWorld());
    await page.waitForFunction((n) => window.jostle.stress.state.bodies === n && window.jostle.stress.state.paused, count);
    await page.keyboard.press('w');
    await drag(page, [-4, -1], [4, 1]);
    await page.waitForFunction((n) => window.jostle.stress.state.bodies === n + 1, count);
    // Selection reads the main thread's world, which the worker has: edits go by id here.
    await page.evaluate((id) => {
      const host = window.jostle.sandbox.host;
      host.editBodies([{ id, type: 'kinematic', vy: 2 }]);
      host.removeBodies([0]);
    }, count);
    await page.waitForFunction((n) => window.jostle.stress.state.bodies === n, count);
    await page.evaluate(() => window.jostle.stress.leave());
    await page.waitForFunction(() => !window.jostle.stress.state.active);
    const back = await bodies(page);
    expect(back.some((b) => b.id === 0)).toBe(false);
    expect(back.find((b) => b.id === count)).toMatchObject({ type: 'kinematic', vx: 0, vy: 2, halfWidth: expect.closeTo(4, 1) as number });
  });

  it('the tools are in the panel and the help card', async () => {
    const page = await suite.open('?scene=empty-arena');
    await control(page, 'tool', 'select').selectOption({ label: 'mover (m)' });
    expect(await page.evaluate(() => window.jostle.settings.tool)).toBe('mover');
    await expect(page.locator('#toolbar button[data-tool="mover"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.keyboard.press('?');
    const help = (await page.locator('#help').textContent()) ?? '';
    expect(help).toMatch(/wall \/ mover: drag/);
    expect(help).toMatch(/shift or alt for rounded corners/);
  });
});

describe.skipIf(SKIP)('build tools on a phone, in Chromium at 390×844 with touch', () => {
  const suite = usePageSuite({ width: 390, height: 844 });

  it('the select tool and the inspector work with a finger, clear of the toolbar', async () => {
    const page = await suite.open('?scene=empty-arena', await suite.newContext({ hasTouch: true, isMobile: true, deviceScaleFactor: 2 }));
    await page.locator('#toolbar button.pause').tap();
    await page.waitForFunction(() => window.jostle.settings.paused);
    const at = await toScreen(page, 0, 0);
    await page.touchscreen.tap(at.x, at.y);
    const ball = (await bodies(page)).find((b) => b.type === 'dynamic');
    if (ball === undefined) throw new Error('the tap spawned nothing');
    await page.locator('#toolbar button[data-tool="select"]').tap();
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForSelector('#inspector:not([hidden])');
    expect(await page.evaluate(() => window.jostle.selectedIds)).toEqual([ball.id]);
    await field(page, 'restitution').tap();
    await field(page, 'restitution').fill('0.8');
    await field(page, 'restitution').press('Enter');
    expect(await page.evaluate((i) => window.jostle.world.getBody(i)?.restitution, ball.id)).toBe(0.8);
    const boxes = await page.evaluate(() =>
      ['#inspector', '#toolbar'].map((s) => {
        const r = document.querySelector(s)?.getBoundingClientRect();
        return r === undefined ? null : { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    );
    const [card, bar] = boxes;
    if (card === null || bar === null) throw new Error('missing inspector or toolbar');
    expect(card.right).toBeLessThanOrEqual(390);
    expect(bar.left).toBeGreaterThanOrEqual(0);
    expect(bar.right).toBeLessThanOrEqual(390);
    expect(card.bottom).toBeLessThan(bar.top);
    await page.screenshot({ path: join(ARTIFACTS, 'build-phone-inspector.png') });

    // Two fingers with the select tool pinch-zoom, as with any tool: nothing is spawned or selected.
    const count = await page.evaluate(() => window.jostle.world.bodyCount);
    const scale = await page.evaluate(() => window.jostle.camera.scale);
    await page.evaluate(() => {
      const stage = document.getElementById('stage');
      const fire = (type: string, id: number, x: number, y: number): void => {
        stage?.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, pointerId: id, pointerType: 'touch', button: type === 'pointermove' ? -1 : 0, bubbles: true }));
      };
      fire('pointerdown', 21, 180, 600);
      fire('pointerdown', 22, 210, 600);
      for (let k = 1; k <= 5; k++) {
        fire('pointermove', 21, 180 - 15 * k, 600);
        fire('pointermove', 22, 210 + 15 * k, 600);
      }
      fire('pointerup', 21, 105, 600);
      fire('pointerup', 22, 285, 600);
    });
    expect(await page.evaluate(() => window.jostle.camera.scale)).toBeGreaterThan(scale * 2);
    expect(await page.evaluate(() => window.jostle.world.bodyCount)).toBe(count);
  });
});
