/** Share links in Node (CompressionStream and atob as in the browser): round trip and refusals. */
import { describe, expect, it } from 'vitest';
import { decodeShareHash, encodeShareHash } from '../../../src/sandbox/files/share-link';

describe('share links', () => {
  it('carry the text exactly, compressed', async () => {
    const json = JSON.stringify({ format: 'jostle-sandbox', bodies: Array.from({ length: 200 }, (_, i) => ({ i, x: i / 7 })) });
    const hash = await encodeShareHash(json);
    expect(hash.startsWith('#scene=z')).toBe(true);
    expect(hash.length).toBeLessThan(json.length);
    await expect(decodeShareHash(hash)).resolves.toBe(json);
    await expect(decodeShareHash('#other')).resolves.toBeNull();
  });

  it('refuse damaged links in words, and a deep nest while it inflates', async () => {
    for (const hash of ['#scene=zA', '#scene=zAAAAAAA', '#scene=j!!', '#scene=x']) {
      const error = await decodeShareHash(hash).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/^the link is damaged/);
      expect(error?.message).not.toMatch(/atob|WritableStream|Failed to execute|DOMException/);
    }
    const deep = await encodeShareHash('['.repeat(1_000_000));
    await expect(decodeShareHash(deep)).rejects.toThrow(/levels deep/);
  });
});
