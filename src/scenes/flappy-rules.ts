/**
 * The flappy course's rules, on a world built by flappy.ts: a flap sets the bird's upward
 * velocity (the first one starts the course), each column the bird gets past scores one, a
 * column that leaves on the left comes round on the right with a new gap, and touching a pipe
 * or the floor ends the run: the course stops, and the next flap asks for a restart. Plain
 * engine calls after each step; no DOM, so the rules are tested in Node.
 */
import type { Body, World } from '../physics/index';
import {
  BIRD_RADIUS,
  COURSE_LEFT,
  PIPE_COLUMNS,
  PIPE_HALF_WIDTH,
  PIPE_SPACING,
  PIPE_SPEED,
  gapSource,
  pipeShapes,
  type FlappyTag,
} from './flappy';

/** m/s: a flap sets the bird's upward velocity to this. */
export const FLAP_SPEED = 6.5; // m/s
/** m: the bird counts as touching what is this close (the solver leaves a contact a slop apart). */
const TOUCH_SKIN = 0.01; // m

/** Where a run is. */
export type FlappyState = 'ready' | 'playing' | 'crashed';

/** A game a scene runs on its world: an action key, rules after each step, a line to show. */
export interface SceneGame {
  /** The action key (space, a tap): returns 'restart' when the scene should open again. */
  action(): 'restart' | null;
  /** Runs the rules after a step. */
  afterStep(): void;
  readonly score: number;
  readonly state: FlappyState;
  /** A short line for the page: what to do, or the score. */
  readonly status: string;
}

function tagOf(body: Body): FlappyTag | null {
  const data = body.userData as Partial<FlappyTag> | null | undefined;
  return data !== null && typeof data === 'object' && typeof data.flappy === 'string' ? (data as FlappyTag) : null;
}

export class FlappyGame implements SceneGame {
  state: FlappyState = 'ready';
  score = 0;
  private readonly bird: Body;
  /** Pipes by column: [top, bottom]. */
  private readonly columns: Array<[Body, Body]> = [];
  private readonly scored: boolean[] = [];
  private readonly nextGap: () => number;
  private readonly touching: Body[] = [];

  /**
   * Takes the course's bodies from `world` (built by `flappy`, or a course saved mid-run and
   * loaded again: a falling bird means a run under way); the gaps that come round are drawn
   * from `seed`.
   */
  constructor(private readonly world: World, seed = 7) {
    let bird: Body | null = null;
    for (const body of world.getBodies()) {
      const tag = tagOf(body);
      if (tag?.flappy === 'bird') bird = body;
      if (tag?.flappy === 'pipe') {
        const column = (this.columns[tag.column] ??= [body, body]);
        column[tag.part === 'top' ? 0 : 1] = body;
      }
    }
    if (bird === null || this.columns.length !== PIPE_COLUMNS) throw new Error('this world is not a flappy course: no bird or not every pipe');
    this.bird = bird;
    if (bird.gravityScale !== 0) this.state = 'playing';
    // Columns already behind the bird were scored before (or before a save).
    this.scored = this.columns.map((pair) => pair[0].x + PIPE_HALF_WIDTH < bird.x - BIRD_RADIUS);
    this.nextGap = gapSource(seed);
  }

  get status(): string {
    switch (this.state) {
      case 'ready':
        return 'space or tap: flap';
      case 'playing':
        return `score ${this.score}`;
      case 'crashed':
        return `crashed · score ${this.score} · space or tap: again`;
    }
  }

  action(): 'restart' | null {
    if (this.state === 'crashed') return 'restart';
    if (this.state === 'ready') {
      this.state = 'playing';
      this.bird.setGravityScale(1);
      for (const pair of this.columns) for (const pipe of pair) pipe.setVelocity(-PIPE_SPEED, 0);
    }
    this.bird.setVelocity(0, FLAP_SPEED);
    return null;
  }

  afterStep(): void {
    if (this.state !== 'playing') return;
    const bird = this.bird;
    this.columns.forEach((pair, i) => {
      const x = pair[0].x;
      if (!this.scored[i] && x + PIPE_HALF_WIDTH < bird.x - BIRD_RADIUS) {
        this.scored[i] = true;
        this.score++;
      }
      if (x + PIPE_HALF_WIDTH < COURSE_LEFT) this.comeRound(i);
    });
    if (this.crashed()) this.crash();
  }

  /** Moves column i behind the last one with a new gap. */
  private comeRound(i: number): void {
    let last = -Infinity;
    for (const pair of this.columns) last = Math.max(last, pair[0].x);
    const shapes = pipeShapes(this.nextGap());
    const [top, bottom] = this.columns[i];
    top.setShape(PIPE_HALF_WIDTH, shapes.top.halfHeight, 0);
    top.setPosition(last + PIPE_SPACING, shapes.top.y);
    bottom.setShape(PIPE_HALF_WIDTH, shapes.bottom.halfHeight, 0);
    bottom.setPosition(last + PIPE_SPACING, shapes.bottom.y);
    this.scored[i] = false;
  }

  /** Whether the bird touches a pipe or the floor (the ceiling only stops it). */
  private crashed(): boolean {
    const b = this.bird;
    const hits = this.world.queryShape(b.x, b.y, 0, 0, BIRD_RADIUS + TOUCH_SKIN, { predicate: (o) => o !== b }, this.touching);
    return hits.some((o) => {
      const tag = tagOf(o);
      return tag?.flappy === 'pipe' || tag?.flappy === 'floor';
    });
  }

  private crash(): void {
    this.state = 'crashed';
    for (const pair of this.columns) for (const pipe of pair) pipe.setVelocity(0, 0);
  }
}
