/**
 * Snapshots: the world as plain JSON, and back. A snapshot holds everything that affects the
 * next step (slots with their generations and free order, positions, velocities, shapes, sleep
 * state and timers, fat boxes, the tree-move count, and the pair cache in order with its warm
 * starts), so a restored world steps bit for bit like the original. Trees are not stored: the
 * broadphase finds pairs in an order that does not depend on their shape.
 *
 * Reading checks everything before building anything and throws an Error naming the first
 * field that is wrong.
 */
import { checkMaterial, checkShape, inverseMass, parseBodyType, type BodyDef } from './body-def.js';
import { MATERIAL_FIELDS, MATERIAL_NAMES, type MaterialName } from './body-schema.js';
import { BODY_DYNAMIC, BODY_FREE, BODY_STATIC, BODY_TYPE_NAMES, FAT_STRIDE, type BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import { canCollide } from './filter.js';
import { checkArray, checkBoolean, checkInteger, checkNumber, checkObject, checkKeys, describe } from './validate.js';
import { DEFAULT_OPTIONS, mergeOptions, type WorldOptions } from './world-options.js';

/** `format` of every world snapshot: tells a Jostle world from any other JSON. */
export const SNAPSHOT_FORMAT = 'jostle-world';
/**
 * The version written. Version 1 (no friction) is still read: its bodies get friction 0. Body
 * fields added since (damping, gravity scale, sensor, collision filter) are optional in both
 * versions and take their defaults when missing, so older files load unchanged.
 */
export const SNAPSHOT_VERSION = 2;

/**
 * One live body in a snapshot. The fields from `BodyDef` (linearDamping, gravityScale, sensor,
 * category, mask, group) were added while version 2 was current, so a version 2 file may lack
 * them (as may a version 1 file): each then takes its `BodyDef` default. They are always written.
 */
export interface BodySnapshot extends Pick<BodyDef, 'linearDamping' | 'gravityScale' | 'sensor' | 'category' | 'mask' | 'group'> {
  /** Slot index: the body's `id`. */
  id: number;
  /** The slot's generation, so handles made after a restore tell reused slots apart. */
  generation: number;
  /** How the body moves. */
  type: 'dynamic' | 'static' | 'kinematic';
  /** Centre x, m. */
  x: number;
  /** Centre y, m. */
  y: number;
  /** Velocity x, m/s. */
  vx: number;
  /** Velocity y, m/s. */
  vy: number;
  /** Half width of the inner rectangle, m. */
  halfWidth: number;
  /** Half height of the inner rectangle, m. */
  halfHeight: number;
  /** Corner radius, m. */
  radius: number;
  /** kg/m². */
  density: number;
  /** Coefficient of restitution, in [0, 1]. */
  restitution: number;
  /** Coulomb friction coefficient (absent from version 1 snapshots, which load with 0). */
  friction: number;
  /** False while the body sleeps. */
  awake: boolean;
  /** s the body has rested towards sleep. */
  sleepTime: number;
  /** Fat box [minX, minY, maxX, maxY] in m. */
  fat: [number, number, number, number];
  /** The body's `userData`, when it has one. */
  userData?: unknown;
}

/**
 * A whole world as plain JSON, from `world.toJSON()` (so `JSON.stringify(world)` works) and back
 * with `World.fromJSON`: a restored world steps bit for bit like the original.
 */
export interface WorldSnapshot {
  /** Always {@link SNAPSHOT_FORMAT}. */
  format: typeof SNAPSHOT_FORMAT;
  /** SNAPSHOT_VERSION when written; 1 is also read. */
  version: number;
  /** The world's options. */
  options: WorldOptions;
  /** One past the highest slot used. */
  slotCount: number;
  /** The live bodies, in slot order. */
  bodies: BodySnapshot[];
  /** Free slots in reuse order (the last is reused first) with their generations. */
  freeSlots: Array<[number, number]>;
  /**
   * Cached pairs in order: [a, b, warm-start impulse, touching 0 | 1, warm-start friction
   * impulse] (version 1: the first four).
   */
  pairs: Array<[number, number, number, number, number]>;
  /** Tree moves since the last rebuild, which also re-sorts the pairs: it decides when. */
  treeMoves: number;
}

const BODY_KEYS = [
  'id',
  'generation',
  'type',
  'x',
  'y',
  'vx',
  'vy',
  'halfWidth',
  'halfHeight',
  'radius',
  ...MATERIAL_NAMES,
  'awake',
  'sleepTime',
  'fat',
  'userData',
];

/** Writes the snapshot (allocates; not for every step). @internal */
export function writeSnapshot(s: BodyStore, bp: Broadphase, options: WorldOptions): WorldSnapshot {
  const bodies: BodySnapshot[] = [];
  for (let i = 0; i < s.end; i++) {
    const kind = s.kind[i];
    if (kind === BODY_FREE) continue;
    const b: BodySnapshot = {
      id: i,
      generation: s.generation[i],
      type: BODY_TYPE_NAMES[kind] as BodySnapshot['type'],
      x: s.x[i],
      y: s.y[i],
      vx: s.vx[i],
      vy: s.vy[i],
      halfWidth: s.halfWidth[i],
      halfHeight: s.halfHeight[i],
      radius: s.radius[i],
      density: s.density[i],
      restitution: s.restitution[i],
      friction: s.friction[i],
      linearDamping: s.linearDamping[i],
      gravityScale: s.gravityScale[i],
      sensor: s.sensor[i] === 1,
      category: s.category[i],
      mask: s.mask[i],
      group: s.group[i],
      awake: s.awake[i] === 1,
      sleepTime: s.sleepTime[i],
      fat: [s.fat[i * FAT_STRIDE], s.fat[i * FAT_STRIDE + 1], s.fat[i * FAT_STRIDE + 2], s.fat[i * FAT_STRIDE + 3]],
    };
    const userData = s.userData.get(i);
    if (userData !== undefined) b.userData = userData;
    bodies.push(b);
  }
  const freeSlots: Array<[number, number]> = [];
  for (let k = 0; k < s.freeCount; k++) {
    const i = s.freeSlots[k];
    freeSlots.push([i, s.generation[i]]);
  }
  const pairs: Array<[number, number, number, number, number]> = [];
  const cache = bp.pairs;
  for (let p = 0; p < cache.count; p++) {
    pairs.push([cache.a[p], cache.b[p], cache.impulse[p], cache.touching[p], cache.tangentImpulse[p]]);
  }
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    options: { ...options, gravity: { ...options.gravity } },
    slotCount: s.end,
    bodies,
    freeSlots,
    pairs,
    treeMoves: bp.movedSinceBuild,
  };
}

