/**
 * Small helpers the browser suites share: a body's state as plain data, world ↔ screen through
 * `window.jostle`, the panel's controls by name, and waiting for frames or a message.
 */
import type { Locator, Page } from 'playwright-core';

/** A body as the tests read it. */
export interface BodyData {
  id: number;
  type: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  halfWidth: number;
  halfHeight: number;
  radius: number;
  restitution: number;
}

/** Every body of the page's world. */
export function bodies(page: Page): Promise<BodyData[]> {
  return page.evaluate(() =>
    window.jostle.world.getBodies().map((b) => ({
      id: b.id,
      type: b.type,
      x: b.x,
      y: b.y,
      vx: b.vx,
      vy: b.vy,
      halfWidth: b.halfWidth,
      halfHeight: b.halfHeight,
      radius: b.radius,
      restitution: b.restitution,
    })),
  );
}

/** World point (m) to client coordinates (CSS px). */
export function toScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(([wx, wy]) => window.jostle.worldToScreen(wx, wy), [x, y] as const);
}

/** The panel's control named `name` (its input, select or button). */
export function control(page: Page, name: string, widget = 'input'): Locator {
  return page.locator('.lil-controller', { has: page.locator('.lil-name', { hasText: new RegExp(`^${name}$`) }) }).locator(widget);
}

/** Waits until the page has drawn `n` more frames. */
export async function waitFrames(page: Page, n: number): Promise<void> {
  // Drawn frames: a frame the busy GPU skips draws no overlay, and a test reading one after it
  // would read the frame before.
  const frames = await page.evaluate(() => window.jostle.drawnFrames);
  await page.waitForFunction(([f, k]) => window.jostle.drawnFrames >= f + k, [frames, n] as const);
}

/** Hides the message toast, so the next one can be waited for. */
export async function clearMessage(page: Page): Promise<void> {
  await page.evaluate(() => document.getElementById('message')?.classList.remove('visible'));
}

/** Waits for a visible message and returns its text. */
export async function messageText(page: Page, kind?: 'error' | 'info'): Promise<string> {
  await page.waitForSelector(kind === undefined ? '#message.visible' : `#message.visible[data-kind="${kind}"]`);
  return (await page.locator('#message').textContent()) ?? '';
}

/**
 * Starts watching, in the page itself, for the next message of `kind` to show; the returned
 * function resolves with its text, however soon another message replaced it (a note that a
 * replay's DIVERGED error follows at once, on a machine where the test looks later than the
 * page plays). Call before the action that shows it.
 */
export async function watchMessage(page: Page, kind: 'error' | 'info'): Promise<() => Promise<string>> {
  await page.evaluate((k) => {
    const seen = new Promise<string>((resolve) => {
      const observer = new MutationObserver(() => {
        const box = document.getElementById('message');
        if (box === null || !box.classList.contains('visible') || box.dataset.kind !== k) return;
        observer.disconnect();
        resolve(box.textContent ?? '');
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    (window as unknown as { seenMessage?: Promise<string> }).seenMessage = seen;
  }, kind);
  return () => page.evaluate(() => (window as unknown as { seenMessage: Promise<string> }).seenMessage);
}

/** Area (CSS px²) where the elements `a` and `b` (ids) overlap on screen; -1 when either is missing. */
export function overlapArea(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ([idA, idB]) => {
      const ra = document.getElementById(idA)?.getBoundingClientRect();
      const rb = document.getElementById(idB)?.getBoundingClientRect();
      if (ra === undefined || rb === undefined) return -1;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      return Math.max(0, w) * Math.max(0, h);
    },
    [a, b] as const,
  );
}

/** An element's box on the page (px), as `boundingBox()` or `getBoundingClientRect()` gives it. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes overlap (boxes that only touch do not). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
