/**
 * A 32-bit hash of what a step changes (each live slot's id, generation, awake flag, position
 * and velocity, bit for bit): the timeline records one per step and re-stepping compares
 * against it, so a replay that drifts by one ulp is caught. Not a snapshot: options,
 * materials and the pair cache are left out (a difference there shows in the next steps).
 */
import type { World } from '../../physics/index';

/** FNV-1a's 32-bit prime and offset basis. */
const FNV_PRIME = 0x01000193;
const FNV_OFFSET = 0x811c9dc5;

/** Scratch for reading a float's bits: one per module, used by this function only. */
const bits = new Float64Array(4);
const words = new Uint32Array(bits.buffer);

/** The hash of `world`'s bodies now, an unsigned 32-bit integer. Allocates one small object (the arrays' views). */
export function hashWorld(world: World): number {
  const a = world.bodyArrays;
  let h = FNV_OFFSET;
  for (let i = 0; i < a.slotCount; i++) {
    if (a.kind[i] === 0) continue;
    h = Math.imul(h ^ i, FNV_PRIME);
    h = Math.imul(h ^ a.generation[i] ^ (a.awake[i] << 31), FNV_PRIME);
    bits[0] = a.x[i];
    bits[1] = a.y[i];
    bits[2] = a.vx[i];
    bits[3] = a.vy[i];
    for (let k = 0; k < 8; k++) {
      h = Math.imul(h ^ words[k], FNV_PRIME);
      h ^= h >>> 15;
    }
  }
  return h >>> 0;
}

/** A hash as the page shows it: 8 hex digits. */
export function hashText(hash: number): string {
  return hash.toString(16).padStart(8, '0');
}
