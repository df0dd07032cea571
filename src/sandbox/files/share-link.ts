/**
 * Share links: the save file, compressed (deflate) and base64url-encoded, in the URL's hash
 * (`#scene=z...`), so a link carries the scene without any server. Browsers without
 * CompressionStream write and read the uncompressed form (`#scene=j...`).
 */
import { JsonShapeGuard } from './load-limits';

const HASH_PREFIX = '#scene=';
/** Longest link payload the page decodes, characters: refuses a hostile link before inflating it. */
const MAX_LINK_CHARS = 8 * 1024 * 1024;
/** Longest decompressed payload, bytes: a small link must not inflate into gigabytes. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is damaged (it holds characters a Jostle link never has)');
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error('the link is damaged (it was cut short or changed)');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Runs `bytes` through `stream`; each chunk out goes to `guard` (which may throw) as it arrives. */
async function pump(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number, guard?: JsonShapeGuard): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close()).catch(() => undefined);
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    try {
      guard?.feedBytes(value);
    } catch (error) {
      await reader.cancel();
      throw new Error(`the link's scene is refused: ${(error as Error).message}`, { cause: error });
    }
    if (total > limit) {
      await reader.cancel();
      throw new Error(`the link's scene is larger than ${limit / 1024 / 1024} MB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** The URL hash (with '#') carrying `json`. */
export async function encodeShareHash(json: string): Promise<string> {
  const bytes = new TextEncoder().encode(json);
  if (typeof CompressionStream === 'undefined') return `${HASH_PREFIX}j${toBase64Url(bytes)}`;
  const packed = await pump(bytes, new CompressionStream('deflate-raw'), Infinity);
  return `${HASH_PREFIX}z${toBase64Url(packed)}`;
}

/** The JSON a share hash carries, null when `hash` is not a share link; throws when it is damaged. */
export async function decodeShareHash(hash: string): Promise<string | null> {
  if (!hash.startsWith(HASH_PREFIX)) return null;
  const body = hash.slice(HASH_PREFIX.length);
  if (body.length > MAX_LINK_CHARS) throw new Error('the link is too long');
  const kind = body[0];
  const bytes = fromBase64Url(body.slice(1));
  if (kind === 'j') return new TextDecoder().decode(bytes);
  if (kind !== 'z') throw new Error('the link is damaged (unknown encoding)');
  if (typeof DecompressionStream === 'undefined') throw new Error('this browser cannot read compressed links');
  try {
    const inflated = await pump(bytes, new DecompressionStream('deflate-raw'), MAX_INFLATED_BYTES, new JsonShapeGuard());
    return new TextDecoder().decode(inflated);
  } catch (error) {
    // The browser's own text (a WritableStream or a zlib complaint) means nothing to a user.
    const message = (error as Error).message;
    throw new Error(
      message.startsWith('the link') ? message : 'the link is damaged (its compressed scene is broken: was it cut short?)',
      { cause: error },
    );
  }
}
