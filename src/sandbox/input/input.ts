/**
 * Pointer input (mouse, pen and touch through one set of pointer events):
 *   primary press on a body   grab it where pressed; release throws it with the pointer's velocity
 *   primary click on empty    spawn the selected shape there
 *   shift + primary drag      spray bodies along the path
 *   middle or right drag, or space + drag, or two fingers   pan (two fingers also pinch-zoom)
 *   right click on a body     remove it
 *   wheel                     zoom around the cursor
 * In stress mode the world is in a worker: presses pick from its newest frame, and the spawn,
 * drag, throw and remove go to it as messages (the `worker` branches below).
 */
import type { Body } from '../../physics/index';
import type { PickedBody } from '../worker/worker-session';
import type { KeyboardState } from './keyboard';
import { PointerTracker } from './pointer-tracker';
import type { Sandbox } from '../sandbox';

/** A press that moves less than this is a click, CSS px. */
const CLICK_SLOP = 5; // px
/** Zoom factor per wheel pixel. */
const WHEEL_ZOOM = 0.0015;

type Mode = 'none' | 'grab' | 'pan' | 'spray' | 'erase' | 'click' | 'remove' | 'pinch';

/** Last pointer position over the stage, client px: where Delete acts. */
export interface HoverState {
  clientX: number;
  clientY: number;
  inside: boolean;
}

