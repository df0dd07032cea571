/** The build tools' gesture machine, in Node: what each press, move and release means. */
import { describe, expect, it } from 'vitest';
import { BuildGestures, isBuildTool, type BuildHit, type BuildSample } from '../../../src/sandbox/build/build-gestures';
import { CLICK_SLOP } from '../../../src/sandbox/input/gestures';

/** A sample at client (sx, sy) px; the world is 10 px per m, y up, so the tests read both. */
const at = (sx: number, sy: number, over: Partial<BuildSample> = {}): BuildSample => ({ sx, sy, x: sx / 10, y: -sy / 10, shift: false, modifier: false, ...over });
const NONE: BuildHit = { kind: 'none' };
const body = (id: number, selected = false, kinematic = false): BuildHit => ({ kind: 'body', id, selected, kinematic });
const FAR = CLICK_SLOP * 4;

describe('BuildGestures', () => {
  it('knows its tools', () => {
    expect(['select', 'wall', 'mover'].every(isBuildTool)).toBe(true);
    expect(isBuildTool('play')).toBe(false);
  });

  it('wall: a drag previews the rectangle and the release makes it; shift or alt rounds it', () => {
    const g = new BuildGestures();
    expect(g.down(at(0, 0), 'wall', NONE)).toEqual([]);
    expect(g.move(at(2, 0))).toEqual([]); // within the click slop: nothing drawn yet
    expect(g.move(at(FAR, FAR, { shift: true }))).toEqual([{ type: 'draw', x0: 0, y0: -0, x1: FAR / 10, y1: -FAR / 10, rounded: true }]);
    expect(g.up(at(FAR, FAR, { modifier: true }), false)).toEqual([
      { type: 'make', tool: 'wall', x0: 0, y0: -0, x1: FAR / 10, y1: -FAR / 10, rounded: true },
      { type: 'end' },
    ]);
    expect(g.mode).toBe('none');
  });

  it('wall: drawing starts over a body too, and a cancel makes nothing', () => {
    const g = new BuildGestures();
    g.down(at(0, 0), 'wall', body(3));
    expect(g.mode).toBe('draw');
    expect(g.up(at(FAR, FAR), true)).toEqual([{ type: 'end' }]);
  });

  it('mover: draws like a wall, but a press inside the selected mover aims its velocity', () => {
    const g = new BuildGestures();
    g.down(at(0, 0), 'mover', NONE);
    expect(g.up(at(FAR, FAR), false)[0]).toMatchObject({ type: 'make', tool: 'mover' });
    expect(g.down(at(0, 0), 'mover', body(4, true, true))).toEqual([{ type: 'select', ids: [4], add: false }]);
    expect(g.move(at(30, 0))).toEqual([{ type: 'aim', id: 4, x: 3, y: -0 }]);
    expect(g.up(at(30, 0), false)).toEqual([{ type: 'end' }]);
    // Inside a mover that is not selected, or a wall: a new rectangle.
    g.down(at(0, 0), 'mover', body(4, false, true));
    expect(g.mode).toBe('draw');
  });

  it('a corner handle resizes with any tool; the arrow tip aims except with the wall tool', () => {
    const g = new BuildGestures();
    for (const tool of ['select', 'wall', 'mover'] as const) {
      g.down(at(0, 0), tool, { kind: 'corner', id: 2, corner: 1 });
      expect(g.move(at(10, 10))).toEqual([{ type: 'resize', id: 2, corner: 1, x: 1, y: -1 }]);
      g.up(at(10, 10), false);
    }
    g.down(at(0, 0), 'select', { kind: 'arrow', id: 5 });
    expect(g.mode).toBe('aim');
    g.up(at(0, 0), false);
    g.down(at(0, 0), 'wall', { kind: 'arrow', id: 5 });
    expect(g.mode).toBe('draw');
  });

  it('select: a press selects the body, a drag past the slop moves the selection from where it was', () => {
    const g = new BuildGestures();
    expect(g.down(at(0, 0), 'select', body(1))).toEqual([{ type: 'select', ids: [1], add: false }]);
    expect(g.move(at(2, 0))).toEqual([]);
    expect(g.move(at(FAR, 0))).toEqual([{ type: 'move-start' }, { type: 'move', dx: FAR / 10, dy: 0 }]);
    expect(g.move(at(FAR * 2, 0))).toEqual([{ type: 'move', dx: (FAR * 2) / 10, dy: 0 }]);
    expect(g.up(at(FAR * 2, 0), false)).toEqual([{ type: 'end' }]);
  });

  it('select: pressing one of the selected keeps them all; shift toggles the pressed one', () => {
    const g = new BuildGestures();
    expect(g.down(at(0, 0), 'select', body(1, true))).toEqual([]);
    g.up(at(0, 0), false);
    expect(g.down(at(0, 0), 'select', body(1, true), )).toEqual([]);
    g.up(at(0, 0), false);
    expect(g.down(at(0, 0, { shift: true }), 'select', body(6))).toEqual([{ type: 'select', ids: [6], add: true }]);
  });

  it('select: a drag on empty space is a box (shift adds); a click there clears the selection', () => {
    const g = new BuildGestures();
    g.down(at(0, 0), 'select', NONE);
    expect(g.move(at(FAR, FAR))).toEqual([{ type: 'box', x0: 0, y0: -0, x1: FAR / 10, y1: -FAR / 10 }]);
    expect(g.up(at(FAR, FAR), false)[0]).toEqual({ type: 'box-select', x0: 0, y0: -0, x1: FAR / 10, y1: -FAR / 10, add: false });
    g.down(at(0, 0, { shift: true }), 'select', NONE);
    g.move(at(FAR, FAR));
    expect(g.up(at(FAR, FAR), false)[0]).toMatchObject({ type: 'box-select', add: true });
    g.down(at(0, 0), 'select', NONE);
    expect(g.up(at(1, 1), false)).toEqual([{ type: 'clear' }, { type: 'end' }]);
    g.down(at(0, 0, { shift: true }), 'select', NONE);
    expect(g.up(at(1, 1), false)).toEqual([{ type: 'end' }]);
  });
});