const MAX_SLOTS = 1 << 24;

/** Largest position or fat-box coordinate a snapshot may hold (m). */
const MAX_STATE_COORDINATE = 1e30; // m
/** Largest speed a snapshot may hold (m/s): a solve can pass MAX_SPEED, never by this much. */
const MAX_STATE_SPEED = 1e10; // m/s

/**
 * Positions, fat boxes and velocities are state, not input: the step may carry a body past
 * MAX_COORDINATE or knock it faster than MAX_SPEED, so a snapshot takes more than a user may
 * set; but fat boxes are float32, so positions and boxes stay far inside float32's range.
 */
function checkStateCoordinate(field: string, value: unknown): number {
  return checkNumber(field, value, -MAX_STATE_COORDINATE, MAX_STATE_COORDINATE);
}

function checkStateVelocity(where: string, kind: number, vx: unknown, vy: unknown): [number, number] {
  const cx = checkNumber(`${where}vx`, vx, -MAX_STATE_SPEED, MAX_STATE_SPEED);
  const cy = checkNumber(`${where}vy`, vy, -MAX_STATE_SPEED, MAX_STATE_SPEED);
  if (kind === BODY_STATIC && (cx !== 0 || cy !== 0)) {
    throw new Error(`${where}vx/vy: a static body cannot move, got velocity (${cx}, ${cy})`);
  }
  return [cx, cy];
}

