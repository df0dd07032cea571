/**
 * The stress ramp's step time at a large count, on one thread and on several:
 *
 *   npm run ramp -- [--in=node,page] [--max=100k] [--batch=10k] [--settle=200] [--steps=60] [--rounds=3] [--threads=2]
 *
 * `node`: the sandbox's stress arena grown in the engine alone (ramp-arena.ts, built like the
 * benchmark's child), then one thread and --threads threads timed in turn on the same world,
 * --rounds times: the engine's own figure, with the machine's drift on both sides alike; then
 * the ThreadChooser's own trial (every thread, all but one from three on, one), as stress mode
 * runs it, and its steps after.
 *
 * `page`: the sandbox's own ramp (`window.jostle.stress.ramp`) in headless Chromium, on the
 * production build served with the cross-origin isolation headers, once with the threads set
 * to one and once to every core: the figure a user's page shows, render and all. The page, the
 * software GPU process and the physics worker's threads share this machine's cores, so the page's
 * figures say what the page does here, not what the engine does.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildChild } from './build-child';
import { RAMP_PREFIX } from './result';

export interface RampBenchOptions {
  where: ('node' | 'page')[];
  max: number;
  batch: number;
  settle: number;
  steps: number;
  rounds: number;
  threads: number;
}

const DEFAULTS: RampBenchOptions = { where: ['node', 'page'], max: 100_000, batch: 10_000, settle: 200, steps: 60, rounds: 3, threads: 2 };
const LEAST: Readonly<Record<Exclude<keyof RampBenchOptions, 'where'>, number>> = {
  max: 1,
  batch: 1,
  settle: 0,
  steps: 1,
  rounds: 1,
  threads: 2,
};

/** Reads the command line; throws, naming the argument and its value, on anything else. */
export function parseRampArgs(argv: readonly string[]): RampBenchOptions {
  const o: RampBenchOptions = { ...DEFAULTS, where: [...DEFAULTS.where] };
  for (const arg of argv) {
    const m = /^--(in|max|batch|settle|steps|rounds|threads)=(.*)$/.exec(arg);
    if (m === null) throw new Error(`unknown argument "${arg}" (known: --in= --max= --batch= --settle= --steps= --rounds= --threads=)`);
    const [, key, value] = m;
    if (key === 'in') {
      const where = value.split(',');
      for (const w of where) if (w !== 'node' && w !== 'page') throw new Error(`--in: "${w}" is neither node nor page`);
      o.where = where as ('node' | 'page')[];
      continue;
    }
    const name = key as keyof typeof LEAST;
    const n = /^\d+k$/i.test(value) ? Number(value.slice(0, -1)) * 1000 : Number(value);
    if (value === '' || !Number.isInteger(n) || n < LEAST[name]) {
      throw new Error(`--${key}: "${value}" is not a whole number of at least ${LEAST[name]}`);
    }
    o[name] = n;
  }
  return o;
}

/** What the arena's child prints after RAMP_PREFIX. */
interface ArenaResult {
  one: number[];
  many: number[];
  /** The ThreadChooser's pick once its trial ended, and the median of its steps then. */
  chosen: { using: number; ms: number };
}

/** Runs the built arena in a child; resolves to its medians. */
function runArena(o: RampBenchOptions): Promise<ArenaResult> {
  const script = fileURLToPath(new URL('./ramp-arena.build.mjs', import.meta.url));
  const args = [script, o.max, o.batch, o.settle, o.steps, o.rounds, o.threads].map(String);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      out += text;
      for (const line of text.split('\n')) if (line !== '' && !line.startsWith(RAMP_PREFIX)) console.log(`  ${line}`);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RAMP_PREFIX));
      if (code !== 0 || line === undefined) reject(new Error(`the arena's child exited with code ${String(code)}`));
      else resolve(JSON.parse(line.slice(RAMP_PREFIX.length)) as ArenaResult);
    });
  });
}

const list = (v: number[]): string => v.map((x) => x.toFixed(1)).join(', ');

async function inNode(o: RampBenchOptions): Promise<void> {
  console.log(`# in Node: the stress arena grown to ${o.max} in batches of ${o.batch}, ${o.settle} steps after each; ${o.steps} steps timed on each side, ${o.rounds} rounds (medians, ms)`);
  await buildChild();
  const r = await runArena(o);
  const ratios = r.one.map((one, k) => one / r.many[k]);
  console.log(`1 thread: ${list(r.one)}   ${o.threads} threads: ${list(r.many)}   speed-up by round: ${ratios.map((x) => x.toFixed(2)).join(', ')}`);
  console.log(`the chooser kept ${r.chosen.using} of ${o.threads} threads: ${r.chosen.ms.toFixed(1)} ms a step`);
}

async function inPage(o: RampBenchOptions): Promise<void> {
  // The harness is the browser tests': its build, server and Chromium are what the tests use.
  const { buildApp, serve, launchBrowser, removeBuild } = await import('../sandbox/browser/harness');
  console.log(`# in the page: the sandbox's ramp to ${o.max} in batches of ${o.batch}, ${o.settle} steps to settle and ${o.steps} judged, threads set by hand`);
  const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
  const dist = await buildApp();
  const { server, url } = await serve(dist, isolation);
  const browser = await launchBrowser({ gpuCompositing: true });
  try {
    for (const mode of ['one', 'all'] as const) {
      const page = await (await browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60_000 });
      const ramp = { budgetMs: 1e4, batch: o.batch, window: o.steps, settleSteps: o.settle, maxBodies: o.max, maxSeconds: 3600 };
      await page.evaluate(
        ([m, r]) => {
          window.jostle.stress.threads(m);
          window.jostle.stress.ramp(r);
        },
        [mode, ramp] as const,
      );
      await page.waitForFunction(() => window.jostle.stress.state.report !== null, null, { timeout: 3_600_000, polling: 1000 });
      const report = await page.evaluate(() => window.jostle.stress.state.report);
      console.log(`threads ${mode === 'one' ? 'one' : 'every core'}: ${String(report)}`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    server.close();
    removeBuild(dist);
  }
}

async function main(): Promise<void> {
  const o = parseRampArgs(process.argv.slice(2));
  if (o.where.includes('node')) await inNode(o);
  if (o.where.includes('page')) await inPage(o);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
