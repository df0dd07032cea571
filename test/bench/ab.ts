/**
 * A/B: the working tree's engine against a base commit's, in one process, on one scene.
 *
 *   npm run ab -- [--base=REF] [--scene=crowd|pile|friction-pile|shuffled-pile|shuffled-crowd|column-pile|split-pile] [--base-scene=NAME] [--size=50k] [--blocks=16] [--rounds=2] [--threads=1] [--base-threads=N] [--warmup=60] [--processes=N] [--jobs]
 *
 * On a shared machine, speed drifts from one minute to the next by more than most single
 * changes win, so two separate benchmark runs cannot tell a 5 % change from noise. Here both
 * engines step the same scene in the same process, in alternating blocks of 20 steps (order
 * swapped every block), and the ratio of their mean step times is printed per round: drift hits
 * both sides alike. Both worlds share the caches, so absolute times read somewhat slower than a
 * lone `npm run bench` child; quote the ratio.
 *
 * With --threads=N (N > 1) each side steps on N threads: the calling one and N - 1 workers
 * that run that side's own build, so the ratio compares the threaded steps; while one side
 * steps, the other's workers sleep. --base-threads=N gives the base side another count: with
 * --base=HEAD on a clean tree, `--threads=2 --base-threads=1` prints the speed-up of a second
 * thread, both sides measured alike.
 *
 * --base-scene=NAME has the base side step another scene of the same size: with --base=HEAD on a
 * clean tree, `--scene=pile --base-scene=column-pile` sets the same engine on two scenes side by
 * side (a pile numbered by place against one numbered by rows), on one thread or on N.
 *
 * With --jobs each round also prints, per side, each of the step's parallel jobs' time (µs a
 * step, from the calling thread's start of the job to its end: ab/job-clock.ts) and the time
 * outside them; with --base=HEAD --threads=2 --base-threads=1, what each job gains on a second
 * thread, measured in one process.
 *
 * With --processes=N each side instead steps alone in its own child process (plain node, one
 * thread, like the benchmark's child), N of each, alternating (base, head, head, base, ...), and
 * the ratio of their mean step times is printed with each pair's. Slower to converge, but it sees what one process cannot: a change whose cost
 * falls on the whole process (in Node 20, detaching a buffer slowed every engine in the process
 * alike, and the in-process ratio read it as a gain; the bench README).
 *
 * The base commit is checked out into a git worktree under the system's temp folder (reused on
 * later runs) and both sides are built by Vite like the benchmark's child (build-child.ts). Only
 * the KEEP_BASES most recently used bases are kept: older worktrees and builds are removed at
 * the start of a run (each is some 16 MB of checkout and half a megabyte of build).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, copyFileSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { AbWorld } from './ab/engine';
import { JOB_SLOTS, jobTable } from './ab/job-clock';
import { createNodePool, type NodePool } from '../physics/threads/node-pool';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** The harness folder, relative to a checkout's root. */
const HARNESS = join('test', 'bench', 'ab');
/** The harness's files, copied into a base's worktree: its entry and the scenes it builds beyond src/scenes. */
const HARNESS_FILES = [join(HARNESS, 'engine.ts'), join(HARNESS, 'job-clock.ts'), join('test', 'physics', 'threads', 'shuffled-scenes.ts')];
const BLOCK = 20;
const DT = 1 / 60;
const PHASES = ['broadphase', 'narrowphase', 'solve', 'continuous'] as const;
/** How many base worktrees (and their builds) a run leaves behind, the most recently used. */
const KEEP_BASES = 4;
const BASE_DIR = /^jostle-ab-([0-9a-f]{12})$/;

interface AbOptions {
  base: string;
  scene: string;
  /** The scene the base side steps ('' for --scene's). */
  baseScene: string;
  size: number;
  blocks: number;
  rounds: number;
  threads: number;
  baseThreads: number;
  /** Steps each world takes before the timing: more to time a settled scene. */
  warmup: number;
  /** Child processes per side (0: both sides in this process, alternating blocks). */
  processes: number;
  /** Whether each round prints the step's jobs' times per side. */
  jobs: boolean;
}

