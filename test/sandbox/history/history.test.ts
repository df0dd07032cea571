import { describe, expect, it } from 'vitest';
import { hashWorld } from '../../../src/sandbox/history/state-hash';
import { worldToText } from '../../../src/sandbox/history/ops';
import { Rig } from './rig';

/** A session with every kind of input: spawns, a drag and throw, an option, a material, a delete. */
function session(rig: Rig, trace: Map<number, string>): void {
  const note = (): void => void trace.set(rig.history.timeline.end, worldToText(rig.world));
  rig.run(20);
  note();
  rig.host.spawn({ x: 0, y: 3, halfWidth: 0.3, halfHeight: 0.3 });
  rig.run(25);
  note();
  const body = rig.world.getBody(3);
  const picked = rig.host.pick(body?.x ?? 0, body?.y ?? 0, 0.1);
  expect(picked?.id).toBe(3);
  const [x, y] = [body?.x ?? 0, body?.y ?? 0];
  rig.host.grab(3, x, y);
  for (let k = 1; k <= 40; k++) {
    rig.host.drag(x + k * 0.1, y + k * 0.05);
    rig.run(1);
  }
  rig.host.release(8, 3);
  rig.run(30);
  note();
  rig.host.setOptions({ gravity: { x: 0, y: -4 } });
  rig.host.setMaterialAll('restitution', 0.8);
  rig.run(30);
  rig.host.remove(4);
  rig.run(20);
  note();
}

describe('history: undo', () => {
  it('takes each action back to the world bit for bit as it was, and redo brings it again', () => {
    const rig = new Rig();
    rig.run(10);
    const before = worldToText(rig.world);
    rig.host.spawn({ x: 1, y: 2, halfWidth: 0.3, halfHeight: 0.3 });
    const after = worldToText(rig.world);
    rig.wait(2000);
    rig.host.setOptions({ gravity: { x: 0, y: -3 } });
    const afterOption = worldToText(rig.world);
    expect(rig.history.undo()).toBe(true);
    expect(worldToText(rig.world)).toBe(after);
    expect(rig.history.undo()).toBe(true);
    expect(worldToText(rig.world)).toBe(before);
    expect(rig.history.undo()).toBe(false);
    expect(rig.history.redo()).toBe(true);
    expect(rig.history.redo()).toBe(true);
    expect(worldToText(rig.world)).toBe(afterOption);
    expect(rig.world.options.gravity.y).toBe(-3);
  });

  it('makes one entry of a slider dragged and one of a body dragged, and none of a call that changed nothing', () => {
    const rig = new Rig();
    rig.setPaused(true);
    const start = worldToText(rig.world);
    for (let k = 1; k <= 10; k++) {
      rig.wait(50);
      rig.host.setOptions({ gravity: { x: 0, y: -10 + k * 0.5 } });
    }
    expect(rig.history.undos.undoCount).toBe(1);
    rig.wait(2000);
    rig.host.setOptions({ gravity: { x: 0, y: -5 } }); // what it is already
    rig.host.spawn({ x: 0, y: -5, halfWidth: 0.3, halfHeight: 0.3, type: 'static' }); // refused? a static overlapping is allowed: it counts
    const count = rig.history.undos.undoCount;
    rig.host.grab(3, -4, -3);
    for (let k = 0; k < 10; k++) rig.host.drag(-4, -2 + k * 0.1);
    rig.host.release(0, 0);
    expect(rig.history.undos.undoCount).toBe(count + 1);
    while (rig.history.undo());
    expect(worldToText(rig.world)).toBe(start);
  });

  it('what one pointer press does is one entry however slow, and two quick clicks are two', () => {
    const rig = new Rig();
    rig.setPaused(true);
    rig.history.pressStarted();
    for (let k = 1; k <= 5; k++) {
      rig.wait(3000); // a slow drag of a slider on a busy machine
      rig.host.setOptions({ gravity: { x: 0, y: -10 + k } });
    }
    rig.history.pressEnded();
    expect(rig.history.undos.undoCount).toBe(1);
    for (const x of [-2, 2]) {
      rig.history.pressStarted();
      rig.history.pressEnded();
      rig.wait(50);
      rig.host.spawn({ x, y: 3 });
    }
    expect(rig.history.undos.undoCount).toBe(3);
  });

  it('a new action after undo drops the redo', () => {
    const rig = new Rig();
    rig.host.spawn({ x: 1, y: 2 });
    rig.history.undo();
    rig.wait(2000);
    rig.host.spawn({ x: -1, y: 2 });
    expect(rig.history.redo()).toBe(false);
  });
});

