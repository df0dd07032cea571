/**
 * The collide stage on several threads: the same rows, events and wakes as `collidePairs`
 * (collide.ts), in three steps so that no thread waits on another's output:
 *   1. test (threads, by blocks of pairs): each pair's verdict (no row, a row, a sensor, or a
 *      touching pair that drifted apart) and each block's rows;
 *   2. here: the events and sensor pairs in pair order, where each block's rows and wall rows
 *      start, and the kicked and woken lists (rare: only blocks that have such rows are read;
 *      with no contact listener, the test itself ends the touching of the pairs that parted);
 *   3. write (threads, by blocks): the rows (each row's normal and separation found again, as
 *      keeping them from step 1 took 24 bytes a pair) and the wall list, in pair order, at their
 *      block's start, while the calling thread colours them from the pairs (colour.ts's `sortBlocks`:
 *      the same colours as from the rows, and no thread waits for the colouring);
 * then the wakes. Every list comes out in row order, as `collidePairs` makes it.
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, type BodyStore } from '../body-store.js';
import type { RowColours } from '../colour.js';
import { isActive, spreadCoincident, type SensorTouch } from '../collide.js';
import type { ContactBuffer } from '../contacts.js';
import { grown } from '../grown.js';
import { csoOverlap, roundedRectOverlap, type PointHit } from '../narrowphase.js';
import type { PairCache } from '../pair-cache.js';
import { SHOCK_MASS_RATIO } from '../shock.js';
import { JOB_COLLIDE_TEST, JOB_COLLIDE_WRITE, PAIR_BLOCK, P_H, P_PAIR_COUNT, P_PREPARE, P_RECORD_TOUCH, P_ROW_COUNT, P_SPECULATIVE, type StepRunner } from './jobs.js';


/** A pair's verdict from the test step. */
const NO_ROW = 0;
const ROW = 1;
const SENSOR = 2;
const PARTED = 3;

/** The pair cache's fields the threads read and write. */
export type PairArrays = Pick<PairCache, 'a' | 'b' | 'impulse' | 'tangentImpulse' | 'touching'>;

/** Per-pair verdicts and per-block counts, shared by the threads. */
export class CollideScratch {
  /** Each pair's verdict; after the stage, free until the next one (JOB_FLAG_TOUCH's flags, by row). */
  verdict: Uint8Array = new Uint8Array(0);
  /** Rows of each block, then (after step 2) where each block's rows start. */
  blockRows: Int32Array = new Int32Array(0);
  /** Sensor and parted pairs of each block: step 2 visits only blocks that have some. */
  blockSpecial: Int32Array = new Int32Array(0);
  /** Rows with a static body of each block, then (after step 2) where each block's wall rows start in the wall list. */
  blockWalls: Int32Array = new Int32Array(0);
  /**
   * The pair of each block's rows, from the block's first pair on: what the colouring and the
   * write step read (one list of pairs rather than the rows' two bodies: 4 bytes a pair less);
   * after the stage, free until the next one (JOB_LIST_BOUNCERS' lists, by row).
   */
  rowPair: Int32Array = new Int32Array(0);
  /** Rows of each block with a moving kinematic body or a body to wake: step 2 lists them. */
  blockRare: Int32Array = new Int32Array(0);

  /** Makes room for `pairs` pairs (doubling); allocates only to grow. */
  reserve(pairs: number): void {
    if (this.verdict.length >= pairs) return;
    const n = Math.max(pairs, 2 * this.verdict.length, PAIR_BLOCK);
    const blocks = Math.ceil(n / PAIR_BLOCK);
    this.verdict = grown(this.verdict, n);
    this.rowPair = grown(this.rowPair, n);
    this.blockRows = grown(this.blockRows, blocks);
    this.blockSpecial = grown(this.blockSpecial, blocks);
    this.blockWalls = grown(this.blockWalls, blocks);
    this.blockRare = grown(this.blockRare, blocks);
  }
}

