/**
 * The stress test's heads-up card (top left, shown in stress mode): the ramp's verdict, the
 * physics and render figures apart, and a live graph of the last STEPS_SHOWN steps as stacked
 * bars by phase (profile-graph.ts) against the budget line.
 */
import type { StepProfile } from '../../physics/index';
import { createCard } from '../ui/card';
import { ProfileGraph } from '../ui/profile-graph';

/** Steps the graph shows. */
export const STEPS_SHOWN = 120;
const GRAPH_WIDTH = 312; // CSS px
const GRAPH_HEIGHT = 84; // CSS px

/** The card's text, set as a whole each update. */
export interface HudText {
  /** The ramp's verdict, or what is running. */
  headline: string;
  /** Lines of figures. */
  lines: string[];
}

export class StressHud {
  readonly element: HTMLElement;
  private readonly headline: HTMLElement;
  private readonly lines: HTMLElement;
  private readonly graph = new ProfileGraph({ steps: STEPS_SHOWN, width: GRAPH_WIDTH, height: GRAPH_HEIGHT });

  constructor() {
    const { card, title } = createCard('stress-hud', 'Stress test', 'Stress test · physics in a worker');
    this.headline = document.createElement('p');
    this.headline.className = 'headline';
    this.lines = document.createElement('pre');
    card.append(title, this.headline, this.lines, this.graph.element);
    this.element = card;
    this.graph.setBudget(8);
  }

  /** Shows or hides the card; showing starts an empty graph. */
  show(visible: boolean): void {
    if (visible && this.element.hidden) this.clear();
    this.element.hidden = !visible;
  }

  /** Forgets the graph's steps. */
  clear(): void {
    this.graph.clear();
  }

  /** The budget line, ms. */
  setBudget(ms: number): void {
    this.graph.setBudget(ms);
  }

  /** Adds a step to the graph. Does not allocate. */
  addStep(p: StepProfile): void {
    this.graph.add(p);
  }

  /** Sets the text (only touches the DOM when it changed). */
  setText(text: HudText): void {
    if (this.headline.textContent !== text.headline) this.headline.textContent = text.headline;
    const lines = text.lines.join('\n');
    if (this.lines.textContent !== lines) this.lines.textContent = lines;
  }

  /** Redraws the graph if steps arrived since the last draw. */
  draw(): void {
    if (!this.element.hidden) this.graph.draw();
  }
}
