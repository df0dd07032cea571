import { describe, expect, it } from 'vitest';
import { World, type Body } from '../../src/physics/index';
import { BIRD_X, COURSE_CEILING, COURSE_FLOOR, PIPE_COLUMNS, PIPE_GAP, flappy, type FlappyTag } from '../../src/scenes/flappy';
import { FLAP_SPEED, FlappyGame } from '../../src/scenes/flappy-rules';

const DT = 1 / 60;

function course(seed = 1): { world: World; game: FlappyGame; bird: Body; pipes: Body[] } {
  const world = new World();
  flappy(world, { seed });
  const game = new FlappyGame(world);
  const tag = (b: Body): FlappyTag | undefined => b.userData as FlappyTag | undefined;
  const bird = world.getBodies().find((b) => tag(b)?.flappy === 'bird');
  if (bird === undefined) throw new Error('no bird');
  return { world, game, bird, pipes: world.getBodies().filter((b) => tag(b)?.flappy === 'pipe') };
}

function run(world: World, game: FlappyGame, steps: number, pilot?: () => void): void {
  for (let i = 0; i < steps && game.state !== 'crashed'; i++) {
    pilot?.();
    world.step(DT);
    game.afterStep();
  }
}

/** The column nearest ahead of the bird: the centre of its gap (m). */
function gapAhead(pipes: Body[], bird: Body): number {
  const ahead = pipes.filter((p) => p.x + p.halfWidth > bird.x - bird.radius).sort((a, b) => a.x - b.x);
  const [top, bottom] = ahead[0].y > ahead[1].y ? [ahead[0], ahead[1]] : [ahead[1], ahead[0]];
  return (top.y - top.halfHeight + bottom.y + bottom.halfHeight) / 2;
}

describe('flappy course', () => {
  it('waits for the first flap: nothing moves before it', () => {
    const { world, game, bird, pipes } = course();
    const before = pipes.map((p) => p.x);
    run(world, game, 60);
    expect(game.state).toBe('ready');
    expect(bird.y).toBe(0);
    expect(pipes.map((p) => p.x)).toEqual(before);
    expect(game.status).toMatch(/flap/);
  });

  it('a flap is an upward velocity; without more the bird falls, hits the floor, and the course stops', () => {
    const { world, game, bird, pipes } = course();
    expect(game.action()).toBeNull();
    expect(bird.vy).toBe(FLAP_SPEED);
    run(world, game, 600);
    expect(game.state).toBe('crashed');
    expect(bird.y).toBeLessThan(COURSE_FLOOR + 1);
    expect(pipes.every((p) => p.vx === 0)).toBe(true);
    // A crash is plain to see: the ball stays down, it does not bounce back into the course.
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(bird.y).toBeLessThan(COURSE_FLOOR + 0.5);
    expect(game.status).toMatch(/crashed · score 0/);
    // The next flap asks for the course again.
    expect(game.action()).toBe('restart');
  });

  it('flying into a pipe crashes', () => {
    const { world, game, bird } = course();
    game.action();
    // Held 1 m under the ceiling, where every top pipe reaches whatever its gap.
    run(world, game, 600, () => bird.setVelocity(0, (COURSE_CEILING - 1 - bird.y) * 5));
    expect(game.state).toBe('crashed');
    expect(bird.y).toBeGreaterThan(COURSE_CEILING - 2);
    expect(bird.x).toBeGreaterThan(BIRD_X - 1);
  });

  it('a pilot that flaps below each gap scores one per column, and the columns come round with new gaps', () => {
    const { world, game, bird, pipes } = course();
    game.action();
    const gaps = new Set<number>();
    run(world, game, 60 * 25, () => {
      const gap = gapAhead(pipes, bird);
      gaps.add(Math.round(gap * 1000));
      if (bird.y < gap - 0.6 && bird.vy < 1) game.action();
    });
    expect(game.state).toBe('playing');
    // 25 s at 3 m/s is 75 m of pipes 5.5 m apart: about a dozen columns passed.
    expect(game.score).toBeGreaterThanOrEqual(10);
    expect(pipes).toHaveLength(2 * PIPE_COLUMNS);
    expect(gaps.size).toBeGreaterThan(PIPE_COLUMNS);
    for (const p of pipes) expect(p.y + p.halfHeight <= COURSE_CEILING + 1e-9 || p.y - p.halfHeight >= COURSE_FLOOR - 1e-9).toBe(true);
  });

  it('every gap is the gap height, between floor and ceiling, and the same seed builds the same course', () => {
    const a = course(3).world.toJSON();
    const b = course(3).world.toJSON();
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const { pipes } = course(3);
    for (let c = 0; c < PIPE_COLUMNS; c++) {
      const col = pipes.filter((p) => (p.userData as { column: number }).column === c);
      const [top, bottom] = col[0].y > col[1].y ? col : [col[1], col[0]];
      expect(top.y - top.halfHeight - (bottom.y + bottom.halfHeight)).toBeCloseTo(PIPE_GAP, 9);
      expect(top.y + top.halfHeight).toBeCloseTo(COURSE_CEILING, 9);
      expect(bottom.y - bottom.halfHeight).toBeCloseTo(COURSE_FLOOR, 9);
    }
  });

  it('a course saved mid-run and loaded again plays on: running, the passed columns not scored twice', () => {
    const { world, game, bird, pipes } = course();
    game.action();
    run(world, game, 240, () => {
      if (bird.y < gapAhead(pipes, bird) - 0.6 && bird.vy < 1) game.action();
    });
    expect(game.score).toBeGreaterThan(0);
    const loaded = World.fromJSON(JSON.parse(JSON.stringify(world.toJSON())));
    const again = new FlappyGame(loaded);
    expect(again.state).toBe('playing');
    const passed = loaded.getBodies().filter((b) => (b.userData as FlappyTag | undefined)?.flappy === 'pipe' && b.x < BIRD_X);
    expect(passed.length).toBeGreaterThan(0);
    loaded.step(DT);
    again.afterStep();
    expect(again.score).toBe(0);
    // Left alone, the loaded run ends in a crash like any other.
    run(loaded, again, 600);
    expect(again.state).toBe('crashed');
  });

  it('refuses a world that is no course', () => {
    expect(() => new FlappyGame(new World())).toThrow(/not a flappy course/);
  });
});
