/**
 * The lab's own pointer input: a press on a velocity handle's ring takes the handle, and
 * dragging it sets that body's velocity (handles.ts says how). It listens in the capture phase,
 * before the stage's gestures, and keeps a press on a handle from also grabbing or spawning.
 */
import type { Sandbox } from '../sandbox';
import type { CollisionLab } from './lab';
import { HANDLE_REACH_MOUSE, HANDLE_REACH_TOUCH, handlePoint, pickHandle, velocityAt } from './handles';

/** Wires the handles of `lab` on `stage`. */
export function attachLabInput(stage: HTMLElement, sandbox: Sandbox, lab: CollisionLab): void {
  let held: { pointer: number; body: 0 | 1 } | null = null;

  window.addEventListener(
    'pointerdown',
    (e) => {
      const pair = lab.pair();
      if (pair === null || e.button !== 0 || !(e.target instanceof Node) || !stage.contains(e.target)) return;
      const camera = sandbox.camera;
      const handles = pair.map((b) => handlePoint(camera, b.x, b.y, b.vx, b.vy));
      const reach = e.pointerType === 'touch' ? HANDLE_REACH_TOUCH : HANDLE_REACH_MOUSE;
      const index = pickHandle(handles, e.clientX, e.clientY, reach);
      if (index < 0) return;
      held = { pointer: e.pointerId, body: index === 0 ? 0 : 1 };
      e.stopPropagation();
      e.preventDefault();
    },
    { capture: true },
  );

  window.addEventListener(
    'pointermove',
    (e) => {
      if (held === null || e.pointerId !== held.pointer) return;
      const pair = lab.pair();
      if (pair === null) {
        held = null;
        return;
      }
      const body = pair[held.body];
      const v = velocityAt(sandbox.camera, body.x, body.y, e.clientX, e.clientY);
      try {
        body.setVelocity(v.x, v.y);
      } catch {
        // Beyond the engine's speed limit: the handle stays where it last was valid.
      }
      e.stopPropagation();
    },
    { capture: true },
  );

  const end = (e: PointerEvent): void => {
    if (held === null || e.pointerId !== held.pointer) return;
    held = null;
    e.stopPropagation();
    sandbox.changed();
  };
  window.addEventListener('pointerup', end, { capture: true });
  window.addEventListener('pointercancel', end, { capture: true });
}
