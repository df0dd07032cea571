/**
 * Pointer input, the DOM side: pointer and wheel events on the stage go to the gesture state
 * machine (gestures.ts, which says what each gesture does), and its answers become sandbox
 * actions. With a build tool (select, wall, mover) a primary press goes to the build
 * controller (build/) instead; panning, zooming and right-click removal stay here. Mouse, pen
 * and touch arrive as the same pointer events; in stress mode the same actions reach the
 * worker through the sandbox's host.
 */
import { isBuildTool, type BuildSample } from '../build/build-gestures';
import { HANDLE_REACH, HANDLE_REACH_TOUCH } from '../build/build-layer';
import { Gestures, type GestureAction, type PointerSample } from './gestures';
import type { KeyboardState } from './keyboard';
import { PointerTracker } from './pointer-tracker';
import type { Sandbox } from '../sandbox';

/** Zoom factor per wheel pixel. */
const WHEEL_ZOOM = 0.0015;
/** Sprayed bodies are this many body sizes apart along the path. */
const SPRAY_SPACING = 1.05;
/** Share of the pointer's velocity a sprayed body starts with. */
const SPRAY_VELOCITY = 0.5;

/** Last pointer position over the stage, client px: where Delete acts. */
export interface HoverState {
  clientX: number;
  clientY: number;
  inside: boolean;
}

function sample(e: PointerEvent): PointerSample {
  return {
    id: e.pointerId,
    x: e.clientX,
    y: e.clientY,
    button: e.button,
    touch: e.pointerType === 'touch',
    shift: e.shiftKey,
    modifier: e.altKey || e.ctrlKey || e.metaKey,
  };
}

/** A pointer event for the build tools: client px and the world point under it. */
function buildSample(e: PointerEvent, sandbox: Sandbox): BuildSample {
  const p = sandbox.camera.screenToWorld(e.clientX, e.clientY);
  return { sx: e.clientX, sy: e.clientY, x: p.x, y: p.y, shift: e.shiftKey, modifier: e.altKey || e.ctrlKey || e.metaKey };
}

