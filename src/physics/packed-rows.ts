/**
 * The velocity solve's rows packed side by side in colour order, for the passes that visit
 * every row (a pile's): a row's fields are one run of PACKED_STRIDE numbers at its colour
 * position, so a pass reads its rows in memory order instead of gathering each field from its
 * own array through the colour order (solver.ts). The warm start writes them, as it walks the
 * colour order anyway. The impulses live here while such passes run, and go back to `impulse`
 * and `tangentImpulse` before anything else reads those; pushout reads the bodies, normals and
 * base separations here too.
 *
 * The arithmetic is `solveRow`'s, `warmStartRows`' and `pushRows`', operation for operation,
 * so a packed pass gives the same bits as a pass over the separate arrays, on any number of
 * threads. Only steps whose first pass visits every row pack (`ContactBuffer.busyFirstPass`):
 * a crowd's skipping passes visit few rows, so it packs only while it first spreads, and then
 * lets the memory go (`ContactBuffer.usePacked`). Where WebAssembly runs, the passes over the
 * packed rows run there instead (wasm/row-kernels.ts), bit for bit the same as these.
 */
import type { BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';

/**
 * Numbers per packed row: 64 bytes, one cache line. A pass streams every row, and the rows of a
 * large pile do not fit in a core's cache, so a row's size is part of its cost.
 */
export const PACKED_STRIDE = 8;
/**
 * Offsets in a packed row: its two bodies as 32-bit integers in the first number's place
 * (`ContactBuffer.packedIds` at 2·k and 2·k + 1, k = row · PACKED_STRIDE), then the normal,
 * mass, bias, impulses and friction. The separation at zero relative displacement (`ContactBuffer.baseSeparation`), which
 * only pushout reads, is packed apart (`ContactBuffer.packedBase`).
 */
export const PK_IDS = 0;
export const PK_NX = 1;
export const PK_NY = 2;
export const PK_MASS = 3;
export const PK_BIAS = 4;
export const PK_IMPULSE = 5;
export const PK_FRICTION = 6;
export const PK_TANGENT = 7;

/**
 * Packs rows [from, to) (colour positions) and, with `warm`, warm-starts them (as
 * `warmStartRows`: last step's impulses act again), one walk through the colour order for both.
 * Without, the WebAssembly kernels warm-start the packed rows after (`RowKernels.warm`).
 */
export function warmStartPacked(store: BodyStore, contacts: ContactBuffer, from: number, to: number, warm = true): void {
  const { vx, vy, invMass } = store;
  const { a, b, nx, ny, mass, bias, friction, impulse, tangentImpulse, baseSeparation, order, packed, packedIds, packedBase } = contacts;
  for (let i = from, k = from * PACKED_STRIDE; i < to; i++, k += PACKED_STRIDE) {
    const c = order[i];
    const ia = a[c];
    const ib = b[c];
    const cnx = nx[c];
    const cny = ny[c];
    const p = impulse[c];
    const q = tangentImpulse[c];
    packedIds[2 * k] = ia;
    packedIds[2 * k + 1] = ib;
    packed[k + PK_NX] = cnx;
    packed[k + PK_NY] = cny;
    packed[k + PK_MASS] = mass[c];
    packed[k + PK_BIAS] = bias[c];
    packed[k + PK_IMPULSE] = p;
    packed[k + PK_FRICTION] = friction[c];
    packed[k + PK_TANGENT] = q;
    packedBase[i] = baseSeparation[c];
    if (!warm || (p === 0 && q === 0)) continue;
    const ma = invMass[ia];
    const mb = invMass[ib];
    if (p !== 0) move(vx, vy, ia, ib, ma, mb, p, cnx, cny);
    if (q !== 0) move(vx, vy, ia, ib, ma, mb, q, -cny, cnx);
  }
}

/**
 * A velocity pass over packed rows [from, to) (colour positions), the normal impulse
 * over-relaxed by `omega` where the row has no friction: returns the rows that changed.
 */
export function solvePackedRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, omega: number): number {
  const { vx, vy, invMass } = store;
  const { packed, packedIds } = contacts;
  let changes = 0;
  for (let i = from, k = from * PACKED_STRIDE; i < to; i++, k += PACKED_STRIDE) {
    const ia = packedIds[2 * k];
    const ib = packedIds[2 * k + 1];
    const cnx = packed[k + PK_NX];
    const cny = packed[k + PK_NY];
    const m = packed[k + PK_MASS];
    const mu = packed[k + PK_FRICTION];
    const old = packed[k + PK_IMPULSE];
    const vn = (vx[ib] - vx[ia]) * cnx + (vy[ib] - vy[ia]) * cny;
    const raw = old - (mu === 0 ? omega : 1) * m * (vn + packed[k + PK_BIAS]);
    // max(raw, 0) without a branch, as in `solveRow`.
    const next = (raw + Math.abs(raw)) * 0.5;
    const d = next - old;
    const ma = invMass[ia];
    const mb = invMass[ib];
    let changed = false;
    // Stored either way, as the kernel does (row-passes.ts): no change means next equals old.
    packed[k + PK_IMPULSE] = next;
    if (d !== 0) {
      move(vx, vy, ia, ib, ma, mb, d, cnx, cny);
      changed = true;
    }
    if (mu !== 0) {
      // The friction row (`solveFriction`): along (-ny, nx), within ±mu times the normal impulse.
      const limit = mu * next;
      const tx = -cny;
      const ty = cnx;
      const vt = (vx[ib] - vx[ia]) * tx + (vy[ib] - vy[ia]) * ty;
      const oldT = packed[k + PK_TANGENT];
      let nextT = oldT - m * vt;
      nextT = nextT > limit ? limit : nextT < -limit ? -limit : nextT;
      const e = nextT - oldT;
      if (e !== 0) {
        packed[k + PK_TANGENT] = nextT;
        move(vx, vy, ia, ib, ma, mb, e, tx, ty);
        changed = true;
      }
    }
    if (changed) changes++;
  }
  return changes;
}

