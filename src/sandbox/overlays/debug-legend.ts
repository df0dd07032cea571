/**
 * The legend of the debug layers: a small card (bottom left) that says what each colour, dash
 * and dot of the layers that are on means. It is rebuilt only when the set of layers changes.
 */
import type { Settings } from '../shared/settings';
import {
  ASLEEP_COLOR,
  AWAKE_COLOR,
  CONTACT_GAP_COLOR,
  CONTACT_OVERLAP_COLOR,
  FAT_BOX_COLOR,
  TREE_COLORS,
  VELOCITY_COLOR,
} from './debug-draw';

/** One line of the legend: swatches (CSS colours; `dashed` draws an outline) and what they mean. */
interface Entry {
  swatches: ReadonlyArray<{ color: string; style?: 'box' | 'dashed' | 'dot' | 'arrow' }>;
  text: string;
}

/** The legend's lines for each layer. */
const LAYERS: ReadonlyArray<{ on: (s: Settings) => boolean; entries: readonly Entry[] }> = [
  { on: (s) => s.fatBoxes, entries: [{ swatches: [{ color: FAT_BOX_COLOR, style: 'box' }], text: 'fat box: body bounds + broadphase margin' }] },
  {
    on: (s) => s.treeNodes,
    entries: [
      { swatches: TREE_COLORS.slice(0, 4).map((color) => ({ color, style: 'box' as const })), text: 'R-tree node, coloured by height (leaves up)' },
      { swatches: [{ color: TREE_COLORS[0], style: 'dashed' }], text: 'dashed: the static bodies\' tree' },
    ],
  },
  {
    on: (s) => s.contacts,
    entries: [
      { swatches: [{ color: CONTACT_OVERLAP_COLOR, style: 'arrow' }], text: 'contact, overlapping (normal; mm when zoomed in)' },
      { swatches: [{ color: CONTACT_GAP_COLOR, style: 'arrow' }], text: 'speculative contact: a gap, not touching yet' },
    ],
  },
  { on: (s) => s.velocities, entries: [{ swatches: [{ color: VELOCITY_COLOR, style: 'arrow' }], text: 'velocity: where the body is 0.2 s later' }] },
  {
    on: (s) => s.sleepState,
    entries: [
      { swatches: [{ color: AWAKE_COLOR, style: 'dot' }], text: 'awake' },
      { swatches: [{ color: ASLEEP_COLOR, style: 'dot' }], text: 'asleep (not stepped until touched)' },
    ],
  },
];

export class DebugLegend {
  readonly element: HTMLElement;
  private shown = '';

  constructor() {
    this.element = document.createElement('div');
    this.element.id = 'debug-legend';
    this.element.hidden = true;
    document.body.appendChild(this.element);
  }

  /** Shows the lines of the layers `s` turns on (nothing when none is). */
  update(s: Settings): void {
    const on = LAYERS.filter((layer) => layer.on(s));
    const key = on.map((layer) => LAYERS.indexOf(layer)).join(',');
    if (key === this.shown) return;
    this.shown = key;
    this.element.replaceChildren();
    this.element.hidden = on.length === 0;
    for (const layer of on) {
      for (const entry of layer.entries) {
        const row = document.createElement('div');
        for (const sw of entry.swatches) {
          const swatch = document.createElement('span');
          swatch.className = `swatch ${sw.style ?? 'box'}`;
          swatch.style.setProperty('--swatch', sw.color);
          row.appendChild(swatch);
        }
        row.append(entry.text);
        this.element.appendChild(row);
      }
    }
  }
}
