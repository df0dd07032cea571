/**
 * Fuzz: 100,000 seeded random operations on one world (create, destroy, teleport, set velocity,
 * restitution, density, shape and type, impulses, steps, point, box and ray queries, option
 * changes, snapshot and restore), some with invalid values or stale handles. The only
 * exceptions allowed are the documented ones, Errors whose message names the field, and then
 * the world is unchanged; a value that can never be valid (NaN, ±Infinity) must be refused.
 * No body ever holds a non-finite number.
 */
import { describe, expect, it } from 'vitest';
import {
  World,
  mulberry32,
  type Body,
  type BodyDef,
  type BodyType,
  type QueryFilter,
  type RayCastResult,
  type WorldOptions,
} from '../../src/physics/index';
import { BODY_FREE } from '../../src/physics/body-store';
import { internals, snapshotText, stateHash } from './helpers';

const OPS = 100_000;
const MAX_BODIES = 160;
const NEVER_VALID = [NaN, Infinity, -Infinity];
const SOMETIMES_INVALID = [-1, -0.001, 1e300, -1e300, 2e9, 1.5, 0];
const TYPES: BodyType[] = ['dynamic', 'dynamic', 'dynamic', 'dynamic', 'static', 'kinematic'];

interface Outcome {
  /** Field names an Error may name for this operation. */
  fields: string[];
  /** True when a value no input accepts was passed: the operation must throw. */
  mustThrow: boolean;
}

class Fuzzer {
  readonly random: () => number;
  world: World;
  bodies: Body[] = [];
  stale: Body[] = [];
  counts = { ops: 0, refused: 0, steps: 0, queriesHit: 0, restores: 0, created: 0, destroyed: 0, events: 0 };
  /** Reused by the out-array query variants. */
  private readonly out: Body[] = [];
  private readonly hits: RayCastResult[] = [];
  private outcome: Outcome = { fields: [], mustThrow: false };

  constructor(seed: number) {
    this.random = mulberry32(seed);
    this.world = new World({ gravity: { x: 0, y: -5 }, linearDamping: 0.1, enableSleep: true, timeToSleep: 0.2 });
    this.listen(this.world);
    // A box to keep most bodies near each other, with a thin wall for the fast ones.
    for (const [x, y, hw, hh] of [[0, -22, 24, 2], [0, 22, 24, 2], [-22, 0, 2, 24], [22, 0, 2, 24], [0, 0, 0.05, 6]]) {
      this.world.createBody({ type: 'static', x, y, halfWidth: hw, halfHeight: hh, radius: 0 });
    }
  }

