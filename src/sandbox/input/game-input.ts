/**
 * A scene's game on a touch screen or with the mouse: while the open scene plays a game (the
 * flappy course), a press on the stage is its action (a flap) instead of a spawn or a grab.
 * It listens in the capture phase, before the stage's gestures. Space is keyboard.ts's.
 */
import type { Sandbox } from '../sandbox';

/** Wires presses on `stage` to the sandbox's game while there is one. */
export function attachGameInput(stage: HTMLElement, sandbox: Sandbox): void {
  window.addEventListener(
    'pointerdown',
    (e) => {
      if (sandbox.game === null || e.button !== 0 || !(e.target instanceof Node) || !stage.contains(e.target)) return;
      e.stopPropagation();
      e.preventDefault();
      sandbox.gameAction();
    },
    { capture: true },
  );
}
