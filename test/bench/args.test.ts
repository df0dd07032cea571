import { cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('bench command line', () => {
  it('--threads sets the thread count of the threaded engines, default the core count', () => {
    expect(parseArgs(['--threads=3']).threads).toBe(3);
    expect(parseArgs([]).threads).toBe(cpus().length);
  });

  it('rejects a thread count that is not a whole number >= 1, naming the flag', () => {
    for (const bad of ['--threads=0', '--threads=1.5', '--threads=', '--threads=two']) {
      expect(() => parseArgs([bad])).toThrow(/--threads/);
    }
  });

  it('accepts the new engines by name', () => {
    expect(parseArgs(['--engines=jostle,box2d3,box2d3-deluxe,rapier-simd']).engines).toEqual(['jostle', 'box2d3', 'box2d3-deluxe', 'rapier-simd']);
  });
});
