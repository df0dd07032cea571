/**
 * What history costs, per scene: a step with and without recording, a keyframe's size, the
 * memory a minute takes (or the seconds the byte cap leaves), and the slowest seek (a restore
 * plus the steps between two keyframes). Prints figures; asserts nothing.
 *   npx tsx test/sandbox/history/cost.ts
 */
import { World } from '../../../src/physics/index';
import { findScene } from '../../../src/scenes/index';
import { worldToText } from '../../../src/sandbox/history/ops';
import { DT, Rig } from './rig';

const STEPS = 300; // per timed block: 5 s at 60 Hz
const SETTLE = 60;

function sceneWorld(id: string): World {
  const w = new World();
  findScene(id)?.build(w);
  for (let k = 0; k < SETTLE; k++) w.step(DT);
  return w;
}

function perStep(fn: () => void): number {
  const t = performance.now();
  for (let k = 0; k < STEPS; k++) fn();
  return (performance.now() - t) / STEPS;
}

let sink = 0;
for (const id of ['playground', 'pinball', 'pile', 'crowd']) {
  const plain = sceneWorld(id);
  const rig = new Rig(sceneWorld(id));
  // Warm-up, then the two timed in alternating blocks so both see the same machine.
  for (let k = 0; k < 120; k++) {
    plain.step(DT);
    rig.run(1);
  }
  let bare = 0;
  let recorded = 0;
  for (let block = 0; block < 4; block++) {
    bare += perStep(() => plain.step(DT)) / 4;
    recorded += perStep(() => rig.run(1)) / 4;
  }
  const t = rig.history.timeline;
  const keyframe = worldToText(rig.world).length;
  const perMinute = (t.bytes / t.seconds) * 60;
  rig.setPaused(true);
  // The step before the newest keyframe: a restore and a whole interval re-stepped, the most a seek does.
  const started = performance.now();
  rig.history.seek(t.newestKeyframe - 1);
  const seek = performance.now() - started;
  sink += rig.world.bodyCount;
  console.log(
    `${id.padEnd(11)} ${String(plain.bodyCount).padStart(5)} bodies: step ${bare.toFixed(3)} ms, recorded ${recorded.toFixed(3)} ms (+${(recorded - bare).toFixed(3)}), ` +
      `keyframe ${(keyframe / 1024).toFixed(0)} kB, a minute ${(perMinute / 1024 / 1024).toFixed(1)} MB (kept: ${t.seconds.toFixed(0)} s, ${(t.bytes / 1024 / 1024).toFixed(1)} MB), slowest seek ${seek.toFixed(1)} ms, diverged ${t.diverged ?? 'no'}`,
  );
}
console.log(`(sink ${sink})`);
