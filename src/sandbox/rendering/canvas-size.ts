/** Sizing a canvas's backing store for crisp drawing on HiDPI screens. */

/** Sets the backing store to the CSS size times the device pixel ratio (at least 1×1). */
export function sizeCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number, ratio: number): void {
  canvas.width = Math.max(1, Math.round(cssWidth * ratio));
  canvas.height = Math.max(1, Math.round(cssHeight * ratio));
}
