/** Maps a job code (jobs.ts) to its kernel: the one switch the driving thread and the workers share. */
import type { BodyStore } from '../body-store.js';
import { grown } from '../grown.js';
import type { ContactBuffer } from '../contacts.js';
import { testPairBlocks, writeRowBlocks, type CollideScratch, type PairArrays } from './collide-blocks.js';
import { collideBlocksInKernels, colourShares, loadCollideItems, placeBlocks } from './collide-kernel-blocks.js';
import { COLOUR_HOME_KEYS, COLOUR_HOME_ORDER } from '../wasm/colour-kernel.js';
import type { HitList } from '../hit-list.js';
import { searchPairs, type PairSearch } from '../pair-search.js';
import { sweepFastRange } from '../continuous.js';
import { flagTouchChanges, setTouchingRows } from '../contact-state.js';
import { flagLeavers } from '../fat-exit.js';
import { newFatBlocks } from '../fat-box.js';
import { integratePositionBlocks, integrateVelocityBlocks, markResting } from '../integrate.js';
import { unpackImpulses } from '../packed-rows.js';
import type { CollideRegions, RowKernels } from '../wasm/row-kernels.js';
import { prepareRows, solveRows, storeImpulses, warmStartRows } from '../solver.js';
import { pushRows } from '../pushout.js';
import { listBouncerBlocks, restituteRows } from '../restitution.js';
import { walkWave } from './wave.js';
import { listRowShares } from './list-shares.js';
import {
  BODY_BLOCK,
  JOB_COLLIDE_KERNEL,
  JOB_COLLIDE_PLACE,
  JOB_COLOUR_KEYS,
  JOB_COLOUR_ORDER,
  JOB_COLLIDE_TEST,
  JOB_COLLIDE_WRITE,
  JOB_FLAG_LEAVERS,
  JOB_FLAG_TOUCH,
  JOB_NEW_FAT,
  JOB_STORE_KERNEL_IMPULSES,
  JOB_INTEGRATE_POSITIONS,
  JOB_INTEGRATE_VELOCITIES,
  JOB_LIST_BOUNCERS,
  JOB_LIST_ROWS,
  JOB_LOAD_BODIES,
  JOB_LOAD_COLLIDE,
  JOB_MARK_RESTING,
  JOB_PREPARE_KERNELS,
  JOB_PREPARE_ROWS,
  JOB_PUSH_OUT,
  JOB_RESTITUTION,
  JOB_SAVE_BODIES,
  JOB_SEARCH_PAIRS,
  JOB_SOLVE_ROWS,
  JOB_SOLVE_WAVE,
  JOB_STORE_IMPULSES,
  JOB_SWEEP_FAST,
  JOB_UNPACK_IMPULSES,
  JOB_UNPACK_KERNELS,
  JOB_WARM_KERNELS,
  JOB_WARM_START,
  LOAD_POSITIONS,
  LOAD_SOLVE,
  P_KEY_HOMES,
  P_GX,
  P_GY,
  P_H,
  P_KERNEL_LEAVERS,
  P_KERNEL_MARKS,
  P_LOAD,
  P_MARGIN,
  P_MODE,
  P_RECORD_TOUCH,
  P_ROW_COUNT,
  P_PAIR_COUNT,
  PAIR_BLOCK,
  P_PREPARE,
  P_SPECULATIVE,
  P_THRESHOLD,
  P_TO_PAIRS,
} from './jobs.js';

/** What the kernels work on: the world's arrays as one thread sees them. */
export interface JobViews {
  store: BodyStore;
  contacts: ContactBuffer;
  pairs: PairArrays;
  scratch: CollideScratch;
  params: Float64Array;
  partials: Float64Array;
  /** The broadphase's pair search (shared), and this thread's query scratch for it. */
  search: PairSearch;
  hits: HitList;
  stack: Int32Array;
  /** JOB_SOLVE_WAVE's plan and progress (wave.ts). */
  wave: Int32Array;
  /** The team's control block (control.ts), or null on a thread with no team. */
  control: Int32Array | null;
}

/**
 * What every runner shares (local-runner.ts, team.ts): the views the kernels work on, their
 * parameters and per-block results, and running a job on the calling thread.
 */
