/**
 * The engine stands alone: nothing under src/physics/ imports from outside it except `rbush`
 * (and only the tree adapter, body-tree.ts, does), and nothing there touches the DOM, a canvas, the frame loop
 * or the panel library. Read from the files themselves, so a new file is covered at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/physics');

function engineFiles(dir = ENGINE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return engineFiles(path);
    return /\.(ts|js|mjs|cjs|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier in a source text: static, re-export, side-effect, dynamic, require. */
function importsOf(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]));
}

const FORBIDDEN = [/\bwindow\b/, /\bdocument\b/, /\bHTMLCanvasElement\b/, /\brequestAnimationFrame\b/, /lil-gui/];

describe('architecture: the engine has no outside dependencies', () => {
  const files = engineFiles();

  it('finds the engine files', () => {
    expect(files.map((f) => f.slice(ENGINE.length + 1))).toEqual(
      expect.arrayContaining(['index.ts', 'world.ts', 'narrowphase.ts', 'broadphase.ts', 'snapshot.ts']),
    );
  });

  it('reads every form of import', () => {
    const sample = [
      "import { a } from './a';",
      'import {\n  b,\n  c,\n} from "../outside/b";',
      "export { d } from 'lil-gui';",
      "import './side-effect';",
      "const e = await import('node:fs');",
      "const f = require('three');",
      "import type { G } from 'rbush';",
    ].join('\n');
    expect(importsOf(sample).sort()).toEqual(['../outside/b', './a', './side-effect', 'lil-gui', 'node:fs', 'rbush', 'three'].sort());
  });

  it('imports only its own files, and rbush (in the tree adapter alone)', () => {
    const outside: string[] = [];
    const rbushUsers: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const name = file.slice(ENGINE.length + 1);
        if (spec === 'rbush') {
          rbushUsers.push(name);
          continue;
        }
        const inside = spec.startsWith('.') && resolve(dirname(file), spec).startsWith(ENGINE + '/');
        if (!inside) outside.push(`${name} imports ${spec}`);
      }
    }
    expect(outside).toEqual([]);
    expect(rbushUsers).toEqual(['body-tree.ts']);
  });

  it('mentions no window, document, canvas, frame loop or lil-gui', () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, k) => {
        for (const word of FORBIDDEN) if (word.test(line)) found.push(`${file.slice(ENGINE.length + 1)}:${k + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
