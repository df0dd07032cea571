/**
 * Replays in and out of the page: "save replay" downloads the timeline's recording (the last
 * minute), "load replay…" and a dropped `*.replay.json` play one. A refused file leaves
 * everything as it was and says why; a played one can be undone like any load.
 */
import type { Sandbox } from '../sandbox';
import { showMessage } from '../ui/messages';
import { downloadText, readFileText } from './file-io';
import { olderEngine, parseReplay, writeReplay } from './replay-file';

/** How a replay file's name ends: a dropped file with it is played, not opened as a scene. */
export const REPLAY_SUFFIX = '.replay.json';

export interface ReplayIO {
  saveReplay(): void;
  openReplay(): void;
  /** Plays a replay file's text; false (with a message) when it is refused. */
  loadReplayText(text: string, source: string): boolean;
}

/** Wires replay files to the sandbox. */
export function createReplayIO(sandbox: Sandbox): ReplayIO {
  const loadReplayText = (text: string, source: string): boolean => {
    try {
      const loaded = parseReplay(text);
      sandbox.playReplay(loaded.recording, loaded.scene);
      showMessage(`Playing the replay ${source}: ${loaded.recording.steps.length} steps, each checked against the recording.${olderEngine(loaded.recording.engine)}`);
      return true;
    } catch (error) {
      showMessage(`Could not play ${source}: ${(error as Error).message}. Nothing was changed.`, 'error');
      return false;
    }
  };
  const loadFile = async (file: File): Promise<void> => {
    try {
      loadReplayText(await readFileText(file), `"${file.name}"`);
    } catch (error) {
      showMessage(`Could not play "${file.name}": ${(error as Error).message}. Nothing was changed.`, 'error');
    }
  };
  const input = document.createElement('input');
  input.type = 'file';
  input.id = 'load-replay';
  input.accept = `${REPLAY_SUFFIX},.json,application/json`;
  input.hidden = true;
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file !== undefined) void loadFile(file);
  });
  document.body.appendChild(input);
  // Ahead of the scene files' drop target (file-io.ts): a replay is known by its name.
  window.addEventListener(
    'drop',
    (e) => {
      const file = e.dataTransfer?.files[0];
      if (file === undefined || !file.name.endsWith(REPLAY_SUFFIX)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      document.body.classList.remove('dropping');
      void loadFile(file);
    },
    { capture: true },
  );

  return {
    saveReplay() {
      const rec = sandbox.history.recording();
      const off = sandbox.history.status.off;
      if (off !== null || rec === null || rec.steps.length === 0) {
        showMessage(off !== null ? `There is no replay to save: undo and the timeline are ${off}.` : 'There is no replay to save yet: run the simulation first.', 'info');
        return;
      }
      const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
      downloadText(`jostle-${sandbox.settings.scene}-${stamp}${REPLAY_SUFFIX}`, JSON.stringify(writeReplay(rec, sandbox.settings.scene)));
      showMessage(`Replay saved: ${rec.steps.length} steps.`);
    },
    openReplay: () => input.click(),
    loadReplayText,
  };
}
