/** The tools' keys: one each, found by key, and none taken from an older shortcut. */
import { describe, expect, it } from 'vitest';
import { TOOL_HINTS, TOOL_KEYS, toolOfKey } from '../../../src/sandbox/build/tool-hint';
import { TOOLS } from '../../../src/sandbox/shared/settings';

/**
 * Keys keyboard.ts already gives a meaning: space, step, reset, shapes, fit, help; and those
 * other branches of issue 16 take: `p` the profile graph, `,` step back.
 */
const TAKEN = [' ', '.', 'r', '1', '2', '3', '4', '5', 'f', '?', 'p', ','];

describe('tool keys', () => {
  it('every tool has its own key and a line of instructions; the key finds the tool, either case', () => {
    const keys = TOOLS.map((t) => TOOL_KEYS[t]);
    expect(new Set(keys).size).toBe(TOOLS.length);
    for (const t of TOOLS) {
      expect(toolOfKey(TOOL_KEYS[t])).toBe(t);
      expect(toolOfKey(TOOL_KEYS[t].toUpperCase())).toBe(t);
      expect(TOOL_HINTS[t].length).toBeGreaterThan(20);
    }
    expect(toolOfKey('x')).toBeUndefined();
  });

  it('no tool key steals an older shortcut', () => {
    for (const key of TAKEN) expect(toolOfKey(key), key).toBeUndefined();
  });
});
