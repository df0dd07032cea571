/**
 * The collide stage on several threads while the rows live in the kernels' memory (a pile on
 * threads): the collide kernel (wasm/collide-kernel.ts) over blocks of pairs, in three steps,
 * with the same rows, lists and calls out as `collidePairs` (collide.ts):
 *   1. collide (threads, by blocks): each block's lists go to the staging region
 *      (RowKernels.stagedRows) at the block's first pair, its far pairs likewise, and its rows
 *      in place where the block before it wrote its own in place (so a thread's share, run in
 *      order, goes in place after the first share's), else to the staging region too;
 *   2. here: where each block's rows and wall rows start;
 *   3. place (threads, by blocks): each staged block's rows move to their place and every
 *      block's wall rows to the wall list, and for a pile the bodies are loaded for the solve
 *      (`ContactBuffer.solveBodiesLayout`), while the calling thread picks the rows' colours
 *      from where they are (the colouring kernel, wasm/colour-kernel.ts, in phases: the
 *      kernel's colours are colour.ts's);
 *   4. order (threads, two shares of the placed rows): each row's key, then the rows in colour
 *      order, each colour's rows sorted by home (one per thread), each home's border rows first
 *      (parallel/wave.ts);
 * then, here, what calls out (far pairs, the rows the kernel left to TypeScript, the special
 * rows).
 */
import type { BodyStore } from '../body-store.js';
import type { RowColours } from '../colour.js';
import type { SensorTouch } from '../collide.js';
import type { ContactBuffer } from '../contacts.js';
import type { PairCache } from '../pair-cache.js';
import { clearFarPairs, finishSpecialRows, fixRow, loadCollideBodies, loadCollidePairs } from '../wasm/collide-kernel.js';
import { COLOUR_CLEAR, COLOUR_HOME_KEYS, COLOUR_ORDER, COLOUR_PICK, homeGroups } from '../wasm/colour-kernel.js';
import type { CollideRegions, RowKernels, RowViews, StagedRows } from '../wasm/row-kernels.js';
import { MAX_THREADS } from './control.js';
import { BODY_BLOCK, JOB_COLLIDE_KERNEL, JOB_COLLIDE_PLACE, JOB_COLOUR_KEYS, JOB_COLOUR_ORDER, JOB_LOAD_COLLIDE, PAIR_BLOCK, P_BODY_BLOCKS, P_KEY_HOMES, P_H, P_LOAD_HOMES, P_PAIR_COUNT, P_ROW_COUNT, P_SPECULATIVE, blocksFor, shareStart, type StepRunner } from './jobs.js';
import type { JobViews } from './run-job.js';
import { takeBusyTimes } from './wave.js';

/** Each home's thread's busy time in the passes' walks since the last colouring (ms; wave.ts). */
const busy = new Float64Array(MAX_THREADS);

/**
 * `collidePairs` on the runner's threads by the collide kernel, where the rows are resident and
 * their memory is shared. Returns false, having done nothing, where they are not (the caller
 * then runs collide-blocks.ts's `collideBlocks`).
 * @internal
 */
