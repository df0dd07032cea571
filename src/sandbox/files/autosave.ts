/**
 * Autosave: the scene goes to localStorage every few seconds and when the page is hidden or
 * closed, and comes back on reload. Big scenes are skipped (localStorage holds about 5 MB).
 */

const KEY = 'jostle:autosave';
const INTERVAL = 2000; // ms between saves
/** Bodies above which the scene is not autosaved (its JSON would not fit). */
export const AUTOSAVE_MAX_BODIES = 8000;

/** The autosaved text, or null. */
export function readAutosave(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the autosave (after it failed to load). */
export function clearAutosave(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage is off (private mode): nothing to clear.
  }
}

/**
 * Saves `write()` periodically and on page hide, while `shouldSave()` allows. A save the
 * storage refuses (full, or turned off) calls `onRefused` the first time only: the user must
 * learn that reload no longer brings the scene back, but not every two seconds.
 */
export function startAutosave(write: () => string, shouldSave: () => boolean, onRefused: () => void): void {
  let told = false;
  const save = (): void => {
    if (!shouldSave()) return;
    try {
      localStorage.setItem(KEY, write());
    } catch {
      if (!told) onRefused();
      told = true;
    }
  };
  window.setInterval(save, INTERVAL);
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}
