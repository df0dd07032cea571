/**
 * The camera: maps the world (metres, y up) to the viewport (CSS pixels, y down, the
 * clientX/clientY of pointer events) and back, pans, zooms around a point and fits a box.
 */

/** An axis-aligned box in metres. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A point; metres or CSS pixels depending on the call. */
export interface Point {
  x: number;
  y: number;
}

/** Zoom limits. */
export const MIN_SCALE = 0.05; // CSS px per m: a 20 km wide view on a 1000 px screen
export const MAX_SCALE = 5000; // CSS px per m: 0.2 mm per pixel

export class Camera {
  /** Centre of the view, m. */
  x = 0;
  y = 0;
  /** Zoom, CSS px per m. */
  scale = 30;
  /** Viewport in client coordinates, CSS px. */
  left = 0;
  top = 0;
  width = 1;
  height = 1;

  /** Sets the viewport rectangle (client coordinates, CSS px). */
  setViewport(left: number, top: number, width: number, height: number): void {
    this.left = left;
    this.top = top;
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
  }

  /** World point (m) to client coordinates (CSS px). Allocates the result. */
  worldToScreen(x: number, y: number): Point {
    return {
      x: this.left + this.width / 2 + (x - this.x) * this.scale,
      y: this.top + this.height / 2 - (y - this.y) * this.scale,
    };
  }

  /** Client coordinates (CSS px) to a world point (m). Allocates the result. */
  screenToWorld(clientX: number, clientY: number): Point {
    return {
      x: this.x + (clientX - this.left - this.width / 2) / this.scale,
      y: this.y - (clientY - this.top - this.height / 2) / this.scale,
    };
  }

  /** Moves the view by a pointer motion of (dx, dy) CSS px: the world follows the pointer. */
  panBy(dx: number, dy: number): void {
    this.x -= dx / this.scale;
    this.y += dy / this.scale;
  }

  /** Multiplies the zoom by `factor`, keeping the world point under (clientX, clientY) in place. */
  zoomAt(clientX: number, clientY: number, factor: number): void {
    const before = this.screenToWorld(clientX, clientY);
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    const after = this.screenToWorld(clientX, clientY);
    this.x += before.x - after.x;
    this.y += before.y - after.y;
  }

  /**
   * Centres `bounds` and zooms so that it fills the viewport less `margin` CSS px on each side,
   * `insetRight` CSS px on the right (where the panel covers the view) and `insetLeft` on the
   * left (the tool palette).
   */
  fit(bounds: Bounds, margin = 24, insetRight = 0, insetLeft = 0): void {
    const w = Math.max(1e-6, bounds.maxX - bounds.minX);
    const h = Math.max(1e-6, bounds.maxY - bounds.minY);
    const sx = Math.max(1, this.width - insetRight - insetLeft - 2 * margin) / w;
    const sy = Math.max(1, this.height - 2 * margin) / h;
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.min(sx, sy)));
    this.x = (bounds.minX + bounds.maxX) / 2 + (insetRight - insetLeft) / 2 / this.scale;
    this.y = (bounds.minY + bounds.maxY) / 2;
  }

  /** The world box (m) the viewport shows. Allocates the result. */
  visibleBounds(): Bounds {
    const hw = this.width / 2 / this.scale;
    const hh = this.height / 2 / this.scale;
    return { minX: this.x - hw, minY: this.y - hh, maxX: this.x + hw, maxY: this.y + hh };
  }
}
