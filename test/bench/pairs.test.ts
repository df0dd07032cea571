import { describe, expect, it } from 'vitest';
import { NEAR_NS, byState, parseCores, parsePairsArgs, summarise } from './pairs';
import { childCommand } from './spawn';

describe('npm run pairs', () => {
  it('reads the peer, scene, size and counts, with k for thousands', () => {
    expect(parsePairsArgs([])).toEqual({ base: 'jostle', peer: 'box2d3', scene: 'crowd', size: 10000, pairs: 6, warmup: 60, steps: 300, threads: 1, pin: [] });
    expect(parsePairsArgs(['--peer=rapier-simd', '--scene=pile', '--size=5k', '--pairs=3', '--warmup=0', '--steps=120'])).toEqual({
      base: 'jostle',
      peer: 'rapier-simd',
      scene: 'pile',
      size: 5000,
      pairs: 3,
      warmup: 0,
      steps: 120,
      threads: 1,
      pin: [],
    });
  });

  it('sets one thread of Jostle against a threaded peer on --threads, its own threaded build among them', () => {
    expect(parsePairsArgs(['--peer=jostle-threads', '--threads=2', '--scene=pile'])).toMatchObject({ peer: 'jostle-threads', threads: 2 });
    expect(parsePairsArgs(['--peer=box2d3-deluxe', '--threads=2'])).toMatchObject({ peer: 'box2d3-deluxe', threads: 2 });
    expect(() => parsePairsArgs(['--peer=jostle-threads'])).toThrow(/--peer=jostle-threads needs --threads of at least 2, got 1/);
    expect(() => parsePairsArgs(['--peer=box2d3', '--threads=2'])).toThrow(/--threads=2 needs a threaded peer .*"box2d3"/);
  });

  it("puts another engine on one thread in Jostle's place on --base, so a peer's own speed-up is measured alike", () => {
    expect(parsePairsArgs(['--base=box2d3-deluxe', '--peer=box2d3-deluxe', '--threads=2'])).toMatchObject({ base: 'box2d3-deluxe', peer: 'box2d3-deluxe', threads: 2 });
    expect(parsePairsArgs(['--base=box2d3', '--peer=rapier-simd'])).toMatchObject({ base: 'box2d3', peer: 'rapier-simd', threads: 1 });
    expect(() => parsePairsArgs(['--base=box2d3-deluxe', '--peer=box2d3-deluxe'])).toThrow(/--peer "box2d3-deluxe" on one thread is the base itself/);
    expect(() => parsePairsArgs(['--base=jostle-threads', '--peer=box2d3'])).toThrow(/--base .*"jostle-threads"/);
    expect(() => parsePairsArgs(['--base=bullet'])).toThrow(/bullet/);
  });

  it('refuses what it cannot run, naming the argument and the value', () => {
    expect(() => parsePairsArgs(['--peer=jostle'])).toThrow(/--peer "jostle" on one thread is the base itself/);
    expect(() => parsePairsArgs(['--peer=bullet'])).toThrow(/bullet/);
    expect(() => parsePairsArgs(['--scene=tower'])).toThrow(/--scene .*"tower"/);
    expect(() => parsePairsArgs(['--pairs=0'])).toThrow(/--pairs .*"0"/);
    expect(() => parsePairsArgs(['--size=1.5'])).toThrow(/--size .*"1.5"/);
    expect(() => parsePairsArgs(['--steps=-3'])).toThrow(/--steps/);
    expect(() => parsePairsArgs(['--rounds=2'])).toThrow(/unknown argument "--rounds=2"/);
  });

  it('pins the one-thread side to each core --pin names, and refuses a core the machine lacks', () => {
    expect(parseCores('0,1', 2)).toEqual([0, 1]);
    expect(parseCores('1', 2)).toEqual([1]);
    expect(() => parseCores('0,2', 2)).toThrow(/--pin takes cores numbered 0 to 1.*"0,2"/);
    expect(() => parseCores('0,,1', 4)).toThrow(/--pin .*"0,,1"/);
    expect(() => parseCores('-1', 4)).toThrow(/--pin .*"-1"/);
    expect(() => parseCores('1,1', 4)).toThrow(/--pin names a core twice: "1,1"/);
    expect(parsePairsArgs(['--peer=jostle-threads', '--threads=2', '--pin=0'])).toMatchObject({ pin: [0] });
    expect(() => parsePairsArgs(['--peer=box2d3', '--pin=0,1'])).toThrow(/--pin is for a second thread's speed-up .*--threads=1/);
    const spec = { engine: 'jostle' as const, scene: 'pile', count: 10000, warmup: 300, steps: 300, timeout: 900, threads: 1 };
    const free = childCommand(spec);
    expect(free.command).toBe(process.execPath);
    const pinned = childCommand({ ...spec, core: 1 });
    expect(pinned.command).toBe('taskset');
    expect(pinned.args).toEqual(['-c', '1', process.execPath, ...free.args]);
  });

  it('sums up the pairs by their median ratio, so one slow run moves the range, not the figure', () => {
    expect(summarise([0.33, 0.31, 0.24, 0.32, 0.36])).toEqual({ median: 0.32, min: 0.24, max: 0.36 });
    expect(summarise([0.3, 0.34])).toEqual({ median: 0.32, min: 0.3, max: 0.34 });
  });

  it('sums up the pairs by the state of the cores too: near only where the slower reading is below NEAR_NS', () => {
    const ratios = [1.7, 1.1, 1.65, 1.0, 1.2];
    const handoffs = [210, 880, NEAR_NS - 1, NEAR_NS, Number.NaN];
    const { near, far } = byState(ratios, handoffs);
    expect(near?.median).toBeCloseTo(1.675, 12);
    expect([near?.min, near?.max]).toEqual([1.65, 1.7]);
    expect(far).toEqual({ median: 1.1, min: 1.0, max: 1.2 });
    expect(byState([1.5], [900])).toEqual({ near: null, far: { median: 1.5, min: 1.5, max: 1.5 } });
  });
});
