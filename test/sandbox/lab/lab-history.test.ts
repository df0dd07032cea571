import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { LabHistory, stateKey } from '../../../src/sandbox/lab/lab-history';
import { collisionLab } from '../../../src/scenes/collision-lab';

const DT = 1 / 60;

function lab(): World {
  const world = new World();
  collisionLab(world);
  return world;
}

describe('LabHistory', () => {
  it('steps forward, back to the start bit for bit, and forward again through the same states', () => {
    let world = lab();
    const history = new LabHistory();
    history.reset(world);
    const states = [JSON.stringify(world.toJSON())];
    for (let i = 0; i < 5; i++) {
      const w = world;
      world = history.forward(world, () => w.step(DT));
      states.push(JSON.stringify(world.toJSON()));
    }
    expect(history.step).toBe(5);
    expect(new Set(states).size).toBe(6);
    for (let i = 4; i >= 0; i--) {
      const back = history.back(world);
      expect(back).not.toBeNull();
      world = back as World;
      expect(JSON.stringify(world.toJSON())).toBe(states[i]);
    }
    expect(history.back(world)).toBeNull();
    for (let i = 1; i <= 5; i++) {
      world = history.forward(world, () => {
        throw new Error('a restored step must not step the world');
      });
      expect(JSON.stringify(world.toJSON())).toBe(states[i]);
    }
  });

  it('a world changed by hand (a drag, an edit) starts the history afresh', () => {
    const world = lab();
    const history = new LabHistory();
    history.reset(world);
    history.forward(world, () => world.step(DT));
    expect(history.canBack).toBe(true);
    world.getBody(1)?.setPosition(4, 0);
    expect(history.follow(world)).toBe(true);
    expect(history.canBack).toBe(false);
    expect(history.step).toBe(0);
  });

  it('keeps at most its capacity, counting the steps it dropped', () => {
    const world = lab();
    const history = new LabHistory(3);
    history.reset(world);
    for (let i = 0; i < 6; i++) history.forward(world, () => world.step(DT));
    expect(history.length).toBe(3);
    expect(history.step).toBe(6);
  });

  it('tells states apart by motion, shape and material', () => {
    const world = lab();
    const before = stateKey(world);
    world.getBody(0)?.setRestitution(0.1);
    expect(stateKey(world)).not.toBe(before);
  });
});
