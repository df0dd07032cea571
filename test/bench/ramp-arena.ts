/**
 * The stress ramp's arena in Node, built like the benchmark's child (build-child.ts) and run by
 * ramp.ts: `node test/bench/ramp-arena.build.mjs MAX BATCH SETTLE STEPS ROUNDS THREADS`.
 *
 * Grows the sandbox's stress arena (src/scenes/stress-arena.ts) in batches of BATCH bodies up to
 * MAX, SETTLE steps after each batch (as the page's ramp does), then times STEPS steps on one
 * thread and STEPS on THREADS threads, in turn, ROUNDS times: the same world, so both counts
 * step the very same bodies, and the machine's drift falls on both alike. Then hands the world
 * to a ThreadChooser, as stress mode does, and times STEPS of its steps once its trial has
 * ended: what the page's choice gives. Prints one line a batch while growing, one a round and
 * one for the chooser, then RAMP_PREFIX + JSON of the medians.
 */
import { ThreadChooser, World } from '../../src/physics/index';
import { threadChoiceText } from '../../src/sandbox/shared/thread-choice-text';
import { growStressArena, stressArena } from '../../src/scenes/stress-arena';
import { createNodePool } from '../physics/threads/node-pool';
import { RAMP_PREFIX } from './result';
import { median } from './stats';

/** The step every scene is made for (s). */
const DT = 1 / 60;
/** Steps each side runs untimed after the thread count changes. */
const WARM = 10;
/** Most steps the chooser may take to end its trial before its steps are timed anyway. */
const CHOOSER_MAX_STEPS = 2000;

function whole(name: string, text: string | undefined, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`ramp-arena: ${name} must be a whole number ≥ ${min}, got ${String(text)}`);
  return n;
}

async function main(argv: readonly string[]): Promise<void> {
  const [maxArg, batchArg, settleArg, stepsArg, roundsArg, threadsArg] = argv;
  const max = whole('MAX', maxArg, 1);
  const batch = whole('BATCH', batchArg, 1);
  const settle = whole('SETTLE', settleArg, 0);
  const steps = whole('STEPS', stepsArg, 1);
  const rounds = whole('ROUNDS', roundsArg, 1);
  const threads = whole('THREADS', threadsArg, 2);

  const pool = await createNodePool(threads - 1, new URL('./thread-worker.build.mjs', import.meta.url));
  const world = new World();
  const arena = stressArena(world);
  // Grown on every thread: the bits are the same on any count, and the growing is the slow part.
  world.setThreads(pool);
  const growStart = performance.now();
  while (arena.added < max) {
    growStressArena(world, arena, Math.min(batch, max - arena.added));
    for (let s = 0; s < settle; s++) world.step(DT);
    console.log(`grown to ${arena.added} bodies (${((performance.now() - growStart) / 1000).toFixed(0)} s)`);
  }

  const times = new Float64Array(steps);
  const medians: Record<'one' | 'many', number[]> = { one: [], many: [] };
  for (let round = 1; round <= rounds; round++) {
    // Alternate which count goes first, so neither always steps right after the growing.
    const order: ('one' | 'many')[] = round % 2 === 1 ? ['one', 'many'] : ['many', 'one'];
    for (const side of order) {
      world.setThreads(side === 'many' ? pool : null);
      for (let s = 0; s < WARM; s++) world.step(DT);
      for (let s = 0; s < steps; s++) {
        const t = performance.now();
        world.step(DT);
        times[s] = performance.now() - t;
      }
      medians[side].push(median(times));
    }
    console.log(`round ${round}: 1 thread ${medians.one[round - 1].toFixed(2)} ms, ${threads} threads ${medians.many[round - 1].toFixed(2)} ms`);
  }
  world.setThreads(null);
  const chooser = new ThreadChooser(world, pool);
  for (let s = 0; s < CHOOSER_MAX_STEPS; s++) {
    chooser.step(DT);
    if (!chooser.lastStepInTrial) break;
  }
  for (let s = 0; s < steps; s++) {
    const t = performance.now();
    chooser.step(DT);
    times[s] = performance.now() - t;
  }
  const chosen = { using: world.threads, ms: median(times) };
  console.log(`the chooser: ${threadChoiceText(chooser.choice)}; then ${chosen.ms.toFixed(2)} ms a step on ${chosen.using}`);
  world.setThreads(null);
  await pool.close();
  console.log(RAMP_PREFIX + JSON.stringify({ bodies: world.bodyCount, threads, one: medians.one, many: medians.many, chosen }));
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
