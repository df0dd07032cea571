import { describe, expect, it } from 'vitest';
import { ENGINE_REVISION } from '../../../src/physics/index';
import { MAX_REPLAY_STEPS, olderEngine, parseReplay, writeReplay } from '../../../src/sandbox/files/replay-file';
import { divergedText } from '../../../src/sandbox/ui/timeline-bar';
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

  type ReplayJson = { engine?: number; steps: Array<[number, number, unknown?]> };

  /** A recorded replay with `edit` applied and step 16's hash made wrong, loaded and played 40 steps. */
  function playTampered(edit: (file: ReplayJson) => void = () => undefined): { loaded: ReturnType<typeof parseReplay>; player: Rig } {
    const file = JSON.parse(recorded().text) as ReplayJson;
    edit(file);
    file.steps[15][1] = (file.steps[15][1] + 1) >>> 0;
    const loaded = parseReplay(JSON.stringify(file));
    const player = new Rig();
    player.history.play(loaded.recording, 'load replay');
    player.run(40);
    return { loaded, player };
  }

  it('a replay whose engine steps differently is flagged DIVERGED at the first wrong step', () => {
    expect(playTampered().player.history.timeline.diverged).toBe(16);
  });

  it('notes the engine revision that recorded it, and a replay from another revision says so when it diverges', () => {
    const { text } = recorded();
    expect((JSON.parse(text) as ReplayJson).engine).toBe(ENGINE_REVISION);
    expect(parseReplay(text).recording.engine).toBe(ENGINE_REVISION);
    expect(olderEngine(ENGINE_REVISION)).toBe('');

    // A file from an engine whose physics differs: its hashes do not hold from some step on.
    const { loaded, player } = playTampered((file) => (file.engine = ENGINE_REVISION + 1));
    expect(loaded.recording.engine).toBe(ENGINE_REVISION + 1);
    expect(olderEngine(loaded.recording.engine)).toContain(`recorded by engine revision ${ENGINE_REVISION + 1}`);
    const flag = divergedText(player.history.status);
    expect(flag?.text).toBe('DIVERGED at step 16');
    expect(flag?.why).toBe(`recorded by engine revision ${ENGINE_REVISION + 1}`);
    expect(flag?.title).toContain(`this page runs engine revision ${ENGINE_REVISION}`);
    // Saved again, it keeps the revision that recorded it.
    const again = player.history.recording();
    expect(again === null ? null : writeReplay(again, 'playground').engine).toBe(ENGINE_REVISION + 1);
  });

  it('plays a file saved before replays noted the engine, and says the engine is unknown if it diverges', () => {
    const { loaded, player } = playTampered((file) => delete file.engine);
    expect(loaded.recording.engine).toBeNull();
    expect(olderEngine(loaded.recording.engine)).toContain('does not say which engine recorded it');
    expect(divergedText(player.history.status)?.why).toBe('recorded by an older page');
    const again = player.history.recording();
    expect(again === null ? 'none' : 'engine' in writeReplay(again, 'playground')).toBe(false);
  });

  it('a recording made on this page diverging says DIVERGED alone (no other engine to blame)', () => {
    expect(divergedText(playTampered().player.history.status)).toMatchObject({ text: 'DIVERGED at step 16', why: null });
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
    ['an engine revision that is not a whole number', () => broken((f) => (f.engine = 'new')), 'engine must be the engine revision'],
    ['an engine revision of 0', () => broken((f) => (f.engine = 0)), 'got 0'],
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
