/**
 * Recent pointer motion, for throwing: the velocity over the last few samples, or none when
 * the pointer has rested, so letting go of a body you stopped moving drops it instead of
 * flinging it with a stale speed.
 */

/** Only samples this recent count toward the velocity, ms. */
const WINDOW = 80; // ms
/** A pointer that has not moved for longer than this is at rest, ms. */
export const REST_TIME = 50; // ms
const CAPACITY = 16;

export class PointerTracker {
  private readonly t = new Float64Array(CAPACITY);
  private readonly x = new Float64Array(CAPACITY);
  private readonly y = new Float64Array(CAPACITY);
  private head = 0;
  private size = 0;

  /** Forgets every sample. */
  clear(): void {
    this.size = 0;
  }

  /** Adds a sample: time (ms) and a position (any unit; the velocity comes out in that unit per s). */
  add(timeMs: number, x: number, y: number): void {
    this.head = (this.head + 1) % CAPACITY;
    this.t[this.head] = timeMs;
    this.x[this.head] = x;
    this.y[this.head] = y;
    this.size = Math.min(CAPACITY, this.size + 1);
  }

  /**
   * Velocity (unit/s) over the samples of the last WINDOW ms before the newest, or (0, 0) when
   * the newest sample is older than REST_TIME at `nowMs` (an event time, same clock as the
   * samples). Allocates the result.
   */
  velocity(nowMs: number): { x: number; y: number } {
    if (this.size < 2 || nowMs - this.t[this.head] > REST_TIME) return { x: 0, y: 0 };
    const newest = this.head;
    let oldest = newest;
    for (let k = 1; k < this.size; k++) {
      const i = (newest - k + CAPACITY) % CAPACITY;
      if (this.t[newest] - this.t[i] > WINDOW) break;
      oldest = i;
    }
    const span = (this.t[newest] - this.t[oldest]) / 1000;
    if (oldest === newest || span <= 0) return { x: 0, y: 0 };
    return { x: (this.x[newest] - this.x[oldest]) / span, y: (this.y[newest] - this.y[oldest]) / span };
  }
}
