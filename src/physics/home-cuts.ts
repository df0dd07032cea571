/**
 * Where homes by number are cut (colour.ts's `writeHomes`: home h is bodies [cuts[h], cuts[h +
 * 1])), moved after each colouring so that the threads' shares come out even: by the rows each
 * home held, or, on threads whose walks were timed (parallel/wave.ts), by each home's thread's
 * time. Rows are an estimate of the work; times are the work, on the cores it ran on: a border
 * row costs several interior ones, and one core may run slower than the other for a while.
 * Homes only say which thread solves which rows, never in what order a body's rows are met, so
 * no cut changes a bit of the results.
 */

/**
 * Moves `cuts` (homes + 1 of them, the first and last fixed) toward where each home would have
 * had an even share of `costs` (one per home), the costs taken as spread evenly over each home's
 * bodies; `pace` 1 moves them all the way, less only part of it (a timed walk the system held
 * up for a moment must not move thousands of bodies). `next` is scratch of homes slots.
 */
export function balanceCuts(cuts: Int32Array, costs: ArrayLike<number>, homes: number, pace: number, next: Int32Array): void {
  let total = 0;
  for (let h = 0; h < homes; h++) total += costs[h];
  if (!(total > 0)) return;
  let h = 0;
  let before = 0;
  for (let j = 1; j < homes; j++) {
    const target = (j * total) / homes;
    while (h < homes - 1 && before + costs[h] < target) before += costs[h++];
    const share = costs[h] === 0 ? 0 : (target - before) / costs[h];
    next[j] = Math.round(cuts[h] + share * (cuts[h + 1] - cuts[h]));
  }
  for (let j = 1; j < homes; j++) cuts[j] = Math.min(Math.max(Math.round(cuts[j] + pace * (next[j] - cuts[j])), cuts[j - 1]), cuts[homes]);
}
