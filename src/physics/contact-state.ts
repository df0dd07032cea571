/**
 * Touching state after the solve: which pairs touch, with the contact data of each begin, the
 * hit events, and the sensor pairs (which have no contact rows). Every begin and hit event is
 * recorded here, through the pair cache, the one owner of touching state.
 */
import type { BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import { contactPoint, type ContactData } from './contact-data.js';
import type { ContactBuffer } from './contacts.js';
import { EVENT_HIT, type EventBuffer } from './events.js';
import { grown } from './grown.js';
import { roundedRectOverlap, type PointHit } from './narrowphase.js';
import { JOB_FLAG_TOUCH, P_RECORD_TOUCH, type StepRunner } from './parallel/jobs.js';
import { LINEAR_SLOP } from './pushout.js';
import type { CollideRegions } from './wasm/row-kernels.js';

/** Whether row k's pair touches: it overlaps, or the solve pushed it apart. */
function touchesNow(c: ContactBuffer, k: number): number {
  return c.separation[k] < LINEAR_SLOP || c.impulse[k] > 0 ? 1 : 0;
}

/**
 * Sets `flags[k]` to 1 for each row k of [from, to) whose pair's touching (`touching`, by pair)
 * is to change, else 0; returns how many. Rows are independent: threads may flag several
 * ranges at once (JOB_FLAG_TOUCH), and only the recording of the changes, in row order, is
 * left to one thread. @internal
 */
export function flagTouchChanges(c: ContactBuffer, touching: Uint8Array, flags: Uint8Array, from: number, to: number): number {
  const pair = c.pair;
  let changed = 0;
  for (let k = from; k < to; k++) {
    const flag = touchesNow(c, k) !== touching[pair[k]] ? 1 : 0;
    flags[k] = flag;
    changed += flag;
  }
  return changed;
}

/**
 * Sets the touching of the pairs of rows [from, to) (`touching`, by pair), where no event is
 * recorded: each pair has one row, so threads may set several ranges at once (JOB_FLAG_TOUCH). @internal
 */
export function setTouchingRows(c: ContactBuffer, touching: Uint8Array, from: number, to: number): void {
  const pair = c.pair;
  for (let k = from; k < to; k++) touching[pair[k]] = touchesNow(c, k);
}

/** Records touching state and begin, hit and sensor events after each solve. */
export class ContactState {
  /** Sensor pairs near enough to overlap this substep, listed by the collide stage. */
  private sensorPairs: Int32Array = new Int32Array(16);
  private sensorPairCount = 0;
  private readonly hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  private readonly point: ContactData = { x: 0, y: 0, nx: 0, ny: 0, approachSpeed: 0, normalImpulse: 0 };

  /** For `collidePairs`: lists sensor pair p for the test after the solve. */
  readonly noteSensorPair = (p: number): void => {
    if (this.sensorPairCount === this.sensorPairs.length) {
      this.sensorPairs = grown(this.sensorPairs, this.sensorPairs.length * 2);
    }
    this.sensorPairs[this.sensorPairCount++] = p;
  };

  constructor(
    private readonly store: BodyStore,
    private readonly bp: Broadphase,
    private readonly contacts: ContactBuffer,
    private readonly events: EventBuffer,
  ) {}

  /**
   * Records which pairs touch: overlapping, or pushed apart by the solve (so a speculative row
   * that never closed does not begin). A begin gets its contact data; when `hits`, each row
   * that pushed and approached at `hitSpeed` (m/s) or more records a hit. Then the sensors.
   */
  update(hits: boolean, hitSpeed: number, runner: StepRunner): void {
    const c = this.contacts;
    if (!hits && c.collidedInKernels && c.residentRows && c.kernels !== null) {
      if (runner.threads > 1 && !this.events.enabled && c.kernels.layout !== null) {
        // No one to tell: the threads set every row's pair's touching, over the shared rows.
        runner.params[P_RECORD_TOUCH] = 0;
        runner.run(JOB_FLAG_TOUCH, 0, c.count);
      } else {
        // The kernel lists the rows whose touching changed: the only ones the loop below records.
        const changed = c.kernels.touched(c.count);
        const touched = (c.kernels.collideRegions as CollideRegions).touched;
        for (let m = 0; m < changed; m++) this.touchRow(touched[m]);
      }
    } else if (!hits && !c.collidedInKernels && runner.threads > 1 && runner.scratch.verdict.length >= c.count) {
      // The threads set the pairs' touching; with someone listening, they only find the rows
      // whose touching changes (few), which are recorded here, in row order.
      const record = this.events.enabled;
      runner.params[P_RECORD_TOUCH] = record ? 1 : 0;
      const flags = runner.scratch.verdict;
      if (runner.run(JOB_FLAG_TOUCH, 0, c.count) > 0 && record) for (let k = 0; k < c.count; k++) if (flags[k] === 1) this.touchRow(k);
    } else if (!hits && !this.events.enabled) {
      // No one to tell: only the flags change.
      setTouchingRows(c, this.bp.pairs.touching, 0, c.count);
    } else {
      for (let k = 0; k < c.count; k++) {
        this.touchRow(k);
        if (hits && c.impulse[k] > 0 && -c.approach[k] >= hitSpeed) {
          const a = c.a[k];
          const b = c.b[k];
          const g = this.store.generation;
          if (this.events.push(EVENT_HIT, a, b, g[a], g[b])) this.recordRow(k);
        }
      }
    }
    this.updateSensors();
  }

  /** Row k's pair touches when it overlaps or was pushed apart; a begin gets the row's contact data. */
  private touchRow(k: number): void {
    const c = this.contacts;
    const touching = touchesNow(c, k);
    if (this.bp.pairs.setTouching(c.pair[k], touching) && touching === 1) this.recordRow(k);
  }

  /**
   * Sensor pairs touch while their shapes overlap at the positions the solve left, so a begin
   * comes in the first step that ends with them overlapping. No impulse: sensors never push.
   */
  private updateSensors(): void {
    const s = this.store;
    const pairs = this.bp.pairs;
    const hit = this.hit;
    for (let k = 0; k < this.sensorPairCount; k++) {
      const p = this.sensorPairs[k];
      const a = pairs.a[p];
      const b = pairs.b[p];
      const overlap = roundedRectOverlap(
        s.x[b],
        s.y[b],
        s.x[a],
        s.y[a],
        s.halfWidth[a] + s.halfWidth[b],
        s.halfHeight[a] + s.halfHeight[b],
        s.radius[a] + s.radius[b],
        hit,
      );
      const touching = overlap >= 0 ? 1 : 0;
      if (pairs.setTouching(p, touching) && touching === 1) {
        const speed = -((s.vx[b] - s.vx[a]) * hit.nx + (s.vy[b] - s.vy[a]) * hit.ny);
        this.recordData(a, b, hit.nx, hit.ny, speed, 0);
      }
    }
    this.sensorPairCount = 0;
  }

  /** Sets the data of the last event from contact row k. */
  private recordRow(k: number): void {
    const c = this.contacts;
    this.recordData(c.a[k], c.b[k], c.nx[k], c.ny[k], -c.approach[k], c.impulse[k]);
  }

  private recordData(a: number, b: number, nx: number, ny: number, approachSpeed: number, impulse: number): void {
    const d = this.point;
    contactPoint(this.store, a, b, nx, ny, d);
    this.events.setData(d.x, d.y, nx, ny, approachSpeed > 0 ? approachSpeed : 0, impulse);
  }
}
