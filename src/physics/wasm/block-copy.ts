/**
 * Block moves of a range of an array, for the jobs that copy the bodies (or pairs) into the
 * kernels' memory a block each, on whichever thread claims the block. `TypedArray.set` takes its
 * source range as a view, and a view made for every block of every step would be garbage every
 * step: the views are kept instead, one per source array and start, until the array itself is
 * dropped (a store that grew, a memory laid out again) or the range's end moves.
 */
type Typed = Float64Array | Float32Array | Int32Array | Uint8Array;

/** Per source array, its range views by their start. */
const kept = new WeakMap<Typed, Map<number, Typed>>();

/** `from`'s elements [start, end) into `to` at the same places (`to` must hold them). */
export function copyRange<T extends Typed>(to: T, from: T, start: number, end: number): void {
  if (end <= start) return;
  let views = kept.get(from);
  if (views === undefined) {
    views = new Map();
    kept.set(from, views);
  }
  let view = views.get(start) as T | undefined;
  if (view === undefined || view.length !== end - start) {
    view = from.subarray(start, end) as T;
    views.set(start, view);
  }
  to.set(view, start);
}
