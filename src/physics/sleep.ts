/**
 * Sleep: bodies that stay slow together fall asleep together and cost nothing until touched.
 *
 * Each step the awake dynamic bodies are grouped into islands by union-find over the contact
 * rows (static bodies do not join islands; a moving kinematic body keeps its neighbours awake). A body's sleep timer counts the seconds it has been slower than the
 * threshold; an island sleeps when its least-rested body has rested for the time to sleep.
 * Waking is lazy: a pair that must act wakes its sleeping member in the narrowphase, and the
 * wake spreads through a resting pile one contact per step.
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import { LINEAR_SLOP } from './pushout.js';

/**
 * Overlap (m) above which a pair keeps its island awake: twice the slop that pushout leaves,
 * since a resting stack sits at about one slop.
 */
const DEEP_OVERLAP = 2 * LINEAR_SLOP; // m

export class SleepIslands {
  private parent: Int32Array = new Int32Array(0);
  private restMin: Float64Array = new Float64Array(0);

  /** Advances sleep timers by dt (s) and puts resting islands to sleep; returns how many slept. */
  update(
    store: BodyStore,
    contacts: ContactBuffer,
    dt: number,
    speedThreshold: number,
    timeToSleep: number,
  ): number {
    const s = store;
    if (this.parent.length < s.capacity) {
      this.parent = new Int32Array(s.capacity);
      this.restMin = new Float64Array(s.capacity);
    }
    const parent = this.parent;
    const limit2 = speedThreshold * speedThreshold;
    for (let i = 0; i < s.end; i++) {
      parent[i] = i;
      if (s.kind[i] !== BODY_DYNAMIC || s.awake[i] === 0) continue;
      const v2 = s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i];
      s.sleepTime[i] = v2 > limit2 ? 0 : s.sleepTime[i] + dt;
    }
    // Every contact row joins its bodies' islands, touching or not: a row between an awake
    // and a sleeping body wakes the sleeper, so near neighbours must rest and sleep together.
    for (let c = 0; c < contacts.count; c++) {
      const a = contacts.a[c];
      const b = contacts.b[c];
      const ka = s.kind[a];
      const kb = s.kind[b];
      // A pair still overlapping by more than the slop after pushout is not at rest: its
      // island stays awake until it has come apart.
      const separation = contacts.separationNow(c, s.x, s.y);
      if (separation < -DEEP_OVERLAP) {
        s.sleepTime[a] = 0;
        s.sleepTime[b] = 0;
      }
      if (ka === BODY_KINEMATIC && (s.vx[a] !== 0 || s.vy[a] !== 0)) s.sleepTime[b] = 0;
      if (kb === BODY_KINEMATIC && (s.vx[b] !== 0 || s.vy[b] !== 0)) s.sleepTime[a] = 0;
      if (ka !== BODY_DYNAMIC || kb !== BODY_DYNAMIC) continue;
      const ra = this.find(a);
      const rb = this.find(b);
      if (ra !== rb) parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
    }
    const restMin = this.restMin;
    for (let i = 0; i < s.end; i++) restMin[i] = Infinity;
    for (let i = 0; i < s.end; i++) {
      if (s.kind[i] !== BODY_DYNAMIC || s.awake[i] === 0) continue;
      const root = this.find(i);
      if (s.sleepTime[i] < restMin[root]) restMin[root] = s.sleepTime[i];
    }
    let slept = 0;
    for (let i = 0; i < s.end; i++) {
      if (s.kind[i] !== BODY_DYNAMIC || s.awake[i] === 0) continue;
      if (restMin[this.find(i)] < timeToSleep) continue;
      s.awake[i] = 0;
      s.vx[i] = 0;
      s.vy[i] = 0;
      slept++;
    }
    return slept;
  }

  private find(i: number): number {
    const parent = this.parent;
    let root = i;
    while (parent[root] !== root) root = parent[root];
    while (parent[i] !== root) {
      const next = parent[i];
      parent[i] = root;
      i = next;
    }
    return root;
  }
}
