/**
 * The inspector: a card for the selected body (or bodies) of the build tools. One body shows
 * type, position, velocity, size, material and sleep state, live while it moves; several show
 * what they share (type and material) for a bulk edit, and "mixed" where they differ. Every
 * edit goes through the build controller to the physics host, so it is one undoable action; an
 * edit the engine refuses shows its message under the field, and the body stays as it was.
 * The field logic is in build/inspector-fields.ts.
 */
import './inspector.css';
import type { Body, BodyType } from '../../physics/index';
import type { Camera } from '../shared/camera';
import type { BuildController } from '../build/build-controller';
import type { BodyPatch } from '../build/body-patch';
import { BODY_TYPES, INSPECTOR_FIELDS, MIXED, common, formatValue, parseField, sleepState, type FieldSpec } from '../build/inspector-fields';

interface FieldRow {
  spec: FieldSpec;
  row: HTMLElement;
  input: HTMLInputElement;
  error: HTMLElement;
}

/** The inspector: `update` once a frame keeps it live (and clear of the bodies it shows, seen through `camera`). */
export interface Inspector {
  update(camera: Camera): void;
  readonly element: HTMLElement;
}

/** Creates the inspector card (hidden until something is selected). */
export function createInspector(build: BuildController): Inspector {
  const card = document.createElement('section');
  card.id = 'inspector';
  card.hidden = true;
  card.setAttribute('aria-label', 'Inspector');
  const title = document.createElement('h2');
  card.appendChild(title);

  const typeRow = document.createElement('label');
  typeRow.className = 'field';
  const typeSelect = document.createElement('select');
  typeSelect.name = 'type';
  for (const t of [...BODY_TYPES, MIXED]) {
    const option = document.createElement('option');
    option.value = t;
    option.textContent = t;
    option.hidden = t === MIXED;
    typeSelect.appendChild(option);
  }
  const typeError = document.createElement('div');
  typeError.className = 'field-error';
  typeRow.append(span('type', 'name'), typeSelect, span('', 'unit'), typeError);
  card.appendChild(typeRow);

  const rows: FieldRow[] = INSPECTOR_FIELDS.map((spec) => {
    const row = document.createElement('label');
    row.className = 'field';
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.name = spec.key;
    input.autocomplete = 'off';
    input.spellcheck = false;
    const error = document.createElement('div');
    error.className = 'field-error';
    error.setAttribute('role', 'alert');
    row.append(span(spec.label, 'name'), input, span(spec.unit, 'unit'), error);
    card.appendChild(row);
    return { spec, row, input, error };
  });

  const sleep = document.createElement('p');
  sleep.className = 'sleep';
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.className = 'delete';
  remove.addEventListener('click', () => build.deleteSelected());
  card.append(sleep, remove);
  document.body.appendChild(card);

  /** Sends `patch`; the engine's refusal goes under the field, else the field is cleared of errors. */
  const apply = (patch: BodyPatch, error: HTMLElement): void => {
    const refused = build.editSelected(patch);
    error.textContent = refused ?? '';
    error.closest('.field')?.classList.toggle('invalid', refused !== null);
  };

  for (const r of rows) {
    r.input.addEventListener('change', () => {
      let patch: BodyPatch;
      try {
        patch = parseField(r.spec.key, r.input.value);
      } catch (error) {
        r.error.textContent = (error as Error).message;
        r.row.classList.add('invalid');
        return;
      }
      apply(patch, r.error);
    });
    r.input.addEventListener('keydown', (e) => {
      // Escape gives up the edit: the field shows the body again.
      if (e.key === 'Escape') {
        r.error.textContent = '';
        r.row.classList.remove('invalid');
        r.input.blur();
      }
      if (e.key === 'Enter') r.input.blur();
    });
  }
  typeSelect.addEventListener('change', () => {
    apply({ type: typeSelect.value as BodyType }, typeError);
    typeSelect.blur();
  });

  let shown = '';
  const update = (camera: Camera): void => {
    const bodies = build.selected();
    card.hidden = bodies.length === 0;
    if (bodies.length === 0) {
      shown = '';
      return;
    }
    const one = bodies.length === 1;
    const key = bodies.map((b) => b.id).join(',');
    if (key !== shown) {
      // A new selection: old errors belonged to the old one.
      shown = key;
      for (const r of rows) {
        r.error.textContent = '';
        r.row.classList.remove('invalid');
      }
      typeError.textContent = '';
      typeRow.classList.remove('invalid');
    }
    title.textContent = one ? `Inspector: body ${bodies[0].id}` : `Inspector: ${bodies.length} bodies`;
    const type = common(bodies, (b) => b.type) ?? MIXED;
    if (document.activeElement !== typeSelect && typeSelect.value !== type) typeSelect.value = type;
    for (const r of rows) {
      r.row.hidden = !one && !r.spec.bulk;
      if (r.row.hidden || document.activeElement === r.input || r.row.classList.contains('invalid')) continue;
      const value = common(bodies, (b) => b[r.spec.key]);
      const text = value === null ? '' : value === MIXED ? MIXED : formatValue(value);
      if (r.input.value !== text) r.input.value = text;
    }
    sleep.textContent = `sleep: ${sleepState(bodies)}`;
    remove.textContent = one ? 'delete body (Delete)' : `delete ${bodies.length} bodies (Delete)`;
    keepClear(card, bodies, camera);
  };
  return { update, element: card };
}

/**
 * Moves the card to its other place (inspector.css: `.other-side`) when it covers the bodies
 * it shows and the other place does not; it stays put otherwise, so it does not hop about.
 */
function keepClear(card: HTMLElement, bodies: readonly Body[], camera: Camera): void {
  const box = screenBox(bodies, camera);
  const covers = (): boolean => {
    const r = card.getBoundingClientRect();
    return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
  };
  if (!covers()) return;
  card.classList.toggle('other-side');
  if (covers()) card.classList.toggle('other-side');
}

/** The client-pixel box around `bodies`. */
function screenBox(bodies: readonly Body[], camera: Camera): { left: number; right: number; top: number; bottom: number } {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const b of bodies) {
    const a = camera.worldToScreen(b.x - b.outerHalfWidth, b.y + b.outerHalfHeight);
    const c = camera.worldToScreen(b.x + b.outerHalfWidth, b.y - b.outerHalfHeight);
    left = Math.min(left, a.x);
    top = Math.min(top, a.y);
    right = Math.max(right, c.x);
    bottom = Math.max(bottom, c.y);
  }
  return { left, right, top, bottom };
}

function span(text: string, className: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}
