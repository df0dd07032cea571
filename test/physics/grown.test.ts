import { describe, expect, it } from 'vitest';
import { growableSharedBytes, grown, isShared, sharedCopy, sharedGeneration, viewOf } from '../../src/physics/grown';
import { adoptBuffers, buffersOf } from '../../src/physics/parallel/shared';

/** The buffer's ES2024 side, which the project's lib does not declare. */
type Growable = SharedArrayBuffer & { growable?: boolean; grow(bytes: number): void };

describe('grown and sharedCopy', () => {
  it('grows a shared array in its own buffer: the values kept, the new elements zero, the workers told', () => {
    const a = sharedCopy(Float64Array.from([1.5, -2, 3]));
    expect(isShared(a)).toBe(true);
    const at = sharedGeneration();
    const bytesBefore = growableSharedBytes();
    const b = grown(a, 10);
    expect(b.buffer).toBe(a.buffer);
    expect(Array.from(b)).toEqual([1.5, -2, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(sharedGeneration()).toBeGreaterThan(at);
    expect(growableSharedBytes() - bytesBefore).toBe(7 * 8);
  });

  it('makes views of fixed length, never ones that follow the buffer (V8 reads those many times slower)', () => {
    const copied = sharedCopy(new Int32Array([4, 5, 6]));
    const inPlace = grown(sharedCopy(new Int32Array(3)), 5);
    const shrunk = grown(sharedCopy(new Float32Array(6)), 4);
    const whole = viewOf(Uint8Array, sharedCopy(new Uint8Array(12)).buffer);
    for (const view of [copied, inPlace, shrunk, whole]) {
      const length = view.length;
      // Growing the buffer under a view changes no length that is fixed.
      (view.buffer as unknown as Growable).grow(view.buffer.byteLength + 64);
      expect(view.length).toBe(length);
    }
    expect([copied.length, inPlace.length, shrunk.length, whole.length]).toEqual([3, 5, 4, 12]);
  });

  it("gives a worker's adopted views the buffer's length, fixed", () => {
    const world = { x: grown(sharedCopy(new Float64Array(2)), 6) };
    const worker = { x: new Float64Array(0) };
    adoptBuffers(worker, buffersOf(world, ['x']));
    expect(worker.x.buffer).toBe(world.x.buffer);
    expect(worker.x.length).toBe(6);
    (world.x.buffer as unknown as Growable).grow(world.x.byteLength + 80);
    expect(worker.x.length).toBe(6);
  });

  it('shrinks a shared array into a new buffer (the old one can then be freed) and a plain one stays plain', () => {
    const a = sharedCopy(new Uint8Array([1, 2, 3, 4]));
    const b = grown(a, 2);
    expect(b.buffer).not.toBe(a.buffer);
    expect(Array.from(b)).toEqual([1, 2]);
    const plain = grown(new Float64Array([7]), 3);
    expect(isShared(plain)).toBe(false);
    expect(Array.from(plain)).toEqual([7, 0, 0]);
  });

  it('replaces a shared array whose reserved room is used up, keeping its values', () => {
    const a = sharedCopy(new Uint8Array([9]));
    const max = (a.buffer as unknown as { maxByteLength: number }).maxByteLength;
    const b = grown(a, max + 1);
    expect(b.buffer).not.toBe(a.buffer);
    expect(b.length).toBe(max + 1);
    expect(b[0]).toBe(9);
    expect(isShared(b)).toBe(true);
  });
});
