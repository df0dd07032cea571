/**
 * The metre grid behind the bodies: minor lines at a power of ten that keeps them at least
 * MIN_GRID_PX apart on screen, major lines every ten minor ones, and the two axes.
 */

const MIN_GRID_PX = 14; // CSS px between minor lines, at least

/** Minor grid spacing (m) for a zoom of `scale` CSS px per m. */
export function gridStep(scale: number): number {
  return Math.pow(10, Math.ceil(Math.log10(MIN_GRID_PX / scale)));
}

/** Grid colours, CSS and as 0..1 RGB for shaders. */
export const GRID_MINOR = [22 / 255, 27 / 255, 34 / 255] as const;
export const GRID_MAJOR = [32 / 255, 39 / 255, 49 / 255] as const;
export const GRID_AXIS = [48 / 255, 58 / 255, 72 / 255] as const;

/** A 0..1 RGB triple as a CSS colour. */
export function rgbCss(c: readonly [number, number, number]): string {
  return `rgb(${Math.round(c[0] * 255)},${Math.round(c[1] * 255)},${Math.round(c[2] * 255)})`;
}
