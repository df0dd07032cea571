/**
 * The touch toolbar (bottom right, on touch screens and narrow windows): what a finger cannot
 * do with keys and buttons it does not have. Pause or run, and the tool a tap or drag uses:
 * play (tap spawns, drag throws), spray (drag sprays bodies), erase (tap or drag removes).
 */
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
    button.textContent = TOOL_LABELS[tool];
    button.addEventListener('click', () => {
      sandbox.settings.tool = tool;
      sandbox.changed();
    });
    tools.set(tool, button);
    bar.appendChild(button);
  }
  const update = (): void => {
    pause.textContent = sandbox.settings.paused ? '▶ run' : '❚❚ pause';
    pause.setAttribute('aria-pressed', String(sandbox.settings.paused));
    for (const [tool, button] of tools) button.setAttribute('aria-pressed', String(sandbox.settings.tool === tool));
  };
  sandbox.onChange(update);
  update();
  document.body.appendChild(bar);
}
