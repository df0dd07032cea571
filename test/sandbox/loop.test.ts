/** The fixed-step loop: steps from scaled real time, a cap per frame, pause and single steps. */
import { describe, expect, it } from 'vitest';
import { FixedStepLoop, MAX_STEPS_PER_FRAME } from '../../src/sandbox/loop';

function loop(): { l: FixedStepLoop; steps: number[]; alphas: number[] } {
  const steps: number[] = [];
  const alphas: number[] = [];
  const l = new FixedStepLoop({ step: (dt) => steps.push(dt), render: (alpha) => alphas.push(alpha) });
  return { l, steps, alphas };
}

describe('FixedStepLoop', () => {
  it('runs one step per 1/hertz of scaled time and renders the leftover fraction', () => {
    const { l, steps, alphas } = loop();
    l.hertz = 50;
    l.frame(0);
    l.frame(50); // 50 ms: two and a half steps of 20 ms
    expect(steps).toEqual([0.02, 0.02]);
    expect(alphas.at(-1)).toBeCloseTo(0.5, 9);
    l.timeScale = 0.5;
    l.frame(90); // 40 ms at half speed: 20 ms more, plus the 10 left over
    expect(steps.length).toBe(3);
  });

  it('runs at most MAX_STEPS_PER_FRAME steps however long a frame was', () => {
    const { l, steps } = loop();
    l.frame(0);
    l.frame(1000);
    expect(steps.length).toBe(MAX_STEPS_PER_FRAME);
  });

  it('a step that pauses (a failed step, a replay at its end) is the frame\'s last', () => {
    const steps: number[] = [];
    const l: FixedStepLoop = new FixedStepLoop({
      step: (dt) => {
        steps.push(dt);
        l.paused = true;
      },
      render: () => undefined,
    });
    l.frame(0);
    l.frame(100); // time for six steps at 60 Hz, four allowed
    expect(steps.length).toBe(1);
  });

  it('paused, runs only requested steps and renders the current state', () => {
    const { l, steps, alphas } = loop();
    l.paused = true;
    l.frame(0);
    l.frame(100);
    expect(steps.length).toBe(0);
    l.requestStep();
    l.frame(116);
    expect(steps.length).toBe(1);
    expect(alphas.at(-1)).toBe(1);
  });

  it('with the physics elsewhere (the worker), only renders', () => {
    const { l, steps } = loop();
    l.physicsElsewhere = true;
    l.requestStep();
    l.frame(0);
    l.frame(100);
    expect(steps.length).toBe(0);
    expect(l.frames).toBe(2);
  });
});
