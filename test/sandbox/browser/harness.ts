/**
 * The browser suite's harness: builds the app once (Vite's JS API) into a temporary folder,
 * serves it on 127.0.0.1 from a tiny static server on a free port, and launches Debian's
 * Chromium through playwright-core with software WebGL (SwiftShader). Never downloads a browser.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../../..');
// An empty CHROMIUM_PATH means unset, as in a shell: `||`, not `??`.
// eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Where screenshots go (git-ignored). */
export const ARTIFACTS = join(ROOT, 'test-artifacts');

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Builds the app into a fresh temporary folder and returns it. */
export async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'jostle-dist-'));
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

/** Serves `dir` on 127.0.0.1 on a free port, with `headers` on every file; resolves to the server and its base URL. */
export async function serve(dir: string, headers: Record<string, string> = {}): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** How to launch the browser. */
export interface LaunchOptions {
  /**
   * Composite on the (software) GPU as a browser with a GPU does. By default the harness uses
   * software compositing (`--disable-gpu`), where every WebGL frame is read back on the main
   * thread before it shows: right for pixels, wrong for measuring whether the main thread is
   * free, since at 50,000 bodies that readback alone holds it for a few hundred ms a frame.
   */
  gpuCompositing?: boolean;
}

/** Launches Chromium headless with software WebGL. */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const args = options.gpuCompositing === true ? LAUNCH_ARGS.filter((a) => a !== '--disable-gpu') : LAUNCH_ARGS;
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/** Removes a temporary build. */
export function removeBuild(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** One build, server and browser for a describe block, and the page opened in it. */
export interface PageSuite {
  readonly browser: Browser;
  readonly baseUrl: string;
  /** The folder the app was built into and is served from (read afresh for every request). */
  readonly dist: string;
  /** Uncaught errors and console errors of the page opened last. */
  readonly errors: string[];
  /** A new browser context, closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Opens the page (with `query`, e.g. '?scene=pinball') in `context` or a new one, and waits until it runs. */
  open(query?: string, context?: BrowserContext): Promise<Page>;
}

/**
 * Registers the hooks of a browser suite in the calling describe block: build and serve the app
 * and launch the browser before all tests, close every context after each, tear down after all.
 */
export function usePageSuite(
  viewport: { width: number; height: number },
  launch: LaunchOptions = {},
  /** Headers the server sends with every file (say, those that make the page cross-origin isolated). */
  headers: Record<string, string> = {},
): PageSuite {
  let browser: Browser | undefined;
  let server: Server | undefined;
  let baseUrl = '';
  let dist = '';
  let errors: string[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    dist = await buildApp();
    ({ server, url: baseUrl } = await serve(dist, headers));
    browser = await launchBrowser(launch);
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
    if (dist !== '') removeBuild(dist);
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  const running = (): Browser => {
    if (browser === undefined) throw new Error('the browser suite has not started (use it inside a test)');
    return browser;
  };
  const suite: PageSuite = {
    get browser() {
      return running();
    },
    get baseUrl() {
      return baseUrl;
    },
    get dist() {
      return dist;
    },
    get errors() {
      return errors;
    },
    async newContext(options = {}) {
      const ctx = await running().newContext({ viewport, ...options });
      contexts.push(ctx);
      return ctx;
    },
    async open(query = '', context) {
      const ctx = context ?? (await suite.newContext({ acceptDownloads: true }));
      const page = await ctx.newPage();
      const seen: string[] = [];
      errors = seen;
      page.on('pageerror', (e) => seen.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') seen.push(m.text());
      });
      await page.goto(baseUrl + query);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 });
      await page.waitForFunction(() => window.jostle.frames > 2);
      return page;
    },
  };
  return suite;
}
