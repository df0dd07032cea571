/**
 * The library as a game developer gets it: `npm pack` (which builds lib/ through `prepare`), the
 * tarball installed into a scratch project in a temporary folder, imported by name in plain Node
 * and type-checked by a strict consumer under both module resolutions. Nothing here reads
 * src/physics: only what the tarball holds counts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALL_MJS, GAME_TS, THREADS_MJS, THREAD_WORKER_MJS, consumerTsconfig } from './consumer.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const NAME = '@jostle/physics';

interface PackedFile {
  path: string;
}
interface PackResult {
  filename: string;
  files: PackedFile[];
}

/** Runs a command; on failure throws with everything it printed, so the test report shows why. */
function run(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    const printed = `${err.stdout ?? ''}\n${err.stderr ?? ''}`;
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${printed}\n${err.message}`, { cause: e });
  }
}

/** The README's example: the first ts block of the "Use the engine in your game" section. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## Use the engine in your game$/m)[1]?.split(/^## /m)[0] ?? '';
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error('README: no ts example under "## Use the engine in your game"');
  return code;
}

/** Declaration text without its comments (TSDoc prose may say "any"). */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** Writes `files` into the scratch project and runs the last of them in plain Node; returns the JSON it printed. */
function runScript(files: Record<string, string>): Record<string, number> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(app, name), text);
  const main = Object.keys(files).at(-1) as string;
  return JSON.parse(run(process.execPath, [main], app)) as Record<string, number>;
}

let work = '';
let app = '';
let packed: PackResult;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'jostle-package-'));
  const out = run('npm', ['pack', '--json', '--pack-destination', work], ROOT);
  // prepare's build prints before the JSON: take the array at the end.
  const results = JSON.parse(out.slice(out.lastIndexOf('\n[') + 1)) as PackResult[];
  if (results.length !== 1) throw new Error(`npm pack: expected one package, got ${results.length}`);
  packed = results[0];
  app = join(work, 'game');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'game', private: true, type: 'module' }));
  // rbush comes from npm's cache when it is there (it is, after `npm ci`), else the registry.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, packed.filename)], app);
});

afterAll(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

describe('the packed library', () => {
  it('holds only the engine JavaScript, its declarations, README, LICENSE and package.json', () => {
    const paths = packed.files.map((f) => f.path).sort();
    const other = paths.filter((p) => !/^lib\/([\w-]+\/)?[\w-]+\.(js|d\.ts)$/.test(p));
    expect(other).toEqual(['LICENSE', 'README.md', 'package.json']);
    expect(paths).toContain('lib/index.js');
    expect(paths).toContain('lib/index.d.ts');
    expect(paths).toContain('lib/world.js');
  });

  it('installs with rbush as its one dependency, and nothing of the sandbox', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', NAME, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['rbush']);
    const installed = readdirSync(join(app, 'node_modules'));
    expect(installed).toContain('rbush');
    expect(installed).not.toContain('lil-gui');
    expect(installed).not.toContain('@types');
  });

  it('imports by name in plain Node: a dropped ball falls, then rests on the floor', () => {
    const result = runScript({ 'fall.mjs': FALL_MJS });
    expect(result.bodies).toBe(2);
    expect(result.afterOneStep).toBeLessThan(5);
    // Floor top at y = 0, radius 0.5: at rest the centre is at 0.5, within the contact slop.
    expect(result.rest).toBeGreaterThan(0.45);
    expect(result.rest).toBeLessThan(0.55);
  });

  it('steps on a pool of its own workers in plain Node (ThreadChooser, handleThreadMessage) to the same places as one thread', () => {
    const result = runScript({ 'thread-worker.mjs': THREAD_WORKER_MJS, 'threads.mjs': THREADS_MJS });
    expect(result.threads).toBe(2);
    expect(result.using).toBe(2);
    expect(result.differ).toBe(0);
    // The worker ran the engine's jobs (a worker that never does still lets the step end: the
    // calling thread takes its share).
    expect(result.engineMessages).toBeGreaterThan(0);
    // The pile fell: its 20 rows, stacked from y = 1, no longer reach y = 20.
    expect(result.top).toBeLessThan(20);
  });

  it("runs the README's example", () => {
    writeFileSync(join(app, 'readme-example.mjs'), readmeExample());
    const printed = run(process.execPath, ['readme-example.mjs'], app);
    expect(printed).toMatch(/^bounce at \d/m);
    expect(printed).toMatch(/the ball rests at y = 0\.2\d m/);
  });

  for (const resolution of ['NodeNext', 'Bundler'] as const) {
    it(`type-checks a strict consumer under moduleResolution ${resolution}, skipLibCheck off`, () => {
      writeFileSync(join(app, 'game.ts'), GAME_TS);
      writeFileSync(join(app, 'readme-example.ts'), readmeExample());
      const config = `tsconfig.${resolution.toLowerCase()}.json`;
      writeFileSync(join(app, config), consumerTsconfig(resolution));
      const loaded = run(process.execPath, [TSC, '-p', config, '--listFilesOnly'], app).split('\n');
      run(process.execPath, [TSC, '-p', config], app);
      // rbush is an implementation detail: its types are neither shipped nor needed.
      expect(loaded.filter((f) => /rbush|broadphase/.test(f))).toEqual([]);
      expect(loaded.some((f) => f.endsWith('@jostle/physics/lib/index.d.ts'))).toBe(true);
      // Nothing public is `any`: no declaration the consumer loads names it outside a comment.
      const ours = loaded.filter((f) => f.includes('@jostle/physics/'));
      const anys = ours.filter((f) => /\bany\b/.test(stripComments(readFileSync(f, 'utf8'))));
      expect(anys).toEqual([]);
    });
  }
});