/** Wires pointer and wheel events on `stage` to the sandbox. Returns the hover state. */
export function attachPointerInput(stage: HTMLElement, sandbox: Sandbox, keys: KeyboardState): HoverState {
  const hover: HoverState = { clientX: 0, clientY: 0, inside: false };
  const tracker = new PointerTracker();
  const touches = new Map<number, { x: number; y: number }>();
  let mode: Mode = 'none';
  let activeId = -1;
  let downX = 0;
  let downY = 0;
  let lastX = 0;
  let lastY = 0;
  let target: Body | undefined;
  let workerTarget: PickedBody | null = null;
  let sprayX = 0;
  let sprayY = 0;
  let pinchDistance = 0;

  const world = (e: PointerEvent): { x: number; y: number } => sandbox.camera.screenToWorld(e.clientX, e.clientY);

  /**
   * Lets go of the grabbed body. `releaseTime` is the release event's timestamp: rest is judged
   * between event times, not against the clock, so a busy frame that delays the event does not
   * turn a flick into a drop.
   */
  const endGrab = (throwIt: boolean, releaseTime: number): void => {
    if (sandbox.worker !== null) {
      const v = throwIt ? tracker.velocity(releaseTime) : { x: 0, y: 0 };
      sandbox.worker.release(v.x, v.y);
      return;
    }
    const grab = sandbox.grab;
    if (grab === null) return;
    sandbox.grab = null;
    const v = throwIt ? tracker.velocity(releaseTime) : { x: 0, y: 0 };
    grab.release(v.x, v.y, sandbox.settings.paused);
  };

  const pinchState = (): { x: number; y: number; d: number } => {
    const [a, b] = [...touches.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  stage.addEventListener('pointerdown', (e) => {
    hover.clientX = e.clientX;
    hover.clientY = e.clientY;
    if (e.pointerType === 'touch') {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        // A second finger turns whatever the first one started into a pinch.
        endGrab(false, e.timeStamp);
        mode = 'pinch';
        const p = pinchState();
        lastX = p.x;
        lastY = p.y;
        pinchDistance = p.d;
        return;
      }
    }
    if (mode !== 'none') return;
    activeId = e.pointerId;
    try {
      stage.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic events (scripts, tests) have no active pointer to capture; they still work.
    }
    downX = lastX = e.clientX;
    downY = lastY = e.clientY;
    const p = world(e);
    tracker.clear();
    tracker.add(e.timeStamp, p.x, p.y);
    if (e.button === 1 || (e.button === 0 && keys.spaceHeld)) {
      if (keys.spaceHeld) keys.spaceUsed = true;
      mode = 'pan';
      e.preventDefault();
      return;
    }
    if (e.button === 2 && sandbox.worker !== null) {
      workerTarget = sandbox.pickInWorker(e.clientX, e.clientY);
      mode = workerTarget !== null ? 'remove' : 'pan';
      return;
    }
    if (e.button === 2) {
      target = sandbox.bodyAtScreen(e.clientX, e.clientY);
      mode = target !== undefined ? 'remove' : 'pan';
      return;
    }
    if (e.button !== 0) return;
    if (sandbox.settings.tool === 'erase') {
      // The eraser removes what it touches, as a right drag would start to, and keeps erasing along the path.
      mode = 'erase';
      sandbox.removeAtScreen(e.clientX, e.clientY);
      return;
    }
    if (e.shiftKey || sandbox.settings.tool === 'spray') {
      mode = 'spray';
      sprayX = p.x;
      sprayY = p.y;
      sandbox.spawnAt(p.x, p.y);
      return;
    }
    if (sandbox.worker !== null) {
      const picked = sandbox.pickInWorker(e.clientX, e.clientY);
      if (picked === null) mode = 'click';
      else if (picked.isStatic && !sandbox.settings.paused) mode = 'none';
      else {
        sandbox.worker.grab(picked.id, p.x, p.y);
        mode = 'grab';
      }
      return;
    }
    const body = sandbox.bodyAtScreen(e.clientX, e.clientY);
    if (body === undefined) {
      mode = 'click';
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) {
      // A modifier-click asks for the explainer: it selects, it does not grab.
      sandbox.explainBody(body);
      mode = 'none';
      return;
    }
    if (body.type === 'static' && !sandbox.settings.paused) {
      // A wall cannot be dragged while the world runs; with the explainer on, pressing it selects it.
      if (sandbox.settings.explain) sandbox.select(body);
      mode = 'none';
      return;
    }
    sandbox.startGrab(body, p.x, p.y);
    mode = 'grab';
  });

  stage.addEventListener('pointermove', (e) => {
    hover.clientX = e.clientX;
    hover.clientY = e.clientY;
    hover.inside = true;
    if (mode === 'pinch') {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const p = pinchState();
      sandbox.camera.panBy(p.x - lastX, p.y - lastY);
      if (pinchDistance > 0 && p.d > 0) sandbox.camera.zoomAt(p.x, p.y, p.d / pinchDistance);
      lastX = p.x;
      lastY = p.y;
      pinchDistance = p.d;
      return;
    }
    if (e.pointerId !== activeId) return;
    const p = world(e);
    tracker.add(e.timeStamp, p.x, p.y);
    const moved = Math.hypot(e.clientX - downX, e.clientY - downY) > CLICK_SLOP;
    if (mode === 'pan') {
      sandbox.camera.panBy(e.clientX - lastX, e.clientY - lastY);
    } else if (mode === 'remove' && moved) {
      mode = 'pan';
      sandbox.camera.panBy(e.clientX - downX, e.clientY - downY);
    } else if (mode === 'grab' && sandbox.worker !== null) {
      sandbox.worker.drag(p.x, p.y);
    } else if (mode === 'grab' && sandbox.grab !== null) {
      sandbox.grab.targetX = p.x;
      sandbox.grab.targetY = p.y;
      if (sandbox.settings.paused) sandbox.grab.follow();
    } else if (mode === 'erase') {
      sandbox.removeAtScreen(e.clientX, e.clientY);
    } else if (mode === 'spray') {
      const spacing = sandbox.settings.size * 1.05;
      if (Math.hypot(p.x - sprayX, p.y - sprayY) >= spacing) {
        const v = tracker.velocity(e.timeStamp);
        sandbox.spawnAt(p.x, p.y, v.x * 0.5, v.y * 0.5);
        sprayX = p.x;
        sprayY = p.y;
      }
    } else if (mode === 'click' && moved) {
      mode = 'none';
    }
    lastX = e.clientX;
    lastY = e.clientY;
  });

  const finish = (e: PointerEvent, cancelled: boolean): void => {
    if (e.pointerType === 'touch') touches.delete(e.pointerId);
    if (mode === 'pinch') {
      if (touches.size === 0) mode = 'none';
      return;
    }
    if (e.pointerId !== activeId) return;
    activeId = -1;
    if (!cancelled) {
      const p = world(e);
      if (mode === 'click') sandbox.spawnAt(p.x, p.y);
      if (mode === 'remove' && target !== undefined) sandbox.remove(target);
      if (mode === 'remove' && workerTarget !== null) sandbox.worker?.remove(workerTarget.id);
    }
    if (mode === 'grab') endGrab(!cancelled, e.timeStamp);
    target = undefined;
    workerTarget = null;
    mode = 'none';
  };
  stage.addEventListener('pointerup', (e) => finish(e, false));
  stage.addEventListener('pointercancel', (e) => finish(e, true));
  stage.addEventListener('pointerleave', () => {
    hover.inside = false;
  });
  stage.addEventListener('contextmenu', (e) => e.preventDefault());
  stage.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const pixels = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      sandbox.camera.zoomAt(e.clientX, e.clientY, Math.exp(-pixels * WHEEL_ZOOM));
    },
    { passive: false },
  );
  return hover;
}
