/**
 * Which of the world's arrays the worker threads see, and how they are handed over: the body
 * store's per-body arrays and the contact rows' fields, each over a SharedArrayBuffer. A
 * worker rebuilds views of the same names over the same memory (worker.ts).
 */
import { STORE_ARRAYS } from '../body-schema.js';
import { isShared, sharedCopy, viewOf, type GrowableArray } from '../grown.js';
import type { SharedBuffers } from './pool.js';
import { RESIDENT_FIELDS } from '../wasm/row-kernels.js';

/** Per-body arrays the kernels read or write, beyond the schema's. */
export const STORE_SHARED = [...(Object.keys(STORE_ARRAYS) as Array<keyof typeof STORE_ARRAYS>), 'passMark', 'fat'] as const;

/** Contact-row fields the kernels read or write. */
export const CONTACTS_SHARED = [
  'a',
  'b',
  'pair',
  'nx',
  'ny',
  'separation',
  'baseSeparation',
  'mass',
  'impulse',
  'approach',
  'bias',
  'friction',
  'tangentImpulse',
  'bounce',
  'warmImpulse',
  'warmTangent',
  'impacts',
  'impactToi',
  'impactDrift',
  'order',
  'colourStart',
  'walls',
] as const;

/**
 * CONTACTS_SHARED without the fields that live in the row kernels' memory while the rows are
 * resident (wasm/row-kernels.ts's RESIDENT_FIELDS): a worker takes those as views of the
 * memory it is handed.
 */
export const CONTACTS_SHARED_APART = CONTACTS_SHARED.filter((name) => !(RESIDENT_FIELDS as readonly string[]).includes(name));

type Fields = Record<string, GrowableArray>;
/** Anything with typed-array fields. */
type Owner = object;

/** Moves the named arrays of `owner` into SharedArrayBuffers (those not there yet). Allocates. */
export function shareArrays(owner: Owner, names: readonly string[]): void {
  const fields = owner as unknown as Fields;
  for (const name of names) if (!isShared(fields[name])) fields[name] = sharedCopy(fields[name]);
}

/**
 * Moves the named arrays of `owner` that live in SharedArrayBuffers into new ones holding the
 * same values, so that what a thread handed the old ones writes there lands nowhere `owner`
 * reads. Allocates.
 */
export function moveArrays(owner: Owner, names: readonly string[]): void {
  const fields = owner as unknown as Fields;
  for (const name of names) if (isShared(fields[name])) fields[name] = sharedCopy(fields[name]);
}

/** The buffers of the named arrays of `owner`, by name (all shared: see `shareArrays`). */
export function buffersOf(owner: Owner, names: readonly string[]): SharedBuffers {
  const fields = owner as unknown as Fields;
  const out: SharedBuffers = {};
  for (const name of names) out[name] = fields[name].buffer as SharedArrayBuffer;
  return out;
}

/** Points the named arrays of `owner` at the given buffers, with the array types `owner` already has. */
export function adoptBuffers(owner: Owner, buffers: SharedBuffers): void {
  const fields = owner as unknown as Fields;
  for (const name of Object.keys(buffers)) {
    const Ctor = fields[name].constructor as { new (buffer: ArrayBufferLike, offset: number, length: number): GrowableArray; BYTES_PER_ELEMENT: number };
    fields[name] = viewOf(Ctor, buffers[name]);
  }
}
