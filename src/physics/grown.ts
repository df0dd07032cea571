/** The typed arrays the engine grows. */
export type GrowableArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array;

/** Bumped each time a shared array is replaced by a larger one (see `sharedGeneration`). */
let sharedGrowths = 0;

/**
 * A new array of the same type and length `n`, holding a copy of the first
 * min(a.length, n) values of `a`. An array over a SharedArrayBuffer grows into a new
 * SharedArrayBuffer, so that worker threads can be handed it again (see `sharedGeneration`).
 * Allocates: call it when a buffer must grow, never per step.
 */
export function grown<T extends GrowableArray>(a: T, n: number): T {
  const Ctor = a.constructor as { new (lengthOrBuffer: number | ArrayBufferLike): T; BYTES_PER_ELEMENT: number };
  let b: T;
  if (isShared(a)) {
    sharedGrowths++;
    b = new Ctor(new SharedArrayBuffer(n * Ctor.BYTES_PER_ELEMENT) as ArrayBufferLike);
  } else {
    b = new Ctor(n);
  }
  b.set(n < a.length ? (a.subarray(0, n) as T) : a);
  return b;
}

/** A copy of `a` over a new SharedArrayBuffer (the same length). Allocates. */
export function sharedCopy<T extends GrowableArray>(a: T): T {
  const Ctor = a.constructor as { new (buffer: ArrayBufferLike): T; BYTES_PER_ELEMENT: number };
  sharedGrowths++;
  const b = new Ctor(new SharedArrayBuffer(a.length * Ctor.BYTES_PER_ELEMENT) as ArrayBufferLike);
  b.set(a);
  return b;
}

/** Whether `a` lives in a SharedArrayBuffer (a page that is not cross-origin isolated has none). */
export function isShared(a: GrowableArray): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/** Counts a shared memory's growth as a replaced array's (wasm/row-kernels.ts): worker threads must be handed it again. */
export function noteSharedGrowth(): void {
  sharedGrowths++;
}

/** Changes whenever a shared array was replaced: worker threads must then be handed the new buffers. */
export function sharedGeneration(): number {
  return sharedGrowths;
}
