/**
 * Issue 14, the new body fields in snapshots: always written; optional when read (version 1
 * files, and version 2 files saved before the fields existed), taking their defaults; checked.
 */
import { describe, expect, it } from 'vitest';
import { World, SNAPSHOT_VERSION } from '../../../src/physics/index';
import { errorOf, run, snapshotText, stateHash } from '../helpers';

const NEW_FIELDS = ['linearDamping', 'gravityScale', 'sensor', 'category', 'mask', 'group'] as const;
const DEFAULTS = { linearDamping: 0, gravityScale: 1, sensor: false, category: 1, mask: 0xffffffff, group: 0 };

function scene(): World {
  const world = new World({ gravity: { x: 0, y: -10 }, hitSpeed: 2 });
  world.createBody({ type: 'static', y: -1, halfWidth: 10, halfHeight: 1 });
  for (let k = 0; k < 5; k++) world.createBody({ x: k - 2, y: 1 + k, radius: 0.4 });
  run(world, 20);
  return world;
}

type Json = { version: number; bodies: Array<Record<string, unknown>> };

function withoutNewFields(world: World, version: number): Json {
  const json = JSON.parse(snapshotText(world)) as Json;
  json.version = version;
  json.bodies = json.bodies.map((body) => Object.fromEntries(Object.entries(body).filter(([k]) => !(NEW_FIELDS as readonly string[]).includes(k))));
  return json;
}

describe('new body fields in snapshots', () => {
  it('are written for every body, with their values', () => {
    const world = new World();
    world.createBody({ linearDamping: 2, gravityScale: -1, sensor: true, category: 6, mask: 3, group: -2 });
    world.createBody({ x: 5 });
    const [a, b] = world.toJSON().bodies;
    expect(a).toMatchObject({ linearDamping: 2, gravityScale: -1, sensor: true, category: 6, mask: 3, group: -2 });
    expect(b).toMatchObject(DEFAULTS);
    expect(world.toJSON().version).toBe(SNAPSHOT_VERSION);
  });

  for (const version of [2, 1]) {
    it(`a version ${version} file without them loads with the defaults and steps bit for bit as the original`, () => {
      const world = scene();
      const json = withoutNewFields(world, version);
      world.setOptions({ hitSpeed: 1 });
      delete (json as unknown as { options: Record<string, unknown> }).options.hitSpeed;
      if (version === 1) {
        for (const body of json.bodies) delete body.friction; // version 1 had no friction either
        for (const p of (json as unknown as { pairs: unknown[][] }).pairs) p.length = 4;
        world.getBodies().forEach((b) => b.setFriction(0));
      }
      const copy = World.fromJSON(json);
      expect(copy.options.hitSpeed).toBe(1);
      for (const b of copy.getBodies()) {
        expect({
          linearDamping: b.linearDamping,
          gravityScale: b.gravityScale,
          sensor: b.isSensor,
          category: b.category,
          mask: b.mask,
          group: b.group,
        }).toEqual(DEFAULTS);
      }
      run(world, 60);
      run(copy, 60);
      expect(stateHash(copy)).toBe(stateHash(world));
    });
  }

  const bad: Array<[string, unknown, RegExp]> = [
    ['linearDamping', -1, /snapshot\.bodies\[1\]\.linearDamping must be between 0 and 1000000, got -1/],
    ['gravityScale', 'x', /snapshot\.bodies\[1\]\.gravityScale must be a finite number, got "x"/],
    ['sensor', 0, /snapshot\.bodies\[1\]\.sensor must be true or false, got 0/],
    ['category', 1.5, /snapshot\.bodies\[1\]\.category must be an integer, got 1\.5/],
    ['mask', null, /snapshot\.bodies\[1\]\.mask must be a finite number, got null/],
    ['group', 2 ** 31, /snapshot\.bodies\[1\]\.group must be between -2147483648 and 2147483647, got 2147483648/],
  ];
  for (const [field, value, message] of bad) {
    it(`a bad ${field} (${String(value)}) is refused naming it`, () => {
      const json = JSON.parse(snapshotText(scene())) as Json;
      (json.bodies[1] as Record<string, unknown>)[field] = value;
      expect(errorOf(() => World.fromJSON(json))).toMatch(message);
    });
  }
});
