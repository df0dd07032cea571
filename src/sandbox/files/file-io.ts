/**
 * Files in and out of the page: a download of text, a file picker, and drag-and-drop onto
 * the window. Reading refuses oversized files before it reads them.
 */
import { MAX_SAVE_BYTES } from './save-load';

/** Offers `text` as a download named `filename`. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by the time this runs; the URL is only needed until then.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a file as text, refusing files over MAX_SAVE_BYTES. */
export async function readFileText(file: File): Promise<string> {
  if (file.size > MAX_SAVE_BYTES) throw new Error(`the file is larger than ${MAX_SAVE_BYTES / 1024 / 1024} MB`);
  return file.text();
}

/**
 * Creates the hidden file input (id "load-file") that "load file" opens, and the window's drop
 * target; both hand the chosen file to `onFile`. Returns a function that opens the picker.
 */
export function attachFileInputs(onFile: (file: File) => void): () => void {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = 'load-file';
  input.accept = '.json,application/json';
  input.hidden = true;
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = '';
    if (file !== undefined) onFile(file);
  });
  document.body.appendChild(input);
  window.addEventListener('dragover', (e) => {
    e.preventDefault();
    document.body.classList.add('dropping');
  });
  window.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dropping');
    const file = e.dataTransfer?.files[0];
    if (file !== undefined) onFile(file);
  });
  return () => input.click();
}
