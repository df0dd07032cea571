import { describe, expect, it } from 'vitest';
import { parseRampArgs } from './ramp';

describe('npm run ramp command line', () => {
  it('defaults to the 100,000-body ramp in Node and in the page, on one thread and two', () => {
    expect(parseRampArgs([])).toEqual({ where: ['node', 'page'], max: 100_000, batch: 10_000, settle: 200, steps: 60, rounds: 3, threads: 2 });
  });

  it('reads thousands with k, and where to run', () => {
    const o = parseRampArgs(['--in=node', '--max=50k', '--batch=5000', '--settle=0', '--threads=3']);
    expect(o).toMatchObject({ where: ['node'], max: 50_000, batch: 5000, settle: 0, threads: 3 });
  });

  it('rejects what it cannot run, naming the argument and its value', () => {
    expect(() => parseRampArgs(['--max=0'])).toThrow('--max: "0"');
    expect(() => parseRampArgs(['--batch=1.5k2'])).toThrow('--batch: "1.5k2"');
    expect(() => parseRampArgs(['--threads=1'])).toThrow('--threads: "1" is not a whole number of at least 2');
    expect(() => parseRampArgs(['--steps='])).toThrow('--steps: ""');
    expect(() => parseRampArgs(['--in=gpu'])).toThrow('--in: "gpu"');
    expect(() => parseRampArgs(['--size=10k'])).toThrow('unknown argument "--size=10k"');
  });
});
