/**
 * What the page needs from a renderer, and the choice between them: WebGL2 when the browser
 * has it, Canvas 2D as the fallback (and on request).
 */
import type { BodyInstances } from '../shared/body-instances';
import type { Camera } from '../shared/camera';
import { createCanvasRenderer } from './renderer-canvas';
import { createWebGLRenderer } from './renderer-webgl';
import type { RendererKind } from '../shared/settings';

export interface Renderer {
  readonly kind: RendererKind;
  /** The canvas it draws into; the page places it. */
  readonly canvas: HTMLCanvasElement;
  /** Matches the drawing buffer to the canvas's CSS size times the device pixel ratio. */
  resize(cssWidth: number, cssHeight: number, pixelRatio: number): void;
  /**
   * False while the GPU still works on the last frame. The page then skips this frame's draw
   * instead of queueing more work: with a slow GPU (software WebGL at 50,000 bodies) a full
   * command queue would block the main thread inside a GL call, and input with it.
   */
  ready(): boolean;
  /** Draws the grid and every instance (positions relative to the camera centre). */
  draw(instances: BodyInstances, camera: Camera): void;
  /** Frees the GPU or canvas resources. */
  dispose(): void;
}

/**
 * Makes the renderer of `kind` on a new canvas, or the Canvas 2D one when WebGL2 is missing.
 * `fellBack` is true when the caller did not get what it asked for.
 */
export function createRenderer(kind: RendererKind): { renderer: Renderer; fellBack: boolean } {
  if (kind === 'webgl2') {
    const renderer = createWebGLRenderer(document.createElement('canvas'));
    if (renderer !== null) return { renderer, fellBack: false };
    return { renderer: createCanvasRenderer(document.createElement('canvas')), fellBack: true };
  }
  return { renderer: createCanvasRenderer(document.createElement('canvas')), fellBack: false };
}
