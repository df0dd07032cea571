/** The build selection: handles in their world; stale ones and other worlds drop out. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { BuildSelection } from '../../../src/sandbox/build/selection';

describe('BuildSelection', () => {
  it('sets, toggles and adds without duplicates', () => {
    const w = new World();
    const [a, b, c] = [0, 1, 2].map((x) => w.createBody({ x: x * 3 }));
    const s = new BuildSelection();
    s.set(w, [a, b, a]);
    expect(s.ids(w)).toEqual([a.id, b.id]);
    s.toggle(w, [b, c]);
    expect(s.ids(w)).toEqual([a.id, c.id]);
    s.add(w, [c, b]);
    expect(s.ids(w)).toEqual([a.id, c.id, b.id]);
    expect(s.has(w, b)).toBe(true);
    s.clear();
    expect(s.ids(w)).toEqual([]);
  });

  it('a destroyed body drops out, and a replaced world selects nothing', () => {
    const w = new World();
    const a = w.createBody({});
    const b = w.createBody({ x: 3 });
    const s = new BuildSelection();
    s.set(w, [a, b]);
    w.destroyBody(a);
    w.createBody({ x: 6 }); // reuses a's slot: the old handle must not follow it
    expect(s.ids(w)).toEqual([b.id]);
    const next = World.fromJSON(w.toJSON());
    expect(s.bodies(next)).toEqual([]);
  });
});
