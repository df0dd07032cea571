/**
 * Builds test/bench/child.ts, with Jostle's sources, into one ES module the way Vite builds the app,
 * and the children run that file under plain node. Running the TypeScript through tsx instead
 * made Jostle about 2.6 times slower (crowd 10k: 8.7 vs 3.3 ms/step in one run), a cost of the
 * loader, not of the engine; the peers run from their published JavaScript, so this is the
 * like-for-like build. Packages stay external: each peer loads from node_modules as usual.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Where the built child lands: beside child.ts, so its relative paths still resolve. */
export const BUILT_CHILD = fileURLToPath(new URL('./child.build.mjs', import.meta.url));

/** Builds the child once per benchmark run (a second or two). */
export async function buildChild(): Promise<void> {
  const benchDir = fileURLToPath(new URL('.', import.meta.url));
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false, // the app's public/ files do not belong beside the child
    root: fileURLToPath(new URL('../..', import.meta.url)),
    build: {
      // The child, the worker script of Jostle's threads (engines/jostle.ts), and the ramp's arena.
      ssr: true,
      outDir: benchDir,
      emptyOutDir: false,
      minify: false,
      sourcemap: false,
      target: 'node20',
      rollupOptions: {
        input: {
          child: fileURLToPath(new URL('./child.ts', import.meta.url)),
          'thread-worker': fileURLToPath(new URL('../physics/threads/thread-worker.ts', import.meta.url)),
          // The stress ramp's arena in the engine alone (ramp.ts).
          'ramp-arena': fileURLToPath(new URL('./ramp-arena.ts', import.meta.url)),
        },
        output: { format: 'es', entryFileNames: '[name].build.mjs', chunkFileNames: 'child.build-[name].mjs' },
      },
    },
  });
}
