/**
 * Block moves of a range of an array, for the jobs that copy the bodies (or pairs) into the
 * kernels' memory a block each, on whichever thread claims the block. `TypedArray.set` takes its
 * source range as a view, and a view made for every block of every step would be garbage every
 * step: the views are kept instead, one per source array, start and length, until the array
 * itself is dropped (a store that grew, a memory laid out again).
 */
type Typed = Float64Array | Float32Array | Int32Array | Uint8Array;

/**
 * Per source array, its range views by their start; a start may have views of several lengths,
 * since jobs cut the same array into blocks of different sizes (the body blocks and the
 * velocity copies' blocks both start at 0), and one view per start would be made anew each time
 * the other job came by.
 */
const kept = new WeakMap<Typed, Map<number, Typed[]>>();

/** `from`'s elements [start, end) into `to` at the same places (`to` must hold them). */
export function copyRange<T extends Typed>(to: T, from: T, start: number, end: number): void {
  if (end <= start) return;
  let views = kept.get(from);
  if (views === undefined) {
    views = new Map();
    kept.set(from, views);
  }
  let atStart = views.get(start);
  if (atStart === undefined) {
    atStart = [];
    views.set(start, atStart);
  }
  to.set(viewOf(atStart, from, start, end), start);
}

/** The kept view of [start, end) among `atStart` (views from `start`), made and kept if none. */
function viewOf<T extends Typed>(atStart: Typed[], from: T, start: number, end: number): T {
  for (let i = 0; i < atStart.length; i++) if (atStart[i].length === end - start) return atStart[i] as T;
  // A range whose end moves (the last block as the count changes) would pile up views: keep a few.
  if (atStart.length >= MAX_LENGTHS) atStart.length = 0;
  const view = from.subarray(start, end) as T;
  atStart.push(view);
  return view;
}

/** Lengths kept per start before they are dropped together. */
const MAX_LENGTHS = 4;
