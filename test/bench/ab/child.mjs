// One side of `npm run ab -- --processes=N`: a built engine (test/bench/ab/engine.ts, built by
// ab.ts) steps a scene alone, and its step times go to stdout as one line of JSON. Plain
// JavaScript run by plain node, so the process is like the benchmark's own child: a process
// started through a loader (tsx) read other times (the bench README).
//
//   node test/bench/ab/child.mjs <engine build URL> <scene> <size> <warm-up steps> <timed steps>
import { performance } from 'node:perf_hooks';

/** @typedef {{ step(dt: number): void; profile(): Readonly<Record<string, number>>; release(): void }} AbWorld */
/** @typedef {{ makeWorld: (scene: string, count: number, pool: null) => AbWorld }} AbEngine */

const [url, scene, size, warmup, steps] = process.argv.slice(2);
const DT = 1 / 60;
const PHASES = ['broadphase', 'narrowphase', 'solve', 'continuous'];
/** @type {unknown} */
const imported = await import(url);
const engine = /** @type {AbEngine} */ (imported);
const makeWorld = engine.makeWorld;
const world = makeWorld(scene, Number(size), null);
for (let k = 0; k < Number(warmup); k++) world.step(DT);
const times = [];
const phases = Object.fromEntries(PHASES.map((p) => [p, 0]));
for (let k = 0; k < Number(steps); k++) {
  const t = performance.now();
  world.step(DT);
  times.push(performance.now() - t);
  const profile = world.profile();
  for (const p of PHASES) phases[p] += profile[p] ?? 0;
}
world.release();
const n = times.length;
for (const p of PHASES) phases[p] /= n;
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ mean: times.reduce((s, x) => s + x, 0) / n, median: sorted[n >> 1], phases }));
