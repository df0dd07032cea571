/**
 * The scene's one-line description, shown as a pill above the first hint when a scene opens and
 * faded after a few seconds: the user learns what the scene is for without opening the help.
 */

const NOTE_TIME = 5000; // ms the description stays up

let fadeTimer = 0;

/** Shows `text` as the opened scene's description, replacing the previous one. */
export function showSceneNote(text: string): void {
  let note = document.getElementById('scene-note');
  if (note === null) {
    note = document.createElement('div');
    note.id = 'scene-note';
    note.setAttribute('role', 'status');
    document.body.appendChild(note);
  }
  note.textContent = text;
  note.classList.remove('faded');
  window.clearTimeout(fadeTimer);
  fadeTimer = window.setTimeout(() => note?.classList.add('faded'), NOTE_TIME);
}
