/**
 * Replay files: a timeline's recording (history/timeline.ts) as JSON, the world it starts
 * from plus each step's dt, the hash the world had after it, and the user's inputs before it.
 * Playing one re-steps the inputs and checks every hash, so a page whose engine steps
 * differently says DIVERGED instead of showing something else as the replay.
 *
 * Reading checks the whole file before anything changes and throws an Error naming the field
 * and the value: the format, every step, every input against the calls a replay may make and
 * their ranges, every world in it by the engine's own check and the page's load limits.
 */
import { ENGINE_REVISION, MAX_COORDINATE, World } from '../../physics/index';
import { findScene } from '../../scenes/index';
import { MAX_HISTORY_BODIES } from '../history/history';
import { worldToText, type InputOp } from '../history/ops';
import type { Recording, RecordedStep } from '../history/timeline';
import { MATERIAL_KEYS } from '../shared/material';
import { LIMITS } from '../shared/settings';
import { JsonShapeGuard, checkWorldWork } from './load-limits';
import { MAX_SAVE_BYTES, inWords } from './save-load';

export const REPLAY_FORMAT = 'jostle-replay';
export const REPLAY_VERSION = 1;
/** Most steps a replay may hold: two minutes at the fastest rate the panel allows. */
export const MAX_REPLAY_STEPS = 120 * LIMITS.hertz[1];
/** Most inputs one step may hold (a step sees a few pointer moves). */
export const MAX_OPS_PER_STEP = 1000;
/** Most whole worlds (sprays, scenes, undos) a replay may hold. */
export const MAX_REPLAY_WORLDS = 200;

/** A replay file. */
export interface ReplayFile {
  format: typeof REPLAY_FORMAT;
  version: typeof REPLAY_VERSION;
  /**
   * The engine revision (ENGINE_REVISION) that stepped the recording: its hashes hold for that
   * revision only. Missing in files saved before revisions were noted, and when unknown.
   */
  engine?: number;
  /** The scene the world came from. */
  scene: string;
  /** Whether time ran paused at the start (a paused page does not drive a held body). */
  paused: boolean;
  start: unknown;
  /** [dt s, hash] or [dt s, hash, inputs]. */
  steps: Array<[number, number] | [number, number, unknown[]]>;
}

/** A checked replay, ready to play. */
export interface LoadedReplay {
  scene: string | null;
  recording: Recording;
}

/** A recording as a replay file (allocates the JSON objects). */
export function writeReplay(rec: Recording, scene: string): ReplayFile {
  const op = (o: InputOp): unknown => ('world' in o ? { world: JSON.parse(o.world) as unknown } : { call: o.call, args: o.args });
  const engine = rec.engine === undefined ? ENGINE_REVISION : rec.engine;
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    ...(engine === null ? {} : { engine }),
    scene,
    paused: rec.paused,
    start: JSON.parse(rec.start) as unknown,
    steps: rec.steps.map((s) => (s.ops === null ? [s.dt, s.hash] : [s.dt, s.hash, s.ops.map(op)])),
  };
}

/**
 * What to say of a replay recorded by another engine revision, before it plays (it may
 * diverge) or after it `diverged` (why): '' for this page's own revision.
 */
export function olderEngine(engine: number | null | undefined, diverged = false): string {
  if (engine === undefined || engine === ENGINE_REVISION) return '';
  const then = diverged ? ': if the physics has changed since, that is why' : ', so it may diverge where the physics has changed since';
  if (engine === null) return ` It does not say which engine recorded it (it was saved before replays noted that)${then}.`;
  const between = diverged ? 'whose physics differ' : 'so it may diverge where the physics changed between them';
  return ` It was recorded by engine revision ${engine} and this page runs revision ${ENGINE_REVISION}, ${between}.`;
}