function parseArgs(argv: string[]): AbOptions {
  const o: AbOptions = { base: 'HEAD', scene: 'crowd', baseScene: '', size: 50000, blocks: 16, rounds: 2, threads: 1, baseThreads: 0, warmup: 60, processes: 0, jobs: false };
  for (const arg of argv) {
    if (arg === '--jobs') {
      o.jobs = true;
      continue;
    }
    const m = /^--(base|scene|base-scene|size|blocks|rounds|threads|base-threads|warmup|processes)=(.+)$/.exec(arg);
    if (m === null) throw new Error(`unknown argument "${arg}" (known: --base= --scene= --base-scene= --size= --blocks= --rounds= --threads= --base-threads= --warmup= --processes= --jobs)`);
    const [, key, value] = m;
    if (key === 'base' || key === 'scene' || key === 'base-scene') {
      o[key === 'base-scene' ? 'baseScene' : key] = value;
      continue;
    }
    const n = Number(value.replace(/k$/i, '')) * (/k$/i.test(value) ? 1000 : 1);
    if (!Number.isInteger(n) || n < (key === 'warmup' || key === 'processes' ? 0 : 1)) throw new Error(`--${key}: "${value}" is not a positive whole number`);
    if (key === 'base-threads') o.baseThreads = n;
    else o[key as 'size' | 'blocks' | 'rounds' | 'threads' | 'warmup' | 'processes'] = n;
  }
  if (o.baseThreads === 0) o.baseThreads = o.threads;
  if (o.baseScene === '') o.baseScene = o.scene;
  return o;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
}

/**
 * Removes the base worktrees of earlier runs, and their builds, but for the `keep` most recently
 * used (a worktree's time is touched each time a run uses it).
 */
function pruneBases(keep: number): void {
  const bases = readdirSync(tmpdir())
    .map((name) => ({ name, match: BASE_DIR.exec(name) }))
    .filter((b): b is { name: string; match: RegExpExecArray } => b.match !== null)
    .map((b) => ({ dir: join(tmpdir(), b.name), short: b.match[1], used: statSync(join(tmpdir(), b.name)).mtimeMs }))
    .sort((x, y) => y.used - x.used);
  for (const old of bases.slice(keep)) {
    try {
      git('worktree', 'remove', '--force', old.dir);
    } catch {
      // Not a worktree of this repository (another checkout's, or a half-made one): left alone.
      continue;
    }
    rmSync(join(REPO, HARNESS, `base-${old.short}.build.mjs`), { force: true });
  }
  git('worktree', 'prune');
}

/** Checks the base commit out into a worktree (once) and returns its folder. */
function baseTree(ref: string): { dir: string; sha: string } {
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = join(tmpdir(), `jostle-ab-${sha.slice(0, 12)}`);
  if (!existsSync(dir)) git('worktree', 'add', '--detach', dir, sha);
  const now = new Date();
  utimesSync(dir, now, now);
  pruneBases(KEEP_BASES);
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) {
    // A link made from another checkout that is gone since dangles: existsSync says no, symlinkSync EEXIST.
    rmSync(modules, { force: true });
    symlinkSync(join(REPO, 'node_modules'), modules, 'dir');
  }
  // The harness comes from the working tree, so both sides run the same code around the engine.
  for (const file of HARNESS_FILES) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(REPO, file), join(dir, file));
  }
  return { dir, sha };
}

/** Builds `root`/test/bench/ab/engine.ts into `outFile` (in `outDir`) and imports it. */
async function buildSide(root: string, outDir: string, outFile: string): Promise<{ module: typeof import('./ab/engine'); url: URL }> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    root,
    build: {
      ssr: join(root, HARNESS, 'engine.ts'),
      outDir,
      emptyOutDir: false,
      minify: false,
      sourcemap: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: outFile } },
    },
  });
  const url = pathToFileURL(join(outDir, outFile));
  return { module: (await import(url.href)) as typeof import('./ab/engine'), url };
}

interface Side {
  name: string;
  world: AbWorld;
  times: number[];
  phases: Record<string, number>;
  /** Each job's time (ms) over the timed steps, by code. */
  jobs: Float64Array;
}

function runBlock(side: Side): void {
  // The warm-up's jobs are not the timed steps'.
  side.world.jobs();
  for (let k = 0; k < BLOCK; k++) {
    const t = performance.now();
    side.world.step(DT);
    side.times.push(performance.now() - t);
    const p = side.world.profile();
    for (const phase of PHASES) side.phases[phase] += p[phase] ?? 0;
  }
  const { ms } = side.world.jobs();
  for (let j = 0; j < ms.length; j++) side.jobs[j] += ms[j];
}

const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1];

function describeSide(side: Side): string {
  const n = side.times.length;
  const phases = PHASES.map((p) => `${p} ${(side.phases[p] / n).toFixed(2)}`).join(', ');
  return `${side.name}: median ${median(side.times).toFixed(2)} ms, mean ${mean(side.times).toFixed(2)} ms (${phases})`;
}

/** What a child process (test/bench/ab/child.mjs) reports: its side's mean and median step (ms) and mean phase times. */
interface ChildTimes {
  mean: number;
  median: number;
  phases: Record<string, number>;
}

/** One child process for a side (test/bench/ab/child.mjs, plain node); its times. */
function childRun(o: AbOptions, url: URL, scene: string): ChildTimes {
  const args = [join(REPO, HARNESS, 'child.mjs'), url.href, scene, String(o.size), String(o.warmup), String(o.blocks * BLOCK)];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`a child process failed (${run.status}): ${run.stderr.trim() || line}`);
  return JSON.parse(line) as ChildTimes;
}

