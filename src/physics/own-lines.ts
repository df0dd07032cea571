/**
 * Taking a range's cache lines for writing before a loop that writes them, for the body jobs on
 * threads. Between two position updates of a body by its own thread, the other thread usually
 * reads the body's position (the collide stage reads both bodies of every pair, and a crowd's
 * bodies wander across the threads' shares of the bodies). Those lines are then held by both
 * cores, and the loop's first store to each waits until the other core has dropped its copy;
 * the loop keeps only a few such stores in flight, so it waits for the lines nearly one after
 * another. A pass of one store per line asks for many at once. The stores write back what is
 * there, so no value changes. On one thread the pass is only an extra walk over the lines.
 */

/** Float64 values to a 64-byte cache line. */
const VALUES_PER_LINE = 8;

/** Stores each line of `values` [from, to) to itself (see the top of this file). */
export function ownLines(values: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i += VALUES_PER_LINE) {
    const value = values[i];
    values[i] = value;
  }
}
