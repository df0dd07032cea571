/**
 * Save files: the engine's world snapshot wrapped with a small sandbox header (format, version,
 * scene, camera, spawn and material settings). Reading checks the whole file, including the
 * engine's own check of the snapshot, before anything changes, and throws an Error that says
 * what is wrong; the caller keeps the current scene on error. A bare engine snapshot
 * (`world.toJSON()`) loads too.
 */
import { MAX_COORDINATE, SNAPSHOT_FORMAT, World, type WorldSnapshot } from '../../physics/index';
import { findScene } from '../../scenes/index';
import { MAX_SCALE, MIN_SCALE } from '../shared/camera';
import type { Sandbox } from '../sandbox';
import { JsonShapeGuard, checkWorldWork } from './load-limits';
import { LIMITS, SHAPE_KINDS, defaultSettings, type Settings, type ShapeKind } from '../shared/settings';

export const SAVE_FORMAT = 'jostle-sandbox';
export const SAVE_VERSION = 1;
/** Largest file the page reads, bytes: a scene of 50,000 bodies is about 20 MB. */
export const MAX_SAVE_BYTES = 64 * 1024 * 1024;

/** The settings a save file carries. */
export type SavedSettings = Pick<
  Settings,
  'paused' | 'hertz' | 'timeScale' | 'restitution' | 'friction' | 'density' | 'shape' | 'size' | 'cornerRadius' | 'count'
>;

/** A save file. */
export interface SaveFile {
  format: typeof SAVE_FORMAT;
  version: typeof SAVE_VERSION;
  /** The scene it started from ("reset" opens it again). */
  scene: string;
  camera: { x: number; y: number; scale: number };
  settings: SavedSettings;
  world: WorldSnapshot;
}

/** A checked save file, ready to apply. */
export interface LoadedSave {
  world: World;
  scene: string | null;
  camera: SaveFile['camera'] | null;
  settings: Partial<SavedSettings>;
}

