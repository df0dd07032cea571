/** The typed arrays the engine grows. */
export type GrowableArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array;

/** Bumped each time a shared array gets a new view, in its own buffer or a new one (see `sharedGeneration`). */
let sharedGrowths = 0;
/** Bumped each time a shared array moves to a new buffer (see `sharedReplacements`). */
let sharedMoves = 0;

/**
 * A shared buffer reserves (address space only) this many times its first length, at least
 * MIN_SHARED_RESERVE bytes, and grows in place up to that. In place matters: a worker keeps its
 * views of a replaced buffer alive until its own garbage collector runs, which in a worker that
 * only waits and computes can be never, so every replaced buffer stayed in memory.
 */
const SHARED_RESERVE = 16;
const MIN_SHARED_RESERVE = 1 << 20;

/**
 * Bytes in growable shared buffers, by buffer, while they live: `process.memoryUsage()` counts
 * no growable SharedArrayBuffer (Node 20), so the benchmark reads this (`growableSharedBytes`).
 */
let growableBytes = 0;
const forget =
  typeof FinalizationRegistry === 'undefined'
    ? null
    : new FinalizationRegistry<{ bytes: number }>((held) => {
        growableBytes -= held.bytes;
      });
const held = new WeakMap<SharedArrayBuffer, { bytes: number }>();

/**
 * SharedArrayBuffer's growable side (ES2024), which the project's lib (ES2022) does not
 * declare; a platform without it ignores the option and leaves `growable` undefined.
 */
interface Growable {
  readonly growable?: boolean;
  readonly maxByteLength: number;
  grow(bytes: number): void;
}
const GrowableShared = (typeof SharedArrayBuffer === 'undefined' ? null : SharedArrayBuffer) as unknown as new (
  bytes: number,
  options?: { maxByteLength: number },
) => SharedArrayBuffer & Growable;

/** A new SharedArrayBuffer of `bytes`, growable in place where the platform allows. */
function sharedBuffer(bytes: number): SharedArrayBuffer {
  let buffer: SharedArrayBuffer & Growable;
  try {
    buffer = new GrowableShared(bytes, { maxByteLength: Math.max(bytes * SHARED_RESERVE, MIN_SHARED_RESERVE) });
  } catch {
    // No room to reserve that much: a buffer of its own length, replaced when it grows.
    return new SharedArrayBuffer(bytes);
  }
  if (buffer.growable === true && forget !== null) {
    const record = { bytes };
    held.set(buffer, record);
    forget.register(buffer, record);
    growableBytes += bytes;
  }
  return buffer;
}

/** Grows `buffer` in place to `bytes`, keeping the count of growable bytes. */
function growShared(buffer: SharedArrayBuffer & Growable, bytes: number): void {
  const before = buffer.byteLength;
  if (bytes <= before) return;
  buffer.grow(bytes);
  const record = held.get(buffer);
  if (record !== undefined) {
    record.bytes = bytes;
    growableBytes += bytes - before;
  }
}

/**
 * A new array of the same type and length `n`, holding a copy of the first
 * min(a.length, n) values of `a`. An array over a SharedArrayBuffer grows into the same buffer
 * where it has room reserved (the new elements zero), else into a new SharedArrayBuffer; either
 * way worker threads must be handed it again (see `sharedGeneration`).
 * Allocates: call it when a buffer must grow, never per step.
 */
export function grown<T extends GrowableArray>(a: T, n: number): T {
  const Ctor = a.constructor as { new (lengthOrBuffer: number | ArrayBufferLike, offset?: number, length?: number): T; BYTES_PER_ELEMENT: number };
  const bytes = n * Ctor.BYTES_PER_ELEMENT;
  let b: T;
  if (isShared(a)) {
    sharedGrowths++;
    const buffer = a.buffer as SharedArrayBuffer & Growable;
    if (n >= a.length && buffer.growable === true && a.byteOffset === 0 && a.byteLength === buffer.byteLength && bytes <= buffer.maxByteLength) {
      growShared(buffer, bytes);
      return new Ctor(buffer, 0, n);
    }
    sharedMoves++;
    b = viewOf(Ctor, sharedBuffer(bytes));
  } else {
    b = new Ctor(n);
  }
  b.set(n < a.length ? (a.subarray(0, n) as T) : a);
  return b;
}

/** A copy of `a` over a new SharedArrayBuffer (the same length). Allocates. */
export function sharedCopy<T extends GrowableArray>(a: T): T {
  const Ctor = a.constructor as { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number };
  sharedGrowths++;
  sharedMoves++;
  const b = viewOf(Ctor, sharedBuffer(a.length * Ctor.BYTES_PER_ELEMENT));
  b.set(a);
  return b;
}

/**
 * A view of all of `buffer` as `Ctor`'s elements, of fixed length: a view made without one
 * over a growable buffer would track its length, and V8 reads those many times slower.
 */
export function viewOf<T extends GrowableArray>(Ctor: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number }, buffer: ArrayBufferLike): T {
  return new Ctor(buffer, 0, buffer.byteLength / Ctor.BYTES_PER_ELEMENT);
}

/** Whether `a` lives in a SharedArrayBuffer (a page that is not cross-origin isolated has none). */
export function isShared(a: GrowableArray): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/** Counts a shared memory's growth as a replaced array's (wasm/row-kernels.ts): worker threads must be handed it again. */
export function noteSharedGrowth(): void {
  sharedGrowths++;
  sharedMoves++;
}

/** Changes whenever a shared array got a new view: worker threads must then make theirs again. */
export function sharedGeneration(): number {
  return sharedGrowths;
}

/**
 * Changes whenever a shared array moved to a new buffer (or the kernels' memory grew or went):
 * worker threads must then be handed the buffers. While it stays, every change since was a
 * growth in place, and a worker's own buffers, whose length all threads see, give it its new
 * views.
 */
export function sharedReplacements(): number {
  return sharedMoves;
}

/**
 * Bytes held in this thread's growable shared buffers that have not been collected (a buffer
 * counts until the collector has freed it and run its finalizer). For memory accounting.
 */
export function growableSharedBytes(): number {
  return growableBytes;
}
