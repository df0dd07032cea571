/**
 * Jostle against one peer, in pairs of runs: the ratio a target names, measured so that the
 * machine's drift cannot decide it.
 *
 *   npm run pairs -- [--peer=box2d3] [--scene=crowd] [--size=10k] [--pairs=6] [--warmup=60] [--steps=300] [--threads=1] [--base=jostle] [--pin=0,1]
 *
 * `npm run bench` runs each engine's case in its own child process, one after the other, and a
 * shared machine can slow one of them by half for a minute: crowd 10,000 read 0.24, 0.33 and 0.36
 * of Box2D v3 in three runs within two hours, nearly all of it the peer's time. Here the two
 * engines run as children of the benchmark (the same build, steps and settings) in pairs, the
 * order swapped every pair (Jostle, peer; peer, Jostle; ...), and each pair's ratio of medians is
 * printed, then the median of the pairs' ratios and their range: a slow minute costs one pair,
 * not the figure.
 *
 * With --threads=N a threaded peer (jostle-threads, box2d3-deluxe) steps on N threads, Jostle
 * still on one: `--peer=jostle-threads --threads=2` prints a second thread's speed-up (one
 * thread's time over two threads'), pair by pair, as the benchmark's children run it.
 *
 * With --threads, the time a cache line takes from core to core and back (handoff.ts) is taken
 * before and after each pair: on a shared machine it swings between about 200 ns and 900 ns
 * from minute to minute, and a second thread's gain swings with it, so the pairs are also
 * summed up by state (near: both readings below NEAR_NS).
 *
 * --base=ENGINE puts another engine, on one thread, where Jostle stands: `--base=box2d3-deluxe
 * --peer=box2d3-deluxe --threads=2` prints Box2D v3's own second-thread speed-up, measured the
 * same way, to set beside Jostle's.
 *
 * --pin=0,1 runs the one-thread side once on each of those cores in every pair (`taskset -c`),
 * and its fastest run stands for it. On a shared machine one core can step a third to half
 * slower than the other for minutes (the bench README), and a one-thread run that lands there
 * makes a second thread's speed-up look larger than it is; the threaded side always has both
 * cores. The peer is not pinned, so --pin needs --threads of at least 2: between two engines on
 * one thread each, it would give the base the better core alone.
 */
import { cpus } from 'node:os';
import { buildChild } from './build-child';
import type { EngineName } from './engine';
import { parseEngineName } from './engines/index';
import { THREADED_ENGINES } from './engine';
import { SCENE_NAMES } from './scenes';
import { runChild } from './spawn';
import { timeHandoff } from './handoff';
import type { CaseResult } from './result';

export interface PairsOptions {
  /** The engine the peer is measured against, on one thread (Jostle unless --base says). */
  base: EngineName;
  peer: EngineName;
  scene: string;
  size: number;
  pairs: number;
  warmup: number;
  steps: number;
  /** Threads of a threaded peer (Jostle steps on one). */
  threads: number;
  /** Cores the one-thread side runs on, once each per pair, its fastest run standing for it; none: not pinned. */
  pin: number[];
}

