/** The material table both physics hosts use: every body set, static ones too; the common value or "mixed". */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { commonMaterial, setMaterialAll } from '../../../src/sandbox/shared/material';

function room(): World {
  const w = new World();
  w.createBody({ type: 'static', x: 0, y: 5, halfWidth: 10, halfHeight: 0.5 });
  w.createBody({ x: -2, y: 0, radius: 0.5 });
  w.createBody({ x: 2, y: 0, halfWidth: 0.5, halfHeight: 0.5 });
  return w;
}

describe('setMaterialAll', () => {
  it('sets friction and restitution of every body, the floor too', () => {
    const w = room();
    setMaterialAll(w, 'friction', 1.4);
    setMaterialAll(w, 'restitution', 0.2);
    for (const b of w.getBodies()) {
      expect(b.friction).toBe(1.4);
      expect(b.restitution).toBe(0.2);
    }
  });

  it('leaves the world as it was when the engine refuses the value', () => {
    const w = room();
    expect(() => setMaterialAll(w, 'friction', -1)).toThrow(/friction/);
    for (const b of w.getBodies()) expect(b.friction).toBe(0.6);
  });
});

describe('commonMaterial', () => {
  it('is the moving bodies\' common value, "mixed" when they differ, null with walls alone', () => {
    const w = room();
    expect(commonMaterial(w, 'friction')).toBe(0.6);
    w.getBodies()[0].setFriction(2); // the floor: not what the scene's bodies are made of
    expect(commonMaterial(w, 'friction')).toBe(0.6);
    w.getBodies()[1].setFriction(0.1);
    expect(commonMaterial(w, 'friction')).toBe('mixed');
    const walls = new World();
    walls.createBody({ type: 'static', x: 0, y: 0, radius: 1 });
    expect(commonMaterial(walls, 'friction')).toBeNull();
  });
});