/** Parses and checks a replay file's text; throws an Error saying what is wrong. Changes nothing. */
export function parseReplay(text: string): LoadedReplay {
  if (text.length > MAX_SAVE_BYTES) throw new Error(`the file is larger than ${MAX_SAVE_BYTES / 1024 / 1024} MB`);
  new JsonShapeGuard().feedText(text);
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    throw new Error('it is not JSON (it has a typo or is cut short)', { cause: error });
  }
  if (!isRecord(root)) throw new Error('it is not a Jostle replay (expected a JSON object)');
  if (root.format !== REPLAY_FORMAT) {
    throw new Error(`it is not a Jostle replay (format is ${JSON.stringify(root.format) ?? 'missing'}, expected "${REPLAY_FORMAT}")`);
  }
  if (root.version !== REPLAY_VERSION) throw new Error(`it was written by a version this page cannot play (version ${JSON.stringify(root.version)}, expected ${REPLAY_VERSION})`);
  for (const key of Object.keys(root)) {
    if (!['format', 'version', 'engine', 'scene', 'paused', 'start', 'steps'].includes(key)) throw new Error(`the file has an unknown field ${JSON.stringify(key)}`);
  }
  const engine = root.engine ?? null;
  if (engine !== null && !(typeof engine === 'number' && Number.isInteger(engine) && engine >= 1)) {
    throw new Error(`engine must be the engine revision that recorded the replay, a whole number from 1, got ${show(engine)}`);
  }
  if (typeof root.paused !== 'boolean') throw new Error(`paused must be true or false, got ${show(root.paused)}`);
  const worlds = { count: 0 };
  const start = readWorld('start', root.start, worlds);
  if (!Array.isArray(root.steps)) throw new Error(`steps must be a list, got ${show(root.steps)}`);
  if (root.steps.length > MAX_REPLAY_STEPS) throw new Error(`it has ${root.steps.length} steps; this page plays at most ${MAX_REPLAY_STEPS}`);
  const steps = root.steps.map((raw, i) => readStep(`steps[${i}]`, raw, worlds));
  const scene = typeof root.scene === 'string' && findScene(root.scene) !== undefined ? root.scene : null;
  return { scene, recording: { start, paused: root.paused, steps, engine } };
}

function readStep(field: string, raw: unknown, worlds: { count: number }): RecordedStep {
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > 3) throw new Error(`${field} must be [dt, hash] or [dt, hash, inputs], got ${show(raw)}`);
  const [dt, hash, ops] = raw as unknown[];
  const [minHz, maxHz] = LIMITS.hertz;
  if (typeof dt !== 'number' || !(dt >= 1 / maxHz - 1e-12 && dt <= 1 / minHz + 1e-12)) {
    throw new Error(`${field}: the step time must be between 1/${maxHz} and 1/${minHz} s, got ${show(dt)}`);
  }
  if (typeof hash !== 'number' || !Number.isInteger(hash) || hash < 0 || hash > 0xffffffff) throw new Error(`${field}: the hash must be a whole number from 0 to 4294967295, got ${show(hash)}`);
  if (ops === undefined) return { dt, hash, ops: null };
  if (!Array.isArray(ops) || ops.length > MAX_OPS_PER_STEP) throw new Error(`${field}: the inputs must be a list of at most ${MAX_OPS_PER_STEP}, got ${show(ops)}`);
  return { dt, hash, ops: ops.map((op, k) => readOp(`${field} input ${k}`, op, worlds)) };
}

/** How a call's arguments are checked: each a kind, in order. */
type ArgKind = 'id' | 'coordinate' | 'velocity' | 'object' | 'material' | 'boolean' | 'hertz' | 'timeScale' | 'materialValue';
/** The calls a replay may make, with their arguments: the physics host's actions. */
const CALLS: Record<string, readonly ArgKind[]> = {
  spawn: ['object'],
  remove: ['id'],
  grab: ['id', 'coordinate', 'coordinate'],
  drag: ['coordinate', 'coordinate'],
  release: ['velocity', 'velocity'],
  setOptions: ['object'],
  setMaterialAll: ['material', 'materialValue'],
  setClock: ['boolean', 'hertz', 'timeScale'],
};

