/**
 * The inspector's fields without the DOM: which there are, how a value prints, how typed text
 * becomes a patch (or a message naming the field and the text), and what a group of selected
 * bodies has in common. The engine checks the ranges (body-patch.ts); this only reads numbers.
 */
import type { Body, BodyType } from '../../physics/index';
import type { BodyPatch } from './body-patch';

/** The numeric fields, as BodyPatch names them. */
export type NumberField = 'x' | 'y' | 'vx' | 'vy' | 'halfWidth' | 'halfHeight' | 'radius' | 'restitution' | 'friction' | 'density';

export interface FieldSpec {
  key: NumberField;
  /** What the inspector calls it. */
  label: string;
  unit: string;
  /** Whether it can be edited on several bodies at once (material); position, velocity and size are one body's. */
  bulk: boolean;
}

/** In the order the inspector lists them. */
export const INSPECTOR_FIELDS: readonly FieldSpec[] = [
  { key: 'x', label: 'x', unit: 'm', bulk: false },
  { key: 'y', label: 'y', unit: 'm', bulk: false },
  { key: 'vx', label: 'vx', unit: 'm/s', bulk: false },
  { key: 'vy', label: 'vy', unit: 'm/s', bulk: false },
  { key: 'halfWidth', label: 'half width', unit: 'm', bulk: false },
  { key: 'halfHeight', label: 'half height', unit: 'm', bulk: false },
  { key: 'radius', label: 'radius', unit: 'm', bulk: false },
  { key: 'restitution', label: 'restitution', unit: '', bulk: true },
  { key: 'friction', label: 'friction', unit: '', bulk: true },
  { key: 'density', label: 'density', unit: 'kg/m²', bulk: true },
];

export const BODY_TYPES: readonly BodyType[] = ['dynamic', 'kinematic', 'static'];

/** What a field shows for several bodies that differ in it. */
export const MIXED = 'mixed';

/** A number as the inspector prints it: up to 4 decimals, no trailing zeros, never "-0". */
export function formatValue(value: number): string {
  const text = value.toFixed(4).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The patch that typed `text` asks for in field `key`, or an Error naming the field and the
 * text when it is not a number. Ranges are the engine's to judge.
 */
export function parseField(key: NumberField, text: string): BodyPatch {
  const trimmed = text.trim();
  const label = INSPECTOR_FIELDS.find((f) => f.key === key)?.label ?? key;
  if (!NUMBER.test(trimmed)) throw new Error(`${label} must be a number, got ${JSON.stringify(text)}`);
  const value = Number(trimmed);
  if (!Number.isFinite(value)) throw new Error(`${label} must be a finite number, got ${JSON.stringify(text)}`);
  return { [key]: value };
}

/** The value `read` gives every body, or MIXED when they differ; null for none. */
export function common<T>(bodies: readonly Body[], read: (b: Body) => T): T | typeof MIXED | null {
  if (bodies.length === 0) return null;
  const first = read(bodies[0]);
  return bodies.every((b) => read(b) === first) ? first : MIXED;
}

/** The sleep state in words: static bodies never move, the others are awake or asleep. */
export function sleepState(bodies: readonly Body[]): string {
  const state = common(bodies, (b) => (b.type === 'static' ? 'static: never moves' : b.isAwake ? 'awake' : 'asleep'));
  return state ?? '';
}