/** Field names of `CollideScratch`, for sharing. */
export const SCRATCH_SHARED = ['verdict', 'blockRows', 'blockSpecial', 'blockWalls', 'blockRare', 'rowPair'] as const;
/** Field names of the pair cache the threads see. */
export const PAIRS_SHARED = ['a', 'b', 'impulse', 'tangentImpulse', 'touching'] as const;

/**
 * `collidePairs` on the runner's threads (see the top of this file), with the same results; with
 * `prepare` (a world without gravity), each row prepared for the solve as it is written, as
 * `collidePairs` does it.
 * @internal
 */
export function collideBlocks(
  store: BodyStore,
  pairs: PairCache,
  contacts: ContactBuffer,
  runner: StepRunner,
  dt: number,
  speculativeDistance: number,
  wake: (index: number) => void,
  onSensor: SensorTouch,
  colours: RowColours,
  prepare = false,
): void {
  const pairCount = pairs.count;
  const scratch = runner.scratch;
  scratch.reserve(pairCount);
  const blocks = Math.ceil(pairCount / PAIR_BLOCK);
  runner.params[P_H] = dt;
  runner.params[P_SPECULATIVE] = speculativeDistance;
  runner.params[P_PAIR_COUNT] = pairCount;
  runner.params[P_RECORD_TOUCH] = pairs.recordsEvents ? 1 : 0;
  runner.run(JOB_COLLIDE_TEST, 0, blocks);
  const { verdict, blockRows, blockSpecial, blockWalls, blockRare } = scratch;
  let rows = 0;
  let walls = 0;
  for (let k = 0; k < blocks; k++) {
    if (blockSpecial[k] > 0) {
      const end = Math.min((k + 1) * PAIR_BLOCK, pairCount);
      for (let p = k * PAIR_BLOCK; p < end; p++) {
        if (verdict[p] === SENSOR) onSensor(p);
        else if (verdict[p] === PARTED) pairs.setTouching(p, 0);
      }
    }
    const n = blockRows[k];
    blockRows[k] = rows;
    rows += n;
    const w = blockWalls[k];
    blockWalls[k] = walls;
    walls += w;
  }
  contacts.count = 0;
  // Room for the rows, their colour order and the wall list before the workers start: growing a
  // shared array mid-job would hand them new buffers.
  contacts.reserve(rows);
  contacts.reserveWalls(walls);
  const rare = RARE;
  rare.kicked = 0;
  rare.woken = 0;
  for (let k = 0; k < blocks; k++) if (blockRare[k] > 0) listRare(store, pairs, verdict, contacts, k, Math.min((k + 1) * PAIR_BLOCK, pairCount), rare);
  runner.params[P_ROW_COUNT] = rows;
  // A body to wake may change before the solve: then the solve prepares every row itself.
  const prepared = prepare && rare.woken === 0;
  runner.params[P_PREPARE] = prepared ? 1 : 0;
  runner.begin(JOB_COLLIDE_WRITE, 0, blocks);
  colours.sortBlocks(store, contacts, pairs.a, pairs.b, scratch.rowPair, blockRows, blocks, PAIR_BLOCK, rows, runner.threads);
  const unequal = runner.join();
  contacts.preparedRows = prepared;
  contacts.preparedUnequal = unequal;
  contacts.count = rows;
  contacts.wallCount = walls;
  contacts.kickedCount = rare.kicked;
  for (let k = 0; k < rare.woken; k++) wake(contacts.woken[k]);
}

/**
 * Step 1 over pair blocks [from, to): verdicts and each block's counts.
 * The pair test is `collidePairs`' own, written out again on purpose: one function called from
 * both loops was not inlined, and the serial step measured slower with it (commit message).
 */
