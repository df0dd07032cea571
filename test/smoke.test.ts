import { describe, expect, it } from 'vitest';
import { World } from '../src/physics/index';

describe('smoke', () => {
  it('a ball dropped on a floor comes to rest on it', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    world.createBody({ type: 'static', y: -2, halfWidth: 10, halfHeight: 2, radius: 0 });
    const ball = world.createBody({ y: 3, radius: 0.5, restitution: 0.5 });
    for (let k = 0; k < 600; k++) world.step(1 / 60);
    expect(ball.y).toBeGreaterThan(0.5 - 0.01);
    expect(ball.y).toBeLessThan(0.5 + 0.01);
  });
});
