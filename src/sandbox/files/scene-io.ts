/**
 * Scenes in and out: save to a file, load from a file (picker or drop), share as a link, and
 * restore at startup (a link first, then the autosave, else the scene named by `?scene=` or
 * the default). Every load goes through `parseSave`, which checks everything first, so a bad
 * file or link leaves the current scene as it was and says why.
 */
import { findScene } from '../../scenes/index';
import { AUTOSAVE_MAX_BODIES, clearAutosave, readAutosave, startAutosave } from './autosave';
import { attachFileInputs, downloadText, readFileText } from './file-io';
import { showMessage } from '../ui/messages';
import type { Sandbox } from '../sandbox';
import { applySave, parseSave, writeSave } from './save-load';
import { decodeShareHash, encodeShareHash } from './share-link';

/**
 * Takes the share link out of the address bar once it is applied: left there, a reload would
 * open the link again and throw away everything built since (and the autosave after it).
 */
function forgetLink(): void {
  history.replaceState(null, '', location.pathname + location.search);
}

export interface SceneIO {
  saveFile(): void;
  openFile(): void;
  loadFile(file: File): Promise<boolean>;
  /** Loads a save file's text; false (with a message) when it is refused. */
  loadText(text: string, source: string): boolean;
  copyShareLink(): Promise<void>;
  /** Opens the first scene: from the link, the autosave, `?scene=`, or the default. */
  restore(): Promise<void>;
}

/** Wires saving and loading to the sandbox. */
export function createSceneIO(sandbox: Sandbox): SceneIO {
  const text = (): string => JSON.stringify(writeSave(sandbox));
  const loadText = (content: string, source: string): boolean => {
    try {
      applySave(sandbox, parseSave(content));
      return true;
    } catch (error) {
      showMessage(`Could not load ${source}: ${(error as Error).message}. The current scene is unchanged.`, 'error');
      return false;
    }
  };
  const loadFile = async (file: File): Promise<boolean> => {
    try {
      const content = await readFileText(file);
      const ok = loadText(content, `"${file.name}"`);
      if (ok) showMessage(`Loaded "${file.name}"`);
      return ok;
    } catch (error) {
      showMessage(`Could not load "${file.name}": ${(error as Error).message}. The current scene is unchanged.`, 'error');
      return false;
    }
  };
  const openPicker = attachFileInputs((file) => void loadFile(file));
  // In stress mode the world is in the worker and `sandbox.world` an empty stand-in: no autosave.
  startAutosave(
    text,
    () => sandbox.worker === null && sandbox.grab === null && sandbox.world.bodyCount <= AUTOSAVE_MAX_BODIES,
    () =>
      showMessage(
        'Autosave stopped: the browser refuses to store more for this page (its storage is full or turned off). A reload will not bring this scene back: save it to a file (Save and share) to keep it.',
        'error',
      ),
  );
  /** Opens the autosave; false when there is none or it does not load. */
  const restoreAutosave = (): boolean => {
    const saved = readAutosave();
    if (saved === null) return false;
    try {
      applySave(sandbox, parseSave(saved));
      return true;
    } catch {
      // An autosave from an older page, or damaged: start fresh rather than complain.
      clearAutosave();
      return false;
    }
  };
  const inWorker = (): boolean => {
    if (sandbox.worker === null) return false;
    showMessage('The stress test runs in a worker: choose "leave, keep the world" in the panel first, then save or share.', 'info');
    return true;
  };

  return {
    saveFile() {
      if (inWorker()) return;
      const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
      downloadText(`jostle-${sandbox.settings.scene}-${stamp}.json`, text());
    },
    openFile: openPicker,
    loadFile,
    loadText,
    async copyShareLink() {
      if (inWorker()) return;
      const hash = await encodeShareHash(text());
      history.replaceState(null, '', hash);
      const url = location.href;
      try {
        await navigator.clipboard.writeText(url);
        forgetLink();
        showMessage(`Share link copied (${(url.length / 1024).toFixed(1)} kB).`);
      } catch {
        showMessage('Share link is in the address bar (the clipboard is not available here).');
      }
    },
    async restore() {
      const params = new URLSearchParams(location.search);
      let refused: string | null = null;
      if (location.hash.startsWith('#scene=')) {
        try {
          const linked = await decodeShareHash(location.hash);
          if (linked !== null) {
            applySave(sandbox, parseSave(linked));
            forgetLink();
            return;
          }
        } catch (error) {
          refused = `Could not open the link: ${(error as Error).message}.`;
        }
        // A refused link is dropped too: a reload must not refuse it again over the autosave.
        forgetLink();
      }
      const requested = params.get('scene');
      if (requested !== null && findScene(requested) !== undefined) {
        sandbox.loadScene(requested);
      } else {
        if (requested !== null) refused = `There is no scene "${requested}".`;
        if (!restoreAutosave()) sandbox.loadScene(sandbox.settings.scene);
      }
      if (refused !== null) {
        const what = findScene(sandbox.settings.scene)?.title ?? 'your last scene';
        showMessage(`${refused} Opened "${what}" instead.`, 'error');
      }
    },
  };
}