/** Reads the command line; throws, naming the argument and its value, on anything else. */
export function parsePairsArgs(argv: readonly string[]): PairsOptions {
  const o: PairsOptions = { base: 'jostle', peer: 'box2d3', scene: 'crowd', size: 10000, pairs: 6, warmup: 60, steps: 300, threads: 1, pin: [] };
  for (const arg of argv) {
    const m = /^--(base|peer|scene|size|pairs|warmup|steps|threads|pin)=(.+)$/.exec(arg);
    if (m === null) throw new Error(`pairs: unknown argument "${arg}" (known: --base= --peer= --scene= --size= --pairs= --warmup= --steps= --threads= --pin=)`);
    const [, key, value] = m;
    if (key === 'pin') {
      o.pin = parseCores(value, cpus().length);
    } else if (key === 'peer') {
      o.peer = parseEngineName(value);
    } else if (key === 'base') {
      const base = parseEngineName(value);
      if (base === 'jostle-threads') throw new Error(`pairs: --base steps on one thread, so it must be "jostle", not "${value}"`);
      o.base = base;
    } else if (key === 'scene') {
      if (!SCENE_NAMES.includes(value)) throw new Error(`pairs: --scene must be one of ${SCENE_NAMES.join(', ')}, got "${value}"`);
      o.scene = value;
    } else {
      const n = Number(value.replace(/k$/i, '')) * (/k$/i.test(value) ? 1000 : 1);
      const least = key === 'warmup' ? 0 : 1;
      if (!Number.isInteger(n) || n < least) throw new Error(`pairs: --${key} must be a whole number of at least ${least}, got "${value}"`);
      o[key as 'size' | 'pairs' | 'warmup' | 'steps' | 'threads'] = n;
    }
  }
  if (o.peer === o.base && o.threads < 2) throw new Error(`pairs: --peer "${o.peer}" on one thread is the base itself: give another peer, or --threads of at least 2`);
  if (o.peer === 'jostle-threads' && o.threads < 2) throw new Error(`pairs: --peer=jostle-threads needs --threads of at least 2, got ${o.threads}`);
  // Pinned, the one-thread side gets the better core and an unpinned peer does not: fair only
  // where the peer is the threaded side, which has every core anyway.
  if (o.pin.length > 0 && o.threads < 2) throw new Error(`pairs: --pin is for a second thread's speed-up (--threads of at least 2), got --threads=${o.threads}`);
  if (o.threads > 1 && !THREADED_ENGINES.includes(o.peer)) throw new Error(`pairs: --threads=${o.threads} needs a threaded peer (${THREADED_ENGINES.join(', ')}), got "${o.peer}"`);
  return o;
}

/** `--pin`'s list of cores ("0,1"), each a core this machine has (0 to `cores` - 1), none twice. */
export function parseCores(value: string, cores: number): number[] {
  const list = value.split(',').map((part) => {
    const n = Number(part);
    if (part.trim() === '' || !Number.isInteger(n) || n < 0 || n >= cores) {
      throw new Error(`pairs: --pin takes cores numbered 0 to ${cores - 1}, separated by commas, got "${value}"`);
    }
    return n;
  });
  if (new Set(list).size !== list.length) throw new Error(`pairs: --pin names a core twice: "${value}"`);
  return list;
}

/** A pair ran with the cores near when both its core-to-core readings were below this (ns). */
export const NEAR_NS = 400;
/** Round trips of each core-to-core reading: about 20 ms in the far state. */
const HANDOFF_TRIPS = 20_000;

/** Pairs' ratios summed up: see `summarise`. */
export interface Summary {
  median: number;
  min: number;
  max: number;
}

/** The pairs' ratios summed up by the cores' state: those whose slower reading of `handoffs` was below NEAR_NS, and the rest; null where a state has no pair. */
export function byState(ratios: readonly number[], handoffs: readonly number[]): { near: Summary | null; far: Summary | null } {
  const near = ratios.filter((_, k) => handoffs[k] < NEAR_NS);
  const far = ratios.filter((_, k) => !(handoffs[k] < NEAR_NS));
  return { near: near.length > 0 ? summarise(near) : null, far: far.length > 0 ? summarise(far) : null };
}

/**
 * The pairs' ratios summed up: their median (the mean of the two middle ones for an even count,
 * not the lower one, which would lean Jostle's way) and their range.
 */
export function summarise(ratios: readonly number[]): Summary {
  const sorted = [...ratios].sort((a, b) => a - b);
  const n = sorted.length;
  const middle = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { median: middle, min: sorted[0], max: sorted[n - 1] };
}

/** "median 1.122 over 4 pairs (range 0.981 to 1.328)", or another word than "median". */
function inWords(s: Summary, count: number, median = 'median'): string {
  return `${median} ${s.median.toFixed(3)} over ${count} pairs (range ${s.min.toFixed(3)} to ${s.max.toFixed(3)})`;
}

