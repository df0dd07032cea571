/**
 * Messages to the user: a toast at the bottom of the page for errors (a file that would not
 * load) and notes (a link copied). Errors stay until dismissed; notes fade.
 */

const NOTE_TIME = 3500; // ms a note stays up

let hideTimer = 0;

/** Shows `text`; `kind` 'error' keeps it up until clicked. */
export function showMessage(text: string, kind: 'error' | 'info' = 'info'): void {
  let box = document.getElementById('message');
  if (box === null) {
    box = document.createElement('div');
    box.id = 'message';
    box.setAttribute('role', 'alert');
    box.addEventListener('click', () => box?.classList.remove('visible'));
    document.body.appendChild(box);
  }
  box.textContent = text;
  box.dataset.kind = kind;
  box.classList.add('visible');
  window.clearTimeout(hideTimer);
  if (kind === 'info') hideTimer = window.setTimeout(() => box?.classList.remove('visible'), NOTE_TIME);
}
