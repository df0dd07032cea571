/**
 * The first hint: one line saying what to do ("click to spawn · drag to throw · ? for help"),
 * shown when the page opens and faded out after the first press or key, never shown again in
 * that visit.
 */

/** Shows the hint; it fades on the first interaction with the page. */
export function showFirstHint(touch: boolean): void {
  const hint = document.createElement('div');
  hint.id = 'first-hint';
  hint.textContent = touch ? 'tap to spawn · drag to throw · two fingers to zoom · ? for help' : 'click to spawn · drag to throw · ? for help';
  document.body.appendChild(hint);
  const fade = (): void => {
    window.removeEventListener('pointerdown', fade, true);
    window.removeEventListener('keydown', fade, true);
    hint.classList.add('faded');
    window.setTimeout(() => hint.remove(), 1000);
  };
  window.addEventListener('pointerdown', fade, true);
  window.addEventListener('keydown', fade, true);
}
