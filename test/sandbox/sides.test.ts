/**
 * Each side of the sandbox type-checks as what it is (STYLE.md: a tsconfig per side): the page
 * with the DOM, the physics worker with the WebWorker library and no DOM. A worker file (or a
 * shared one it imports) that touches `document` or `window` fails here.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

function typecheck(project: string): string {
  try {
    execFileSync(process.execPath, [TSC, '--noEmit', '-p', project], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the sandbox sides', () => {
  it('the page type-checks with the DOM and without Node', () => {
    expect(typecheck('src/sandbox/tsconfig.json')).toBe('');
  });

  it('the physics worker and all it imports type-check with the WebWorker library, without the DOM', () => {
    expect(typecheck('src/sandbox/worker/tsconfig.json')).toBe('');
  });
});
