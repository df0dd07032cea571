/**
 * Contact events, buffered during the step and handed to listeners after it, so that a
 * listener may create, destroy or move bodies without corrupting a step in progress.
 */

import { grown } from './grown.js';

/** Kinds of contact event. */
export type ContactEventType = 'contactBegin' | 'contactEnd';

/** @internal */
export const EVENT_BEGIN = 0;
/** @internal */
export const EVENT_END = 1;

/** @internal */
export class EventBuffer {
  count = 0;
  kind: Uint8Array = new Uint8Array(64);
  a: Int32Array = new Int32Array(64);
  b: Int32Array = new Int32Array(64);
  /** Slot generations at recording time, so a destroyed body is not mistaken for its successor. */
  generationA: Uint32Array = new Uint32Array(64);
  generationB: Uint32Array = new Uint32Array(64);
  /** Set by the world: recording costs nothing when nobody listens. */
  enabled = false;

  push(kind: number, a: number, b: number, generationA: number, generationB: number): void {
    if (!this.enabled) return;
    if (this.count === this.a.length) {
      const n = this.a.length * 2;
      this.kind = grown(this.kind, n);
      this.a = grown(this.a, n);
      this.b = grown(this.b, n);
      this.generationA = grown(this.generationA, n);
      this.generationB = grown(this.generationB, n);
    }
    this.kind[this.count] = kind;
    this.a[this.count] = a;
    this.b[this.count] = b;
    this.generationA[this.count] = generationA;
    this.generationB[this.count] = generationB;
    this.count++;
  }
}