/** The sandbox as a save file (allocates the snapshot). */
export function writeSave(sandbox: Sandbox): SaveFile {
  const s = sandbox.settings;
  const c = sandbox.camera;
  return {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    scene: s.scene,
    camera: { x: c.x, y: c.y, scale: c.scale },
    settings: {
      paused: s.paused,
      hertz: s.hertz,
      timeScale: s.timeScale,
      restitution: s.restitution,
      friction: s.friction,
      density: s.density,
      shape: s.shape,
      size: s.size,
      cornerRadius: s.cornerRadius,
      count: s.count,
    },
    world: sandbox.world.toJSON(),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const FILE_KEYS = ['format', 'version', 'scene', 'camera', 'settings', 'world'];
/**
 * Settings that files of this version may lack because they were saved before the setting
 * existed: they load with its default, not with whatever the page had before.
 */
const ADDED_SETTINGS = ['friction'] as const;
const SETTING_KEYS = ['paused', 'hertz', 'timeScale', 'restitution', 'friction', 'density', 'shape', 'size', 'cornerRadius', 'count'];

/** Refuses fields this page does not know: a typo or a hostile key is reported, not ignored. */
function checkKnownKeys(where: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw new Error(`${where} has an unknown field ${JSON.stringify(key)}`);
  }
}

function checkRange(field: string, value: unknown, [min, max]: readonly [number, number]): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${field} must be a number, got ${JSON.stringify(value) ?? typeof value}`);
  if (value < min || value > max) throw new Error(`${field} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function readSettings(raw: unknown = {}): Partial<SavedSettings> {
  if (!isRecord(raw)) throw new Error('settings must be an object');
  checkKnownKeys('settings', raw, SETTING_KEYS);
  const out: Partial<SavedSettings> = {};
  const numeric = ['hertz', 'timeScale', 'restitution', 'friction', 'density', 'size', 'cornerRadius', 'count'] as const;
  for (const key of numeric) {
    if (raw[key] !== undefined) out[key] = checkRange(`settings.${key}`, raw[key], LIMITS[key]);
  }
  if (raw.paused !== undefined) {
    if (typeof raw.paused !== 'boolean') throw new Error(`settings.paused must be true or false, got ${JSON.stringify(raw.paused)}`);
    out.paused = raw.paused;
  }
  if (raw.shape !== undefined) {
    if (!SHAPE_KINDS.includes(raw.shape as ShapeKind)) {
      throw new Error(`settings.shape must be one of ${SHAPE_KINDS.join(', ')}, got ${JSON.stringify(raw.shape)}`);
    }
    out.shape = raw.shape as ShapeKind;
  }
  const defaults = defaultSettings();
  for (const key of ADDED_SETTINGS) out[key] ??= defaults[key];
  return out;
}

function readCamera(raw: unknown): SaveFile['camera'] | null {
  if (raw === undefined) return null;
  if (!isRecord(raw)) throw new Error('camera must be an object');
  checkKnownKeys('camera', raw, ['x', 'y', 'scale']);
  return {
    x: checkRange('camera.x', raw.x, [-MAX_COORDINATE, MAX_COORDINATE]),
    y: checkRange('camera.y', raw.y, [-MAX_COORDINATE, MAX_COORDINATE]),
    scale: checkRange('camera.scale', raw.scale, [MIN_SCALE, MAX_SCALE]),
  };
}

/** Parses and checks a save file's text; throws an Error saying what is wrong. Changes nothing. */
export function parseSave(text: string): LoadedSave {
  if (text.length > MAX_SAVE_BYTES) throw new Error(`the file is larger than ${MAX_SAVE_BYTES / 1024 / 1024} MB`);
  if (looksBinary(text)) throw new Error('it is not a saved scene but a binary file (an image or an archive?)');
  new JsonShapeGuard().feedText(text);
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not JSON: ${whereJsonBroke(text, (error as Error).message)}`, { cause: error });
  }
  if (!isRecord(root)) throw new Error('it is not a Jostle scene (expected a JSON object)');
  if (root.format === SNAPSHOT_FORMAT) return { world: readWorld(root), scene: null, camera: null, settings: readSettings(undefined) };
  if (root.format !== SAVE_FORMAT) {
    throw new Error(`it is not a Jostle scene (format is ${JSON.stringify(root.format) ?? 'missing'}, expected "${SAVE_FORMAT}")`);
  }
  if (root.version !== SAVE_VERSION) {
    throw new Error(`it was saved by a version this page cannot read (version ${JSON.stringify(root.version)}, expected ${SAVE_VERSION})`);
  }
  checkKnownKeys('the file', root, FILE_KEYS);
  const scene = typeof root.scene === 'string' && findScene(root.scene) !== undefined ? root.scene : null;
  const camera = readCamera(root.camera);
  const settings = readSettings(root.settings);
  return { world: readWorld(root.world), scene, camera, settings };
}

function readWorld(raw: unknown): World {
  if (raw === undefined) throw new Error('it has no world (the "world" field is missing)');
  checkWorldWork(raw);
  try {
    return World.fromJSON(raw);
  } catch (error) {
    throw new Error(`its world is invalid: ${inWords((error as Error).message)}`, { cause: error });
  }
}

/** Text a save file could not be: a NUL, a replacement character or many control bytes near the start. */
function looksBinary(text: string): boolean {
  const head = text.slice(0, 512);
  // eslint-disable-next-line no-control-regex
  return /[\u0000\uFFFD]/.test(head) || (head.match(/[\u0001-\u0008\u000E-\u001F]/g)?.length ?? 0) > 2;
}

/**
 * Where JSON.parse stopped, in words ("the text breaks off at the end", "unexpected text at
 * line 3, column 14"), from the position browsers put in their message. The message itself is
 * not shown: it quotes the raw text.
 */
function whereJsonBroke(text: string, message: string): string {
  if (/end of (JSON )?input|Unterminated/i.test(message)) return 'the text breaks off before it ends';
  const at = /position (\d+)/.exec(message);
  if (at === null) return 'it has a typo or is cut short';
  const pos = Math.min(text.length, Number(at[1]));
  if (pos >= text.trimEnd().length) return 'the text breaks off before it ends';
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `unexpected text at line ${line}, column ${column}`;
}

/** An engine message with the engine's "got nothing (the field is missing)" put as a sentence. */
export function inWords(message: string): string {
  return message.replace(/,? got nothing \(the field is missing\)/g, ' but it is missing');
}

/** Makes a checked save the sandbox's state. */
export function applySave(sandbox: Sandbox, loaded: LoadedSave): void {
  // The settings change once the world before is an undo entry, so that entry keeps its own scene.
  sandbox.replaceWorld(loaded.world, 'load file', () => {
    Object.assign(sandbox.settings, loaded.settings);
    sandbox.sceneLabel = null;
    if (loaded.scene !== null) sandbox.settings.scene = loaded.scene;
  });
  if (loaded.camera !== null) Object.assign(sandbox.camera, loaded.camera);
  else sandbox.fitView();
  sandbox.applySettings();
  sandbox.changed();
}