/** Wires pointer and wheel events on `stage` to the sandbox. Returns the hover state. */
export function attachPointerInput(stage: HTMLElement, sandbox: Sandbox, keys: KeyboardState): HoverState {
  const hover: HoverState = { clientX: 0, clientY: 0, inside: false };
  const gestures = new Gestures();
  const tracker = new PointerTracker();
  let sprayX = 0;
  let sprayY = 0;

  /**
   * Does what a gesture asks. `time` is the event's timestamp: a throw's velocity is judged
   * between event times, not against the clock, so a busy frame that delays the release does
   * not turn a flick into a drop.
   */
  const act = (a: GestureAction, time: number): void => {
    const camera = sandbox.camera;
    switch (a.type) {
      case 'spawn': {
        const p = camera.screenToWorld(a.x, a.y);
        sandbox.spawnAt(p.x, p.y);
        break;
      }
      case 'grab': {
        const picked = sandbox.pickAtScreen(a.x, a.y);
        if (picked !== null) sandbox.startGrab(picked, a.x, a.y);
        break;
      }
      case 'drag': {
        const p = camera.screenToWorld(a.x, a.y);
        sandbox.host.drag(p.x, p.y);
        break;
      }
      case 'release': {
        const v = a.throw ? tracker.velocity(time) : { x: 0, y: 0 };
        sandbox.host.release(v.x, v.y);
        break;
      }
      case 'spray': {
        const p = camera.screenToWorld(a.x, a.y);
        if (a.first || Math.hypot(p.x - sprayX, p.y - sprayY) >= sandbox.settings.size * SPRAY_SPACING) {
          const v = a.first ? { x: 0, y: 0 } : tracker.velocity(time);
          sandbox.spawnAt(p.x, p.y, v.x * SPRAY_VELOCITY, v.y * SPRAY_VELOCITY);
          sprayX = p.x;
          sprayY = p.y;
        }
        break;
      }
      case 'remove':
        sandbox.removeAtScreen(a.x, a.y);
        break;
      case 'explain':
      case 'select': {
        const picked = sandbox.pickAtScreen(a.x, a.y);
        const body = picked === null ? undefined : sandbox.bodyById(picked.id);
        if (body === undefined) break;
        if (a.type === 'explain') sandbox.explainBody(body);
        else sandbox.select(body);
        break;
      }
      case 'pan':
        camera.panBy(a.dx, a.dy);
        break;
      case 'zoom':
        camera.zoomAt(a.x, a.y, a.factor);
        break;
      case 'space-used':
        keys.spaceUsed = true;
        break;
    }
  };

  /** The pointer a build gesture follows, or -1: the build tools take primary presses, the play gestures the rest. */
  let buildPointer = -1;
  /** The build gesture's last event: a second finger hands that finger over to a pinch. */
  let buildLast: PointerEvent | null = null;

  stage.addEventListener('pointerdown', (e) => {
    hover.clientX = e.clientX;
    hover.clientY = e.clientY;
    const tool = sandbox.settings.tool;
    if (isBuildTool(tool) && e.button === 0 && !keys.spaceHeld && gestures.mode === 'none' && buildPointer === -1) {
      buildPointer = e.pointerId;
      buildLast = e;
      try {
        stage.setPointerCapture(e.pointerId);
      } catch {
        // Synthetic events have no active pointer to capture.
      }
      const reach = (e.pointerType === 'touch' ? HANDLE_REACH_TOUCH : HANDLE_REACH) / sandbox.camera.scale;
      sandbox.build.down(buildSample(e, sandbox), tool, reach);
      return;
    }
    if (buildPointer !== -1 && buildLast !== null) {
      // A second finger during a build gesture ends it (what was drawn so far is dropped) and
      // the two fingers pinch: the first joins the play gestures where it is, as a press on
      // nothing, so the second makes the pair.
      sandbox.build.up(buildSample(buildLast, sandbox), true);
      if (buildLast.pointerType === 'touch') {
        gestures.down(sample(buildLast), { hit: 'none', spaceHeld: false, tool: 'play', paused: sandbox.settings.paused, explaining: false });
      }
      buildPointer = -1;
      buildLast = null;
    }
    const picked = sandbox.pickAtScreen(e.clientX, e.clientY);
    const s = sandbox.settings;
    const actions = gestures.down(sample(e), {
      hit: picked === null ? 'none' : picked.isStatic ? 'static' : 'body',
      spaceHeld: keys.spaceHeld,
      tool: s.tool,
      paused: s.paused,
      explaining: s.explain,
    });
    if (gestures.mode !== 'none' && gestures.mode !== 'pinch') {
      try {
        stage.setPointerCapture(e.pointerId);
      } catch {
        // Synthetic events (scripts, tests) have no active pointer to capture; they still work.
      }
      const p = sandbox.camera.screenToWorld(e.clientX, e.clientY);
      tracker.clear();
      tracker.add(e.timeStamp, p.x, p.y);
    }
    if (gestures.mode === 'pan') e.preventDefault();
    for (const a of actions) act(a, e.timeStamp);
  });

  stage.addEventListener('pointermove', (e) => {
    hover.clientX = e.clientX;
    hover.clientY = e.clientY;
    hover.inside = true;
    if (e.pointerId === buildPointer) {
      buildLast = e;
      sandbox.build.move(buildSample(e, sandbox));
      return;
    }
    const p = sandbox.camera.screenToWorld(e.clientX, e.clientY);
    tracker.add(e.timeStamp, p.x, p.y);
    for (const a of gestures.move(sample(e))) act(a, e.timeStamp);
  });

  const release = (e: PointerEvent, cancelled: boolean): void => {
    if (e.pointerId === buildPointer) {
      buildPointer = -1;
      sandbox.build.up(buildSample(e, sandbox), cancelled);
      return;
    }
    for (const a of gestures.up(sample(e), cancelled)) act(a, e.timeStamp);
  };
  stage.addEventListener('pointerup', (e) => release(e, false));
  stage.addEventListener('pointercancel', (e) => release(e, true));
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
