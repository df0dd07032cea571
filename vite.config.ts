import { configDefaults, defineConfig } from 'vitest/config';

/** Browser suites: they build the app, start Chromium and drive the page. */
const BROWSER_TESTS = 'test/sandbox/browser/**/*.test.ts';

/**
 * Cross-origin isolation: with these two headers the page, and so the physics worker, has
 * SharedArrayBuffer, and stress mode steps on every core (src/sandbox/worker/thread-pool.ts).
 * A static host must send the same two headers (see README).
 */
const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

// The sandbox is a single page; `base: './'` keeps the built files working from any folder.
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
  preview: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
  test: {
    environment: 'node',
    // Two cores: physics-heavy files and the browser suite share them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, BROWSER_TESTS],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER_TESTS],
          // A test drives a software-rendered page (about 100 ms a frame); the hooks build the app.
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
