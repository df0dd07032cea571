import { defineConfig } from 'vitest/config';

// The sandbox is a single page; `base: './'` keeps the built files working from any folder.
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores: physics-heavy files and the browser suite share them.
    maxWorkers: 2,
  },
});
