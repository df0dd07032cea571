/** The inspector's field logic: printing, reading typed text, what several bodies share. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/physics/index';
import { INSPECTOR_FIELDS, MIXED, common, formatValue, parseField, sleepState } from '../../../src/sandbox/build/inspector-fields';

describe('inspector fields', () => {
  it('prints up to four decimals, without trailing zeros or a minus zero', () => {
    expect(formatValue(1.5)).toBe('1.5');
    expect(formatValue(2)).toBe('2');
    expect(formatValue(0.123456)).toBe('0.1235');
    expect(formatValue(-0.00001)).toBe('0');
    expect(formatValue(-3.25)).toBe('-3.25');
    expect(formatValue(1e6)).toBe('1000000');
  });

  it('reads numbers as people type them', () => {
    expect(parseField('x', ' 2.5 ')).toEqual({ x: 2.5 });
    expect(parseField('vy', '-.5')).toEqual({ vy: -0.5 });
    expect(parseField('density', '1e3')).toEqual({ density: 1000 });
    expect(parseField('radius', '+3.')).toEqual({ radius: 3 });
  });

  it('refuses what is not a number, naming the field as the inspector shows it and the text', () => {
    expect(() => parseField('halfWidth', 'abc')).toThrow('half width must be a number, got "abc"');
    expect(() => parseField('x', '')).toThrow('x must be a number, got ""');
    expect(() => parseField('x', '1,5')).toThrow('x must be a number, got "1,5"');
    expect(() => parseField('x', 'Infinity')).toThrow(/must be a number/);
    expect(() => parseField('x', '1e999')).toThrow('x must be a finite number, got "1e999"');
  });

  it('lists every field once; position, velocity and size are one body at a time', () => {
    const keys = INSPECTOR_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(INSPECTOR_FIELDS.filter((f) => f.bulk).map((f) => f.key)).toEqual(['restitution', 'friction', 'density']);
  });

  it('what several bodies share, "mixed" where they differ, and their sleep state in words', () => {
    const w = new World();
    const a = w.createBody({ restitution: 0.2 });
    const b = w.createBody({ x: 3, restitution: 0.2, friction: 0.1 });
    const wall = w.createBody({ type: 'static', y: -5, halfWidth: 5, halfHeight: 0.5 });
    expect(common([a, b], (x) => x.restitution)).toBe(0.2);
    expect(common([a, b], (x) => x.friction)).toBe(MIXED);
    expect(common([], (x) => x.friction)).toBeNull();
    expect(sleepState([a, b])).toBe('awake');
    expect(sleepState([wall])).toBe('static: never moves');
    expect(sleepState([a, wall])).toBe(MIXED);
    for (let k = 0; k < 120; k++) w.step(1 / 60);
    expect(sleepState([a])).toBe('asleep');
  });
});