/** --processes=N: N child processes per side, alternating; prints each pair's ratio and the ratio of the means. */
function runProcesses(o: AbOptions, base: URL, head: URL): void {
  const times: Record<'base' | 'head', ChildTimes[]> = { base: [], head: [] };
  for (let k = 0; k < o.processes; k++) {
    const order: Array<'base' | 'head'> = k % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    for (const name of order) times[name].push(name === 'base' ? childRun(o, base, o.baseScene) : childRun(o, head, o.scene));
    const b = times.base[k];
    const h = times.head[k];
    console.log(`pair ${k + 1}: head/base mean step ${(h.mean / b.mean).toFixed(3)} (base ${b.mean.toFixed(2)}, head ${h.mean.toFixed(2)} ms)`);
  }
  const meanOf = (list: ChildTimes[], pick: (t: ChildTimes) => number): number => mean(list.map(pick));
  console.log(`all ${o.processes} pairs: head/base mean step ${(meanOf(times.head, (t) => t.mean) / meanOf(times.base, (t) => t.mean)).toFixed(3)}`);
  for (const name of ['base', 'head'] as const) {
    const phases = PHASES.map((p) => `${p} ${meanOf(times[name], (t) => t.phases[p]).toFixed(2)}`).join(', ');
    console.log(`  ${name}: mean ${meanOf(times[name], (t) => t.mean).toFixed(2)} ms, median ${meanOf(times[name], (t) => t.median).toFixed(2)} ms (${phases})`);
  }
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (o.processes > 0 && (o.threads > 1 || o.baseThreads > 1)) throw new Error('--processes runs one thread a side (its children are plain node, without a worker pool)');
  const { dir, sha } = baseTree(o.base);
  // Beside the harness, so that the builds find rbush in node_modules.
  const outDir = join(REPO, HARNESS);
  const baseSide = await buildSide(dir, outDir, `base-${sha.slice(0, 12)}.build.mjs`);
  const headSide = await buildSide(REPO, outDir, 'head.build.mjs');
  const dirty = git('status', '--porcelain', '--', 'src') !== '';
  const scenes = o.baseScene === o.scene ? o.scene : `${o.scene} (base: ${o.baseScene})`;
  console.log(`# A/B ${scenes} ${o.size}: base ${sha.slice(0, 12)} vs working tree (${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted src changes' : ''})`);
  if (o.processes > 0) {
    console.log(`# ${o.processes} processes per side, alternating, each ${o.warmup} warm-up steps then ${o.blocks * BLOCK} timed, one thread`);
    runProcesses(o, baseSide.url, headSide.url);
    return;
  }
  // Each side's workers run that side's build.
  const pools: Array<NodePool | null> = await Promise.all([
    o.baseThreads > 1 ? createNodePool(o.baseThreads - 1, baseSide.url) : null,
    o.threads > 1 ? createNodePool(o.threads - 1, headSide.url) : null,
  ]);
  console.log(`# ${o.warmup} warm-up steps each, then ${o.blocks} alternating blocks of ${BLOCK} steps per round, threads: base ${o.baseThreads}, head ${o.threads}`);
  for (let round = 1; round <= o.rounds; round++) {
    const base: Side = { name: 'base', world: baseSide.module.makeWorld(o.baseScene, o.size, pools[0], o.jobs), times: [], phases: {}, jobs: new Float64Array(JOB_SLOTS) };
    const head: Side = { name: 'head', world: headSide.module.makeWorld(o.scene, o.size, pools[1], o.jobs), times: [], phases: {}, jobs: new Float64Array(JOB_SLOTS) };
    for (const side of [base, head]) {
      for (const p of PHASES) side.phases[p] = 0;
      for (let k = 0; k < o.warmup; k++) side.world.step(DT);
    }
    for (let b = 0; b < o.blocks; b++) {
      const [first, second] = b % 2 === 0 ? [base, head] : [head, base];
      runBlock(first);
      runBlock(second);
    }
    console.log(`round ${round}: head/base mean step ${(mean(head.times) / mean(base.times)).toFixed(3)}`);
    console.log(`  ${describeSide(base)}`);
    console.log(`  ${describeSide(head)}`);
    if (o.jobs) {
      // The codes are shared; a job only one side has is named by that side.
      const names = Array.from({ length: JOB_SLOTS }, (_, j) => head.world.jobNames[j] ?? base.world.jobNames[j]);
      for (const line of jobTable(names, [base, head].map((s) => ({ name: s.name, ms: s.jobs, steps: s.times.length, stepMs: mean(s.times) })))) console.log(`  ${line}`);
    }
    base.world.release();
    head.world.release();
  }
  for (const pool of pools) if (pool !== null) await pool.close();
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