async function main(): Promise<void> {
  const o = parsePairsArgs(process.argv.slice(2));
  await buildChild();
  const peerName = o.threads > 1 ? `${o.peer} ×${o.threads}` : o.peer;
  const sameEngine = o.peer === 'jostle-threads' ? o.base === 'jostle' : o.peer === o.base;
  const speedUp = sameEngine ? ` (the ratio is the speed-up of ${o.threads} threads)` : '';
  console.log(`# ${o.base} / ${peerName}, ${o.scene} ${o.size}: ${o.pairs} pairs of runs, ${o.warmup} warm-up + ${o.steps} timed steps each, order swapped every pair${speedUp}`);
  const ratios: number[] = [];
  const handoffs: number[] = [];
  let handoff = o.threads > 1 ? await timeHandoff(HANDOFF_TRIPS) : Number.NaN;
  for (let k = 0; k < o.pairs; k++) {
    // The base and the peer may be one engine on different thread counts: sides, not names, key the runs.
    const sides: Array<'base' | 'peer'> = k % 2 === 0 ? ['base', 'peer'] : ['peer', 'base'];
    const got = new Map<'base' | 'peer', CaseResult>();
    let pinned = '';
    for (const side of sides) {
      const engine = side === 'base' ? o.base : o.peer;
      const run = async (core?: number): Promise<CaseResult> => {
        const outcome = await runChild({ engine, scene: o.scene, count: o.size, warmup: o.warmup, steps: o.steps, timeout: 900, threads: side === 'base' ? 1 : o.threads, core });
        if ('error' in outcome) throw new Error(`${engine}: ${outcome.error}`);
        return outcome;
      };
      if (side === 'peer' || o.pin.length === 0) {
        got.set(side, await run());
        continue;
      }
      // Each core in turn, starting one further along every pair; the fastest run stands.
      const runs: CaseResult[] = [];
      const order = o.pin.map((_, i) => o.pin[(i + k) % o.pin.length]);
      for (const core of order) runs.push(await run(core));
      const fastest = runs.reduce((best, r) => (r.medianMs < best.medianMs ? r : best));
      got.set(side, fastest);
      pinned = ` [${o.base} on ${order.map((core, i) => `core ${core} ${runs[i].medianMs.toFixed(2)}`).join(', ')} ms: the fastest counts]`;
    }
    const j = got.get('base') as CaseResult;
    const p = got.get('peer') as CaseResult;
    const ratio = j.medianMs / p.medianMs;
    ratios.push(ratio);
    let cores = '';
    if (o.threads > 1) {
      const after = await timeHandoff(HANDOFF_TRIPS);
      handoffs.push(Math.max(handoff, after));
      cores = `, core to core ${handoff.toFixed(0)} then ${after.toFixed(0)} ns`;
      handoff = after;
    }
    console.log(`pair ${k + 1}: ${o.base} ${j.medianMs.toFixed(2)} ms, ${peerName} ${p.medianMs.toFixed(2)} ms, ratio ${ratio.toFixed(3)} (load ${j.loadAverage.toFixed(1)}, ${p.loadAverage.toFixed(1)}${cores})${pinned}`);
  }
  console.log(inWords(summarise(ratios), ratios.length, 'median ratio'));
  if (o.threads > 1) {
    const { near, far } = byState(ratios, handoffs);
    const line = (name: string, x: Summary | null, count: number): string => `${name}: ${x === null ? 'no pair' : inWords(x, count)}`;
    const nearCount = handoffs.filter((h) => h < NEAR_NS).length;
    console.log(`by the cores' state: ${line(`near (core to core below ${NEAR_NS} ns before and after)`, near, nearCount)}; ${line('far', far, handoffs.length - nearCount)}`);
  }
}

if (process.argv[1]?.endsWith('pairs.ts') === true) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
