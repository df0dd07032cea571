import { defineConfig } from 'vite';

// The sandbox is a single page; `base: './'` keeps the built files working from any folder.
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