export function testPairBlocks(
  store: BodyStore,
  pairs: PairArrays,
  pairCount: number,
  scratch: CollideScratch,
  from: number,
  to: number,
  dt: number,
  speculativeDistance: number,
  recordTouch: boolean,
): void {
  const { kind, awake, x, y, vx, vy, halfWidth, halfHeight, radius, sensor } = store;
  const { a: pairA, b: pairB, impulse: pairImpulse, tangentImpulse: pairTangent, touching } = pairs;
  const { verdict, blockRows, blockSpecial, blockWalls, blockRare, rowPair } = scratch;
  for (let k = from; k < to; k++) {
    let rows = 0;
    let special = 0;
    let walls = 0;
    let rare = 0;
    const end = Math.min((k + 1) * PAIR_BLOCK, pairCount);
    for (let p = k * PAIR_BLOCK; p < end; p++) {
      verdict[p] = NO_ROW;
      const a = pairA[p];
      const b = pairB[p];
      const activeA = isActive(kind, awake, vx, vy, a);
      const activeB = isActive(kind, awake, vx, vy, b);
      if (!activeA && !activeB) continue;
      const xa = x[a];
      const ya = y[a];
      const xb = x[b];
      const yb = y[b];
      const cw = halfWidth[a] + halfWidth[b];
      const ch = halfHeight[a] + halfHeight[b];
      const cr = radius[a] + radius[b];
      const separation = -csoOverlap(xb - xa, yb - ya, cw, ch, cr);
      if (separation > speculativeDistance) {
        const rvx = vx[b] - vx[a];
        const rvy = vy[b] - vy[a];
        const reach = separation - speculativeDistance;
        if (reach * reach > (rvx * rvx + rvy * rvy) * dt * dt) {
          pairImpulse[p] = 0;
          pairTangent[p] = 0;
          if (touching[p] === 1) {
            // An end event is recorded in pair order, on one thread; with no one to tell, the
            // pair (this thread's alone) just stops touching.
            if (recordTouch) {
              verdict[p] = PARTED;
              special++;
            } else touching[p] = 0;
          }
          continue;
        }
      }
      if ((sensor[a] | sensor[b]) !== 0) {
        pairImpulse[p] = 0;
        pairTangent[p] = 0;
        verdict[p] = SENSOR;
        special++;
        continue;
      }
      verdict[p] = ROW;
      rowPair[k * PAIR_BLOCK + rows] = p;
      rows++;
      const ka = kind[a];
      const kb = kind[b];
      if (ka === BODY_STATIC || kb === BODY_STATIC) walls++;
      else if (!activeA || !activeB || ka === BODY_KINEMATIC || kb === BODY_KINEMATIC) rare++;
    }
    blockRows[k] = rows;
    blockSpecial[k] = special;
    blockWalls[k] = walls;
    blockRare[k] = rare;
  }
}

/**
 * Step 3 over pair blocks [from, to): each kept pair's row, at its block's start, its normal and
 * separation from the same calls as step 1's and `collidePairs`' (the same inputs, the same bits).
 * With `prepare` (no gravity; `dt` in s) each row is also prepared for the solve as `collidePairs`
 * prepares it; returns how many of the rows join unequal masses (solver.ts's `prepareRows`).
 */
