/**
 * Keyboard shortcuts: space pause (space + drag pans instead), `.` or → step (along the
 * timeline when scrubbed back), `,` or ← step back, Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or
 * Ctrl+Y redo, r reset, 1–5 shape, g v w m s e the tools (play, select, wall, mover, spray,
 * erase), Delete or Backspace remove the selected bodies or else the body under the pointer, f fit the view,
 * p the phase profile graph,
 * ? help, Escape close the help or clear the selection. Keys typed into the panel's fields are left alone.
 */
import type { HelpCard } from '../ui/help';
import type { HoverState } from './input';
import type { Sandbox } from '../sandbox';
import { SHAPE_KINDS } from '../shared/settings';
import { toolOfKey } from '../build/tool-hint';

/** Whether space is down, and whether it was used to pan (then its release does not pause). */
export interface KeyboardState {
  spaceHeld: boolean;
  spaceUsed: boolean;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
}

/** Toggles the keyboard reaches beyond the sandbox's own state. */
export interface KeyboardToggles {
  /** `p`: the phase profile graph. */
  toggleProfile(): void;
}

/** Wires the shortcuts; `help` is the help card that `?` toggles and Escape closes. */
export function attachKeyboard(
  sandbox: Sandbox,
  keys: KeyboardState,
  hover: () => HoverState,
  help: HelpCard,
  toggles: KeyboardToggles,
): void {
  window.addEventListener('keydown', (e) => {
    if (!isTyping(e.target) && (e.ctrlKey || e.metaKey) && !e.altKey && /^[zy]$/i.test(e.key)) {
      // Ctrl/Cmd+Z undo; Ctrl/Cmd+Shift+Z and Ctrl+Y redo (a field keeps its own undo).
      e.preventDefault();
      if (e.shiftKey || e.key.toLowerCase() === 'y') sandbox.redo();
      else sandbox.undo();
      sandbox.changed();
      return;
    }
    if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ' && sandbox.game !== null) {
      // A scene's game takes space as its action (the flappy course's flap).
      e.preventDefault();
      if (!e.repeat) sandbox.gameAction();
      return;
    }
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
      sandbox.stepForwardInTime();
    } else if (e.key === ',' || e.key === 'ArrowLeft') {
      sandbox.stepBack();
    } else if (e.key === 'r' || e.key === 'R') {
      sandbox.requestReset();
    } else if (e.key >= '1' && e.key <= '5') {
      sandbox.settings.shape = SHAPE_KINDS[Number(e.key) - 1];
    } else if (toolOfKey(e.key) !== undefined) {
      sandbox.settings.tool = toolOfKey(e.key) ?? 'play';
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      const h = hover();
      if (!sandbox.build.deleteSelected() && h.inside) sandbox.removeAtScreen(h.clientX, h.clientY);
    } else if (e.key === 'f' || e.key === 'F') {
      sandbox.fitView();
    } else if (e.key === 'p' || e.key === 'P') {
      toggles.toggleProfile();
    } else if (e.key === '?') {
      help.toggle();
    } else if (e.key === 'Escape') {
      // Escape closes the help first, then lets go of the selected pair.
      if (help.open) help.close();
      else {
        sandbox.selection = [];
        sandbox.build.clear();
      }
    } else {
      handled = false;
    }
    if (handled) {
      e.preventDefault();
      sandbox.changed();
    }
  });
  window.addEventListener('keyup', (e) => {
    if (e.key !== ' ' || !keys.spaceHeld || sandbox.game !== null) return;
    keys.spaceHeld = false;
    if (isTyping(e.target)) return;
    if (!keys.spaceUsed) {
      sandbox.setPaused(!sandbox.settings.paused);
      sandbox.changed();
    }
  });
}
