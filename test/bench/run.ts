/**
 * `npm run bench`: every engine × scene × size in its own child process, then the report on
 * stdout and every figure in test/bench/results/latest.json (git-ignored: results belong to a
 * machine and a moment; quote them in commit messages instead). Flags: see test/bench/args.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { THREADED_ENGINES } from './engine';
import { formatReport } from './report';
import { isFailure, type CaseOutcome } from './result';
import { buildChild } from './build-child';
import { timeHandoff } from './handoff';
import { runChild } from './spawn';
import { fixed, whole } from './table';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Which engine source the figures belong to: the commit, and whether src/ had uncommitted changes. */
function describeSource(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--', 'src') !== '';
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes under src/' : ''}`;
  } catch {
    return 'not a git checkout';
  }
}

/** One outcome per engine × scene × size: its fastest successful run, else its first failure. */
function fastestPerCase(runs: readonly CaseOutcome[]): CaseOutcome[] {
  const best = new Map<string, CaseOutcome>();
  for (const o of runs) {
    const key = `${o.engine} ${o.scene} ${o.count}`;
    const kept = best.get(key);
    if (kept === undefined || (isFailure(kept) && !isFailure(o)) || (!isFailure(o) && !isFailure(kept) && o.medianMs < kept.medianMs)) {
      best.set(key, o);
    }
  }
  return [...best.values()];
}

/**
 * Which engines run threaded, at what count, and how long a cache line takes from core to core
 * and back here (handoff.ts: what bounds a threaded step's gain); empty when none of them runs.
 */
async function threadsLine(engines: readonly string[], threads: number): Promise<string> {
  const threaded = THREADED_ENGINES.filter((e) => engines.includes(e));
  if (threaded.length === 0) return '';
  const ns = await timeHandoff();
  return `\n# threads: ${threaded.join(', ')} on ${threads}; jostle and every other engine on 1; core to core and back ${ns.toFixed(0)} ns`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  const header =
    `# jostle bench${options.quick ? ' --quick' : ''}: ${options.warmup} warm-up + ${options.steps} timed steps of 1/60 s, ` +
    `one child process per case${options.repeat > 1 ? `, fastest of ${options.repeat} runs` : ''}\n# node ${process.version}, ${cpu}, ${cpus().length} cores, ${new Date().toISOString()}, ` +
    // Other work on the machine skews every figure; the load at the start says how much to trust them.
    `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n# source: ${describeSource()}` +
    (await threadsLine(options.engines, options.threads));
  process.stderr.write(`${header}\n`);
  await buildChild();
  const runs: CaseOutcome[] = [];
  for (let round = 1; round <= options.repeat; round++) {
    for (const { scene, count } of options.cases) {
      for (const engine of options.engines) {
        const started = performance.now();
        const o = await runChild({ engine, scene, count, warmup: options.warmup, steps: options.steps, timeout: options.timeout, threads: options.threads });
        runs.push(o);
        const took = ((performance.now() - started) / 1000).toFixed(1);
        const what = isFailure(o) ? `FAILED ${o.error}` : `${fixed(o.medianMs, 2)} ms/step`;
        const of = options.repeat > 1 ? ` [round ${round}/${options.repeat}]` : '';
        const label = THREADED_ENGINES.includes(engine) ? `${engine} ×${options.threads}` : engine;
        process.stderr.write(`  ${scene} ${whole(count)} ${label}: ${what} (${took} s)${of}\n`);
      }
    }
  }
  const outcomes = fastestPerCase(runs);
  const versions = Object.fromEntries(outcomes.flatMap((o) => (isFailure(o) ? [] : [[o.engine, o.version]])));
  const versionLine = `# versions: ${Object.entries(versions).map(([e, v]) => `${e} ${v}`).join(', ')}`;
  process.stdout.write(`${formatReport(outcomes, options.cases, `${header}\n${versionLine}`)}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = { date: new Date().toISOString(), node: process.version, cpu, options, versions, outcomes, runs };
  writeFileSync(`${RESULTS_DIR}latest.json`, `${JSON.stringify(json, null, 2)}\n`);
  if (outcomes.some(isFailure)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
