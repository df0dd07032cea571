/**
 * Contact events, buffered during the step and handed to listeners after it, so that a
 * listener may create, destroy or move bodies without corrupting a step in progress.
 */

import { grown } from './grown.js';

/**
 * Kinds of contact event: `contactBegin` when two shapes start touching, `contactEnd` when they
 * stop, `contactHit` when they meet faster than the world's `hitSpeed`.
 */
export type ContactEventType = 'contactBegin' | 'contactEnd' | 'contactHit';

/** Every event type, for checks and messages. */
export const CONTACT_EVENT_TYPES: readonly ContactEventType[] = ['contactBegin', 'contactEnd', 'contactHit'];

/** Event code: a pair started touching. @internal */
export const EVENT_BEGIN = 0;
/** Event code: a pair stopped touching. @internal */
export const EVENT_END = 1;
/** Event code: a pair was pushed apart after meeting at `hitSpeed` or more. */
export const EVENT_HIT = 2;

/** Event kinds by their code. */
export const EVENT_TYPE_OF: readonly ContactEventType[] = ['contactBegin', 'contactEnd', 'contactHit'];

/** @internal */
export class EventBuffer {
  count = 0;
  kind: Uint8Array = new Uint8Array(64);
  a: Int32Array = new Int32Array(64);
  b: Int32Array = new Int32Array(64);
  /** Slot generations at recording time, so a destroyed body is not mistaken for its successor. */
  generationA: Uint32Array = new Uint32Array(64);
  generationB: Uint32Array = new Uint32Array(64);
  /**
   * Contact data (see `ContactData`), six floats per event at `6 * event`: point x, y (m),
   * normal x, y, approach speed (m/s), normal impulse (N·s). Zero for end events.
   */
  data: Float64Array = new Float64Array(64 * EVENT_DATA_STRIDE);
  /** Set by the world: recording costs nothing when nobody listens. */
  enabled = false;

  /** Records an event (its data zero until `setData`); returns whether it was recorded. */
  push(kind: number, a: number, b: number, generationA: number, generationB: number): boolean {
    if (!this.enabled) return false;
    if (this.count === this.a.length) {
      const n = this.a.length * 2;
      this.kind = grown(this.kind, n);
      this.a = grown(this.a, n);
      this.b = grown(this.b, n);
      this.generationA = grown(this.generationA, n);
      this.generationB = grown(this.generationB, n);
      this.data = grown(this.data, n * EVENT_DATA_STRIDE);
    }
    const k = this.count++;
    this.kind[k] = kind;
    this.a[k] = a;
    this.b[k] = b;
    this.generationA[k] = generationA;
    this.generationB[k] = generationB;
    this.data.fill(0, k * EVENT_DATA_STRIDE, (k + 1) * EVENT_DATA_STRIDE);
    return true;
  }

  /** Sets the data of the last recorded event. */
  setData(x: number, y: number, nx: number, ny: number, approachSpeed: number, normalImpulse: number): void {
    const o = (this.count - 1) * EVENT_DATA_STRIDE;
    const d = this.data;
    d[o] = x;
    d[o + 1] = y;
    d[o + 2] = nx;
    d[o + 3] = ny;
    d[o + 4] = approachSpeed;
    d[o + 5] = normalImpulse;
  }
}

/** Floats per event in `EventBuffer.data`. */
export const EVENT_DATA_STRIDE = 6;