  private uniform(min: number, max: number): number {
    return min + (max - min) * this.random();
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** A value for `field`: usually `valid`, sometimes one that may or can never be valid. */
  private value(field: string, valid: number): number {
    if (this.chance(0.97)) return valid;
    this.outcome.fields.push(field);
    if (this.chance(0.5)) {
      this.outcome.mustThrow = true;
      return NEVER_VALID[Math.floor(this.random() * NEVER_VALID.length)];
    }
    return SOMETIMES_INVALID[Math.floor(this.random() * SOMETIMES_INVALID.length)];
  }

  /** A flag for `field`: usually `valid`, now and then a number, which no input accepts. */
  private flag(field: string, valid: boolean): boolean {
    if (this.chance(0.99)) return valid;
    this.outcome.fields.push(field);
    this.outcome.mustThrow = true;
    return 1 as unknown as boolean;
  }

  /** A collision filter: mostly the defaults, sometimes a category, mask or group of a few bits. */
  private filter(where: string): { category?: number; mask?: number; group?: number } {
    if (this.chance(0.7)) return {};
    const bits = (): number => 1 + Math.floor(this.random() * 7);
    return {
      category: this.value(`${where}category`, bits()),
      mask: this.value(`${where}mask`, this.chance(0.5) ? 0xffffffff : bits()),
      group: this.value(`${where}group`, this.chance(0.7) ? 0 : Math.floor(this.random() * 5) - 2),
    };
  }

  private allow(...fields: string[]): void {
    this.outcome.fields.push(...fields);
  }

  private size(): number {
    return this.chance(0.3) ? 0 : this.uniform(0.05, 1.5);
  }

  private shape(): [number, number, number] {
    const hw = this.size();
    const hh = this.size();
    const r = hw > 0 && hh > 0 && this.chance(0.5) ? 0 : this.uniform(0.05, 0.8);
    return [hw, hh, r];
  }

  private speed(): number {
    // Now and then fast enough to cross the thin wall in one step (5 m at 60 Hz).
    return this.chance(0.02) ? this.uniform(-300, 300) : this.uniform(-20, 20);
  }

  private pickBody(): Body | undefined {
    if (this.stale.length > 0 && this.chance(0.02)) {
      this.allow('destroyed', 'not a live body');
      return this.stale[Math.floor(this.random() * this.stale.length)];
    }
    if (this.bodies.length === 0) return undefined;
    return this.bodies[Math.floor(this.random() * this.bodies.length)];
  }

  private create(): void {
    if (this.bodies.length >= MAX_BODIES) return;
    const type = TYPES[Math.floor(this.random() * TYPES.length)];
    const [hw, hh, r] = this.shape();
    const moving = type !== 'static';
    const def: BodyDef = {
      type,
      x: this.value('body.x', this.uniform(-19, 19)),
      y: this.value('body.y', this.uniform(-19, 19)),
      vx: this.value('body.vx', moving ? this.speed() : 0),
      vy: this.value('body.vy', moving ? this.speed() : 0),
      halfWidth: this.value('body.halfWidth', hw),
      halfHeight: this.value('body.halfHeight', hh),
      radius: this.value('body.radius', r),
      density: this.value('body.density', this.uniform(0.1, 10)),
      restitution: this.value('body.restitution', this.random()),
      linearDamping: this.value('body.linearDamping', this.chance(0.8) ? 0 : this.uniform(0, 3)),
      gravityScale: this.value('body.gravityScale', this.chance(0.8) ? 1 : this.uniform(-2, 2)),
      sensor: this.flag('body.sensor', this.chance(0.08)),
      ...this.filter('body.'),
    };
    // Sizes that are each valid may still make a shape with no area; velocities on a static.
    this.allow('zero area', 'static body cannot move');
    this.bodies.push(this.world.createBody(def));
    this.counts.created++;
  }

  private destroy(): void {
    const body = this.pickBody();
    if (body === undefined) return;
    this.world.destroyBody(body);
    this.bodies.splice(this.bodies.indexOf(body), 1);
    this.stale.push(body);
    if (this.stale.length > 30) this.stale.shift();
    this.counts.destroyed++;
  }

  private mutate(): void {
    const body = this.pickBody();
    if (body === undefined) return;
    const k = Math.floor(this.random() * 11);
    if (k === 0) body.setPosition(this.value('x', this.uniform(-19, 19)), this.value('y', this.uniform(-19, 19)));
    else if (k === 1) {
      this.allow('static body cannot move');
      body.setVelocity(this.value('vx', this.speed()), this.value('vy', this.speed()));
    } else if (k === 2) body.setRestitution(this.value('restitution', this.random()));
    else if (k === 3) body.setDensity(this.value('density', this.uniform(0.1, 10)));
    else if (k === 4) {
      const [hw, hh, r] = this.shape();
      this.allow('zero area');
      body.setShape(this.value('halfWidth', hw), this.value('halfHeight', hh), this.value('radius', r));
    } else if (k === 5) {
      const type = this.chance(0.01) ? 'rigid' : TYPES[Math.floor(this.random() * TYPES.length)];
      if (type === 'rigid') {
        this.allow('type');
        this.outcome.mustThrow = true;
      }
      body.setType(type as BodyType);
    } else if (k === 7) body.setLinearDamping(this.value('linearDamping', this.uniform(0, 3)));
    else if (k === 8) body.setGravityScale(this.value('gravityScale', this.uniform(-2, 2)));
    else if (k === 9) body.setSensor(this.flag('sensor', this.chance(0.1)));
    else if (k === 10) body.setFilter(this.filter('filter.'));
    else {
      const m = Number.isFinite(body.mass) ? body.mass : 1;
      this.allow('resulting');
      body.applyImpulse(this.value('jx', this.uniform(-10, 10) * m), this.value('jy', this.uniform(-10, 10) * m));
    }
  }

  private step(): void {
    const dt = this.chance(0.9) ? 1 / 60 : [1 / 30, 1 / 120, 1 / 240][Math.floor(this.random() * 3)];
    this.world.step(this.value('dt', dt));
    this.counts.steps++;
    this.expectFinite();
  }

  private query(): void {
    const k = Math.floor(this.random() * 6);
    const x = this.uniform(-25, 25);
    const y = this.uniform(-25, 25);
    let found: Body[] = [];
    const filter = this.chance(0.7) ? undefined : this.queryFilter();
    if (k === 0) {
      found = this.world.queryPoint(this.value('x', x), this.value('y', y), filter);
    } else if (k === 3) {
      found = this.world.queryShape(x, y, this.value('halfWidth', this.size()), this.value('halfHeight', this.size()), this.value('radius', this.size()), filter, this.out);
    } else if (k === 4) {
      const hits = this.world.rayCastAll(this.value('x1', x), this.value('y1', y), this.uniform(-25, 25), this.uniform(-25, 25), filter, this.hits);
      for (const hit of hits) if (!Number.isFinite(hit.x + hit.y + hit.nx + hit.ny + hit.fraction)) expect(hit).toBe('a finite hit');
      found = hits.map((h) => h.body);
    } else if (k === 5) {
      const [hw, hh, r] = this.shape();
      const hit = this.world.castShape(x, y, this.value('x2', this.uniform(-25, 25)), this.uniform(-25, 25), hw, hh, this.value('radius', r), filter);
      if (hit !== null) {
        if (!Number.isFinite(hit.x + hit.y + hit.nx + hit.ny + hit.fraction)) expect(hit).toBe('a finite hit');
        found = [hit.body];
      }
    } else if (k === 1) {
      const w = this.uniform(0, 8);
      const h = this.uniform(0, 8);
      this.allow('maxX', 'maxY'); // an invalid min can make the valid max smaller than it
      found = this.world.queryBox(this.value('minX', x), this.value('minY', y), this.value('maxX', x + w), this.value('maxY', y + h), filter);
    } else {
      const hit = this.world.rayCast(this.value('x1', x), this.value('y1', y), this.value('x2', this.uniform(-25, 25)), this.value('y2', this.uniform(-25, 25)), filter);
      if (hit !== null) {
        if (!Number.isFinite(hit.x + hit.y + hit.nx + hit.ny + hit.fraction)) expect(hit).toBe('a finite hit');
        found = [hit.body];
      }
    }
    for (const b of found) if (!b.isValid) expect(b.isValid, 'a query returned a destroyed body').toBe(true);
    this.counts.queriesHit += found.length;
  }

  /** A query filter: a category mask (sometimes invalid) and now and then a predicate. */
  private queryFilter(): QueryFilter {
    const f: QueryFilter = { mask: this.value('filter.mask', 1 + Math.floor(this.random() * 7)) };
    if (this.chance(0.5)) f.predicate = (b) => b.id % 2 === 0;
    return f;
  }

  private setOptions(): void {
    const patch: Partial<WorldOptions> = {};
    const k = Math.floor(this.random() * 7);
    if (k === 0) patch.enableSleep = this.chance(0.7);
    else if (k === 1) patch.substeps = this.value('substeps', 1 + Math.floor(this.random() * 3));
    else if (k === 2) patch.iterations = this.value('iterations', 1 + Math.floor(this.random() * 10));
    else if (k === 3) patch.gravity = { x: 0, y: this.value('gravity.y', this.uniform(-15, 0)) };
    else if (k === 5) patch.hitSpeed = this.value('hitSpeed', this.uniform(0, 5));
    else if (k === 6) {
      // One component, the other kept; null now and then, which is never valid.
      const v = this.chance(0.05) ? null : this.uniform(-15, 0);
      if (v === null) {
        this.allow('gravity.y');
        this.outcome.mustThrow = true;
      }
      patch.gravity = { y: v } as unknown as WorldOptions['gravity'];
    }
    else patch.restitutionThreshold = this.value('restitutionThreshold', this.uniform(0, 2));
    this.world.setOptions(patch);
  }

  private restore(): void {
    const world = World.fromJSON(JSON.parse(snapshotText(this.world)));
    expect(stateHash(world)).toBe(stateHash(this.world));
    this.bodies = this.bodies.map((b) => world.getBody(b.id) as Body);
    for (const b of this.bodies) expect(b.isValid).toBe(true);
    this.stale = [];
    this.world = world;
    this.listen(world);
    this.counts.restores++;
  }

  /** Every event's contact data must be finite (and the approach speed and impulse >= 0). */
  private listen(world: World): void {
    for (const type of ['contactBegin', 'contactEnd', 'contactHit'] as const) {
      world.on(type, (_a, _b, c) => {
        this.counts.events++;
        const ok = [c.x, c.y, c.nx, c.ny, c.approachSpeed, c.normalImpulse].every(Number.isFinite);
        if (!ok || c.approachSpeed < 0 || c.normalImpulse < 0) expect({ ...c }, `${type} data`).toBe('finite, >= 0');
      });
    }
  }

  /** Every live body's position, velocity and fat box are finite numbers. */
  expectFinite(): void {
    const { store: s } = internals(this.world);
    const bad: number[] = [];
    for (let i = 0; i < s.end; i++) {
      if (s.kind[i] === BODY_FREE) continue;
      const sum = s.x[i] + s.y[i] + s.vx[i] + s.vy[i] + s.fat[i * 4] + s.fat[i * 4 + 1] + s.fat[i * 4 + 2] + s.fat[i * 4 + 3];
      if (!Number.isFinite(sum)) bad.push(i);
    }
    if (bad.length > 0) expect(bad, `non-finite bodies after ${this.counts.ops} operations`).toEqual([]);
  }

  /** Runs one random operation, checking that any exception is a documented one. */
  run(): void {
    this.counts.ops++;
    this.outcome = { fields: [], mustThrow: false };
    const r = this.random();
    const hashBefore = stateHash(this.world);
    const checkWhole = this.counts.ops % 97 === 0;
    const textBefore = checkWhole ? snapshotText(this.world) : '';
    let thrown: unknown;
    try {
      if (r < 0.14) this.create();
      else if (r < 0.2) this.destroy();
      else if (r < 0.52) this.mutate();
      else if (r < 0.68) this.step();
      else if (r < 0.98) this.query();
      else if (r < 0.9985) this.setOptions();
      else this.restore();
    } catch (e) {
      thrown = e;
    }
    const what = `operation ${this.counts.ops}`;
    if (thrown === undefined) {
      if (this.outcome.mustThrow) {
        expect(this.outcome.mustThrow, `${what} accepted a value no input may have (${this.outcome.fields.join(', ')})`).toBe(false);
      }
      return;
    }
    this.counts.refused++;
    expect(thrown, `${what} threw a non-Error`).toBeInstanceOf(Error);
    const message = (thrown as Error).message;
    const named = this.outcome.fields.some((f) => message.includes(f));
    expect(named, `${what}: unexpected "${message}" (allowed: ${this.outcome.fields.join(', ') || 'none'})`).toBe(true);
    expect(stateHash(this.world), `${what} changed the world before refusing`).toBe(hashBefore);
    if (checkWhole) expect(snapshotText(this.world)).toBe(textBefore);
  }
}

describe('fuzz', () => {
  it(`${OPS.toLocaleString('en')} random operations: only documented errors, never a non-finite body`, () => {
    const fuzz = new Fuzzer(20240611);
    for (let k = 0; k < OPS; k++) fuzz.run();
    fuzz.expectFinite();
    // The run did what it claims: all kinds of operations happened, many were refused.
    const c = fuzz.counts;
    expect(c.ops).toBe(OPS);
    expect(c.steps).toBeGreaterThan(OPS / 8);
    expect(c.created).toBeGreaterThan(1000);
    expect(c.destroyed).toBeGreaterThan(1000);
    expect(c.restores).toBeGreaterThan(50);
    expect(c.refused).toBeGreaterThan(OPS / 50);
    expect(c.queriesHit).toBeGreaterThan(1000);
    expect(c.events).toBeGreaterThan(1000);
    expect(fuzz.world.bodyCount).toBe(fuzz.bodies.length + 5);
  });
});
