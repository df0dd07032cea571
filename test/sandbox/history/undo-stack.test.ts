import { describe, expect, it } from 'vitest';
import { UndoStack } from '../../../src/sandbox/history/undo-stack';

describe('UndoStack', () => {
  it('undoes in reverse order and redoes forward, swapping the current state in', () => {
    const u = new UndoStack<string>();
    u.record('a', 'S0', 'm0', 'k1', 0);
    u.record('b', 'S1', 'm1', 'k2', 10);
    expect(u.nextUndo).toBe('b');
    expect(u.undo('S2', 'm2')?.state).toBe('S1');
    expect(u.undo('S1', 'm1')?.state).toBe('S0');
    expect(u.undo('S0', 'm0')).toBeNull();
    expect(u.redo('S0', 'm0')?.state).toBe('S1');
    expect(u.redo('S1', 'm1')).toMatchObject({ state: 'S2', meta: 'm2', label: 'b' });
    expect(u.redoCount).toBe(0);
  });

  it('coalesces the same key within the window, and a continuing call extends it', () => {
    const u = new UndoStack<null>({ coalesceTime: 100 });
    u.record('gravity', 'S0', null, 'g', 0);
    expect(u.continues('g', 90)).toBe(true);
    expect(u.continues('g', 180)).toBe(true); // 90 after the last call
    expect(u.continues('g', 400)).toBe(false);
    expect(u.continues('other', 401)).toBe(false);
    expect(u.continues('g', 402, 1)).toBe(false);
  });

  it('keeps within its count and byte caps, dropping the oldest, and counts the bytes', () => {
    const u = new UndoStack<null>({ maxEntries: 3, maxBytes: 1000 });
    for (let k = 0; k < 5; k++) u.record(`e${k}`, 'x'.repeat(100), null, `k${k}`, k * 1000);
    expect(u.undoCount).toBe(3);
    expect(u.bytes).toBe(300);
    u.record('big', 'y'.repeat(900), null, 'big', 9000);
    expect(u.bytes).toBeLessThanOrEqual(1000);
    expect(u.nextUndo).toBe('big');
    u.dropLast();
    expect(u.nextUndo).not.toBe('big');
  });

  it('a new entry drops the redo stack and its bytes', () => {
    const u = new UndoStack<null>();
    u.record('a', 'AAAA', null, 'a', 0);
    u.undo('BBBBBBBB', null);
    expect(u.bytes).toBe(8);
    u.record('c', 'CC', null, 'c', 5000);
    expect(u.redoCount).toBe(0);
    expect(u.bytes).toBe(2);
  });
});