export abstract class ViewsRunner {
  protected constructor(protected readonly views: JobViews) {}

  get params(): Float64Array {
    return this.views.params;
  }

  get partials(): Float64Array {
    return this.views.partials;
  }

  get scratch(): CollideScratch {
    return this.views.scratch;
  }

  get wave(): Int32Array {
    return this.views.wave;
  }

  /** Every home of the plan on this thread, one after another within each colour. */
  runWave(): number {
    return walkWave(this.views, 0, true);
  }

  /** `begin`'s count when the job ran here at once. */
  private begun = 0;

  begin(job: number, from: number, to: number): void {
    this.begun = this.runHere(job, from, to);
  }

  join(): number {
    const count = this.begun;
    this.begun = 0;
    return count;
  }

  runHere(job: number, from: number, to: number): number {
    return runJob(job, this.views, from, to);
  }

  runHomes(job: number, bounds: Int32Array, first: number, homes: number): number {
    return this.run(job, bounds[first], bounds[first + homes]);
  }

  stepBegins(): void {
    // No threads to keep awake.
  }

  stepEnds(): void {
    // No threads to keep awake.
  }

  abstract run(job: number, from: number, to: number): number;

  reservePartials(blocks: number): void {
    const v = this.views;
    if (v.partials.length < blocks) v.partials = grown(v.partials, Math.max(blocks, 2 * v.partials.length));
  }
}

