/**
 * What each tool does, in one line, and its key: the toolbar's tooltips, the line under the
 * toolbar that says how to use the chosen tool, and the help card read them from here.
 */
import type { Sandbox } from '../sandbox';
import type { Tool } from '../shared/settings';

/** The key that picks each tool (no modifier). */
export const TOOL_KEYS: Record<Tool, string> = { play: 'g', select: 'v', wall: 'w', mover: 'm', spray: 's', erase: 'e' };

/** How to use each tool, in one line. */
export const TOOL_HINTS: Record<Tool, string> = {
  play: 'Play: click empty space to spawn, drag a body to throw it',
  select: 'Select: click a body to inspect it; drag it to move, its corners to resize; drag on empty space to box-select (shift adds)',
  wall: 'Wall: drag a rectangle to draw a static wall; hold Shift or Alt for rounded corners (or set its radius in the inspector)',
  mover: 'Mover: drag a rectangle, then drag from inside it to aim its velocity; Shift or Alt: rounded corners',
  spray: 'Spray: drag to spray bodies along the path',
  erase: 'Erase: click or drag over bodies to remove them',
};

/** The tool whose key is `key`, or undefined. */
export function toolOfKey(key: string): Tool | undefined {
  const lower = key.toLowerCase();
  return (Object.keys(TOOL_KEYS) as Tool[]).find((t) => TOOL_KEYS[t] === lower);
}

/** Creates the line under the toolbar that says how to use the chosen tool (hidden for play). */
export function createToolHint(sandbox: Sandbox): void {
  const line = document.createElement('div');
  line.id = 'tool-hint';
  const update = (): void => {
    const tool = sandbox.settings.tool;
    line.textContent = TOOL_HINTS[tool];
    line.hidden = tool === 'play';
  };
  sandbox.onChange(update);
  update();
  document.body.appendChild(line);
}
