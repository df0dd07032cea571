/**
 * The pause badge over the scene: whether time runs is visible where the user looks, not only
 * in the panel. A time scale of 0 stops time as surely as pause does, so it shows too.
 */

/** Shows or hides the badge; cheap to call every frame (it touches the DOM only on a change). */
export type PauseBadge = (paused: boolean, timeScale: number) => void;

/** Creates the badge inside `stage`. A press on it resumes (pause off, or time scale back to 1). */
export function createPauseBadge(stage: HTMLElement, resume: () => void): PauseBadge {
  const badge = document.createElement('button');
  badge.type = 'button';
  badge.id = 'pause-badge';
  badge.hidden = true;
  badge.addEventListener('pointerdown', (e) => e.stopPropagation());
  badge.addEventListener('click', resume);
  stage.appendChild(badge);
  let shown = '';
  return (paused, timeScale) => {
    const text = paused ? '❚❚ paused · space to run' : timeScale <= 0 ? '❚❚ time scale 0 · stopped' : '';
    if (text === shown) return;
    shown = text;
    badge.textContent = text;
    badge.hidden = text === '';
  };
}