/** Runs `job` over items [from, to) on this thread; returns the kernel's count (0 for body jobs). */
export function runJob(job: number, views: JobViews, from: number, to: number): number {
  const { store, contacts, params, partials } = views;
  switch (job) {
    case JOB_WARM_START:
      warmStartRows(store, contacts, from, to, params[P_MODE]);
      return 0;
    case JOB_SOLVE_ROWS:
      return solveRows(store, contacts, from, to, params);
    case JOB_RESTITUTION:
      return restituteRows(store, contacts, from, to, params);
    case JOB_LIST_BOUNCERS:
      listBouncerBlocks(contacts, params[P_THRESHOLD], params[P_ROW_COUNT], views.scratch.rowPair, partials, from, to);
      return 0;
    case JOB_LIST_ROWS:
      listRowShares(contacts, params, from, to);
      return 0;
    case JOB_PUSH_OUT:
      return pushRows(store, contacts, from, to, params);
    case JOB_MARK_RESTING:
      markResting(store, contacts, from, to);
      return 0;
    case JOB_INTEGRATE_VELOCITIES:
      integrateVelocityBlocks(store, from, to, params, partials);
      return 0;
    case JOB_INTEGRATE_POSITIONS: {
      const marks = params[P_KERNEL_MARKS] !== 0 ? ((contacts.kernels as RowKernels).collideRegions as CollideRegions).resting : store.passMark;
      // On threads the other core has read most of these positions since this one wrote them.
      integratePositionBlocks(store, from, to, params, marks, views.control !== null, partials);
      return 0;
    }
    case JOB_PREPARE_ROWS:
      return prepareRows(store, contacts, from, to, params[P_H], params[P_GX], params[P_GY]);
    case JOB_STORE_IMPULSES:
      storeImpulses(contacts, views.pairs, from, to);
      return 0;
    case JOB_COLLIDE_TEST:
      testPairBlocks(store, views.pairs, params[P_PAIR_COUNT], views.scratch, from, to, params[P_H], params[P_SPECULATIVE], params[P_RECORD_TOUCH] !== 0);
      return 0;
    case JOB_COLLIDE_WRITE:
      return writeRowBlocks(store, views.pairs, params[P_PAIR_COUNT], params[P_ROW_COUNT], contacts, views.scratch, from, to, params[P_PREPARE] !== 0, params[P_H]);
    case JOB_SEARCH_PAIRS:
      searchPairs(store, views.search, views.hits, views.stack, from, to);
      return 0;
    case JOB_SWEEP_FAST:
      return sweepFastRange(store, views.search.statics, views.hits, views.stack, from * BODY_BLOCK, Math.min(to * BODY_BLOCK, store.end));
    case JOB_FLAG_LEAVERS: {
      const kernels = params[P_KERNEL_LEAVERS] !== 0 ? (contacts.kernels as RowKernels) : null;
      for (let k = from; k < to; k++) {
        const end = Math.min((k + 1) * BODY_BLOCK, store.end);
        if (kernels !== null) {
          kernels.loadLeaverInputs(store, k * BODY_BLOCK, end);
          kernels.flagLeavers(views.search.pending, k * BODY_BLOCK, end, params[P_H], partials, 2 * k);
        }
        else flagLeavers(store, views.search.pending, k * BODY_BLOCK, end, params[P_H], partials, 2 * k);
      }
      return 0;
    }
    case JOB_NEW_FAT: {
      const search = views.search;
      newFatBlocks(store, search.moved, search.oldFat, search.pending, partials, BODY_BLOCK, from, to, params[P_H], params[P_MARGIN]);
      return 0;
    }
    case JOB_WARM_KERNELS:
      (contacts.kernels as RowKernels).warm(from, to);
      return 0;
    case JOB_COLLIDE_KERNEL:
      collideBlocksInKernels(contacts.kernels as RowKernels, params, from, to);
      return 0;
    case JOB_COLLIDE_PLACE: {
      const blocks = Math.ceil(params[P_PAIR_COUNT] / PAIR_BLOCK);
      placeBlocks(contacts, from, Math.min(to, blocks));
      if (to > blocks) loadBodyBlocks(store, contacts.kernels as RowKernels, LOAD_SOLVE, Math.max(from, blocks) - blocks, to - blocks);
      return 0;
    }
    case JOB_COLOUR_KEYS:
    case JOB_COLOUR_ORDER:
      colourShares(contacts, job === JOB_COLOUR_KEYS ? COLOUR_HOME_KEYS : COLOUR_HOME_ORDER, from, to, params[P_ROW_COUNT], params[P_KEY_HOMES], store.end);
      return 0;
    case JOB_PREPARE_KERNELS:
      return (contacts.kernels as RowKernels).prepare(from, to, params[P_H], params[P_GX], params[P_GY]);
    case JOB_UNPACK_IMPULSES:
      unpackImpulses(contacts, from, to);
      return 0;
    case JOB_SOLVE_WAVE:
      return walkWave(views, from, false);
    case JOB_FLAG_TOUCH:
      if (params[P_RECORD_TOUCH] !== 0) return flagTouchChanges(contacts, views.pairs.touching, views.scratch.verdict, from, to);
      setTouchingRows(contacts, views.pairs.touching, from, to);
      return 0;
    case JOB_UNPACK_KERNELS:
      (contacts.kernels as RowKernels).unpack(from, to, params[P_TO_PAIRS] !== 0);
      return 0;
    case JOB_STORE_KERNEL_IMPULSES:
      (contacts.kernels as RowKernels).storedImpulses(views.pairs, from, to);
      return 0;
    case JOB_LOAD_BODIES:
      loadBodyBlocks(store, contacts.kernels as RowKernels, params[P_LOAD], from, to);
      return 0;
    case JOB_SAVE_BODIES: {
      const kernels = contacts.kernels as RowKernels;
      const lo = from * BODY_BLOCK;
      const hi = Math.min(to * BODY_BLOCK, store.end);
      if (params[P_LOAD] === LOAD_POSITIONS) kernels.save(store.x, store.y, lo, hi);
      else kernels.save(store.vx, store.vy, lo, hi);
      return 0;
    }
    case JOB_LOAD_COLLIDE:
      loadCollideItems(views, from, to);
      return 0;
    default:
      throw new Error(`unknown step job ${job}`);
  }
}

/** Blocks [from, to) of bodies into the row kernels' memory: `what` is P_LOAD's (LOAD_VELOCITIES, LOAD_POSITIONS, LOAD_SOLVE). */
function loadBodyBlocks(store: BodyStore, kernels: RowKernels, what: number, from: number, to: number): void {
  const lo = from * BODY_BLOCK;
  const hi = Math.min(to * BODY_BLOCK, store.end);
  if (what === LOAD_POSITIONS) kernels.load(store, store.x, store.y, lo, hi);
  else kernels.load(store, store.vx, store.vy, lo, hi);
  if (what === LOAD_SOLVE) kernels.loadMaterials(store, lo, hi);
}
