/**
 * The engine's WebAssembly passes (src/physics/wasm) in the page, and on a page whose
 * Content-Security-Policy forbids WebAssembly (no 'wasm-unsafe-eval'): there the pile packs its
 * rows into plain arrays and solves them in TypeScript, and must step to the same bits.
 * Set JOSTLE_SKIP_BROWSER=1 to skip.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePageSuite } from './harness';

const SKIP = process.env.JOSTLE_SKIP_BROWSER === '1';
const VIEWPORT = { width: 1000, height: 700 };
const STEPS = 240;

interface PileRun {
  hash: string;
  /** Whether the page may compile WebAssembly at all. */
  wasmAllowed: boolean;
  /** Whether the last step packed its rows, and whether into the kernels' memory. */
  packed: boolean;
  inKernels: boolean;
}

/** Opens the pile, steps it STEPS times by hand, and reads its state and how it solved. */
async function runPile(page: Page): Promise<PileRun> {
  await page.evaluate(() => {
    window.jostle.loadScene('pile');
    window.jostle.pause();
  });
  // Each step() asks for a step on the next frame, which runs every asked step at once: wait for
  // that frame, or a busy host reads the pile before it stepped (or packed any row).
  const before = await page.evaluate((n) => {
    const s = window.jostle.steps;
    for (let i = 0; i < n; i++) window.jostle.step();
    return s;
  }, STEPS);
  await page.waitForFunction(([s, n]) => window.jostle.steps >= s + n, [before, STEPS] as const);
  return page.evaluate(() => {
    const { contacts } = window.jostle.world.internals;
    let wasmAllowed = true;
    try {
      new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    } catch {
      wasmAllowed = false;
    }
    return { hash: window.jostle.history.hash(), wasmAllowed, packed: contacts.packedRows, inKernels: contacts.inKernels };
  });
}

let withKernels: PileRun | null = null;

describe.skipIf(SKIP)('the solver as WebAssembly in the page', () => {
  const suite = usePageSuite(VIEWPORT);

  it('packs the pile into the kernels\' memory', async () => {
    const page = await suite.open();
    withKernels = await runPile(page);
    expect(withKernels.wasmAllowed).toBe(true);
    expect(withKernels.packed).toBe(true);
    expect(withKernels.inKernels).toBe(true);
    expect(suite.errors).toEqual([]);
  });
});

describe.skipIf(SKIP)('the solver on a page that forbids WebAssembly', () => {
  const suite = usePageSuite(VIEWPORT, {}, { 'Content-Security-Policy': "script-src 'self'" });

  it('solves the pile in TypeScript, to the same bits', async () => {
    const page = await suite.open();
    const run = await runPile(page);
    expect(run.wasmAllowed).toBe(false);
    expect(run.packed).toBe(true);
    expect(run.inKernels).toBe(false);
    expect(withKernels).not.toBe(null);
    expect(run.hash).toBe(withKernels?.hash);
    expect(suite.errors).toEqual([]);
  });
});
