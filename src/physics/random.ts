/**
 * mulberry32: a tiny seeded generator (32-bit state) for scenes, tests and benchmarks. The
 * engine itself never draws random numbers; where randomness is wanted it takes one of these,
 * so the same seed gives the same world bit for bit.
 */
export type Random = () => number;

/** Returns a generator of floats in [0, 1) from a 32-bit seed. Allocates one closure. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
