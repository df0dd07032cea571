/**
 * The collision lab's card: the mode (collision, or the sweep's time of impact), stepping back
 * and forward through the collision, each body's size and restitution to edit, the
 * explanation's lines and the colour legend. It only shows and reports: lab.ts decides.
 */
import { LEGEND } from '../overlays/explainer-draw';
import { createCard } from '../ui/card';
import type { PairBody } from '../overlays/collision-explainer';

/** The lab's two ways to look at the pair. */
export type LabMode = 'collision' | 'sweep';

/** Fields of a body the card edits, with their limits (the engine checks them again). */
export const EDITABLE = [
  { key: 'halfWidth', label: 'hw', title: 'half width of the inner rectangle, m', min: 0, step: 0.1 },
  { key: 'halfHeight', label: 'hh', title: 'half height of the inner rectangle, m', min: 0, step: 0.1 },
  { key: 'radius', label: 'r', title: 'corner radius, m', min: 0, step: 0.1 },
  { key: 'restitution', label: 'e', title: 'restitution (bounciness), 0 to 1', min: 0, step: 0.05 },
] as const;

export type EditableKey = (typeof EDITABLE)[number]['key'];

/** What the card asks the lab to do. */
export interface LabCardActions {
  setMode(mode: LabMode): void;
  back(): void;
  forward(): void;
  /** Body 0 (A) or 1 (B): set `key` to `value`; a refusal comes back as a message. */
  edit(body: 0 | 1, key: EditableKey, value: number): void;
}

export class LabCard {
  readonly element: HTMLElement;
  private readonly modeButtons: HTMLButtonElement[] = [];
  private readonly backButton: HTMLButtonElement;
  private readonly forwardButton: HTMLButtonElement;
  private readonly stepText: HTMLElement;
  private readonly inputs: HTMLInputElement[][] = [[], []];
  private readonly lines: HTMLElement;
  private readonly change: HTMLElement;
  private shownLines = '';

  constructor(actions: LabCardActions) {
    const { card, title } = createCard('lab-card', 'Collision lab', 'Collision lab');
    const head = document.createElement('div');
    head.className = 'head';
    const modes = document.createElement('div');
    modes.className = 'modes';
    for (const [mode, text] of [
      ['collision', 'collision'],
      ['sweep', 'sweep: time of impact'],
    ] as const) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.mode = mode;
      button.textContent = text;
      button.addEventListener('click', () => actions.setMode(mode));
      this.modeButtons.push(button);
      modes.appendChild(button);
    }
    head.append(title, modes);

    const steps = document.createElement('div');
    steps.className = 'steps';
    this.backButton = button('◀ step back', 'lab-back', () => actions.back());
    this.forwardButton = button('step ▶', 'lab-forward', () => actions.forward());
    this.stepText = document.createElement('span');
    steps.append(this.backButton, this.forwardButton, this.stepText);

    const table = document.createElement('div');
    table.className = 'bodies';
    table.appendChild(document.createElement('span'));
    for (const field of EDITABLE) {
      const th = document.createElement('span');
      th.textContent = field.label;
      th.title = field.title;
      table.appendChild(th);
    }
    for (const index of [0, 1] as const) {
      const name = document.createElement('b');
      name.textContent = index === 0 ? 'A' : 'B';
      table.appendChild(name);
      for (const field of EDITABLE) {
        const input = document.createElement('input');
        input.type = 'number';
        input.min = String(field.min);
        if (field.key === 'restitution') input.max = '1';
        input.step = String(field.step);
        input.name = `${index === 0 ? 'A' : 'B'}-${field.key}`;
        input.title = `${index === 0 ? 'A' : 'B'}: ${field.title}`;
        input.addEventListener('change', () => actions.edit(index, field.key, input.valueAsNumber));
        this.inputs[index].push(input);
        table.appendChild(input);
      }
    }

    this.lines = document.createElement('ul');
    this.lines.className = 'lines';
    this.change = document.createElement('p');
    this.change.className = 'change';

    const legend = document.createElement('details');
    legend.className = 'legend';
    legend.open = !window.matchMedia('(max-width: 700px)').matches;
    const summary = document.createElement('summary');
    summary.textContent = 'colours';
    legend.appendChild(summary);
    for (const entry of LEGEND) {
      const row = document.createElement('span');
      row.className = `swatch ${entry.style}`;
      row.style.setProperty('--swatch', entry.color);
      row.textContent = entry.text;
      legend.appendChild(row);
    }
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'Drag A or B to move them, the rings to set their velocities.';
    card.append(head, steps, table, this.lines, this.change, hint, legend);
    this.element = card;
  }

  /** Shows the card for `mode`, with the bodies' values in the fields (a field being typed in is left alone). */
  update(mode: LabMode, a: PairBody, b: PairBody, lines: readonly string[], step: { index: number; canBack: boolean; change: string }): void {
    this.element.hidden = false;
    for (const button of this.modeButtons) button.setAttribute('aria-pressed', String(button.dataset.mode === mode));
    [a, b].forEach((body, i) => {
      EDITABLE.forEach((field, k) => {
        const input = this.inputs[i][k];
        if (document.activeElement === input) return;
        const text = String(Number(body[field.key].toFixed(3)));
        if (input.value !== text) input.value = text;
      });
    });
    this.backButton.disabled = !step.canBack;
    const stepText = `step ${step.index}`;
    if (this.stepText.textContent !== stepText) this.stepText.textContent = stepText;
    const joined = lines.join('\n');
    if (joined !== this.shownLines) {
      this.shownLines = joined;
      this.lines.replaceChildren(
        ...lines.map((line) => {
          const li = document.createElement('li');
          li.textContent = line;
          return li;
        }),
      );
    }
    if (this.change.textContent !== step.change) this.change.textContent = step.change;
    this.change.hidden = step.change === '';
  }

  hide(): void {
    this.element.hidden = true;
  }
}

function button(text: string, id: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id;
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}
