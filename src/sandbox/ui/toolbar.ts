/**
 * The toolbar: pause or run, and the tool a press uses: play (tap spawns, drag
 * throws), select (the inspector; move, resize, box-select), wall and mover (draw them), spray,
 * erase. On touch screens and narrow windows it sits bottom right, where a thumb reaches; on a
 * desktop at the left, each tool with its key. Undo and redo are on the timeline bar.
 */
import '../build/build.css';
import { TOOL_HINTS, TOOL_KEYS } from '../build/tool-hint';
import type { Sandbox } from '../sandbox';
import { TOOLS, type Tool } from '../shared/settings';

const TOOL_LABELS: Record<Tool, string> = { play: 'play', select: 'select', wall: 'wall', mover: 'mover', spray: 'spray', erase: 'erase' };

/** Creates the toolbar; it follows the sandbox's changes. */
export function createToolbar(sandbox: Sandbox): void {
  const bar = document.createElement('div');
  bar.id = 'toolbar';
  bar.setAttribute('role', 'toolbar');
  const pause = document.createElement('button');
  pause.type = 'button';
  pause.className = 'pause';
  pause.addEventListener('click', () => {
    sandbox.setPaused(!sandbox.settings.paused);
    sandbox.changed();
  });
  bar.appendChild(pause);
  const tools = new Map<Tool, HTMLButtonElement>();
  for (const tool of TOOLS) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.tool = tool;
    button.title = `${TOOL_HINTS[tool]} (key ${TOOL_KEYS[tool]})`;
    const key = document.createElement('kbd');
    key.textContent = TOOL_KEYS[tool];
    button.append(TOOL_LABELS[tool], key);
    button.addEventListener('click', () => {
      sandbox.settings.tool = tool;
      sandbox.changed();
    });
    tools.set(tool, button);
    bar.appendChild(button);
  }
  const update = (): void => {
    pause.innerHTML = sandbox.settings.paused ? '▶<span> run</span>' : '❚❚<span> pause</span>';
    pause.setAttribute('aria-pressed', String(sandbox.settings.paused));
    pause.setAttribute('aria-label', sandbox.settings.paused ? 'run' : 'pause');
    for (const [tool, button] of tools) button.setAttribute('aria-pressed', String(sandbox.settings.tool === tool));
  };
  sandbox.onChange(update);
  update();
  document.body.appendChild(bar);
}
