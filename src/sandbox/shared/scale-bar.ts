/**
 * The scale bar's length: the longest of a few round lengths whose bar fits a pixel budget at
 * the camera's zoom, so the bar reads "1 m" or "0.5 m" rather than "0.73 m". No DOM.
 */

/** The lengths the bar can show, m, shortest first. */
export const SCALE_LENGTHS = [0.1, 0.2, 0.5, 1, 2, 5, 10] as const;

/** The bar for `pxPerMetre`: its length (m), its width (CSS px) and its label. */
export interface ScaleBar {
  metres: number;
  px: number;
  label: string;
}

/**
 * The longest round length whose bar is at most `maxPx` wide; when even 0.1 m is wider (zoomed
 * far in) the shortest, when 10 m is narrower (zoomed far out) the longest.
 */
export function scaleBar(pxPerMetre: number, maxPx = 120): ScaleBar {
  let metres: number = SCALE_LENGTHS[0];
  for (const length of SCALE_LENGTHS) if (length * pxPerMetre <= maxPx) metres = length;
  return { metres, px: metres * pxPerMetre, label: `${metres} m` };
}
