/**
 * The scale bar and the pointer's world coordinates, small at the bottom left beside the help
 * button: how big things are at this zoom, and where the pointer is in metres.
 */
import type { Camera } from '../shared/camera';
import { scaleBar } from '../shared/scale-bar';

/** Where the pointer is (client px) and whether it is over the scene. */
export interface PointerPlace {
  readonly clientX: number;
  readonly clientY: number;
  readonly inside: boolean;
}

/** Creates the readout in `parent`; call the returned function every frame. */
export function createScaleReadout(parent: HTMLElement): (camera: Camera, pointer: PointerPlace) => void {
  const box = document.createElement('div');
  box.id = 'scale-readout';
  const bar = document.createElement('span');
  bar.className = 'scale-bar';
  const label = document.createElement('span');
  label.className = 'scale-label';
  const coords = document.createElement('span');
  coords.className = 'pointer-coords';
  box.append(bar, label, coords);
  parent.appendChild(box);
  let shown = '';
  return (camera, pointer) => {
    const s = scaleBar(camera.scale);
    let where = '';
    if (pointer.inside) {
      const p = camera.screenToWorld(pointer.clientX, pointer.clientY);
      where = `x ${p.x.toFixed(2)}  y ${p.y.toFixed(2)} m`;
    }
    // Touch the DOM only when something changed: this runs every frame.
    const next = `${s.px.toFixed(1)}|${s.label}|${where}`;
    if (next === shown) return;
    shown = next;
    bar.style.width = `${s.px.toFixed(1)}px`;
    label.textContent = s.label;
    coords.textContent = where;
  };
}
