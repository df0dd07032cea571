/**
 * The collision lab through real input: the card beside the pair (never over it), labels that
 * never pile up (the inside case too), a velocity set by dragging its handle, sizes and
 * restitution edited in the card, stepping forward and back through the collision exactly,
 * "separating" and "touching" said only when true, the sweep's time of impact, and a phone.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { bodies, clearMessage, messageText, overlapArea, toScreen, waitFrames, type Box } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';
const VELOCITY_TIME = 0.25; // s: the lab's arrows (src/sandbox/lab/handles.ts)

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The card's box and the screen boxes of A and B (client px). */
async function layout(page: Page): Promise<{ card: Box; pair: Box[]; labels: Box[] }> {
  return page.evaluate(() => {
    const j = window.jostle;
    const r = (document.getElementById('lab-card') as HTMLElement).getBoundingClientRect();
    const pair = [0, 1].map((id) => {
      const b = j.world.getBody(id);
      if (b === undefined) throw new Error(`no body ${id}`);
      const p = j.worldToScreen(b.x - b.outerHalfWidth, b.y + b.outerHalfHeight);
      return { x: p.x, y: p.y, width: 2 * b.outerHalfWidth * j.camera.scale, height: 2 * b.outerHalfHeight * j.camera.scale };
    });
    const labels = j.labels.map((l) => ({ x: l.box.x + j.camera.left, y: l.box.y + j.camera.top, width: l.box.width, height: l.box.height }));
    return { card: { x: r.x, y: r.y, width: r.width, height: r.height }, pair, labels };
  });
}

/** Checks nothing piles up: no two labels overlap, none is under the card, the card covers neither body. */
async function expectClear(page: Page): Promise<void> {
  const { card, pair, labels } = await layout(page);
  expect(labels.length).toBeGreaterThan(4);
  for (let i = 0; i < labels.length; i++) {
    expect(overlap(labels[i], card), `label ${i} ${JSON.stringify(labels[i])} under the card ${JSON.stringify(card)}`).toBe(0);
    for (let k = i + 1; k < labels.length; k++) expect(overlap(labels[i], labels[k]), `labels ${i} and ${k} overlap`).toBe(0);
  }
  for (const body of pair) expect(overlap(body, card), `the card ${JSON.stringify(card)} covers a body ${JSON.stringify(body)}`).toBe(0);
}

/** Drags with the mouse from world point `from` to world point `to` (m). */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await toScreen(page, ...from);
  const b = await toScreen(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  await waitFrames(page, 2);
}

function cardText(page: Page): Promise<string> {
  return page.locator('#lab-card').textContent().then((t) => t ?? '');
}

