/**
 * The timeline bar, a slim strip at the bottom of the page: undo and redo, a step back, the
 * scrubber over the recorded minute, a step forward, where the cursor is, the memory history
 * holds, and a red DIVERGED flag when re-stepping did not give the recorded state. Dragging
 * the scrubber pauses and shows that step; resuming continues from it (the future is dropped).
 * On touch screens too: the bar is the one place for undo and redo (style: timeline-bar.css).
 */
import './timeline-bar.css';
import { ENGINE_REVISION } from '../../physics/index';
import type { Sandbox } from '../sandbox';
import type { HistoryStatus } from '../history/history';

/** How often the readout is redrawn while time runs, ms (the scrubber's range moves every step). */
const REDRAW_EVERY = 100; // ms

/** Updates the bar (cheap to call every frame). */
export type TimelineBar = (now: number) => void;

/** Bytes in words: "0.4 MB". */
export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The readout: "live · 60 s · 12.0 MB" or "−2.50 s / 60 s · 12.0 MB" (where the cursor is, what is kept, the memory). */
export function timelineText(s: HistoryStatus): string {
  if (s.off !== null) return `undo and timeline ${s.off}`;
  const kept = `${s.seconds.toFixed(0)} s`;
  const where = s.cursor < s.end ? `${s.playing ? 'replay ' : ''}−${s.secondsBack.toFixed(2)} s / ${kept}` : `live · ${kept}`;
  return `${where} · ${formatBytes(s.timelineBytes + s.undoBytes)}`;
}

/**
 * The DIVERGED flag's text, its second line (null for none) and its hover text, or null while
 * the recording holds. A recording made by another engine revision (an older page's replay) is
 * expected to diverge where the physics changed, and the flag says so on its second line: the
 * file is not broken, the engine differs.
 */
export function divergedText(s: HistoryStatus): { text: string; why: string | null; title: string } | null {
  if (s.diverged === null) return null;
  const same = s.recordedBy === ENGINE_REVISION;
  const by = s.recordedBy === null ? 'an older page' : `engine revision ${s.recordedBy}`;
  return {
    text: `DIVERGED at step ${s.diverged}`,
    why: same ? null : `recorded by ${by}`,
    title: same
      ? 'Re-stepping the recording did not give the recorded state: the replay from here is not what happened.'
      : `Re-stepping the recording did not give the recorded state. It was recorded by ${by} and this page runs engine revision ${ENGINE_REVISION}: where the physics changed between them, the replay from here is not what happened then.`,
  };
}

function button(text: string, title: string, action: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.title = title;
  b.setAttribute('aria-label', title);
  b.addEventListener('click', action);
  return b;
}

/** Creates the bar; undo/redo/step are the sandbox's own actions. */
export function createTimelineBar(sandbox: Sandbox): TimelineBar {
  const history = sandbox.history;
  const bar = document.createElement('div');
  bar.id = 'timeline';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'history');
  // A press on the bar is not a press on the scene behind it.
  bar.addEventListener('pointerdown', (e) => e.stopPropagation());
  const act = (fn: () => void) => () => {
    fn();
    sandbox.changed();
  };
  const undo = button('↶', 'undo (Ctrl+Z)', act(() => sandbox.undo()));
  undo.className = 'undo';
  const redo = button('↷', 'redo (Ctrl+Shift+Z)', act(() => sandbox.redo()));
  redo.className = 'redo';
  const back = button('◀', 'step back (, or ←)', act(() => sandbox.stepBack()));
  back.className = 'back';
  const forward = button('▶', 'step forward (. or →)', act(() => sandbox.stepForwardInTime()));
  forward.className = 'forward';
  const scrub = document.createElement('input');
  scrub.type = 'range';
  scrub.id = 'scrubber';
  scrub.min = '0';
  scrub.max = '0';
  scrub.step = '1';
  scrub.setAttribute('aria-label', 'timeline: the last minute of simulation');
  scrub.addEventListener('input', () => {
    sandbox.scrubTo(Number(scrub.value));
    sandbox.changed();
  });
  // Keys on the focused slider would both scrub and fire the page's shortcuts.
  scrub.addEventListener('change', () => scrub.blur());
  const readout = document.createElement('span');
  readout.className = 'readout';
  const flag = document.createElement('span');
  flag.className = 'diverged';
  flag.hidden = true;
  const flagWhat = document.createElement('span');
  const flagWhy = document.createElement('span');
  flagWhy.className = 'why';
  flag.append(flagWhat, flagWhy);
  bar.append(undo, redo, back, scrub, forward, readout, flag);
  document.body.appendChild(bar);

  let last = -Infinity;
  let shown = '';
  return (now) => {
    if (now - last < REDRAW_EVERY) return;
    last = now;
    const s = history.status;
    const key = `${s.off}|${s.base}|${s.end}|${s.cursor}|${s.undoCount}|${s.redoCount}|${s.diverged}|${s.recordedBy}|${s.playing}|${Math.round(s.timelineBytes / 65536)}`;
    if (key === shown) return;
    shown = key;
    bar.classList.toggle('off', s.off !== null);
    bar.classList.toggle('scrubbed', s.cursor < s.end);
    scrub.min = String(s.base);
    scrub.max = String(s.end);
    scrub.value = String(s.cursor);
    scrub.disabled = s.off !== null || s.end === s.base;
    undo.disabled = s.off !== null || s.undoCount === 0;
    redo.disabled = s.off !== null || s.redoCount === 0;
    undo.title = s.nextUndo === null ? 'undo (Ctrl+Z): nothing to undo' : `undo ${s.nextUndo} (Ctrl+Z) · ${s.undoCount} kept`;
    redo.title = s.nextRedo === null ? 'redo (Ctrl+Shift+Z): nothing to redo' : `redo ${s.nextRedo} (Ctrl+Shift+Z)`;
    back.disabled = scrub.disabled || s.cursor <= s.base;
    forward.disabled = s.off !== null;
    readout.textContent = timelineText(s);
    readout.title = `Timeline: ${s.seconds.toFixed(1)} s of simulation kept (steps ${s.base}–${s.end}), showing step ${s.cursor}; memory: timeline ${formatBytes(s.timelineBytes)}, undo ${formatBytes(s.undoBytes)} (${s.undoCount} to undo, ${s.redoCount} to redo).`;
    const diverged = divergedText(s);
    flag.hidden = diverged === null;
    flagWhat.textContent = diverged?.text ?? '';
    flagWhy.textContent = diverged?.why ?? '';
    flagWhy.hidden = diverged?.why == null;
    flag.title = diverged?.title ?? '';
  };
}
