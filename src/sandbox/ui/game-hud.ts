/**
 * The game's line at the top of the page while a scene plays one (the flappy course): what to
 * do, the score, a crash, and the best score since the page opened.
 */
import type { SceneGame } from '../../scenes/index';

export class GameHud {
  readonly element: HTMLElement;
  private best = 0;

  constructor() {
    this.element = document.createElement('div');
    this.element.id = 'game-hud';
    this.element.hidden = true;
    this.element.setAttribute('role', 'status');
    document.body.appendChild(this.element);
  }

  /** Shows `game`'s line, or hides when there is none. Touches the DOM only when the text changes. */
  update(game: SceneGame | null): void {
    if (game === null) {
      this.element.hidden = true;
      return;
    }
    this.best = Math.max(this.best, game.score);
    const text = this.best > 0 ? `${game.status} · best ${this.best}` : game.status;
    if (this.element.textContent !== text) this.element.textContent = text;
    this.element.dataset.state = game.state;
    this.element.hidden = false;
  }
}