export function collideKernelBlocks(
  store: BodyStore,
  pairs: PairCache,
  contacts: ContactBuffer,
  runner: StepRunner,
  dt: number,
  speculativeDistance: number,
  wake: (index: number) => void,
  onSensor: SensorTouch,
  colours: RowColours,
): boolean {
  for (;;) {
    const kernels = contacts.kernelsForCollide(store.capacity, pairs.a.length, true);
    if (kernels === null) return false;
    if (kernels.layout === null) {
      // A memory the workers cannot see: the rows leave it, and TypeScript collides.
      contacts.leaveKernelMemory();
      return false;
    }
    const regions = kernels.collideRegions as CollideRegions;
    const staged = kernels.stagedRows as StagedRows;
    const pairCount = pairs.count;
    const blocks = Math.ceil(pairCount / PAIR_BLOCK);
    const bodyBlocks = blocksFor(store.end);
    runner.params[P_H] = dt;
    runner.params[P_SPECULATIVE] = speculativeDistance;
    runner.params[P_PAIR_COUNT] = pairCount;
    // The bodies and pairs copied in (`loadCollideInputs`), a block each on the threads, home by
    // home (`loadItem`).
    runner.params[P_BODY_BLOCKS] = bodyBlocks;
    runner.params[P_LOAD_HOMES] = runner.threads;
    runner.run(JOB_LOAD_COLLIDE, 0, bodyBlocks + blocks);
    kernels.pairsLoadedAt = pairs.version;
    // The calling thread colours the rows while the threads place them (below; a skipping
    // pass's frontier lists need the rows in place: then, and where a sensor's rows came out
    // after, the colouring runs again from the placed rows). With several threads, the
    // colouring sorts each colour's rows by home, border rows first (parallel/wave.ts), each
    // body's home (and the solve's slot for it) given beforehand. The homes and the colouring's
    // cleared counts read nothing the collide kernel writes, so the calling thread writes them
    // while the workers start on the kernel's blocks.
    const along = !contacts.frontier.used;
    const homes = runner.threads;
    staged.ends.fill(-1, 0, blocks);
    runner.begin(JOB_COLLIDE_KERNEL, 0, blocks);
    if (along && homes > 1) colours.writeKernelHomes(regions, homes, store);
    if (along) kernels.colourPhases(COLOUR_CLEAR, 0, 0, store.end, 0, 0, homes);
    runner.join();
    const { head, rows: blockRows, starts, wallStarts } = staged;
    let rows = 0;
    let walls = 0;
    for (let k = 0; k < blocks; k++) {
      starts[k] = rows;
      rows += blockRows[k];
      wallStarts[k] = walls;
      walls += head[4 * k + 2];
    }
    contacts.count = 0;
    // The wall list's room before the threads place into it (see collide-blocks.ts).
    contacts.reserveWalls(walls);
    if (rows > contacts.a.length) {
      // More rows than the resident rows hold: room for them (a new layout), and the kernel again.
      contacts.reserve(rows);
      continue;
    }
    // While this thread picks, the others, done placing, load the bodies for the solve too (a
    // pile's, whose solve loads them first: velocities and materials stand from here to there;
    // only the slots may not, below).
    const loads = along && homes > 1 && contacts.busyFirstPass ? blocksFor(store.end) : 0;
    runner.begin(JOB_COLLIDE_PLACE, 0, blocks + loads);
    if (along) colourStaged(kernels, staged, contacts, COLOUR_PICK, blocks, store.end, homes);
    runner.join();
    // The order by home needs every row's colour and border marks. Picking is one walk in row
    // order, but the keys and the order split: two shares, each counting its groups apart, and
    // each placing its rows from its own cursors. The colours stand unless finish() drops a row.
    if (along && homes > 1) {
      runner.params[P_ROW_COUNT] = rows;
      runner.params[P_KEY_HOMES] = homes;
      runner.run(JOB_COLOUR_KEYS, 0, KEY_SHARES);
      shareCursors(regions, homes);
      runner.run(JOB_COLOUR_ORDER, 0, KEY_SHARES);
      // The second share's cursors stop where each group ends.
      const { homeGroupEnds: ends, homeGroupCounts: cursors } = regions;
      for (let g = 0, n = homeGroups(homes); g < n; g++) ends[g] = cursors[g];
    }
    finish(staged, regions, blocks, rows, walls, store, pairs, contacts, wake, onSensor);
    if (along && contacts.count === rows) {
      const rowViews = kernels.rowViews as RowViews;
      if (homes === 1) kernels.colourPhases(COLOUR_ORDER, 0, rows, store.end, rowViews.a.byteOffset, rowViews.b.byteOffset);
      colours.tookKernelColours(contacts, homes, homes > 1 && takeBusyTimes(runner.wave, homes, busy) ? busy : null);
      // The copies stand where the slots put them; the colouring below puts the slots back at
      // the bodies' own numbers, and the solve loads anew.
      contacts.solveBodiesLayout = loads > 0 ? kernels.layouts : -1;
    } else {
      colours.sort(store, contacts, true);
    }
    return true;
  }
}

/**
 * A colouring phase over every block's rows, read from where they are staged, or placed for a
 * block that wrote them in place (row numbers are where they will be placed).
 */