describe.skipIf(SKIP)('the collision lab, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  it('frames the pair beside its card, defines its symbols, keeps every label clear', async () => {
    const page = await suite.open('?scene=collision-lab');
    await page.waitForSelector('#lab-card:not([hidden])');
    await waitFrames(page, 3);
    const text = await cardText(page);
    expect(text).toMatch(/CSO = A grown by B/);
    expect(text).toMatch(/d = B's centre − A's centre/);
    expect(text).toMatch(/q = \|d\| − h/);
    expect(text).toMatch(/bounce e = 0\.80/);
    // The legend names the colours.
    expect(await page.locator('#lab-card .legend .swatch').count()).toBeGreaterThan(8);
    await expectClear(page);
    // The card and the tool palette down the left edge do not overlap.
    expect(await overlapArea(page, 'lab-card', 'toolbar')).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-1280.png') });
    // The inside case: B's centre in A's inner rectangle, where every label wants the same spot.
    await drag(page, [1.6, 1.3], [-0.8, 0.1]);
    expect(await cardText(page)).toMatch(/inside the inner rectangle/);
    await expectClear(page);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-inside-1280.png') });
    expect(suite.errors).toEqual([]);
  });

  it("sets B's velocity by dragging its handle, says separating when it moves away, and the card edits sizes", async () => {
    const page = await suite.open('?scene=collision-lab');
    await page.waitForSelector('#lab-card:not([hidden])');
    const [, b] = await bodies(page);
    // B's handle is at the tip of its arrow: where B is VELOCITY_TIME from now. Drag it to point away from A.
    const tip: [number, number] = [b.x + b.vx * VELOCITY_TIME, b.y + b.vy * VELOCITY_TIME];
    await drag(page, tip, [b.x + 4 * VELOCITY_TIME, b.y + 2 * VELOCITY_TIME]);
    const moved = (await bodies(page))[1];
    expect(moved.x).toBe(b.x);
    expect(moved.vx).toBeCloseTo(4, 0);
    expect(moved.vy).toBeCloseTo(2, 0);
    const text = await cardText(page);
    expect(text).toMatch(/separating \(/);
    expect(text).not.toMatch(/e = 0\.00/);

    const radius = page.locator('#lab-card input[name="B-radius"]');
    await radius.fill('0.5');
    await radius.press('Enter');
    await expect.poll(async () => (await bodies(page))[1].radius).toBe(0.5);
    const restitution = page.locator('#lab-card input[name="A-restitution"]');
    await restitution.fill('0.25');
    await restitution.press('Enter');
    await expect.poll(async () => (await bodies(page))[0].restitution).toBe(0.25);
    // A value the engine refuses is named, and changes nothing.
    await clearMessage(page);
    await radius.fill('-1');
    await radius.press('Enter');
    expect(await messageText(page, 'error')).toMatch(/B: .*radius.*-1/);
    expect((await bodies(page))[1].radius).toBe(0.5);
    expect(suite.errors.filter((e) => !e.includes('radius'))).toEqual([]);
  });

  it('steps forward through the bounce and back to the exact start', async () => {
    const page = await suite.open('?scene=collision-lab');
    await page.waitForSelector('#lab-card:not([hidden])');
    const start = await bodies(page);
    for (let i = 0; i < 3; i++) await page.locator('#lab-forward').click();
    await expect.poll(() => page.evaluate(() => window.jostle.lab.step)).toBe(3);
    const after = await bodies(page);
    // The engine's step bounced B off A: it moves away along the normal now, A was pushed.
    expect(after[1].vx).toBeGreaterThan(0);
    expect(after[0].x).toBeLessThan(start[0].x);
    // The card is rewritten in the frame loop, which a busy host may not have run since the click.
    await expect.poll(() => cardText(page)).toMatch(/last step: A moved/);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-step3-1280.png') });
    for (let i = 0; i < 3; i++) await page.locator('#lab-back').click();
    await expect.poll(() => page.evaluate(() => window.jostle.lab.step)).toBe(0);
    expect(await bodies(page)).toEqual(start);
    // The card (and its back button) is updated in the frame loop, after the step changed.
    await expect.poll(() => page.locator('#lab-back').isDisabled()).toBe(true);
    // Forward again restores the very same states.
    for (let i = 0; i < 3; i++) await page.locator('#lab-forward').click();
    await expect.poll(() => page.evaluate(() => window.jostle.lab.step)).toBe(3);
    expect(await bodies(page)).toEqual(after);
    expect(suite.errors).toEqual([]);
  });

  it('sweep mode shows the time of impact on the CSO', async () => {
    const page = await suite.open('?scene=collision-lab');
    await page.waitForSelector('#lab-card:not([hidden])');
    await page.locator('#lab-card button[data-mode="sweep"]').click();
    // The click sets the mode; the card shows it from the next frame on.
    await expect.poll(() => cardText(page)).toMatch(/starts inside the CSO/);
    await drag(page, [1.6, 1.3], [3.5, 0]);
    await page.evaluate(() => window.jostle.world.getBody(1)?.setVelocity(-4, 0));
    await waitFrames(page, 2);
    // A's CSO reaches x = -1 + 1.6 + 0.6 + 0.9 = 2.1: from B's centre, wherever the drag left it, at 4 m/s.
    const bx = (await bodies(page))[1].x;
    const text = await cardText(page);
    expect(text).toContain(`time of impact t = ${((bx - 2.1) / 4).toFixed(3)} s`);
    expect((await layout(page)).labels.length).toBeGreaterThan(4);
    expect(await page.evaluate(() => window.jostle.labels.map((l) => l.text))).toContain(`t = ${((bx - 2.1) / 4).toFixed(3)} s`);
    await expectClear(page);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-sweep-1280.png') });
    expect(suite.errors).toEqual([]);
  });

  it('on a phone the card sits below the pair, clear of it, the toolbar and the help button', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await suite.open('?scene=collision-lab', context);
    await page.waitForSelector('#lab-card:not([hidden])');
    await waitFrames(page, 3);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-390.png') });
    await expectClear(page);
    const { card } = await layout(page);
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    for (const selector of ['#toolbar', '#help-hint']) {
      const other = (await page.locator(selector).boundingBox()) as Box;
      expect(overlap(card, other), `the card covers ${selector}`).toBe(0);
    }
    expect(suite.errors).toEqual([]);
  });
});