function readOp(field: string, raw: unknown, worlds: { count: number }): InputOp {
  if (!isRecord(raw)) throw new Error(`${field} must be an object, got ${show(raw)}`);
  if ('world' in raw) return { world: readWorld(`${field}.world`, raw.world, worlds) };
  const call = raw.call;
  const kinds = typeof call === 'string' && Object.hasOwn(CALLS, call) ? CALLS[call] : undefined;
  if (kinds === undefined) throw new Error(`${field}: ${show(call)} is not an action this page can replay (known: ${Object.keys(CALLS).join(', ')})`);
  const args: unknown = raw.args;
  if (!Array.isArray(args) || args.length !== kinds.length) throw new Error(`${field}: ${String(call)} takes ${kinds.length} arguments, got ${show(args)}`);
  const list = args as unknown[];
  kinds.forEach((kind, k) => checkArg(`${field}: ${String(call)} argument ${k + 1}`, kind, list[k], list));
  if (call === 'setOptions') {
    try {
      checkWorldWork({ options: list[0] });
    } catch (error) {
      throw new Error(`${field}: ${(error as Error).message.replace('its world option', 'the option')}`, { cause: error });
    }
  }
  return { call: call as string, args: list };
}

function checkArg(field: string, kind: ArgKind, value: unknown, args: unknown[]): unknown {
  const range = (min: number, max: number): true => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) throw new Error(`${field} must be a number from ${min} to ${max}, got ${show(value)}`);
    return true;
  };
  switch (kind) {
    case 'id':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`${field} must be a body id (a whole number from 0), got ${show(value)}`);
      return;
    case 'coordinate':
      return range(-MAX_COORDINATE, MAX_COORDINATE);
    case 'velocity':
      return range(-1e4, 1e4);
    case 'boolean':
      if (typeof value !== 'boolean') throw new Error(`${field} must be true or false, got ${show(value)}`);
      return;
    case 'hertz':
      return range(LIMITS.hertz[0], LIMITS.hertz[1]);
    case 'timeScale':
      return range(LIMITS.timeScale[0], LIMITS.timeScale[1]);
    case 'material':
      if (!MATERIAL_KEYS.includes(value as (typeof MATERIAL_KEYS)[number])) throw new Error(`${field} must be one of ${MATERIAL_KEYS.join(', ')}, got ${show(value)}`);
      return;
    case 'materialValue':
    {
      const [min, max] = LIMITS[args[0] as (typeof MATERIAL_KEYS)[number]];
      return range(min, max);
    }
    case 'object':
      // The engine checks the fields when the call runs; here only that nothing but plain values can reach it.
      if (!isRecord(value) || !plainValues(value, 0)) throw new Error(`${field} must be an object of numbers, text and true/false, got ${show(value)}`);
  }
}

/** Whether `value` holds only finite numbers, text, booleans and such objects (two levels: gravity's x and y). */
function plainValues(value: Record<string, unknown>, depth: number): boolean {
  return Object.values(value).every((v) =>
    typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' || typeof v === 'boolean' || (depth < 1 && isRecord(v) && plainValues(v, depth + 1)),
  );
}

function readWorld(field: string, raw: unknown, worlds: { count: number }): string {
  if (raw === undefined) throw new Error(`${field} is missing: a replay needs the world it starts from`);
  if (++worlds.count > MAX_REPLAY_WORLDS) throw new Error(`it holds more than ${MAX_REPLAY_WORLDS} whole worlds`);
  if (isRecord(raw) && Array.isArray(raw.bodies) && raw.bodies.length > MAX_HISTORY_BODIES) {
    throw new Error(`${field} has ${raw.bodies.length} bodies; replays play worlds of at most ${MAX_HISTORY_BODIES.toLocaleString('en-US')}`);
  }
  try {
    checkWorldWork(raw);
    return worldToText(World.fromJSON(raw));
  } catch (error) {
    throw new Error(`${field} is not a valid world: ${inWords((error as Error).message)}`, { cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value for a message: short JSON. */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
