/**
 * What a save file or a share link may ask of the page, checked before it is built: a file is
 * bounded by the work it makes, not only by its bytes. An 82 kB link can inflate to 63 MB of
 * `[` (JSON.parse then works for seconds before it fails), and a small link with a huge
 * broadphase margin makes every body a pair of every other (4,000 bodies: 8 million pairs, a
 * frozen tab). So:
 * - the JSON's shape is scanned before parsing, and while a link inflates: nesting depth and
 *   the number of values;
 * - the world's options must lie in the panel's ranges (or, for options the panel does not
 *   show, in ranges no scene leaves);
 * - the body count may not pass the stress ramp's cap.
 * Each refusal says what and why in words. Nothing here allocates per character.
 */
import { LIMITS } from '../shared/settings';
import { DEFAULT_RAMP } from '../shared/stress-ramp';

/** Deepest nesting a file may have: a save is 5 levels deep; user data gets the rest. */
export const MAX_JSON_DEPTH = 32;
/** Most values (roughly: commas and brackets) a file may hold: a 50,000-body save has about 1.2 million. */
export const MAX_JSON_VALUES = 6_000_000;
/** Most bodies a file may hold: the stress ramp's cap. */
export const MAX_LOAD_BODIES = DEFAULT_RAMP.maxBodies;

/**
 * Ranges of the world options a file may set that the panel does not show, [min, max]: wide
 * enough for any scene, narrow enough that no option alone can freeze the page.
 */
export const HIDDEN_OPTION_LIMITS = {
  positionIterations: [0, 20],
  restitutionThreshold: [0, 100], // m/s
  sleepSpeed: [0, 10], // m/s
  timeToSleep: [0, 60], // s
  speculativeDistance: [0, 1], // m
  broadphaseMargin: [0, 2], // m
} as const satisfies Record<string, readonly [number, number]>;

const OPEN_SQUARE = 91;
const OPEN_CURLY = 123;
const CLOSE_SQUARE = 93;
const CLOSE_CURLY = 125;
const COMMA = 44;
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Scans JSON text as it arrives (whole, or chunk by chunk as a link inflates) and throws as
 * soon as it nests deeper than MAX_JSON_DEPTH or holds more than MAX_JSON_VALUES values. It
 * does not check the syntax: JSON.parse does that after. UTF-8 bytes and UTF-16 text scan
 * alike (the structural characters are ASCII).
 */
export class JsonShapeGuard {
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;

  /** Scans a chunk of text. */
  feedText(text: string): void {
    for (let i = 0; i < text.length; i++) this.scan(text.charCodeAt(i));
  }

  /** Scans a chunk of UTF-8 bytes. */
  feedBytes(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) this.scan(bytes[i]);
  }

  private scan(c: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (c === BACKSLASH) this.escaped = true;
      else if (c === QUOTE) this.inString = false;
      return;
    }
    if (c === QUOTE) this.inString = true;
    else if (c === OPEN_SQUARE || c === OPEN_CURLY) {
      if (++this.depth > MAX_JSON_DEPTH) throw new Error(`it nests lists or objects more than ${MAX_JSON_DEPTH} levels deep, which no scene does`);
      this.count();
    } else if (c === CLOSE_SQUARE || c === CLOSE_CURLY) this.depth--;
    else if (c === COMMA) this.count();
  }

  private count(): void {
    if (++this.values > MAX_JSON_VALUES) {
      throw new Error(`it holds more than ${MAX_JSON_VALUES.toLocaleString('en-US')} values, more than the largest scene this page can run`);
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkOption(field: string, value: unknown, [min, max]: readonly [number, number]): void {
  if (typeof value !== 'number') return; // the engine's own check names a wrong type
  if (value < min || value > max) throw new Error(`its world option ${field} is ${value}; this page runs ${min} to ${max}`);
}

/**
 * Refuses a world snapshot (parsed, not yet built) that would take the page too long to build
 * or step: more bodies than MAX_LOAD_BODIES, or options outside the panel's ranges.
 * Leaves type and format checks to the engine.
 */
export function checkWorldWork(raw: unknown): void {
  if (!isRecord(raw)) return;
  const bodies = raw.bodies;
  if (Array.isArray(bodies) && bodies.length > MAX_LOAD_BODIES) {
    throw new Error(
      `it has ${bodies.length.toLocaleString('en-US')} bodies; this page runs at most ${MAX_LOAD_BODIES.toLocaleString('en-US')} (the stress ramp's cap)`,
    );
  }
  const o = raw.options;
  if (!isRecord(o)) return;
  checkOption('substeps', o.substeps, LIMITS.substeps);
  checkOption('iterations', o.iterations, LIMITS.iterations);
  checkOption('overRelaxation', o.overRelaxation, LIMITS.overRelaxation);
  checkOption('linearDamping', o.linearDamping, LIMITS.linearDamping);
  if (isRecord(o.gravity)) {
    checkOption('gravity.x', o.gravity.x, LIMITS.gravity);
    checkOption('gravity.y', o.gravity.y, LIMITS.gravity);
  }
  for (const [key, range] of Object.entries(HIDDEN_OPTION_LIMITS)) checkOption(key, o[key], range);
}
