/**
 * The profile card of normal play (`p`, or the panel's "phase profile graph"): the phase
 * profile graph of the last few seconds of steps, as Box2D's samples keep on screen. Hidden in
 * stress mode, whose HUD has its own graph. Bottom left, above the help button.
 */
import type { StepProfile } from '../../physics/index';
import { createCard } from './card';
import { ProfileGraph } from './profile-graph';

/** Steps the card keeps: four seconds at 60 Hz. */
export const PROFILE_STEPS = 240;
const GRAPH_WIDTH = 300; // CSS px, narrower on a phone
const GRAPH_HEIGHT = 72; // CSS px
const SIDE_MARGIN = 48; // CSS px the card and its padding take beside the graph on a narrow screen

export class ProfileCard {
  readonly element: HTMLElement;
  private readonly graph = new ProfileGraph({ steps: PROFILE_STEPS, width: GRAPH_WIDTH, height: GRAPH_HEIGHT });
  private wanted = false;
  private suppressed = false;
  /** Steps recorded since the page opened (the browser tests read it). */
  stepsRecorded = 0;

  constructor() {
    const { card, title } = createCard('profile-card', 'Step time by phase', 'Step time by phase · last 4 s');
    card.append(title, this.graph.element);
    this.element = card;
  }

  /** Whether the user asked for the card (the panel's checkbox binds to this). */
  get shown(): boolean {
    return this.wanted;
  }

  set shown(on: boolean) {
    if (on && !this.wanted) this.graph.clear();
    this.wanted = on;
    this.element.hidden = !this.visible;
  }

  /** Hides the card while `on` (stress mode shows its own graph) without forgetting that it was asked for. */
  suppress(on: boolean): void {
    this.suppressed = on;
    this.element.hidden = !this.visible;
  }

  /** Whether it is on screen. */
  get visible(): boolean {
    return this.wanted && !this.suppressed;
  }

  /** Records a step (kept only while shown). Does not allocate. */
  addStep(p: StepProfile): void {
    if (!this.wanted) return;
    this.graph.add(p);
    this.stepsRecorded++;
  }

  /** Redraws if needed. */
  draw(): void {
    if (this.visible) this.graph.draw(Math.min(GRAPH_WIDTH, window.innerWidth - SIDE_MARGIN));
  }
}
