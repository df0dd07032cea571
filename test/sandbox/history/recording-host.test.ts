import { describe, expect, it } from 'vitest';
import { callKind, recordingHost } from '../../../src/sandbox/history/recording-host';
import type { PhysicsHost } from '../../../src/sandbox/physics-host';
import { worldToText } from '../../../src/sandbox/history/ops';
import { LocalHost } from '../../../src/sandbox/local-host';
import { Rig } from './rig';

/** A build tool's new action, added to the local host as another helper would add it. */
function addNudge(): () => void {
  const proto = LocalHost.prototype as unknown as Record<string, unknown>;
  proto.nudge = function (this: LocalHost, id: number, dx: number) {
    const b = (this as unknown as { ctx: { world: Rig['world'] } }).ctx.world.getBody(id);
    b?.setPosition(b.x + dx, b.y);
  };
  return () => delete proto.nudge;
}

describe('recordingHost', () => {
  it('sorts calls by what they can do: reads pass, everything else is recorded', () => {
    expect(callKind('pick')).toBe('read');
    expect(callKind('getBodyInfo')).toBe('read');
    expect(callKind('setClock')).toBe('clock');
    expect(callKind('drag')).toBe('gesture');
    expect(callKind('spawn')).toBe('action');
    expect(callKind('setBodyField')).toBe('action'); // a method added later: covered by default
  });

  it('a host method it has never heard of is undoable and replayed exactly', () => {
    const remove = addNudge();
    try {
      const rig = new Rig();
      const host = rig.host as PhysicsHost & { nudge(id: number, dx: number): void };
      rig.run(5);
      const before = worldToText(rig.world);
      host.nudge(4, 0.5);
      expect(worldToText(rig.world)).not.toBe(before);
      rig.run(20);
      const end = worldToText(rig.world);
      rig.setPaused(true);
      rig.history.seek(0);
      rig.history.seek(25);
      expect(worldToText(rig.world)).toBe(end);
      expect(rig.history.timeline.diverged).toBeNull();
      expect(rig.history.undos.nextUndo).toBe('nudge');
      rig.history.undo();
      expect(worldToText(rig.world)).toBe(before);
    } finally {
      remove();
    }
  });

  it('passes reads straight through, unrecorded', () => {
    const calls: string[] = [];
    const host = recordingHost({ pick: () => null, spawn: () => undefined } as unknown as PhysicsHost, {
      around: (name, _kind, _args, call) => {
        calls.push(name);
        return call();
      },
    });
    host.pick(0, 0, 1);
    host.spawn({});
    expect(calls).toEqual(['spawn']);
  });
});
