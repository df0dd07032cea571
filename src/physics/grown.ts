/** The typed arrays the engine grows. */
export type GrowableArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array;

/**
 * A new array of the same type and length `n`, holding a copy of the first
 * min(a.length, n) values of `a`. Allocates: call it when a buffer must grow, never per step.
 */
export function grown<T extends GrowableArray>(a: T, n: number): T {
  const b = new (a.constructor as new (length: number) => T)(n);
  b.set(n < a.length ? (a.subarray(0, n) as T) : a);
  return b;
}
