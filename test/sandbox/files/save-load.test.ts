/** Save files in Node: what is written reads back exactly; what is wrong is refused in words. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { SCENES } from '../../../src/scenes/index';
import { parseSave, SAVE_FORMAT, SAVE_VERSION } from '../../../src/sandbox/files/save-load';

function billiardsSave(): Record<string, unknown> & { world: ReturnType<World['toJSON']> } {
  const w = new World();
  SCENES.find((s) => s.id === 'billiards')?.build(w);
  for (let k = 0; k < 20; k++) w.step(1 / 60);
  return { format: SAVE_FORMAT, version: SAVE_VERSION, scene: 'billiards', camera: { x: 1, y: 2, scale: 30 }, settings: { paused: true, restitution: 0.7 }, world: w.toJSON() };
}

describe('parseSave', () => {
  it('reads back the world bit for bit, with the scene, camera and settings', () => {
    const save = billiardsSave();
    const loaded = parseSave(JSON.stringify(save));
    expect(loaded.world.toJSON()).toEqual(save.world);
    expect(loaded.scene).toBe('billiards');
    expect(loaded.camera).toEqual({ x: 1, y: 2, scale: 30 });
    // The file carries no friction, as files saved before friction existed: it gets the default.
    expect(loaded.settings).toEqual({ paused: true, restitution: 0.7, friction: 0.6 });
  });

  it('reads friction within the slider\'s range and refuses it outside, naming the field', () => {
    const save = billiardsSave();
    save.settings = { friction: 1.25 };
    expect(parseSave(JSON.stringify(save)).settings.friction).toBe(1.25);
    save.settings = { friction: 0 };
    expect(parseSave(JSON.stringify(save)).settings.friction).toBe(0);
    save.settings = { friction: 2.5 };
    expect(() => parseSave(JSON.stringify(save))).toThrow('settings.friction must be between 0 and 2, got 2.5');
    save.settings = { friction: 'high' };
    expect(() => parseSave(JSON.stringify(save))).toThrow('settings.friction must be a number, got "high"');
  });

  it('says in words what is wrong, never the parser\'s or the engine\'s internals', () => {
    const cases: Array<[string, RegExp]> = [
      ['{"format": "jostle-sandbox", ', /breaks off|typo/],
      ['\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', /binary file/],
      [JSON.stringify({ format: SAVE_FORMAT, version: SAVE_VERSION }), /has no world/],
      [JSON.stringify({ hello: 1 }), /not a Jostle scene/],
    ];
    const missing = billiardsSave();
    delete (missing.world.bodies[0] as unknown as Record<string, unknown>).x;
    cases.push([JSON.stringify(missing), /but it is missing/]);
    for (const [text, reason] of cases) {
      expect(() => parseSave(text)).toThrow(reason);
      try {
        parseSave(text);
      } catch (error) {
        // A NUL in a message is raw file bytes leaking through: the control character is the point.
        // eslint-disable-next-line no-control-regex
        expect((error as Error).message).not.toMatch(/undefined|Unexpected token|\u0000/);
      }
    }
  });

  it('refuses work that would freeze the page before building it: nesting, options, body count', () => {
    expect(() => parseSave('['.repeat(100))).toThrow(/nests .* levels deep/);
    const margin = billiardsSave();
    margin.world.options.broadphaseMargin = 1000;
    expect(() => parseSave(JSON.stringify(margin))).toThrow(/broadphaseMargin is 1000; this page runs 0 to 2/);
    const substeps = billiardsSave();
    substeps.world.options.substeps = 64;
    expect(() => parseSave(JSON.stringify(substeps))).toThrow(/substeps is 64/);
    const many = billiardsSave();
    // The body fields that snapshots may leave out, left out: 200,001 bodies stay under the size cap.
    const { linearDamping: _d, gravityScale: _g, sensor: _s, category: _c, mask: _m, group: _gr, ...lean } = many.world.bodies[0];
    many.world.bodies = new Array<(typeof many.world.bodies)[number]>(200_001).fill(lean);
    expect(() => parseSave(JSON.stringify(many))).toThrow(/200,001 bodies; this page runs at most 200,000/);
  });
});