export function writeRowBlocks(
  store: BodyStore,
  pairs: PairArrays,
  pairCount: number,
  rowCount: number,
  contacts: ContactBuffer,
  scratch: CollideScratch,
  from: number,
  to: number,
  prepare = false,
  dt = 0,
): number {
  const { a: pairA, b: pairB, impulse: pairImpulse, tangentImpulse: pairTangent } = pairs;
  const hit = WRITE_HIT;
  const { x, y, kind, halfWidth, halfHeight, radius, vx, vy, invMass, friction: bodyFriction } = store;
  const { mass, approach, bias, friction, bounce: toi, warmImpulse, warmTangent } = contacts;
  const invDt = 1 / dt;
  let unequal = 0;
  const { rowPair, blockRows, blockWalls } = scratch;
  const blocks = Math.ceil(pairCount / PAIR_BLOCK);
  const { a: ca, b: cb, pair: cp, nx: cnx, ny: cny, separation: csep, baseSeparation: cbase, impulse: cimp, tangentImpulse: ctan, walls } =
    contacts;
  for (let k = from; k < to; k++) {
    let n = blockRows[k];
    let w = blockWalls[k];
    const first = k * PAIR_BLOCK;
    const end = first + (k + 1 < blocks ? blockRows[k + 1] : rowCount) - n;
    for (let i = first; i < end; i++) {
      const p = rowPair[i];
      const a = pairA[p];
      const b = pairB[p];
      const xa = x[a];
      const ya = y[a];
      const xb = x[b];
      const yb = y[b];
      const cw = halfWidth[a] + halfWidth[b];
      const ch = halfHeight[a] + halfHeight[b];
      const cr = radius[a] + radius[b];
      const separation = -csoOverlap(xb - xa, yb - ya, cw, ch, cr);
      roundedRectOverlap(xb, yb, xa, ya, cw, ch, cr, hit);
      if (xb === xa && yb === ya) spreadCoincident(a, b, cw, ch, hit);
      const hx = hit.nx;
      const hy = hit.ny;
      ca[n] = a;
      cb[n] = b;
      cp[n] = p;
      cnx[n] = hx;
      cny[n] = hy;
      csep[n] = separation;
      cbase[n] = separation - (hx * (xb - xa) + hy * (yb - ya));
      const warm = pairImpulse[p];
      const warmT = pairTangent[p];
      cimp[n] = warm;
      ctan[n] = warmT;
      if (prepare) {
        // prepareRows' row without gravity, written out as collidePairs writes it (collide.ts),
        // and again here on purpose: one shared function called from both loops, its arrays
        // passed as fields of one object or as twenty arguments, was not inlined into
        // collidePairs, whose collide phase then took 115 to 125 µs more (crowd 10,000).
        const ma = invMass[a];
        const mb = invMass[b];
        mass[n] = 1 / (ma + mb);
        if ((ma > SHOCK_MASS_RATIO * mb || mb > SHOCK_MASS_RATIO * ma) && ma !== 0 && mb !== 0) unequal++;
        const vn0 = (vx[b] - vx[a]) * hx + (vy[b] - vy[a]) * hy;
        approach[n] = vn0;
        let t = 0;
        if (separation > 0 && vn0 < 0) {
          const tt = separation / -vn0;
          if (tt <= dt) t = tt;
        }
        toi[n] = t;
        bias[n] = t !== 0 || separation <= 0 ? 0 : separation * invDt;
        const mu = bodyFriction[a] * bodyFriction[b];
        friction[n] = mu === 0 ? 0 : Math.sqrt(mu);
        warmImpulse[n] = warm;
        warmTangent[n] = warmT;
      }
      if (kind[a] === BODY_STATIC || kind[b] === BODY_STATIC) walls[w++] = n;
      n++;
    }
  }
  return unequal;
}

/**
 * Step 2 for pair block k, whose pairs end at `end`: the partners of its rows' moving kinematic
 * bodies (the kicked list) and its bodies to wake, in row order, as `collidePairs` lists them.
 * Counts in `rare`.
 */
function listRare(
  store: BodyStore,
  pairs: PairArrays,
  verdict: Uint8Array,
  contacts: ContactBuffer,
  k: number,
  end: number,
  rare: { kicked: number; woken: number },
): void {
  const { kind, awake, vx, vy } = store;
  for (let p = k * PAIR_BLOCK; p < end; p++) {
    if (verdict[p] !== ROW) continue;
    const a = pairs.a[p];
    const b = pairs.b[p];
    const ka = kind[a];
    const kb = kind[b];
    const activeA = isActive(kind, awake, vx, vy, a);
    const activeB = isActive(kind, awake, vx, vy, b);
    if (!activeA && ka === BODY_DYNAMIC) rare.woken = contacts.noteWoken(rare.woken, a);
    if (!activeB && kb === BODY_DYNAMIC) rare.woken = contacts.noteWoken(rare.woken, b);
    if (ka !== BODY_STATIC && kb !== BODY_STATIC) {
      if (ka === BODY_KINEMATIC && activeA) rare.kicked = contacts.noteKicked(rare.kicked, b);
      else if (kb === BODY_KINEMATIC && activeB) rare.kicked = contacts.noteKicked(rare.kicked, a);
    }
  }
}

/** Scratch for `collideBlocks` only: the kicked and woken lists' lengths. */
const RARE = { kicked: 0, woken: 0 };
/** Scratch for `writeRowBlocks` only (one per thread: each thread has its own module). */
const WRITE_HIT: PointHit = { nx: 0, ny: 0, overlap: 0 };
