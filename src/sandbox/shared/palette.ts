/**
 * Colours: one hue per shape family, warming toward white-hot with speed; static bodies slate,
 * kinematic ones steel; sleeping bodies dimmed toward the background. Colours are packed as
 * RGBA bytes in a Uint32 (little-endian: r is the low byte), the layout the renderers upload.
 */
import { KIND_KINEMATIC, KIND_STATIC } from './world-view';

type Rgb = readonly [number, number, number];

/** Page and canvas background. */
export const BACKGROUND: Rgb = [14, 17, 22];
const FAMILY: readonly Rgb[] = [
  [56, 189, 248], // circle: sky
  [245, 158, 11], // box: amber
  [167, 139, 250], // rounded rect: violet
  [52, 211, 153], // capsule: emerald
];
const STATIC: Rgb = [58, 68, 84];
const KINEMATIC: Rgb = [148, 163, 184];
const HOT: Rgb = [255, 236, 190];
const HOT_SPEED = 25; // m/s at which a body is as hot as it gets
const HOT_MIX = 0.75; // how far toward HOT the fastest bodies go
/** A sleeping body keeps this share of its colour: a hint, not a body that looks switched off (the debug layer marks sleep plainly). */
const SLEEP_DIM = 0.8;

/** Packs bytes into the renderers' RGBA layout. */
export function packRgba(r: number, g: number, b: number, a = 255): number {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** The packed colour of a body. Does not allocate. */
export function bodyColor(kind: number, family: number, speed: number, awake: boolean): number {
  let base: Rgb;
  let t = 0;
  if (kind === KIND_STATIC) base = STATIC;
  else if (kind === KIND_KINEMATIC) base = KINEMATIC;
  else {
    base = FAMILY[family];
    t = Math.min(1, speed / HOT_SPEED) * HOT_MIX;
  }
  let r = base[0] + (HOT[0] - base[0]) * t;
  let g = base[1] + (HOT[1] - base[1]) * t;
  let b = base[2] + (HOT[2] - base[2]) * t;
  if (!awake && kind !== KIND_STATIC) {
    r = BACKGROUND[0] + (r - BACKGROUND[0]) * SLEEP_DIM;
    g = BACKGROUND[1] + (g - BACKGROUND[1]) * SLEEP_DIM;
    b = BACKGROUND[2] + (b - BACKGROUND[2]) * SLEEP_DIM;
  }
  return packRgba(r | 0, g | 0, b | 0);
}

/** A packed colour as a CSS colour string (for the Canvas 2D renderer). Allocates. */
export function cssColor(rgba: number): string {
  return `rgb(${rgba & 255},${(rgba >>> 8) & 255},${(rgba >>> 16) & 255})`;
}

/** A CSS colour of the palette's background. */
export const BACKGROUND_CSS = `rgb(${BACKGROUND.join(',')})`;