function colourStaged(kernels: RowKernels, staged: StagedRows, contacts: ContactBuffer, phase: number, blocks: number, end: number, homes: number): void {
  const { rows, starts, ends } = staged;
  for (let k = 0; k < blocks; k++) {
    const from = ends[k] >= 0 ? contacts : staged;
    const back = from === staged ? 4 * (k * PAIR_BLOCK - starts[k]) : 0;
    kernels.colourPhases(phase, starts[k], starts[k] + rows[k], end, from.a.byteOffset + back, from.b.byteOffset + back, homes);
  }
}

/**
 * JOB_LOAD_COLLIDE over items [from, to): the collide kernel's inputs, each item a block of
 * bodies or of pairs (`loadItem`).
 */
export function loadCollideItems(views: JobViews, from: number, to: number): void {
  const { store, params, contacts } = views;
  const regions = (contacts.kernels as RowKernels).collideRegions as CollideRegions;
  const homes = params[P_LOAD_HOMES];
  const bodyBlocks = params[P_BODY_BLOCKS];
  const pairCount = params[P_PAIR_COUNT];
  const pairBlocks = Math.ceil(pairCount / PAIR_BLOCK);
  for (let k = from; k < to; k++) {
    const item = loadItem(k, bodyBlocks, pairBlocks, homes);
    if (item >= 0) loadCollideBodies(regions, store, item * BODY_BLOCK, Math.min((item + 1) * BODY_BLOCK, store.end));
    else loadCollidePairs(regions, views.pairs, ~item * PAIR_BLOCK, Math.min((~item + 1) * PAIR_BLOCK, pairCount));
  }
}

/**
 * JOB_LOAD_COLLIDE's item k of `bodyBlocks` blocks of bodies and `pairBlocks` blocks of pairs:
 * a block of bodies b as b, a block of pairs p as ~p. The items come home by home (`homes` of
 * them, cut as a team cuts a job's range: `shareStart`): home h's equal share of the blocks of bodies, then
 * its equal share of the blocks of pairs. So the thread that loads a home's pairs is the one
 * that collides them next (JOB_COLLIDE_KERNEL's equal shares), and the bodies it loads are
 * mostly those its pairs join (the pairs run in order of their first body), rather than one
 * thread loading every body and the other reading them out of its cache. @internal
 */
export function loadItem(k: number, bodyBlocks: number, pairBlocks: number, homes: number): number {
  let h = 0;
  while (h + 1 < homes && k >= shareStart(bodyBlocks, h + 1, homes) + shareStart(pairBlocks, h + 1, homes)) h++;
  const firstBody = shareStart(bodyBlocks, h, homes);
  const firstPair = shareStart(pairBlocks, h, homes);
  const bodies = shareStart(bodyBlocks, h + 1, homes) - firstBody;
  const at = k - firstBody - firstPair;
  return at < bodies ? firstBody + at : ~(firstPair + at - bodies);
}

/** Step 1 over pair blocks [from, to) (P_H, P_SPECULATIVE, P_PAIR_COUNT). */
export function collideBlocksInKernels(kernels: RowKernels, params: Float64Array, from: number, to: number): void {
  const pairCount = params[P_PAIR_COUNT];
  for (let k = from; k < to; k++) {
    kernels.collideBlock(k, k * PAIR_BLOCK, Math.min((k + 1) * PAIR_BLOCK, pairCount), params[P_SPECULATIVE], params[P_H]);
  }
}

/**
 * Shares of JOB_COLOUR_KEYS and JOB_COLOUR_ORDER: two, the first counting its groups in
 * `homeGroupEnds`, the second in `homeGroupCounts`, each then placing its rows from cursors there.
 */
const KEY_SHARES = 2;

/** The `rows` rows of share s of KEY_SHARES. */
function shareRows(rows: number, s: number): number {
  return shareStart(rows, s, KEY_SHARES);
}

/**
 * JOB_COLOUR_KEYS (`phase` COLOUR_HOME_KEYS) or JOB_COLOUR_ORDER (COLOUR_HOME_ORDER) over shares
 * [from, to) of the `rows` placed rows: each row's group counted into the share's own groups
 * (the first share's cleared with the colouring, the second's here), or the share's rows put in
 * colour order from the share's own cursors (`shareCursors`).
 */
