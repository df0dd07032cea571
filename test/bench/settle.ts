/**
 * How well a pile settles, over several starts: the benchmark reads one pile's mean speed at
 * the end of its run, but a pile of thousands of bodies is chaotic, and one run's figure moves
 * by a fifth with any change. This runs the same pile from several seeds (each seed draws every
 * body's jitter and velocity anew, for every engine alike) and prints each engine's final mean
 * speed per seed, their mean and spread, and Jostle's mean over each peer's.
 *
 *   npx tsx test/bench/settle.ts [--engines=jostle,box2d3] [--size=10k] [--seeds=5] [--steps=360]
 */
import { buildChild } from './build-child';
import type { EngineName } from './engine';
import { parseEngineName } from './engines/index';
import { runChild } from './spawn';

interface SettleOptions {
  engines: EngineName[];
  size: number;
  seeds: number;
  steps: number;
}

function parseArgs(argv: readonly string[]): SettleOptions {
  const o: SettleOptions = { engines: ['jostle', 'box2d3'], size: 10000, seeds: 5, steps: 360 };
  for (const arg of argv) {
    const m = /^--(engines|size|seeds|steps)=(.+)$/.exec(arg);
    if (m === null) throw new Error(`unknown argument "${arg}" (known: --engines= --size= --seeds= --steps=)`);
    const [, key, value] = m;
    if (key === 'engines') {
      o.engines = value.split(',').map(parseEngineName);
      continue;
    }
    const n = Number(value.replace(/k$/i, '')) * (/k$/i.test(value) ? 1000 : 1);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${key}: "${value}" is not a positive whole number`);
    o[key as 'size' | 'seeds' | 'steps'] = n;
  }
  return o;
}

const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
const spread = (v: number[]): number => Math.sqrt(v.reduce((s, x) => s + (x - mean(v)) ** 2, 0) / Math.max(1, v.length - 1));

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  await buildChild();
  console.log(`# pile ${o.size}: final mean speed (m/s) after ${o.steps} steps of 1/60 s, seeds 1 to ${o.seeds}`);
  const speeds = new Map<EngineName, number[]>();
  for (const engine of o.engines) {
    const row: number[] = [];
    for (let seed = 1; seed <= o.seeds; seed++) {
      const outcome = await runChild({ engine, scene: 'pile', count: o.size, warmup: 0, steps: o.steps, timeout: 600, threads: 1, seed });
      if ('error' in outcome) throw new Error(`${engine} seed ${seed}: ${outcome.error}`);
      row.push(outcome.quality.meanSpeed);
    }
    speeds.set(engine, row);
    console.log(`${engine.padEnd(14)} ${row.map((v) => v.toFixed(3)).join('  ')}   mean ${mean(row).toFixed(3)} ± ${spread(row).toFixed(3)}`);
  }
  const jostle = speeds.get('jostle');
  if (jostle === undefined) return;
  for (const [engine, row] of speeds) {
    if (engine === 'jostle') continue;
    console.log(`jostle / ${engine}: ${(mean(jostle) / mean(row)).toFixed(2)} (target: at most 1.30)`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
