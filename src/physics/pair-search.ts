/**
 * The broadphase's search for the new pairs of the bodies that left their fat boxes, split
 * across threads. Each moved body's search only reads: the trees (as flat copies, flat-tree.ts),
 * the fat boxes, the moved list and its old boxes. It writes the partners to add, in ascending
 * order, into the body's own slots of `out`; the broadphase then adds them to the pair cache
 * on one thread in the order of the moved list, so the cache ends as the one-thread search
 * leaves it, row for row.
 *
 * Which partners a moved body i adds (`partnerToAdd`): the pair needs a dynamic body and must
 * pass the collision filter; a partner j that did not move was paired with i exactly when its
 * fat box overlapped i's old one; a partner that moved too is added by the one of the two with
 * the smaller index (each finds the other: the search is symmetric), if the pair is not in the
 * cache already, which only the cache can say. The moved list is in index order after the
 * positions move, so that is also the one that comes first there.
 */
import { BODY_DYNAMIC, BODY_STATIC, FAT_STRIDE, type BodyStore } from './body-store.js';
import { canCollide } from './filter.js';
import { FlatTree, fatBoxOf, queryFlat } from './flat-tree.js';
import { grown } from './grown.js';
import type { HitList } from './hit-list.js';

/** `partnerToAdd`: not a new pair. */
export const SKIP = 0;
/** `partnerToAdd`: a new pair. */
export const ADD = 1;
/** `partnerToAdd`: a new pair unless the cache has it. */
export const ADD_IF_NEW = 2;

/** Rows of the moved list to start with (it grows, and shrinks after a burst: see broadphase.ts). */
export const MIN_MOVED_ROWS = 64;

/** Partners a moved body's search can hand back; a body with more is searched again on one thread. */
export const SEARCH_SLOTS = 8;

/**
 * What moved body i (at `slot` of the moved list, or -1 outside the broadphase's update) does
 * with partner j found in the trees: SKIP, ADD or ADD_IF_NEW (see the top of this file).
 */
export function partnerToAdd(s: BodyStore, pending: Uint8Array, oldFat: Float32Array, i: number, slot: number, j: number): number {
  const kind = s.kind;
  // A pair needs a dynamic body: static, kinematic and their mixes never collide.
  if (kind[i] !== BODY_DYNAMIC && kind[j] !== BODY_DYNAMIC) return SKIP;
  // The collision filter: pairs that can never collide never form (see filter.ts).
  if (!canCollide(s, i, j)) return SKIP;
  if (slot < 0) return ADD_IF_NEW;
  if (pending[j] === 0) return oldOverlap(oldFat, slot, s.fat, j) ? SKIP : ADD;
  return j < i ? SKIP : ADD_IF_NEW;
}

/** Whether body j's fat box overlaps the old box at `slot` of the moved list. */
export function oldOverlap(oldFat: Float32Array, slot: number, fat: Float32Array, j: number): boolean {
  const o = slot * FAT_STRIDE;
  const oj = j * FAT_STRIDE;
  return !(oldFat[o] > fat[oj + 2] || fat[oj] > oldFat[o + 2] || oldFat[o + 1] > fat[oj + 3] || fat[oj + 1] > oldFat[o + 3]);
}

/** What the threads' searches read and write; the broadphase keeps its moved list here. */
export class PairSearch {
  /** Flat copies of the moving and the static tree. */
  readonly moving = new FlatTree();
  readonly statics = new FlatTree();
  /** The broadphase's moved list, old fat boxes by moved row, and 1 per body waiting in that list. */
  moved: Int32Array = new Int32Array(MIN_MOVED_ROWS);
  oldFat: Float32Array = new Float32Array(MIN_MOVED_ROWS * FAT_STRIDE);
  pending: Uint8Array = new Uint8Array(0);
  /** By moved row m: partners at out[SEARCH_SLOTS * m ...], j to add or ~j to add if new; outCount[m] of them, -1 for too many. */
  out: Int32Array = new Int32Array(0);
  outCount: Int32Array = new Int32Array(0);

  /** Makes room for `rows` moved rows. */
  reserve(rows: number): void {
    if (this.outCount.length >= rows) return;
    const n = Math.max(rows, 2 * this.outCount.length);
    this.out = grown(this.out, n * SEARCH_SLOTS);
    this.outCount = grown(this.outCount, n);
  }

  /**
   * Gives back the room of a burst (the threads' search, as the broadphase's moved list): at
   * most `rows` moved rows kept. Crowd 50,000 moves 17,600 bodies in its second step and some
   * 2,000 after, and the slots of that peak would hold 11 bytes a body for good.
   */
  trim(rows: number): void {
    if (this.outCount.length <= rows) return;
    this.out = grown(this.out, rows * SEARCH_SLOTS);
    this.outCount = grown(this.outCount, rows);
  }
}

/** Field names of a PairSearch that threads share, beside its two trees' (FLAT_TREE_SHARED). */
/** This thread's query box (each worker has its own copy of this module). */
const QUERY_BOX = new Float64Array(4);

export const SEARCH_SHARED = ['moved', 'oldFat', 'pending', 'out', 'outCount'] as const;

/** Searches moved rows [from, to): each one's partners to `out`, in ascending order. `hits`, `stack`: this thread's scratch. */
export function searchPairs(s: BodyStore, search: PairSearch, hits: HitList, stack: Int32Array, from: number, to: number): void {
  const { kind, fat } = s;
  const { moved, oldFat, pending, out, outCount } = search;
  for (let m = from; m < to; m++) {
    const i = moved[m];
    const box = fatBoxOf(fat, i, QUERY_BOX);
    hits.count = 0;
    queryFlat(search.moving, fat, box, i, hits, stack);
    if (kind[i] !== BODY_STATIC) queryFlat(search.statics, fat, box, i, hits, stack);
    hits.sort();
    const base = m * SEARCH_SLOTS;
    let n = 0;
    for (let h = 0; h < hits.count; h++) {
      const j = hits.ids[h];
      const add = partnerToAdd(s, pending, oldFat, i, m, j);
      if (add === SKIP) continue;
      if (n === SEARCH_SLOTS) {
        n = -1;
        break;
      }
      out[base + n++] = add === ADD ? j : ~j;
    }
    outCount[m] = n;
  }
}
