/**
 * Collision filtering (Box2D's rule): whether two bodies may collide at all. The broadphase asks
 * this once, when a pair would form, so pairs that can never collide never reach the
 * narrowphase; the continuous sweep asks it for the few fast bodies it sweeps.
 */
import type { BodyStore } from './body-store.js';

/**
 * True when bodies a and b may collide: the same non-zero group decides alone (positive: always,
 * negative: never); otherwise each one's category must share a bit with the other's mask.
 */
export function canCollide(s: BodyStore, a: number, b: number): boolean {
  const ga = s.group[a];
  if (ga !== 0 && ga === s.group[b]) return ga > 0;
  return (s.category[a] & s.mask[b]) !== 0 && (s.category[b] & s.mask[a]) !== 0;
}
