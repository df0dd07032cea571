/** Order statistics of timing samples. */

/** The q-quantile (0..1) of `samples` by nearest rank; NaN when empty. Sorts a copy. */
export function quantile(samples: ArrayLike<number>, q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median (nearest rank, lower middle for an even count). */
export function median(samples: ArrayLike<number>): number {
  return quantile(samples, 0.5);
}