/**
 * A material field of a body in a snapshot; version 1 predates some and gives their old value,
 * and the optional fields (added while version 2 was current) take their default when missing.
 */
function readMaterial(name: MaterialName, where: string, value: unknown, version: number): number {
  const field = MATERIAL_FIELDS[name];
  if (value === undefined) {
    if (version === 1 && field.inVersion1 !== undefined) return field.inVersion1;
    if (field.optional) return field.default;
  }
  return checkMaterial(name, `${where}${name}`, value);
}

/** A body's fat box entries, by index, for the messages. */
const FAT_FIELDS = ['fat[0]', 'fat[1]', 'fat[2]', 'fat[3]'];

/**
 * Checks one body of a snapshot; `where` prefixes the field names in the messages ('' for bare
 * names). Marks its slot in `seen` and its kind in `kinds` only once every check passed, so a
 * failed check can be run again for its message.
 */
function readBody(raw: unknown, where: string, slotCount: number, seen: Uint8Array, kinds: Uint8Array, version: number) {
  const whole = where === '' ? 'body' : where.slice(0, -1);
  const b = checkObject(whole, raw);
  checkKeys(whole, b, BODY_KEYS);
  const id = checkInteger(`${where}id`, b.id, 0, slotCount - 1);
  if (seen[id]) throw new Error(`${where}id: slot ${id} appears twice`);
  const generation = checkInteger(`${where}generation`, b.generation, 0, 0xffffffff);
  const kind = parseBodyType(`${where}type`, b.type);
  const [hw, hh, r] = checkShape(where, b.halfWidth, b.halfHeight, b.radius);
  const [vx, vy] = checkStateVelocity(where, kind, b.vx, b.vy);
  const fat = checkArray(`${where}fat`, b.fat);
  if (fat.length !== 4) throw new Error(`${where}fat must hold 4 numbers, got ${fat.length}`);
  const box = fat.map((v, j) => checkStateCoordinate(`${where}${FAT_FIELDS[j]}`, v));
  if (box[0] > box[2] || box[1] > box[3]) throw new Error(`${where}fat: min exceeds max in [${box.join(', ')}]`);
  const x = checkStateCoordinate(`${where}x`, b.x);
  const y = checkStateCoordinate(`${where}y`, b.y);
  // Between steps every body lies inside its fat box: queries rely on it.
  if (x - (hw + r) < box[0] || y - (hh + r) < box[1] || x + hw + r > box[2] || y + hh + r > box[3]) {
    throw new Error(`${where}fat: [${box.join(', ')}] does not contain the body at (${x}, ${y})`);
  }
  const material = MATERIAL_NAMES.map((name) => readMaterial(name, where, b[name], version));
  const awake = checkBoolean(`${where}awake`, b.awake);
  const sleepTime = checkNumber(`${where}sleepTime`, b.sleepTime, 0, MAX_STATE_COORDINATE); // float32
  seen[id] = 1;
  kinds[id] = kind;
  return { id, generation, kind, x, y, vx, vy, hw, hh, r, material, awake, sleepTime, box, userData: b.userData };
}

/**
 * Checks one pair of a snapshot; `where` names it in the messages ('' for bare names). Adds its
 * key to `keys` only once every check passed (see `readBody`).
 */
