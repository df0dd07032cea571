/**
 * The mass-ratios scene names each box's density on the box, so the ratios can be read: one
 * label per box, on it, none over another.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, usePageSuite } from './harness';
import { waitFrames } from './page-helpers';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';

describe.skipIf(SKIP)('mass ratios, in Chromium', () => {
  const suite = usePageSuite({ width: 1280, height: 800 });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`labels every box with its density at ${viewport.width}×${viewport.height}`, async () => {
      const context = await suite.newContext({ viewport });
      const page = await suite.open('?scene=mass-ratios', context);
      await waitFrames(page, 3);
      const found = await page.evaluate(() => {
        const j = window.jostle;
        return j.world
          .getBodies()
          .filter((b) => b.type === 'dynamic')
          .map((b) => {
            const p = j.worldToScreen(b.x, b.y);
            const label = j.labels.find((l) => Math.abs(l.anchorX + j.camera.left - p.x) < 0.5 && Math.abs(l.anchorY + j.camera.top - p.y) < 0.5);
            const half = b.outerHalfWidth * j.camera.scale;
            const box = label?.box;
            const inside = box !== undefined && box.x + box.width / 2 > p.x - half && box.x + box.width / 2 < p.x + half;
            return { density: b.density, text: label?.text ?? null, inside };
          });
      });
      expect(found).toHaveLength(6);
      for (const f of found) {
        expect(f.text).toBe(`${f.density.toLocaleString('en-US')} kg/m²`);
        if (viewport.width > 1000) expect(f.inside, `the ${f.density} label sits on its box`).toBe(true);
      }
      const boxes = await page.evaluate(() => window.jostle.labels.map((l) => l.box));
      for (let i = 0; i < boxes.length; i++) {
        for (let k = i + 1; k < boxes.length; k++) {
          const a = boxes[i];
          const b = boxes[k];
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart, `labels ${i} and ${k} overlap`).toBe(true);
        }
      }
      await page.screenshot({ path: join(ARTIFACTS, `mass-ratios-${viewport.width}.png`) });
      expect(suite.errors).toEqual([]);
    });
  }
});
