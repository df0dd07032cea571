/**
 * Input checks. Every public entry point validates everything before it changes anything, so
 * bad input throws an Error that names the field and the value and leaves the world as it was.
 */

/** Largest coordinate (m) a body may be given: far beyond any scene, far below overflow. */
export const MAX_COORDINATE = 1e9; // m
/** Largest speed (m/s) a body may be given or reach; the step clamps to it. */
export const MAX_SPEED = 1e5; // m/s
/** Largest half extent or radius (m). */
export const MAX_SIZE = 1e6; // m
/** Largest density (kg/m²). */
export const MAX_DENSITY = 1e9; // kg/m²
/** Largest gravity component (m/s²). */
export const MAX_GRAVITY = 1e6; // m/s²
/** Largest time step (s). */
export const MAX_DT = 1; // s
/**
 * Smallest time step (s): far below any use, and far enough above zero that gap / dt and every
 * other division by a substep (dt / 64) stays finite.
 */
export const MIN_DT = 1e-9; // s

/** Formats a value for an error message: numbers and strings as written, anything else typed. */
export function describe(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (value === undefined) return 'nothing (the field is missing)';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** A finite number within [min, max], or an Error naming `field`. */
export function checkNumber(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`${field} must be a finite number, got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw new Error(`${field} must be between ${min} and ${max}, got ${describe(value)}`);
  }
  return value + 0; // + 0 turns -0 into 0, so snapshots (JSON has no -0) restore bit for bit
}

/** A finite number > 0 and <= max. */
export function checkPositive(field: string, value: unknown, max: number): number {
  const v = checkNumber(field, value, 0, max);
  if (v === 0) throw new Error(`${field} must be greater than 0, got 0`);
  return v;
}

/** An integer within [min, max]. */
export function checkInteger(field: string, value: unknown, min: number, max: number): number {
  const v = checkNumber(field, value, min, max);
  if (!Number.isInteger(v)) throw new Error(`${field} must be an integer, got ${describe(value)}`);
  return v;
}

/** A boolean. */
export function checkBoolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new Error(`${field} must be true or false, got ${describe(value)}`);
  return value;
}

/** A plain object (not null, not an array). */
export function checkObject(field: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${field} must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/** An array. */
export function checkArray(field: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${field} must be an array, got ${describe(value)}`);
  return value;
}

/** Throws on the first key of `value` that is not in `allowed`. */
export function checkKeys(where: string, value: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new Error(`${where}: unknown option ${JSON.stringify(key)} (known: ${allowed.join(', ')})`);
    }
  }
}
