/** The gesture state machine, in Node: what each press, move and release means. */
import { describe, expect, it } from 'vitest';
import { CLICK_SLOP, Gestures, type PointerSample, type PressContext } from '../../../src/sandbox/input/gestures';

const at = (over: Partial<PressContext> = {}): PressContext => ({ hit: 'none', spaceHeld: false, tool: 'play', paused: false, explaining: false, ...over });
const pointer = (x: number, y: number, over: Partial<PointerSample> = {}): PointerSample => ({ id: 1, x, y, button: 0, touch: false, shift: false, modifier: false, ...over });

describe('Gestures', () => {
  it('a click on empty space spawns where it was released; a press that travels spawns nothing', () => {
    const g = new Gestures();
    expect(g.down(pointer(10, 10), at())).toEqual([]);
    expect(g.up(pointer(11, 10), false)).toEqual([{ type: 'spawn', x: 11, y: 10 }]);
    g.down(pointer(10, 10), at());
    g.move(pointer(10 + CLICK_SLOP + 1, 10));
    expect(g.up(pointer(10 + CLICK_SLOP + 1, 10), false)).toEqual([]);
    expect(g.mode).toBe('none');
  });

  it('a press on a body grabs it, moves drag it, the release throws it and a cancel drops it', () => {
    const g = new Gestures();
    expect(g.down(pointer(5, 5), at({ hit: 'body' }))).toEqual([{ type: 'grab', x: 5, y: 5 }]);
    expect(g.move(pointer(9, 7))).toEqual([{ type: 'drag', x: 9, y: 7 }]);
    expect(g.move(pointer(9, 7, { id: 2 }))).toEqual([]); // another pointer does not drag it
    expect(g.up(pointer(9, 7), false)).toEqual([{ type: 'release', throw: true }]);
    g.down(pointer(5, 5), at({ hit: 'body' }));
    expect(g.up(pointer(5, 5), true)).toEqual([{ type: 'release', throw: false }]);
  });

  it('a wall is not grabbed while time runs (selected if explaining), but is while paused', () => {
    const g = new Gestures();
    expect(g.down(pointer(1, 1), at({ hit: 'static' }))).toEqual([]);
    expect(g.mode).toBe('none');
    expect(g.down(pointer(1, 1), at({ hit: 'static', explaining: true }))).toEqual([{ type: 'select', x: 1, y: 1 }]);
    expect(g.down(pointer(1, 1), at({ hit: 'static', paused: true }))).toEqual([{ type: 'grab', x: 1, y: 1 }]);
  });

  it('a modifier-press on a body asks for the explainer and grabs nothing', () => {
    const g = new Gestures();
    expect(g.down(pointer(3, 4, { modifier: true }), at({ hit: 'body' }))).toEqual([{ type: 'explain', x: 3, y: 4 }]);
    expect(g.mode).toBe('none');
  });

  it('shift or the spray tool sprays along the drag; the erase tool removes along it', () => {
    for (const [sample, context] of [
      [pointer(0, 0, { shift: true }), at()],
      [pointer(0, 0), at({ tool: 'spray' })],
    ] as const) {
      const g = new Gestures();
      expect(g.down(sample, context)).toEqual([{ type: 'spray', x: 0, y: 0, first: true }]);
      expect(g.move(pointer(20, 0))).toEqual([{ type: 'spray', x: 20, y: 0, first: false }]);
      expect(g.up(pointer(20, 0), false)).toEqual([]);
    }
    const g = new Gestures();
    expect(g.down(pointer(0, 0), at({ tool: 'erase', hit: 'body' }))).toEqual([{ type: 'remove', x: 0, y: 0 }]);
    expect(g.move(pointer(4, 0))).toEqual([{ type: 'remove', x: 4, y: 0 }]);
  });

  it('a right click on a body removes it; a right drag, a middle drag and space + drag pan', () => {
    const g = new Gestures();
    g.down(pointer(10, 10, { button: 2 }), at({ hit: 'body' }));
    expect(g.up(pointer(10, 10, { button: 2 }), false)).toEqual([{ type: 'remove', x: 10, y: 10 }]);
    g.down(pointer(10, 10, { button: 2 }), at({ hit: 'body' }));
    expect(g.move(pointer(30, 10))).toEqual([{ type: 'pan', dx: 20, dy: 0 }]);
    expect(g.up(pointer(30, 10), false)).toEqual([]);
    g.down(pointer(0, 0, { button: 1 }), at());
    expect(g.move(pointer(3, 4))).toEqual([{ type: 'pan', dx: 3, dy: 4 }]);
    g.up(pointer(3, 4), false);
    expect(g.down(pointer(0, 0), at({ spaceHeld: true, hit: 'body' }))).toEqual([{ type: 'space-used' }]);
    expect(g.move(pointer(-2, 1))).toEqual([{ type: 'pan', dx: -2, dy: 1 }]);
  });

  it('a second finger drops the held body and pinches: pan by the midpoint, zoom by the spread', () => {
    const g = new Gestures();
    const finger = (id: number, x: number, y: number): PointerSample => pointer(x, y, { id, touch: true });
    g.down(finger(1, 100, 100), at({ hit: 'body' }));
    expect(g.down(finger(2, 200, 100), at())).toEqual([{ type: 'release', throw: false }]);
    expect(g.mode).toBe('pinch');
    expect(g.move(finger(2, 300, 100))).toEqual([
      { type: 'pan', dx: 50, dy: 0 },
      { type: 'zoom', x: 200, y: 100, factor: 2 },
    ]);
    expect(g.up(finger(1, 100, 100), false)).toEqual([]);
    expect(g.mode).toBe('pinch');
    g.up(finger(2, 300, 100), false);
    expect(g.mode).toBe('none');
  });
});
