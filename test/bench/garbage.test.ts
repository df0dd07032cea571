import { describe, expect, it } from 'vitest';
import { garbagePerStep, sampledBytes } from './garbage';

describe("the bench's garbage a step (garbage.ts)", () => {
  it('counts what a step leaves behind, though it is collected before the sampling stops', async () => {
    const kept: number[][] = [];
    // About 8 KB a step of doubles on the heap, dropped at once (a few kept, so none is optimized away).
    const bytes = await garbagePerStep(() => {
      const a = new Array<number>(1000).fill(0.5);
      if (kept.length < 4) kept.push(a);
    }, 200);
    expect(bytes).toBeGreaterThan(6 * 1024);
    expect(bytes).toBeLessThan(12 * 1024);
  });

  it('reads next to nothing for a step that allocates nothing', async () => {
    const sink = new Int32Array(1);
    const bytes = await garbagePerStep(() => {
      let s = 0;
      for (let i = 0; i < 1000; i++) s = (s + i * 7) | 0;
      sink[0] = s;
    }, 200);
    expect(bytes).toBeLessThan(256);
  });

  it("leaves out the inspector's own allocations", () => {
    interface Node {
      callFrame: { url: string };
      selfSize: number;
      children: Node[];
    }
    const node = (url: string, selfSize: number, children: Node[] = []): Node => ({ callFrame: { url }, selfSize, children });
    const tree = node('', 0, [node('file:///a.js', 100, [node('node:inspector', 50, [node('', 30)])]), node('file:///b.js', 7)]);
    expect(sampledBytes(tree)).toBe(107);
  });
});
