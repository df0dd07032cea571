/**
 * Command line of `npm run bench`: which engines, scenes and sizes, and how long to run.
 *   --quick              short run: 20 warm-up and 60 timed steps, sizes 1,000 and 10,000
 *   --engines=a,b        subset of jostle, jostle-threads, matter, planck, rapier, rapier-simd,
 *                        box2d, box2d3, box2d3-deluxe
 *   --scenes=crowd,pile  subset of the scenes
 *   --sizes=1000,10k     body counts for every chosen scene (k = thousand)
 *   --warmup=N --steps=N override the step counts
 *   --timeout=S          seconds one child may take before it is stopped
 *   --repeat=R           run every case R times, in interleaved rounds, and keep each case's
 *                        fastest run: on a shared machine speed drifts between minutes, and the
 *                        fastest run is the one least disturbed
 *   --threads=N          threads for the engines that can step on several (jostle-threads, box2d3-deluxe);
 *                        default: this machine's core count. `jostle` steps on one thread.
 */
import { cpus } from 'node:os';
import { ENGINE_NAMES, type EngineName } from './engine';
import { parseEngineName } from './engines/index';
import { SCENE_NAMES, sceneEntry } from './scenes';

/** Sizes per scene in a full run: the sizes, and pile 5,000 which its targets name. */
const FULL_SIZES: Readonly<Record<string, readonly number[]>> = {
  crowd: [1000, 10000, 20000, 50000],
  pile: [1000, 5000, 10000, 20000],
};
const QUICK_SIZES = [1000, 10000];

export interface BenchOptions {
  quick: boolean;
  engines: EngineName[];
  /** Scene and size pairs, in run order. */
  cases: Array<{ scene: string; count: number }>;
  warmup: number;
  steps: number;
  /** Per child (s). */
  timeout: number;
  /** Runs per case; the fastest is reported. */
  repeat: number;
  /** Threads for the threaded engines. */
  threads: number;
}

function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(k?)$/i.exec(text.trim().replace(/_/g, ''));
  const n = m === null ? Number.NaN : Number(m[1]) * (m[2] === '' ? 1 : 1000);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--sizes: "${text}" is not a body count`);
  return n;
}

function parseAtLeast(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (text === '' || !Number.isFinite(n) || n < min) throw new Error(`${flag}: "${text}" is not a number >= ${min}`);
  return n;
}

function parseThreads(text: string | undefined): number {
  if (text === undefined) return Math.max(1, cpus().length);
  const n = Number(text);
  if (text === '' || !Number.isInteger(n) || n < 1) throw new Error(`--threads: "${text}" is not a whole number of threads >= 1`);
  return n;
}

/** Parses argv (without node and script); throws on an unknown flag or value. */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (m === null || !['quick', 'engines', 'scenes', 'sizes', 'warmup', 'steps', 'timeout', 'repeat', 'threads'].includes(m[1] as string)) {
      throw new Error(`unknown argument "${arg}" (see test/bench/args.ts)`);
    }
    flags.set(m[1] as string, m[2] ?? '');
  }
  const list = (name: string): string[] | undefined => flags.get(name)?.split(',').filter((s) => s !== '');
  const quick = flags.has('quick');
  const engines = list('engines')?.map(parseEngineName) ?? [...ENGINE_NAMES];
  const scenes = list('scenes') ?? SCENE_NAMES;
  for (const s of scenes) sceneEntry(s);
  const sizes = list('sizes')?.map(parseSize);
  const cases = scenes.flatMap((scene) =>
    (sizes ?? (quick ? QUICK_SIZES : (FULL_SIZES[scene] ?? QUICK_SIZES))).map((count) => ({ scene, count })),
  );
  const number = (name: string, fallback: number, min: number): number => {
    const text = flags.get(name);
    return text === undefined ? fallback : parseAtLeast(`--${name}`, text, min);
  };
  return {
    quick,
    engines,
    cases,
    warmup: Math.round(number('warmup', quick ? 20 : 60, 0)),
    steps: Math.round(number('steps', quick ? 60 : 300, 1)),
    timeout: number('timeout', quick ? 120 : 900, 1),
    repeat: Math.round(number('repeat', 1, 1)),
    threads: parseThreads(flags.get('threads')),
  };
}
