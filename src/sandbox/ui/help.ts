/**
 * The help card (`?`): every gesture and key on one card, and a small hint that it exists.
 */

const HELP = [
  ['click empty space', 'spawn the selected shape'],
  ['press a body and drag', 'grab it; let go to throw'],
  ['shift + drag', 'spray bodies'],
  ['right click a body, Delete', 'remove it'],
  ['right / middle drag, space + drag', 'pan'],
  ['wheel, pinch', 'zoom around the cursor'],
  ['space', 'pause / run (in the flappy course: flap)'],
  ['. or →', 'one step (along the timeline when scrubbed back)'],
  [', or ←', 'one step back along the timeline (the bar at the bottom scrubs the last minute)'],
  ['Ctrl/Cmd + Z', 'undo (also ↶ on the bar at the bottom)'],
  ['Ctrl/Cmd + Shift + Z, Ctrl + Y', 'redo'],
  ['r', 'reset the scene'],
  ['1 – 5', 'circle, box, rounded rect, capsule, random'],
  ['f', 'fit the view'],
  ['p', 'phase profile graph: ms per phase, last 4 s'],
  ['alt + click two bodies', 'explain their collision (Esc clears)'],
  ['g  v  w  m  s  e', 'tools: play (grab and spawn), select, wall, mover, spray, erase (also the palette on the left)'],
  ['select: click, drag, corners', 'inspect a body, move it, resize it; drag on empty space (or shift + drag) to box-select'],
  ['wall / mover: drag', 'draw a static wall or a moving mover; hold shift or alt for rounded corners'],
  ['mover: drag from inside it', "aim its velocity arrow (or drag the arrow's tip with select)"],
  ['Delete', 'remove the selected bodies (or the body under the pointer)'],
  ['drop a .json file', 'load a saved scene (a .replay.json plays its replay)'],
  ['?', 'this help'],
] as const;

/** The same for fingers. */
const TOUCH_HELP = [
  ['tap empty space', 'spawn the selected shape (in the flappy course: flap)'],
  ['drag a body', 'grab it; let go to throw'],
  ['two fingers', 'pan and pinch-zoom'],
  ['toolbar: spray', 'drag to spray bodies'],
  ['toolbar: erase', 'tap or drag over bodies to remove them'],
  ['toolbar: select', 'tap a body to inspect and edit it; drag it to move it, its corners to resize'],
  ['toolbar: wall / mover', 'drag to draw a wall or a mover; drag inside a new mover to aim it'],
  ['toolbar: pause / run', 'stop or start time'],
  ['bar: ↶ ↷', 'undo, redo'],
  ['bar: ◀ ▶ and the slider', 'step back and forward, scrub the last minute'],
  ['Jostle (top right)', 'open the panel'],
] as const;

/** A definition list of (what you do, what it does). */
function table(rows: ReadonlyArray<readonly [string, string]>): HTMLDListElement {
  const list = document.createElement('dl');
  for (const [keys, what] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = keys;
    const dd = document.createElement('dd');
    dd.textContent = what;
    list.append(dt, dd);
  }
  return list;
}

/** The help card: toggled by `?` and the hint; closed by Escape, its × or a press outside it. */
export interface HelpCard {
  toggle(): void;
  close(): void;
  readonly open: boolean;
}

/** Creates the help card (hidden) and the hint. */
export function createHelp(): HelpCard {
  const card = document.createElement('div');
  card.id = 'help';
  card.hidden = true;
  const title = document.createElement('h2');
  title.textContent = 'Jostle — a top-down physics sandbox';
  card.appendChild(title);
  // A touch screen lists its gestures first; the keys and the mouse follow.
  const touch = window.matchMedia('(pointer: coarse)').matches;
  const second = document.createElement('h3');
  second.textContent = touch ? 'With a keyboard and mouse' : 'On a touch screen';
  card.append(table(touch ? TOUCH_HELP : HELP), second, table(touch ? HELP : TOUCH_HELP));
  const note = document.createElement('p');
  note.textContent = 'Every body is a rounded rectangle, so every collision is one point against one rounded rectangle: open the collision lab scene to see it.';
  card.appendChild(note);
  const stress = document.createElement('p');
  stress.textContent =
    'Stress test (panel): the ramp adds bodies while the median step stays within the budget and reports the most it held; the presets run 1,000 to 50,000 bodies. Both step the physics in a worker, so the page keeps answering, on every core or on one, whichever it measures faster (the card says which); "leave, keep the world" brings the bodies back to play with.';
  card.appendChild(stress);
  const toggle = (): void => {
    card.hidden = !card.hidden;
  };
  const close = (): void => {
    card.hidden = true;
  };
  const closer = document.createElement('button');
  closer.type = 'button';
  closer.className = 'close';
  closer.setAttribute('aria-label', 'Close the help');
  closer.textContent = '×';
  closer.addEventListener('click', close);
  card.prepend(closer);
  // A press outside the open card closes it and does nothing else: it must not spawn a body
  // under the card or start a drag the user did not mean. Capture runs before the stage's own
  // listeners; presses on the panel or the hint go on as usual.
  window.addEventListener(
    'pointerdown',
    (e) => {
      if (card.hidden || !(e.target instanceof Node) || card.contains(e.target)) return;
      if (e.target === hint) return;
      close();
      if (e.target instanceof Element && e.target.closest('#stage') !== null) {
        e.stopPropagation();
        e.preventDefault();
      }
    },
    { capture: true },
  );
  const hint = document.createElement('button');
  hint.id = 'help-hint';
  hint.type = 'button';
  hint.textContent = '? help';
  hint.addEventListener('click', toggle);
  document.body.append(card, hint);
  return {
    toggle,
    close,
    get open() {
      return !card.hidden;
    },
  };
}
