/** The JSON shape guard: nesting and value count, whole or chunk by chunk, strings ignored. */
import { describe, expect, it } from 'vitest';
import { JsonShapeGuard, MAX_JSON_DEPTH } from '../../../src/sandbox/files/load-limits';

describe('JsonShapeGuard', () => {
  it('lets MAX_JSON_DEPTH levels through and refuses one more, across chunks', () => {
    new JsonShapeGuard().feedText('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH));
    const g = new JsonShapeGuard();
    g.feedText('{"a":'.repeat(MAX_JSON_DEPTH - 1));
    expect(() => g.feedBytes(new TextEncoder().encode('[['))).toThrow(/more than 32 levels deep/);
  });

  it('does not count brackets, commas or escaped quotes inside strings', () => {
    const g = new JsonShapeGuard();
    g.feedText(JSON.stringify({ note: '['.repeat(1000) + '\\"' + ','.repeat(10) + '"' }));
  });
});
