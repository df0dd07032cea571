/**
 * Runs one benchmark case in its own process, so engines do not share a heap, a JIT profile or
 * a wasm instance: `node --expose-gc test/bench/child.build.mjs ENGINE SCENE COUNT WARMUP STEPS [THREADS]`
 * (THREADS, default 1, only for a threaded engine).
 * Prints one line, RESULT_PREFIX + JSON of a CaseResult, on stdout.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { makeBodyStates, type Simulation } from './engine';
import { garbagePerStep } from './garbage';
import { loadEngine, parseEngineName } from './engines/index';
import { measureQuality } from './quality';
import { RESULT_PREFIX, type CaseResult, type MemorySample } from './result';
import { dynamicCount, makeSetup } from './scenes';
import { median, quantile } from './stats';

/** The step every scene is made for (s). */
const DT = 1 / 60;
/**
 * Steps after the timed ones over which the calling thread's garbage is sampled (garbage.ts),
 * after steps to warm up again: the full collections of the memory samples let go of objects
 * that optimized code named, and V8 drops that code; until it is optimized anew, every float
 * it computes is boxed on the heap.
 */
const GARBAGE_WARMUP = 120;
const GARBAGE_STEPS = 60;

async function sampleMemory(sim?: Simulation): Promise<MemorySample> {
  // Without --expose-gc the samples include garbage; the parent always passes it. Twice: the
  // first collection leaves dead ArrayBuffers' memory to a sweeper that the second one finishes
  // (crowd 50k: 537 B/body of ArrayBuffers after one gc, 315 after two). Then a turn of the
  // event loop, in which the finalizers of what was collected run: the engine's count of its
  // growable shared buffers (`outsideBytes`) drops the dead ones only then.
  globalThis.gc?.();
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const m = process.memoryUsage();
  const outside = sim?.outsideBytes?.() ?? 0;
  return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers + outside, rss: m.rss };
}

function packageVersion(packageName: string): string {
  const path = packageName === 'jostle' ? '../../package.json' : `../../node_modules/${packageName}/package.json`;
  const json: unknown = JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'));
  const version = (json as { version?: unknown }).version;
  return typeof version === 'string' ? version : '?';
}

function parseCount(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`child: ${name} must be a whole number, got ${String(text)}`);
  return n;
}

async function runCase(argv: readonly string[]): Promise<CaseResult> {
  const [engineArg, scene, countArg, warmupArg, stepsArg, threadsArg, seedArg] = argv;
  const engine = parseEngineName(engineArg ?? '');
  const count = parseCount('count', countArg);
  const warmup = parseCount('warmup', warmupArg);
  const steps = parseCount('steps', stepsArg);
  const threads = threadsArg === undefined ? 1 : parseCount('threads', threadsArg);
  const seed = seedArg === undefined ? 1 : parseCount('seed', seedArg);
  if (scene === undefined) throw new Error('child: missing scene');

  const adapter = await loadEngine(engine, { threads });
  const setup = makeSetup(scene, count, seed);
  const states = makeBodyStates(dynamicCount(setup));
  const base = await sampleMemory();

  let t = performance.now();
  const sim = adapter.create(setup);
  const setupMs = performance.now() - t;
  const afterSetup = await sampleMemory(sim);

  for (let k = 0; k < warmup; k++) sim.step(DT);
  const times = new Float64Array(steps);
  const phases = new Map<string, Float64Array>();
  const cpuStart = process.cpuUsage();
  for (let k = 0; k < steps; k++) {
    t = performance.now();
    sim.step(DT);
    times[k] = performance.now() - t;
    // Read after the clock stops: the copy is the harness's cost, not the engine's.
    const profile = sim.profile?.();
    if (profile !== undefined) {
      for (const [phase, ms] of Object.entries(profile)) {
        let samples = phases.get(phase);
        if (samples === undefined) phases.set(phase, (samples = new Float64Array(steps)));
        samples[k] = ms;
      }
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  const afterRun = await sampleMemory(sim);
  sim.read(states);
  const n = states.x.length;
  const grown = (pick: (m: MemorySample) => number): number =>
    n > 0 ? (Math.max(pick(afterSetup), pick(afterRun)) - pick(base)) / n : 0;
  // After the state is read: the quality is the timed steps' end, as without this.
  const quality = measureQuality(setup.bodies, states);
  for (let k = 0; k < GARBAGE_WARMUP; k++) sim.step(DT);
  const garbage = await garbagePerStep(() => sim.step(DT), GARBAGE_STEPS);

  let total = 0;
  for (const ms of times) total += ms;
  const result: CaseResult = {
    engine,
    version: packageVersion(adapter.packageName),
    threads: adapter.threads,
    scene,
    count: n,
    warmup,
    steps,
    setupMs,
    medianMs: median(times),
    p95Ms: quantile(times, 0.95),
    meanMs: steps > 0 ? total / steps : Number.NaN,
    cpuMs: steps > 0 ? (cpu.user + cpu.system) / 1000 / steps : Number.NaN,
    memory: {
      base,
      afterSetup,
      afterRun,
      peakRss: process.resourceUsage().maxRSS * 1024,
      heapPerBody: grown((m) => m.heapUsed),
      heapAndArraysPerBody: grown((m) => m.heapUsed + m.arrayBuffers),
      rssPerBody: grown((m) => m.rss),
    },
    garbagePerStep: garbage,
    // Also the sink: the final state is consumed, so no engine's work can be skipped.
    quality,
    loadAverage: loadavg()[0] ?? Number.NaN,
  };
  if (phases.size > 0) result.profile = Object.fromEntries([...phases].map(([p, s]) => [p, median(s)]));
  const counters = sim.counters?.();
  if (counters !== undefined) result.counters = { ...counters };
  return result;
}

runCase(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
    // box2d-wasm keeps handles on process events; leave without waiting for them.
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
