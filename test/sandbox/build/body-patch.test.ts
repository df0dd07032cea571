/** Body patches: checked whole by the engine's rules before anything changes, then applied. */
import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../../src/physics/index';
import { applyBodyEdits, applyBodyPatch, checkBodyPatch, readPatch } from '../../../src/sandbox/build/body-patch';

function bodyOf(w: World, id: number): Body {
  const b = w.getBody(id);
  if (b === undefined) throw new Error(`no body ${id}`);
  return b;
}

function world(): World {
  const w = new World();
  w.createBody({ x: 0, y: 0, halfWidth: 1, halfHeight: 0.5, vx: 2, vy: -1, restitution: 0.3 });
  w.createBody({ type: 'static', x: 5, y: 0, halfWidth: 2, halfHeight: 0.2 });
  return w;
}

describe('body patches', () => {
  it('applies every field a user edits', () => {
    const w = world();
    const b = bodyOf(w, 0);
    applyBodyPatch(b, { x: 3, y: -2, vx: 0.5, vy: 0.25, halfWidth: 0.4, halfHeight: 0.3, radius: 0.1, restitution: 0.9, friction: 0.1, density: 4 });
    expect(readPatch(b)).toEqual({ type: 'dynamic', x: 3, y: -2, vx: 0.5, vy: 0.25, halfWidth: 0.4, halfHeight: 0.3, radius: 0.1, restitution: 0.9, friction: 0.1, density: 4 });
  });

  it('a refused field names itself and its value, and the body is left exactly as it was', () => {
    const w = world();
    const b = bodyOf(w, 0);
    const before = JSON.stringify(w.toJSON());
    expect(() => applyBodyPatch(b, { x: 7, restitution: 2 })).toThrow('restitution must be between 0 and 1, got 2');
    expect(() => applyBodyPatch(b, { halfWidth: -1 })).toThrow('halfWidth must be between 0 and 1000000, got -1');
    expect(() => applyBodyPatch(b, { halfWidth: 0, halfHeight: 0, radius: 0 })).toThrow(/zero area/);
    expect(() => applyBodyPatch(b, { vx: Number.NaN })).toThrow('vx must be a finite number, got NaN');
    expect(() => applyBodyPatch(b, { density: 0 })).toThrow('density must be greater than 0, got 0');
    expect(() => applyBodyPatch(b, { type: 'wobbly' as never })).toThrow(/type must be/);
    expect(() => applyBodyPatch(b, { mass: 3 } as never)).toThrow('there is no body field "mass"');
    // Nothing applied, nothing woken: the snapshot (positions, velocities, sleep) is the same.
    expect(JSON.stringify(w.toJSON())).toBe(before);
  });

  it('a body made static loses its velocity; a static body refuses a velocity', () => {
    const w = world();
    const b = bodyOf(w, 0);
    applyBodyPatch(b, { type: 'static' });
    expect([b.type, b.vx, b.vy]).toEqual(['static', 0, 0]);
    expect(() => checkBodyPatch(bodyOf(w, 1), { vx: 1 })).toThrow(/static body cannot move/);
  });

  it('a kinematic mover keeps the velocity it is given, and the world steps it there', () => {
    const w = world();
    const wall = bodyOf(w, 1);
    applyBodyPatch(wall, { type: 'kinematic', vx: 0, vy: 3 });
    w.step(0.5);
    expect(wall.y).toBeCloseTo(1.5, 9);
    expect(wall.vy).toBe(3);
  });

  it('edits of several bodies are all checked before any applies', () => {
    const w = world();
    const before = JSON.stringify(w.toJSON());
    expect(() => applyBodyEdits(w, [{ id: 0, x: 9 }, { id: 1, vx: 4 }])).toThrow(/^body 1: vx\/vy: a static body cannot move/);
    expect(JSON.stringify(w.toJSON())).toBe(before);
    applyBodyEdits(w, [{ id: 0, friction: 0.2 }, { id: 1, friction: 0.2 }, { id: 7, friction: 0.2 }]);
    expect(w.getBodies().map((b) => b.friction)).toEqual([0.2, 0.2]);
  });
});
