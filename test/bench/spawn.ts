/**
 * Runs one case in a child process (test/bench/child.ts as built by build-child.ts, with --expose-gc so memory is
 * sampled after a full collection), stops it at the timeout, and parses its result line.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BUILT_CHILD } from './build-child';
import type { EngineName } from './engine';
import { RESULT_PREFIX, type CaseOutcome, type CaseResult } from './result';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** Lines of a failed child's stderr kept for the report. */
const STDERR_LINES = 6;

export interface CaseSpec {
  engine: EngineName;
  scene: string;
  count: number;
  warmup: number;
  steps: number;
  /** s */
  timeout: number;
  /** Threads for a threaded engine; the others ignore it. */
  threads: number;
  /** Seed of the scene's jitter and velocities (default 1: the benchmark's scenes). */
  seed?: number;
  /** The one core the child may run on (`taskset -c`); any core when absent. */
  core?: number;
}

/** The command and arguments that run `spec`'s child: node itself, or node under `taskset` on `spec.core`. */
export function childCommand(spec: CaseSpec): { command: string; args: string[] } {
  const args = ['--expose-gc', BUILT_CHILD, spec.engine, spec.scene, String(spec.count), String(spec.warmup), String(spec.steps), String(spec.threads), String(spec.seed ?? 1)];
  if (spec.core === undefined) return { command: process.execPath, args };
  return { command: 'taskset', args: ['-c', String(spec.core), process.execPath, ...args] };
}

/** Runs one case; never throws: a crash, bad output or timeout comes back as a CaseFailure. */
export function runChild(spec: CaseSpec): Promise<CaseOutcome> {
  const { engine, scene, count } = spec;
  const { command, args } = childCommand(spec);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, spec.timeout * 1000);
    const fail = (error: string): void => resolve({ engine, scene, count, error });
    child.on('error', (e) => {
      clearTimeout(timer);
      fail(`could not start${spec.core === undefined ? '' : ` under taskset (util-linux) on core ${spec.core}`}: ${e.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return fail(`timed out after ${spec.timeout} s`);
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (code !== 0 || line === undefined) {
        const tail = stderr.trim().split('\n').slice(-STDERR_LINES).join(' | ');
        return fail(`exit ${code ?? signal}${tail === '' ? '' : `: ${tail}`}`);
      }
      try {
        resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as CaseResult);
      } catch (e) {
        fail(`unreadable result: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  });
}
