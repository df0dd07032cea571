/**
 * ENGINE_REVISION (src/physics/revision.ts) names what a world steps to, so the states it steps
 * to are pinned here, one row per revision: a change that moves a bit of them must raise the
 * revision (and add its row), or replays saved by the old engine would be taken for the new
 * one's. The scenes cover the solver's paths: a frictionless crowd (restitution, skipped rows),
 * a pile under gravity (stacks, over-relaxation, pushout), a funnel of grains (friction,
 * sleep), mass ratios of 1:1000 (shock propagation), and (from revision 2) a column of 40
 * boxes, whose solve gains energy in some steps and starts again (restartSolve). An older
 * revision's row lists the scenes of its time.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_REVISION, World } from '../../src/physics/index';
import { crowd } from '../../src/scenes/crowd';
import { funnel } from '../../src/scenes/funnel';
import { massRatios } from '../../src/scenes/mass-ratios';
import { pile } from '../../src/scenes/pile';
import { run, stateHash } from './helpers';

const SCENES: ReadonlyArray<readonly [string, (w: World) => void, number]> = [
  ['crowd 600', (w) => crowd(w, { count: 600 }), 120],
  ['pile 300', (w) => pile(w, { count: 300 }), 180],
  ['funnel', (w) => funnel(w), 120],
  ['mass ratios', (w) => massRatios(w), 120],
  ['column of 40', column, 120],
];

/** 40 frictionless boxes stacked on a floor, under gravity, sleep off. */
function column(w: World): void {
  w.setOptions({ gravity: { x: 0, y: -9.81 }, enableSleep: false });
  w.createBody({ type: 'static', x: 0, y: -1, halfWidth: 20, halfHeight: 1, radius: 0 });
  for (let i = 0; i < 40; i++) w.createBody({ x: 0, y: 0.5 + i, halfWidth: 0.5, halfHeight: 0.5, radius: 0, friction: 0, restitution: 0 });
}

/** The state hashes (test/physics/helpers.ts) each revision steps the scenes to, in SCENES' order. */
const PINNED: Record<number, readonly string[]> = {
  1: ['604:7ea73d8d', '304:a2ff0d1c', '392:e778a323', '10:83378b7f'],
  2: ['604:12e77577', '304:a2ff0d1c', '392:e778a323', '10:83378b7f', '41:11ad0d52'],
};

describe('ENGINE_REVISION', () => {
  it('names the states this engine steps to (raise it, and pin a new row, when results change)', () => {
    const got = SCENES.map(([, build, steps]) => {
      const world = new World();
      build(world);
      run(world, steps);
      return stateHash(world);
    });
    expect(got, `revision ${ENGINE_REVISION}'s states changed: raise ENGINE_REVISION in src/physics/revision.ts and pin these`).toEqual(PINNED[ENGINE_REVISION]);
  });
});
