import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES, makeBodyStates } from './engine';
import { loadEngine } from './engines/index';
import { dynamicCount, makeSetup } from './scenes';

/** Each adapter builds the same crowd and survives a few steps: the benchmark cannot silently compare against an empty or exploded scene. */
describe('benchmark engine adapters', () => {
  for (const name of ENGINE_NAMES) {
    it(`${name} builds crowd(100) and steps to finite states`, async () => {
      const setup = makeSetup('crowd', 100);
      const adapter = await loadEngine(name);
      const sim = adapter.create(setup);
      for (let k = 0; k < 10; k++) sim.step(1 / 60);
      const states = makeBodyStates(dynamicCount(setup));
      sim.read(states);
      sim.dispose?.();
      expect(states.x.length).toBe(100);
      for (const column of [states.x, states.y, states.vx, states.vy]) {
        expect(column.every(Number.isFinite)).toBe(true);
      }
      // Something moved, and nothing is still exactly where the list put it (velocities were read back and applied).
      const bodies = setup.bodies.filter((b) => !b.isStatic);
      expect(bodies.some((b, i) => b.x !== states.x[i])).toBe(true);
      expect(states.vx.some((v) => v !== 0)).toBe(true);
    });
  }

  /** A pile of 2,000 after 30 steps on `engine` with `threads` threads: every position and velocity. */
  const endState = async (engine: 'box2d3' | 'box2d3-deluxe' | 'jostle' | 'jostle-threads', threads: number): Promise<number[]> => {
    const setup = makeSetup('pile', 2000);
    const adapter = await loadEngine(engine, { threads });
    expect(adapter.threads).toBe(threads);
    const sim = adapter.create(setup);
    for (let k = 0; k < 30; k++) sim.step(1 / 60);
    const states = makeBodyStates(dynamicCount(setup));
    sim.read(states);
    sim.dispose?.();
    return [...states.x, ...states.y, ...states.vx, ...states.vy];
  };

  it('box2d3-deluxe on 2 threads ends where box2d3 on one does (Box2D v3 is deterministic across thread counts)', async () => {
    const serial = await endState('box2d3', 1);
    expect(serial.every(Number.isFinite)).toBe(true);
    expect(await endState('box2d3-deluxe', 2)).toEqual(serial);
  });

  it('jostle-threads on 3 threads ends where jostle on one does, bit for bit', async () => {
    const serial = await endState('jostle', 1);
    expect(serial.every(Number.isFinite)).toBe(true);
    expect(await endState('jostle-threads', 3)).toEqual(serial);
  });

  it('pile gets gravity from the scene function', () => {
    expect(makeSetup('pile', 10).gravity).toEqual({ x: 0, y: -10 });
    expect(makeSetup('crowd', 10).gravity).toEqual({ x: 0, y: 0 });
  });
});
