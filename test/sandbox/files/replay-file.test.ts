import { describe, expect, it } from 'vitest';
import { MAX_REPLAY_STEPS, parseReplay, writeReplay } from '../../../src/sandbox/files/replay-file';
import { worldToText } from '../../../src/sandbox/history/ops';
import { hashWorld } from '../../../src/sandbox/history/state-hash';
import { Rig } from '../history/rig';

/** A replay file's text from a short session with a spawn, a drag and a spray. */
function recorded(): { text: string; end: string; endHash: number } {
  const rig = new Rig();
  rig.run(10);
  rig.host.spawn({ x: 0, y: 3, halfWidth: 0.3, halfHeight: 0.3 });
  rig.run(10);
  const b = rig.world.getBody(5);
  rig.host.grab(5, b?.x ?? 0, b?.y ?? 0);
  for (let k = 0; k < 10; k++) {
    rig.host.drag((b?.x ?? 0) + k * 0.2, b?.y ?? 0);
    rig.run(1);
  }
  rig.host.release(4, 0);
  rig.host.scatter(5, { kind: 'circle', size: 0.3, cornerRadius: 0 }, { restitution: 0.5, friction: 0.5, density: 1 });
  rig.run(20);
  const rec = rig.history.recording();
  if (rec === null) throw new Error('nothing recorded');
  return { text: JSON.stringify(writeReplay(rec, 'playground')), end: worldToText(rig.world), endHash: hashWorld(rig.world) };
}

describe('replay files', () => {
  it('a written replay reads back and plays to the recorded end, bit for bit, with no divergence', () => {
    const { text, end } = recorded();
    const loaded = parseReplay(text);
    expect(loaded.scene).toBe('playground');
    const player = new Rig();
    player.history.play(loaded.recording, 'load replay');
    let guard = 0;
    while (player.history.playing && guard++ < 1000) player.run(1);
    expect(worldToText(player.world)).toBe(end);
    expect(player.history.timeline.diverged).toBeNull();
  });

  it('a replay whose engine steps differently is flagged DIVERGED at the first wrong step', () => {
    const { text } = recorded();
    const file = JSON.parse(text) as { steps: Array<[number, number, unknown?]> };
    file.steps[15][1] = (file.steps[15][1] + 1) >>> 0;
    const player = new Rig();
    player.history.play(parseReplay(JSON.stringify(file)).recording, 'load replay');
    player.run(40);
    expect(player.history.timeline.diverged).toBe(16);
  });

  const broken = (edit: (file: Record<string, unknown> & { steps: unknown[][] }) => void): string => {
    const file = JSON.parse(recorded().text) as Record<string, unknown> & { steps: unknown[][] };
    edit(file);
    return JSON.stringify(file);
  };

  it.each([
    ['not JSON', () => '{"format": "jostle-replay", ', 'not JSON'],
    ['a save file', () => JSON.stringify({ format: 'jostle-sandbox' }), 'format is "jostle-sandbox"'],
    ['a newer version', () => broken((f) => (f.version = 9)), 'version 9'],
    ['a step time out of range', () => broken((f) => (f.steps[3][0] = 0.5)), 'steps[3]: the step time'],
    ['a hash that is not a number', () => broken((f) => (f.steps[2][1] = 'abc')), 'steps[2]: the hash'],
    ['an unknown action', () => broken((f) => (f.steps[10][2] = [{ call: 'step', args: [1] }])), '"step" is not an action'],
    ['a coordinate that is not a number', () => broken((f) => (f.steps[10][2] = [{ call: 'drag', args: ['x', 0] }])), 'drag argument 1 must be a number'],
    ['a broken start world', () => broken((f) => (f.start = { format: 'jostle-world' })), 'start is not a valid world'],
    ['an option that would freeze the page', () => broken((f) => (f.steps[10][2] = [{ call: 'setOptions', args: [{ broadphaseMargin: 1e6 }] }])), 'broadphaseMargin'],
    ['too many steps', () => broken((f) => (f.steps = Array.from({ length: MAX_REPLAY_STEPS + 1 }, (): unknown[] => [1 / 60, 0]))), 'steps'],
  ])('refuses %s, naming what is wrong', (_what, text, message) => {
    expect(() => parseReplay(text())).toThrow(message);
  });
});
