/**
 * Keyboard shortcuts: space pause (space + drag pans instead), `.` or → step, r reset,
 * 1–5 shape, Delete or Backspace remove the body under the pointer, f fit the view,
 * ? help. Keys typed into the panel's fields are left alone.
 */
import type { HoverState } from './input';
import type { Sandbox } from './sandbox';
import { SHAPE_KINDS } from './settings';

/** Whether space is down, and whether it was used to pan (then its release does not pause). */
export interface KeyboardState {
  spaceHeld: boolean;
  spaceUsed: boolean;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
}

/** Wires the shortcuts; `toggleHelp` shows or hides the help card. */
export function attachKeyboard(
  sandbox: Sandbox,
  keys: KeyboardState,
  hover: () => HoverState,
  toggleHelp: () => void,
): void {
  window.addEventListener('keydown', (e) => {
    if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ') {
      e.preventDefault();
      if (!e.repeat) {
        keys.spaceHeld = true;
        keys.spaceUsed = false;
      }
      return;
    }
    let handled = true;
    if (e.key === '.' || e.key === 'ArrowRight') {
      sandbox.setPaused(true);
      sandbox.stepOnce();
    } else if (e.key === 'r' || e.key === 'R') {
      sandbox.reset();
    } else if (e.key >= '1' && e.key <= '5') {
      sandbox.settings.shape = SHAPE_KINDS[Number(e.key) - 1];
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      const h = hover();
      if (h.inside) sandbox.removeAtScreen(h.clientX, h.clientY);
    } else if (e.key === 'f' || e.key === 'F') {
      sandbox.fitView();
    } else if (e.key === '?') {
      toggleHelp();
    } else {
      handled = false;
    }
    if (handled) {
      e.preventDefault();
      sandbox.changed();
    }
  });
  window.addEventListener('keyup', (e) => {
    if (e.key !== ' ' || !keys.spaceHeld) return;
    keys.spaceHeld = false;
    if (isTyping(e.target)) return;
    if (!keys.spaceUsed) {
      sandbox.setPaused(!sandbox.settings.paused);
      sandbox.changed();
    }
  });
}
