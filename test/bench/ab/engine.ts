/**
 * The A/B tool's entry: one engine build's World and scenes behind a tiny interface. ab.ts
 * builds this file twice, once against the working tree's sources and once against a copy of
 * it placed in the base commit's worktree, so both sides run the same harness code.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import * as engine from '../../../src/physics/index';
import type { ThreadPool } from '../../../src/physics/index';
import { crowd } from '../../../src/scenes/crowd';
import { pile } from '../../../src/scenes/pile';
import { columnPile, shuffledCrowd, shuffledPile, splitPile } from '../../physics/threads/shuffled-scenes';
import * as jobs from '../../../src/physics/parallel/jobs';
import { JobClock, jobNames } from './job-clock';

export interface AbWorld {
  step(dt: number): void;
  /** The last step's phase times (ms). */
  profile(): Readonly<Record<string, number>>;
  /** Gives the world's thread pool back (for the next round's world). */
  release(): void;
  /** Each step job's time (ms) and calls, by code, since the last call (job-clock.ts). */
  jobs(): { ms: Float64Array; calls: Float64Array };
  /** The jobs' names, by code. */
  readonly jobNames: readonly string[];
}

const { World } = engine;
type World = InstanceType<typeof World>;

// Loaded in a worker thread, this build serves its own engine's thread messages: the workers
// of each side run that side's kernels. Read off the namespace: a base from before threads has
// no such export, and is then compared on one thread only.
const handleThreadMessage = (engine as { handleThreadMessage?: (message: unknown) => boolean }).handleThreadMessage;
if (!isMainThread && parentPort !== null && handleThreadMessage !== undefined) {
  const port = parentPort;
  port.on('message', (message: unknown) => {
    if (message === 'ping') port.postMessage('ready');
    else handleThreadMessage(message);
  });
}

/**
 * The benchmark's pile with the sandbox's default friction (0.6) on every body: the bench's
 * scenes are frictionless, like its peers, but a user's pile rubs.
 */
function frictionPile(world: World, options: { count: number }): void {
  pile(world, options);
  for (const body of world.getBodies()) body.setFriction(0.6);
}

const SCENES: Readonly<Record<string, (world: World, options: { count: number }) => void>> = { crowd, pile, 'friction-pile': frictionPile, 'shuffled-pile': shuffledPile, 'shuffled-crowd': shuffledCrowd, 'column-pile': columnPile, 'split-pile': splitPile };

/**
 * Builds `scene` with `count` bodies, stepping on `pool`'s threads too when given, its jobs timed
 * with `timeJobs` (else `jobs()` reads none); throws on an unknown scene name.
 */
export function makeWorld(scene: string, count: number, pool: ThreadPool | null = null, timeJobs = false): AbWorld {
  const build = SCENES[scene];
  if (build === undefined) throw new Error(`unknown scene "${scene}" (known: ${Object.keys(SCENES).join(', ')})`);
  const world = new World();
  build(world, { count });
  if (pool !== null) world.setThreads(pool);
  const clock = new JobClock(jobs.JOB_SOLVE_WAVE);
  // The world's step runner is private: the clock reaches it as the step does.
  if (timeJobs) clock.wrap((world as unknown as { runner: Parameters<JobClock['wrap']>[0] }).runner);
  return {
    step: (dt) => world.step(dt),
    jobs: () => clock.take(),
    jobNames: jobNames(jobs),
    profile: () => world.profile as unknown as Record<string, number>,
    // A base from before threads has no setThreads, and never took a pool.
    release: () => {
      if (pool !== null) world.setThreads(null);
    },
  };
}