describe('history: the timeline', () => {
  it('seeks to any recorded step bit for bit (inputs re-stepped), with no divergence, and back to the end', () => {
    const rig = new Rig();
    const trace = new Map<number, string>();
    session(rig, trace);
    const end = rig.history.timeline.end;
    const live = worldToText(rig.world);
    rig.setPaused(true);
    for (const [tick, text] of [...trace].reverse()) {
      rig.history.seek(tick);
      expect(rig.history.timeline.cursor).toBe(tick);
      expect(worldToText(rig.world)).toBe(text);
    }
    expect(rig.history.timeline.diverged).toBeNull();
    rig.history.seek(end);
    expect(worldToText(rig.world)).toBe(live);
  });

  it('steps backward and forward one step at a time along the recording', () => {
    const rig = new Rig();
    session(rig, new Map());
    rig.setPaused(true);
    const end = rig.history.timeline.end;
    const hashes: number[] = [];
    for (let k = 0; k < 50; k++) {
      hashes.push(hashWorld(rig.world));
      rig.history.stepBack();
    }
    expect(rig.history.timeline.cursor).toBe(end - 50);
    for (let k = 49; k >= 0; k--) {
      expect(rig.history.stepForward()).toBe(true);
      expect(hashWorld(rig.world)).toBe(hashes[k]);
    }
    expect(rig.history.stepForward()).toBe(false);
  });

  it('drops the future when the user acts from a scrubbed point, and keeps recording exactly from there', () => {
    const rig = new Rig();
    session(rig, new Map());
    rig.setPaused(true);
    const t = rig.history.timeline.end - 60;
    rig.history.seek(t);
    rig.setPaused(false); // resuming is a live change: the future goes
    expect(rig.history.timeline.end).toBe(t);
    rig.host.spawn({ x: 2, y: 4 });
    rig.run(45);
    const text = worldToText(rig.world);
    rig.history.seek(t + 10);
    rig.history.seek(rig.history.timeline.end);
    expect(worldToText(rig.world)).toBe(text);
    expect(rig.history.timeline.diverged).toBeNull();
  });

  it('flags DIVERGED when re-stepping does not give the recorded state', () => {
    const rig = new Rig();
    rig.run(40);
    const end = rig.history.timeline.end;
    // Tamper with the recording: a body moved behind history's back changes the live world
    // without an input, so re-stepping from the keyframe cannot reach the recorded hashes.
    rig.world.getBody(4)?.setPosition(3, 3);
    rig.run(20);
    rig.history.seek(end + 10);
    expect(rig.history.timeline.diverged).toBe(end + 1);
  });

  it('keeps memory bounded: a byte cap drops the oldest keyframes and the window shrinks', () => {
    const rig = new Rig(undefined, { maxBytes: 40_000, keyframeEvery: 10 });
    rig.run(600);
    const t = rig.history.timeline;
    expect(t.bytes).toBeLessThanOrEqual(40_000 + 10_000);
    expect(t.base).toBeGreaterThan(0);
    expect(t.end).toBe(600);
    const last = worldToText(rig.world);
    rig.history.seek(t.base);
    rig.history.seek(600);
    expect(worldToText(rig.world)).toBe(last);
  });

  it('keeps about a minute of simulated time', () => {
    const rig = new Rig(undefined, { keyframeEvery: 60 });
    rig.run(60 * 80);
    const t = rig.history.timeline;
    expect(t.seconds).toBeGreaterThanOrEqual(60);
    expect(t.seconds).toBeLessThan(62);
  });

  it('undo is recorded in the timeline: scrubbing across it is exact', () => {
    const rig = new Rig();
    rig.run(10);
    rig.host.spawn({ x: 0, y: 3 });
    rig.run(10);
    rig.history.undo();
    rig.run(10);
    const text = worldToText(rig.world);
    rig.setPaused(true);
    rig.history.seek(0);
    rig.history.seek(30);
    expect(worldToText(rig.world)).toBe(text);
    expect(rig.history.timeline.diverged).toBeNull();
  });
});