/** Copies every row's impulses into its packed row (after passes that wrote `impulse`). */
export function packImpulses(contacts: ContactBuffer): void {
  const { impulse, tangentImpulse, order, packed } = contacts;
  for (let i = 0, k = 0; i < contacts.count; i++, k += PACKED_STRIDE) {
    const c = order[i];
    packed[k + PK_IMPULSE] = impulse[c];
    packed[k + PK_TANGENT] = tangentImpulse[c];
  }
}

/** Copies packed rows [from, to)'s impulses back to `impulse` and `tangentImpulse`. */
export function unpackImpulses(contacts: ContactBuffer, from = 0, to = contacts.count): void {
  const { impulse, tangentImpulse, order, packed } = contacts;
  for (let i = from, k = from * PACKED_STRIDE; i < to; i++, k += PACKED_STRIDE) {
    const c = order[i];
    impulse[c] = packed[k + PK_IMPULSE];
    tangentImpulse[c] = packed[k + PK_TANGENT];
  }
}

/**
 * A pushout pass over packed rows [from, to) (as `pushRows`, the same arithmetic): each
 * overlapping row moves its bodies apart by `factor` of its overlap beyond `slop`, at most
 * `maxPush`, weighted by inverse mass. Returns the rows that pushed. No marks: over packed
 * rows no pushout pass skips (pushout.ts's `pushOut`).
 */
export function pushPackedRows(store: BodyStore, contacts: ContactBuffer, from: number, to: number, slop: number, factor: number, maxPush: number): number {
  const { x, y, invMass } = store;
  const { packed, packedIds, packedBase } = contacts;
  let pushes = 0;
  for (let i = from, k = from * PACKED_STRIDE; i < to; i++, k += PACKED_STRIDE) {
    const ia = packedIds[2 * k];
    const ib = packedIds[2 * k + 1];
    const cnx = packed[k + PK_NX];
    const cny = packed[k + PK_NY];
    const sep = packedBase[i] + (x[ib] - x[ia]) * cnx + (y[ib] - y[ia]) * cny;
    if (sep >= -slop) continue;
    let push = -(sep + slop) * factor;
    if (push > maxPush) push = maxPush;
    const ma = invMass[ia];
    const mb = invMass[ib];
    const d = push / (ma + mb);
    move(x, y, ia, ib, ma, mb, d, cnx, cny);
    pushes++;
  }
  return pushes;
}

/** Applies `d` along (tx, ty) to the pair: minus to body ia, plus to body ib, by their inverse masses (impulses.ts's `kick`). */
function move(u: Float64Array, v: Float64Array, ia: number, ib: number, ma: number, mb: number, d: number, tx: number, ty: number): void {
  u[ia] -= d * tx * ma;
  v[ia] -= d * ty * ma;
  u[ib] += d * tx * mb;
  v[ib] += d * ty * mb;
}