export function colourShares(contacts: ContactBuffer, phase: number, from: number, to: number, rows: number, homes: number, end: number): void {
  const kernels = contacts.kernels as RowKernels;
  const regions = kernels.collideRegions as CollideRegions;
  for (let s = from; s < to; s++) {
    const groups = s === 0 ? regions.homeGroupEnds : regions.homeGroupCounts;
    if (s > 0 && phase === COLOUR_HOME_KEYS) groups.fill(0, 0, homeGroups(homes) + 1);
    kernels.colourPhases(phase, shareRows(rows, s), shareRows(rows, s + 1), end, contacts.a.byteOffset, contacts.b.byteOffset, homes, groups);
  }
}

/**
 * The shares' counts (group g's at g + 1) to their cursors: group g starts after every row of
 * the groups before it, the first share's rows of a group before the second's, as one thread
 * counting every row in row order puts them.
 */
function shareCursors(regions: CollideRegions, homes: number): void {
  const { homeGroupEnds: first, homeGroupCounts: second } = regions;
  let at = 0;
  for (let g = 0, n = homeGroups(homes); g < n; g++) {
    const a = first[g + 1];
    const b = second[g + 1];
    first[g] = at;
    second[g] = at + a;
    at += a + b;
  }
}

/**
 * Step 3 over pair blocks [from, to): each staged block's rows to their place (a block that
 * wrote them in place has none to move), its wall rows to the wall list.
 */
export function placeBlocks(contacts: ContactBuffer, from: number, to: number): void {
  const kernels = contacts.kernels as RowKernels;
  const t = kernels.stagedRows as StagedRows;
  const walls = contacts.walls;
  for (let k = from; k < to; k++) {
    const first = k * PAIR_BLOCK;
    const start = t.starts[k];
    const n = t.ends[k] >= 0 ? 0 : t.rows[k];
    move(kernels, contacts.a, start, t.a, first, n);
    move(kernels, contacts.b, start, t.b, first, n);
    move(kernels, contacts.pair, start, t.pair, first, n);
    move(kernels, contacts.nx, start, t.nx, first, n);
    move(kernels, contacts.ny, start, t.ny, first, n);
    move(kernels, contacts.separation, start, t.separation, first, n);
    move(kernels, contacts.baseSeparation, start, t.baseSeparation, first, n);
    move(kernels, contacts.impulse, start, t.impulse, first, n);
    move(kernels, contacts.tangentImpulse, start, t.tangentImpulse, first, n);
    const w = t.wallStarts[k];
    for (let j = 0, count = t.head[4 * k + 2]; j < count; j++) walls[w + j] = t.walls[first + j] + start;
  }
}

/** Copies `from`'s elements [first, first + n) to `to` from `start`: both views of the kernels' memory. */
function move(kernels: RowKernels, to: Int32Array | Float64Array, start: number, from: Int32Array | Float64Array, first: number, n: number): void {
  const size = to.BYTES_PER_ELEMENT;
  kernels.move(to.byteOffset + start * size, from.byteOffset + first * size, n * size);
}

/** What calls out, in the order `collidePairs` makes the calls: far pairs, the rows left to TypeScript, the special rows. */
function finish(
  t: StagedRows,
  regions: CollideRegions,
  blocks: number,
  rows: number,
  walls: number,
  store: BodyStore,
  pairs: PairCache,
  contacts: ContactBuffer,
  wake: (index: number) => void,
  onSensor: SensorTouch,
): void {
  contacts.count = rows;
  contacts.wallCount = walls;
  contacts.kickedCount = 0;
  const special = regions.special;
  let specialCount = 0;
  for (let k = 0; k < blocks; k++) {
    const first = k * PAIR_BLOCK;
    const start = t.starts[k];
    clearFarPairs(pairs, regions, first, t.head[4 * k]);
    for (let j = 0, count = t.head[4 * k + 1]; j < count; j++) fixRow(store, contacts, start + t.fix[first + j]);
    for (let j = 0, count = t.head[4 * k + 3]; j < count; j++) special[specialCount++] = start + t.special[first + j];
  }
  if (specialCount > 0) finishSpecialRows(contacts, pairs, regions, store.kind, special, specialCount, wake, onSensor);
}