function readPair(raw: unknown, where: string, slotCount: number, kinds: Uint8Array, keys: Set<number>, version: number) {
  const p = checkArray(where === '' ? 'pair' : where, raw);
  const items = version === 1 ? 4 : 5;
  if (p.length !== items) {
    const shape = version === 1 ? '[a, b, impulse, touching]' : '[a, b, impulse, touching, friction impulse]';
    throw new Error(`${where} must be ${shape}, got ${p.length} items`);
  }
  const a = checkInteger(`${where}[0]`, p[0], 0, slotCount - 1);
  const b = checkInteger(`${where}[1]`, p[1], 0, slotCount - 1);
  if (a >= b) throw new Error(`${where}: a must be less than b, got ${a} and ${b}`);
  if (kinds[a] === BODY_FREE || kinds[b] === BODY_FREE) throw new Error(`${where}: names a free slot (${a}, ${b})`);
  if (kinds[a] !== BODY_DYNAMIC && kinds[b] !== BODY_DYNAMIC) {
    throw new Error(`${where}: pair (${a}, ${b}) has no dynamic body`);
  }
  const key = a * MAX_SLOTS + b;
  if (keys.has(key)) throw new Error(`${where}: pair (${a}, ${b}) appears twice`);
  const impulse = checkNumber(`${where}[2]`, p[2], 0, MAX_STATE_COORDINATE); // float32
  const touching = checkInteger(`${where}[3]`, p[3], 0, 1);
  const tangent = version === 1 ? 0 : checkNumber(`${where}[4]`, p[4], -MAX_STATE_COORDINATE, MAX_STATE_COORDINATE);
  keys.add(key);
  return [a, b, impulse, touching, tangent] as const;
}

/**
 * Checks `json` in full, then fills the empty store and broadphase from it and returns the
 * options. Nothing is written unless everything checks out.
 * @internal
 */
export function readSnapshot(json: unknown, s: BodyStore, bp: Broadphase): WorldOptions {
  const root = checkObject('snapshot', json);
  checkKeys('snapshot', root, ['format', 'version', 'options', 'slotCount', 'bodies', 'freeSlots', 'pairs', 'treeMoves']);
  if (root.format !== SNAPSHOT_FORMAT) {
    throw new Error(`snapshot.format must be ${JSON.stringify(SNAPSHOT_FORMAT)}, got ${describe(root.format)}`);
  }
  if (root.version !== SNAPSHOT_VERSION && root.version !== 1) {
    throw new Error(`snapshot.version must be 1 or ${SNAPSHOT_VERSION}, got ${describe(root.version)}`);
  }
  const version = root.version;
  let options: WorldOptions;
  try {
    options = mergeOptions(DEFAULT_OPTIONS, root.options, 'snapshot.options');
  } catch (e) {
    const message = (e as Error).message;
    throw new Error(message.startsWith('snapshot.options') ? message : `snapshot.options: ${message}`);
  }
  const slotCount = checkInteger('snapshot.slotCount', root.slotCount, 0, MAX_SLOTS);
  const bodies = checkArray('snapshot.bodies', root.bodies);
  const freeSlots = checkArray('snapshot.freeSlots', root.freeSlots);
  const pairs = checkArray('snapshot.pairs', root.pairs);
  const treeMoves = checkInteger('snapshot.treeMoves', root.treeMoves, 0, Number.MAX_SAFE_INTEGER);

  const seen = new Uint8Array(slotCount);
  const kinds = new Uint8Array(slotCount);
  // Each body and pair is checked first with bare field names, which cost nothing to build,
  // and only when a check fails again with its place in the file for the message: building
  // "snapshot.bodies[k].x" for every field of every body took a third of a big restore.
  const checked = bodies.map((raw, k) => {
    try {
      return readBody(raw, '', slotCount, seen, kinds, version);
    } catch {
      return readBody(raw, `snapshot.bodies[${k}].`, slotCount, seen, kinds, version);
    }
  });
  const free = freeSlots.map((raw, k) => {
    const where = `snapshot.freeSlots[${k}]`;
    const f = checkArray(where, raw);
    if (f.length !== 2) throw new Error(`${where} must be [slot, generation], got ${f.length} items`);
    const id = checkInteger(`${where}[0]`, f[0], 0, slotCount - 1);
    if (seen[id]) throw new Error(`${where}: slot ${id} is both free and used`);
    seen[id] = 1;
    return [id, checkInteger(`${where}[1]`, f[1], 0, 0xffffffff)] as const;
  });
  for (let i = 0; i < slotCount; i++) {
    if (!seen[i]) throw new Error(`snapshot: slot ${i} is neither a body nor free`);
  }
  const keys = new Set<number>();
  const checkedPairs = pairs.map((raw, k) => {
    try {
      return readPair(raw, '', slotCount, kinds, keys, version);
    } catch {
      return readPair(raw, `snapshot.pairs[${k}]`, slotCount, kinds, keys, version);
    }
  });

  // Everything checked: build.
  s.grow(Math.max(64, slotCount));
  s.end = slotCount;
  s.count = checked.length;
  for (const b of checked) {
    const i = b.id;
    s.kind[i] = b.kind;
    s.generation[i] = b.generation;
    s.awake[i] = b.kind === BODY_STATIC ? 0 : b.awake ? 1 : 0;
    s.x[i] = b.x;
    s.y[i] = b.y;
    s.prevX[i] = b.x;
    s.prevY[i] = b.y;
    s.vx[i] = b.vx;
    s.vy[i] = b.vy;
    s.halfWidth[i] = b.hw;
    s.halfHeight[i] = b.hh;
    s.radius[i] = b.r;
    MATERIAL_NAMES.forEach((name, k) => (s[name][i] = b.material[k]));
    s.invMass[i] = inverseMass(b.kind, b.hw, b.hh, b.r, s.density[i]);
    s.sleepTime[i] = b.sleepTime;
    s.fat.set(b.box, i * FAT_STRIDE);
    s.setUserData(i, b.userData);
  }
  s.freeCount = 0;
  for (const [i, generation] of free) {
    s.kind[i] = BODY_FREE;
    s.generation[i] = generation;
    s.freeSlots[s.freeCount++] = i;
  }
  bp.rebuildAll();
  for (const [a, b, impulse, touching, tangent] of checkedPairs) bp.pairs.add(a, b, impulse, touching, tangent);
  checkPairsMatchBoxes(s, bp);
  bp.movedSinceBuild = treeMoves;
  return options;
}

/**
 * The pair cache must hold exactly the pairs of overlapping fat boxes with a dynamic body: the
 * broadphase only re-tests pairs whose bodies move, and tells old pairs from new ones by the fat
 * boxes, so a snapshot that disagrees would lose or double pairs later.
 */
function checkPairsMatchBoxes(s: BodyStore, bp: Broadphase): void {
  const f = s.fat;
  const pairs = bp.pairs;
  for (let p = 0; p < pairs.count; p++) {
    const a = pairs.a[p] * FAT_STRIDE;
    const b = pairs.b[p] * FAT_STRIDE;
    if (f[a] > f[b + 2] || f[b] > f[a + 2] || f[a + 1] > f[b + 3] || f[b + 1] > f[a + 3]) {
      throw new Error(`snapshot.pairs: bodies ${pairs.a[p]} and ${pairs.b[p]} are paired but their fat boxes do not overlap`);
    }
    if (!canCollide(s, pairs.a[p], pairs.b[p])) {
      throw new Error(`snapshot.pairs: bodies ${pairs.a[p]} and ${pairs.b[p]} are paired but their collision filters exclude each other`);
    }
  }
  for (let i = 0; i < s.end; i++) {
    if (s.kind[i] === BODY_FREE) continue;
    const o = i * FAT_STRIDE;
    const hits = bp.queryFat(f[o], f[o + 1], f[o + 2], f[o + 3]);
    for (let h = 0; h < bp.queryCount; h++) {
      const j = hits[h];
      if (j <= i || (s.kind[i] !== BODY_DYNAMIC && s.kind[j] !== BODY_DYNAMIC) || !canCollide(s, i, j)) continue;
      if (pairs.find(i, j) < 0) throw new Error(`snapshot.pairs: bodies ${i} and ${j} have overlapping fat boxes but no pair`);
    }
  }
}
