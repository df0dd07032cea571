/**
 * `World`: owns the bodies and runs the step. The step reads top to bottom, each phase timed
 * into `world.profile` (ms):
 *   1. integrate velocities (gravity, damping), timed with the solve
 *   2. collide: one CSO point test per cached pair, contact rows      (collide.ts)
 *      in colour order, so threads can share the solve                 (colour.ts)
 *   3. solve: impulses, restitution, positions, pushout             (solver.ts,
 *      restitution.ts, energy.ts, pushout.ts)
 *   4. continuous: sweep fast bodies against static bodies            (continuous.ts)
 *   5. broadphase: fat boxes, tree moves, pair cache; last, so that
 *      between steps the trees and the pairs are exact                (broadphase.ts)
 *   6. sleep: resting islands sleep                                   (sleep.ts)
 * Contact events are buffered and handed to listeners after the step.
 */
import { Body } from './body.js';
import { MATERIAL_FIELDS, MATERIAL_NAMES, type MaterialName } from './body-schema.js';
import {
  checkBodyDef,
  checkCoordinate,
  checkMaterial,
  checkShape,
  checkVelocity,
  inverseMass,
  parseBodyType,
  type BodyDef,
  type BodyType,
} from './body-def.js';
import { BODY_DYNAMIC, BODY_FREE, BODY_KINEMATIC, BODY_STATIC, BodyStore, FAT_STRIDE } from './body-store.js';
import { Broadphase } from './broadphase.js';
import { ContactBuffer } from './contacts.js';
import { sweepFastBodies } from './continuous.js';
import { EventBuffer, type ContactEventType } from './events.js';
import type { ContactListener } from './contact-data.js';
import { ContactListeners } from './listeners.js';
import { ContactState } from './contact-state.js';
import { collidePairs } from './collide.js';
import { collideInKernels } from './wasm/collide-kernel.js';
import { collideKernelBlocks } from './parallel/collide-kernel-blocks.js';
import { collideBlocks } from './parallel/collide-blocks.js';
import { RowColours } from './colour.js';
import { roundedRectOverlap, type PointHit } from './narrowphase.js';
import { Queries, checkOut, checkQueryShape } from './queries.js';
import type { QueryFilter, RayCastResult } from './query-types.js';
import { grown } from './grown.js';
import { PhaseClock, type StepProfile } from './phase-clock.js';
import { SleepIslands } from './sleep.js';
import { integratePositions, integrateVelocities } from './integrate.js';
import { LocalRunner } from './parallel/local-runner.js';
import type { StepRunner } from './parallel/jobs.js';
import type { ThreadPool } from './parallel/pool.js';
import { ThreadTeam } from './parallel/team.js';
import { solveVelocities } from './solver.js';
import { applyRestitution, moveToImpact } from './restitution.js';
import { gainedEnergy, limitBounceEnergy, movesKinematic, restartSolve, RESTART_WARM_SHARES } from './energy.js';
import { pushOut, pushoutSlop } from './pushout.js';
import { readSnapshot, writeSnapshot, type WorldSnapshot } from './snapshot.js';
import { MAX_DT, MIN_DT, checkInteger, checkNumber, describe } from './validate.js';
import { DEFAULT_OPTIONS, mergeOptions, type WorldOptions } from './world-options.js';

/** Counts from the last step (see {@link World.stats}). */
export interface WorldStats {
  /** Live bodies of every type. */
  bodies: number;
  /** Dynamic and kinematic bodies that are awake: the ones the step moves. */
  awakeBodies: number;
  /** Pairs in the broadphase cache: bodies whose fat boxes overlap, one of them dynamic. */
  pairs: number;
  /** Contact rows the solver worked on: pairs touching or about to touch. */
  contacts: number;
  /** Bodies moved in the broadphase tree (and searched for new pairs) by the last step and the calls before it. */
  movedInTree: number;
  /** Bulk rebuilds of the moving tree since the world was made. */
  treeRebuilds: number;
  /** Bodies stopped by the continuous sweep in the last step. */
  sweptStops: number;
  /**
   * Contact solves of the last step that ran again because they ended with more kinetic energy
   * than they began with (a warm start that outlived an impact): 0 in most steps.
   */
  solveRestarts: number;
}

/**
 * `world.stats`: a plain object (it posts to a worker and spreads like one) whose counts the
 * step writes, except `awakeBodies`, an enumerable getter that counts when read: a pass over
 * every slot that most steps do not need. Copies (spread, JSON, postMessage) read it once.
 */
function makeStats(store: BodyStore): WorldStats {
  const stats = { bodies: 0, pairs: 0, contacts: 0, movedInTree: 0, treeRebuilds: 0, sweptStops: 0, solveRestarts: 0 };
  Object.defineProperty(stats, 'awakeBodies', {
    enumerable: true,
    get(): number {
      const awake = store.awake;
      let count = 0;
      for (let i = 0; i < store.end; i++) count += awake[i]; // static and free slots hold 0
      return count;
    },
  });
  return stats as WorldStats;
}

export type { QueryFilter, RayCastResult } from './query-types.js';

/** Checks a segment's end points (m). */
function checkSegment(x1: number, y1: number, x2: number, y2: number): void {
  checkNumber('x1', x1, -Infinity, Infinity);
  checkNumber('y1', y1, -Infinity, Infinity);
  checkNumber('x2', x2, -Infinity, Infinity);
  checkNumber('y2', y2, -Infinity, Infinity);
}

/**
 * Read-only typed-array views of every body slot, for renderers and workers that read many
 * bodies a frame. Slot i is live when `kind[i] !== BODY_FREE`; its `Body` has `id === i`.
 * The arrays are replaced when the world grows: fetch them again after creating bodies.
 * Writing to them bypasses every check: don't.
 */
export interface BodyArrays {
  /** Slots in use: loop `i < slotCount`. */
  readonly slotCount: number;
  /** BODY_FREE, BODY_STATIC, BODY_KINEMATIC or BODY_DYNAMIC. */
  readonly kind: Uint8Array;
  /** 1 when awake (static bodies: 0). */
  readonly awake: Uint8Array;
  /** Bumped each time a slot is freed: a changed value means another body. */
  readonly generation: Uint32Array;
  /** Centre x, m. */
  readonly x: Float64Array;
  /** Centre y, m. */
  readonly y: Float64Array;
  /** Velocity x, m/s. */
  readonly vx: Float64Array;
  /** Velocity y, m/s. */
  readonly vy: Float64Array;
  /** Half width of the inner rectangle, m. */
  readonly halfWidth: Float64Array;
  /** Half height of the inner rectangle, m. */
  readonly halfHeight: Float64Array;
  /** Corner radius, m. */
  readonly radius: Float64Array;
  /** Coefficient of restitution, in [0, 1]. */
  readonly restitution: Float64Array;
}

export type { ContactListener } from './contact-data.js';

/**
 * Callbacks for `world.debugDraw`: the engine reports what it knows; the app draws it. Every
 * callback is optional.
 */
export interface DebugDrawer {
  /** Each body's fat box in the broadphase. */
  fatBox?(minX: number, minY: number, maxX: number, maxY: number, body: Body): void;
  /** Each R-tree node; height 1 is the level above the leaves. */
  treeNode?(minX: number, minY: number, maxX: number, maxY: number, height: number, isStatic: boolean): void;
  /** Each contact row of the last step: point on a's surface, normal a→b, overlap (m, < 0: gap). */
  contact?(x: number, y: number, nx: number, ny: number, overlap: number, a: Body, b: Body): void;
}

export type { StepProfile } from './phase-clock.js';

/** Most bodies `World.reserve` makes room for: past this, the arrays would not fit a browser tab. */
const MAX_RESERVE = 10_000_000;
/** Entries the list of bodies whose velocity was set keeps room for after a step consumed it. */
const VELOCITY_SET_KEPT = 1024;

/**
 * A world of bodies and the step that moves them. Create bodies with {@link World.createBody},
 * advance time with {@link World.step} (a fixed dt from your game loop works best), listen to
 * contacts with {@link World.on}, and ask where things are with the queries
 * ({@link World.queryPoint}, {@link World.queryBox}, {@link World.rayCast}).
 *
 * Units: metres, seconds, kilograms; +y is up, so a falling world has a negative
 * `gravity.y`. Every input is checked before anything changes: a bad value throws an Error
 * naming the field and the value, and leaves the world as it was. The step allocates nothing
 * per body; a world holds tens of thousands of bodies.
 */
export class World {
  /** @internal */
  readonly store = new BodyStore();
  private readonly events = new EventBuffer();
  private readonly bp = new Broadphase(this.store, this.events);
  private readonly contacts = new ContactBuffer();
  private readonly islands = new SleepIslands();
  private readonly colours = new RowColours();
  /** Runs the step's parallel jobs: here alone, or with worker threads (`setThreads`). */
  private runner: StepRunner = new LocalRunner(this.store, this.contacts, this.bp.pairs, this.bp.search);
  private readonly queries = new Queries(this.store, this.bp, (i) => this.handles[i] as Body);
  private handles: Array<Body | undefined> = [];
  private opts: WorldOptions;
  private readonly listeners = new ContactListeners(this.events);
  private readonly contactState = new ContactState(this.store, this.bp, this.contacts, this.events);
  private stepping = false;
  /** Bodies whose velocity was set since the last step (see `Broadphase.includeVelocities`). */
  private velocitySet: Int32Array = new Int32Array(16);
  private velocitySetCount = 0;
  private searchedAtLastStats = 0;
  /**
   * Wakes a sleeper from the collide stage, mid-step: it missed this step's gravity, so the
   * velocity it slept with is its velocity before the solve, where a restarted solve puts it
   * back (energy.ts's `restartSolve`).
   */
  private readonly wakeFromContact = (i: number): void => {
    const s = this.store;
    s.startVx[i] = s.vx[i];
    s.startVy[i] = s.vy[i];
    this.wake(i);
  };

  /** Milliseconds per phase of the last step: the same object, overwritten by each step. */
  readonly profile: StepProfile = { broadphase: 0, narrowphase: 0, solve: 0, continuous: 0, sleep: 0, total: 0 };
  /** Counts from the last step (the same object, overwritten by each step); `awakeBodies` is counted when read. */
  readonly stats: WorldStats = makeStats(this.store);
  private readonly clock = new PhaseClock(this.profile);

  /**
   * The engine's parts, for its own white-box tests: the one seam through which they reach
   * inside a world (no casts).
   * @internal
   */
  get internals(): { readonly store: BodyStore; readonly bp: Broadphase; readonly contacts: ContactBuffer } {
    return { store: this.store, bp: this.bp, contacts: this.contacts };
  }

  /**
   * Makes an empty world.
   * @param options - any subset of {@link WorldOptions}; the rest take {@link DEFAULT_OPTIONS}.
   *   An unknown key or an invalid value throws an Error naming it.
   */
  constructor(options: Partial<WorldOptions> = {}) {
    this.opts = mergeOptions(DEFAULT_OPTIONS, options);
    this.bp.margin = this.opts.broadphaseMargin;
  }

  /** A copy of the current options (a new object each read: changing it changes nothing). */
  get options(): WorldOptions {
    return { ...this.opts, gravity: { ...this.opts.gravity } };
  }

  /**
   * Changes some options; all are checked before any applies, and an unknown key or invalid value
   * throws with the world unchanged. Turning sleep off wakes everyone.
   */
  setOptions(patch: Partial<WorldOptions>): void {
    const next = mergeOptions(this.opts, patch, 'setOptions');
    this.opts = next;
    this.bp.margin = next.broadphaseMargin;
    if (!next.enableSleep) for (let i = 0; i < this.store.end; i++) this.wake(i);
  }

  /**
   * Steps on the host's worker threads too (see {@link ThreadPool}: the host makes the workers,
   * whose script hands its messages to `handleThreadMessage`), or, with null, on the calling
   * thread alone. The results are the same bits either way, for any number of workers. The
   * calling thread works as one of the team and waits for the others with `Atomics.wait`, so
   * in a browser step the world in a worker. The world's arrays move into SharedArrayBuffers
   * (a page must be cross-origin isolated to have them). A pool serves one world at a time:
   * call `setThreads(null)` on one world before giving its pool to another. A `pool.size`
   * below 1, a pool in use, or no SharedArrayBuffer throws with the world unchanged.
   */
  setThreads(pool: ThreadPool | null): void {
    if (this.stepping) throw new Error('setThreads: called from inside a step or a contact listener');
    if (pool !== null && typeof SharedArrayBuffer === 'undefined') {
      throw new Error('setThreads: this context has no SharedArrayBuffer (a page must be cross-origin isolated)');
    }
    if (pool !== null) ThreadTeam.checkPool(pool, this.runner instanceof ThreadTeam ? this.runner : null);
    this.useRunner(pool);
  }

  /** Lets the current team go, if any, and steps on `pool`'s threads, or alone with null. */
  private useRunner(pool: ThreadPool | null): void {
    if (this.runner instanceof ThreadTeam) this.runner.release();
    // Rows resident in a memory the workers cannot share (a page that could not reserve a
    // shared one) leave it, and move back in later, into one they share. Rows in a shared
    // memory stay: leaving cost a pile some 30 steps on the slower path after every switch.
    const kernels = this.contacts.kernels;
    if (pool !== null && kernels !== null && kernels.layout === null) this.contacts.leaveKernelMemory();
    this.runner =
      pool === null
        ? new LocalRunner(this.store, this.contacts, this.bp.pairs, this.bp.search)
        : new ThreadTeam(this.store, this.contacts, this.bp.pairs, pool, this.bp.search);
  }

  /** Threads the step runs on: 1, or the pool's workers plus the calling thread (see `setThreads`). */
  get threads(): number {
    return this.runner instanceof ThreadTeam ? this.runner.threads : 1;
  }

  /** Typed-array views of every slot, for bulk reads (see `BodyArrays`). Allocates one small object. */
  get bodyArrays(): BodyArrays {
    const s = this.store;
    return {
      slotCount: s.end,
      kind: s.kind,
      awake: s.awake,
      generation: s.generation,
      x: s.x,
      y: s.y,
      vx: s.vx,
      vy: s.vy,
      halfWidth: s.halfWidth,
      halfHeight: s.halfHeight,
      radius: s.radius,
      restitution: s.restitution,
    };
  }

  /** Number of live bodies. */
  get bodyCount(): number {
    return this.store.count;
  }

  /**
   * Makes room for `bodies` bodies in all (the live ones included), so that creating up to that
   * many never regrows the body arrays. Growth doubles them: a pause while they are copied, and
   * up to half of them left unused (50,000 bodies made one by one take room for 65,536). Call
   * it before building a large scene whose size you know. Never shrinks; a count at or below the
   * current room changes nothing. Throws, naming the value, unless `bodies` is a whole number
   * from 0 to 10,000,000.
   */
  reserve(bodies: number): void {
    const n = checkInteger('bodies', bodies, 0, MAX_RESERVE);
    const s = this.store;
    s.grow(n);
    if (s.capacity > this.handles.length) this.handles.length = s.capacity;
  }

  /**
   * Creates a body and returns its handle. Every field of `def` is optional (see {@link BodyDef}
   * for defaults, units and ranges); an invalid definition throws an Error naming the field and
   * creates nothing. Allocates the handle; the world's arrays grow by doubling when full.
   */
  createBody(def: BodyDef = {}): Body {
    const d = checkBodyDef(def);
    const s = this.store;
    const i = s.allocate();
    if (s.capacity > this.handles.length) this.handles.length = s.capacity;
    s.kind[i] = d.kind;
    s.awake[i] = d.kind === BODY_STATIC ? 0 : 1;
    s.x[i] = d.x;
    s.y[i] = d.y;
    s.vx[i] = d.vx;
    s.vy[i] = d.vy;
    s.halfWidth[i] = d.halfWidth;
    s.halfHeight[i] = d.halfHeight;
    s.radius[i] = d.radius;
    for (const name of MATERIAL_NAMES) s[name][i] = d[name];
    s.invMass[i] = inverseMass(d.kind, d.halfWidth, d.halfHeight, d.radius, d.density);
    s.sleepTime[i] = 0;
    s.prevX[i] = d.x;
    s.prevY[i] = d.y;
    s.setUserData(i, d.userData);
    this.bp.markMoved(i);
    this.afterMove(i);
    const body = Body.of(this, i);
    this.handles[i] = body;
    return body;
  }

  /** Destroys a body: its handle goes stale; bodies it touched wake. Destroying twice throws. */
  destroyBody(body: Body): void {
    const i = this.checkHandle(body, 'destroyBody');
    this.wakeTouching(i);
    this.bp.removeBody(i);
    this.store.release(i);
    this.handles[i] = undefined;
  }

  /** Every live body, in slot order. Allocates a new array: for every frame, prefer {@link World.bodyArrays}. */
  getBodies(): Body[] {
    const out: Body[] = [];
    const s = this.store;
    for (let i = 0; i < s.end; i++) if (s.kind[i] !== BODY_FREE) out.push(this.handles[i] as Body);
    return out;
  }

  /** The live body in slot `id` (its {@link Body.id}), or undefined. Does not allocate. */
  getBody(id: number): Body | undefined {
    return Number.isInteger(id) && id >= 0 && id < this.store.end ? this.handles[id] : undefined;
  }

  /**
   * Listens to contact events, delivered after each step in the order they happened; returns a
   * function that unsubscribes. `contactBegin` fires in the step two shapes first touch (overlap,
   * or meet within the step and get pushed apart), not when they merely come near enough for a
   * speculative contact; its data holds the contact point, the normal a→b, the approach speed and
   * the normal impulse of that step's solve. `contactHit` fires for every contact the solver
   * pushes on whose approach speed is at least the world's `hitSpeed` (sounds, effects). A type
   * other than 'contactBegin', 'contactEnd' or 'contactHit' throws an Error naming it.
   *
   * Listeners are isolated: if one throws, every other listener still gets every event of the
   * step, and the first error is rethrown from `step` after the dispatch (the world's state is
   * complete by then; swallowing it would hide a bug).
   */
  on(type: ContactEventType, listener: ContactListener): () => void {
    this.listeners.add(type, listener);
    return () => this.off(type, listener);
  }

  /** Stops a listener (its first subscription, if it was added twice); an unknown type throws as in `on`. */
  off(type: ContactEventType, listener: ContactListener): void {
    this.listeners.remove(type, listener);
  }

  /**
   * Advances the world by `dt` seconds, in (0, 1] ({@link MAX_DT}): `substeps` times dt/substeps,
   * then the contact listeners. Call it with a fixed dt (say 1/60) for results that repeat. The
   * step itself allocates nothing per body. Throws when called from inside a contact listener.
   * If a listener threw, the first error is rethrown here after every listener had every
   * event; the step itself is complete. On threads ({@link World.setThreads}), a job that threw
   * on any thread is rethrown once every thread has finished its share of that job, naming the
   * thread; that step is left unfinished, and the threads are ready for the next. A worker that
   * stops answering in the middle of a job (its thread ended) fails the step after 3 s with
   * nothing of that job's share moving, that step left unfinished, and the world steps on the
   * calling thread alone from then on (`threads` is 1), in arrays moved to new memory: a worker
   * that was only held up writes its chunk where the world no longer reads.
   */
  step(dt: number): void {
    checkNumber('dt', dt, 0, MAX_DT);
    if (dt < MIN_DT) throw new Error(`dt must be at least ${MIN_DT} s, got ${describe(dt)}`);
    if (this.stepping) throw new Error('step: called from inside a step or a contact listener');
    this.stepping = true;
    try {
      // The threads spin between the step's jobs, not through its listeners.
      const runner = this.runner;
      runner.stepBegins();
      try {
        this.runStep(dt);
      } catch (error) {
        runner.stepEnds();
        // A worker stopped answering mid-job: the team cannot be given another, so the world
        // steps on alone (the host may offer threads again with setThreads).
        if (runner instanceof ThreadTeam && runner.stalled) this.useRunner(null);
        throw error;
      }
      runner.stepEnds();
      this.dispatchEvents();
    } finally {
      this.stepping = false;
    }
  }

  /** One step: each line a phase, timed into `profile` (see the top of this file). */
  private runStep(dt: number): void {
    const o = this.opts;
    const clock = this.clock;
    const h = dt / o.substeps;
    let stops = 0;
    let restarts = 0;
    const slop = pushoutSlop(o.gravity.x, o.gravity.y, h);
    clock.start();
    if (this.velocitySetCount > 0) {
      this.bp.includeVelocities(this.velocitySet, this.velocitySetCount, h);
      this.velocitySetCount = 0;
      // A scene that set every body's velocity grew the list to its size (4 bytes a body); a
      // game sets a few a step. The list starts small again after such a burst.
      if (this.velocitySet.length > VELOCITY_SET_KEPT) this.velocitySet = new Int32Array(16);
    }
    clock.lap('broadphase');
    for (let k = 0; k < o.substeps; k++) {
      const energy = this.integrateVelocities(h);                                     clock.lap('solve');
      this.collide(h);
                                                                                      clock.lap('narrowphase');
      restarts += this.solve(h, energy, slop);                                        clock.lap('solve');
      stops += sweepFastBodies(this.store, this.bp, this.contacts, this.runner);      clock.lap('continuous');
      this.updateBroadphase(h);                                                        clock.lap('broadphase');
      if (o.enableSleep) this.islands.update(this.store, this.contacts, h, o.sleepSpeed, o.timeToSleep);
                                                                                      clock.lap('sleep');
    }
    clock.stop();
    const st = this.stats;
    st.bodies = this.store.count;
    st.pairs = this.bp.pairs.count;
    st.contacts = this.contacts.count;
    st.movedInTree = this.bp.searchedCount - this.searchedAtLastStats;
    this.searchedAtLastStats = this.bp.searchedCount;
    st.treeRebuilds = this.bp.rebuilds;
    st.sweptStops = stops;
    st.solveRestarts = restarts;
  }

  /**
   * Contact rows from the cached pairs (collide.ts; as WebAssembly, wasm/collide-kernel.ts, while
   * the rows live in the kernels' memory), on the team's threads when there are several
   * (collide-blocks.ts; collide-kernel-blocks.ts for the kernel), then their colours (colour.ts).
   */
  private collide(h: number): void {
    const spec = this.opts.speculativeDistance;
    // Without gravity the TypeScript collide stage prepares the rows as it writes them; a step
    // that stopped short of its solve must not leave the next step's rows taken for prepared.
    const g = this.opts.gravity;
    const prepare = g.x === 0 && g.y === 0;
    this.contacts.preparedRows = false;
    this.contacts.solveBodiesLayout = -1;
    if (this.runner.threads > 1) {
      const { store, contacts, runner, colours, wakeFromContact: wake } = this;
      const pairs = this.bp.pairs;
      const onSensor = this.contactState.noteSensorPair;
      contacts.collidedInKernels = collideKernelBlocks(store, pairs, contacts, runner, h, spec, wake, onSensor, colours);
      if (!contacts.collidedInKernels) collideBlocks(store, pairs, contacts, runner, h, spec, wake, onSensor, colours, prepare);
    } else {
      const inKernels = collideInKernels(this.store, this.bp.pairs, this.contacts, h, spec, this.wakeFromContact, this.contactState.noteSensorPair);
      this.contacts.collidedInKernels = inKernels;
      if (!inKernels) collidePairs(this.store, this.bp, this.contacts, h, spec, this.wakeFromContact, this.contactState.noteSensorPair, prepare);
      this.colours.sort(this.store, this.contacts, inKernels);
    }
  }

  /**
   * Velocities from the contacts, then positions, then pushout to `slop` (m); records touching.
   * `energy`: the kinetic energy (J) before the contacts act, which the solve must not raise.
   * Returns how many times the solve ran again.
   */
  private solve(h: number, energy: number, slop: number): number {
    const o = this.opts;
    const s = this.store;
    const c = this.contacts;
    const r = this.runner;
    // The warm start can leave the solve with more energy than it began with (restartSolve
    // says when): then it runs again with less of the warm start, down to none, which cannot gain.
    let gained = gainedEnergy(energy, this.solveContacts(h, energy)) && !movesKinematic(s, c);
    let restarts = 0;
    for (; gained && restarts < RESTART_WARM_SHARES.length; restarts++) {
      restartSolve(s, c, RESTART_WARM_SHARES[restarts]);
      gained = gainedEnergy(energy, this.solveContacts(h, energy));
    }
    moveToImpact(s, c);
    pushOut(s, c, o.positionIterations, r, slop);
    this.storeContactState();
    return restarts;
  }

  /** The contact solve, its bounces (held to `energy`, J) and the position update; returns the kinetic energy (J) after. */
  private solveContacts(h: number, energy: number): number {
    const o = this.opts;
    const s = this.store;
    const c = this.contacts;
    const r = this.runner;
    solveVelocities(s, c, h, o.iterations, this.bp.pairs, o.gravity.x, o.gravity.y, r, o.overRelaxation, o.restitutionThreshold);
    const bounced = applyRestitution(s, c, o.restitutionThreshold, r);
    const after = integratePositions(s, c, h, o.gravity.x, o.gravity.y, r);
    return bounced && after > energy ? limitBounceEnergy(s, c, energy, after, h) : after;
  }

  /** Gravity and damping (integrate.ts); returns the kinetic energy (J) after. */
  private integrateVelocities(h: number): number {
    const g = this.opts.gravity;
    return integrateVelocities(this.store, this.runner, h, g.x, g.y, this.opts.linearDamping);
  }

  /**
   * The broadphase's update; while a pile's rows are resident in the row kernels' memory, its
   * leaver test runs there too, over copies of the bodies loaded here.
   */
  private updateBroadphase(h: number): void {
    const c = this.contacts;
    const kernels = c.residentRows ? c.kernels : null;
    const inKernels =
      kernels !== null && kernels.collideRegions !== null && (this.runner.threads === 1 || kernels.layout !== null) && kernels.canLoadLeavers(this.store);
    this.bp.update(h, this.runner, inKernels ? kernels : null);
  }

  /** Records which pairs touch, with begin data and hits (contact-state.ts). */
  private storeContactState(): void {
    this.contactState.update(this.listeners.count('contactHit') > 0, this.opts.hitSpeed, this.runner);
  }

  private dispatchEvents(): void {
    this.listeners.dispatch(this.handleOfEvent);
  }

  private readonly handleOfEvent = (slot: number, generation: number): Body => this.handleOf(slot, generation);

  /** The handle of body (slot, generation): the live one, or a stale one if it was destroyed. */
  private handleOf(slot: number, generation: number): Body {
    const live = this.handles[slot];
    return live !== undefined && this.store.generation[slot] === generation ? live : Body.of(this, slot);
  }

  /**
   * Bodies whose shape contains the point (m), in slot order, that pass `filter`. Into `out`
   * (cleared first) when given, else a new array.
   */
  queryPoint(x: number, y: number, filter?: QueryFilter, out?: Body[]): Body[] {
    checkNumber('x', x, -Infinity, Infinity);
    checkNumber('y', y, -Infinity, Infinity);
    const list = checkOut<Body>(out) ?? [];
    return this.queries.overlapping(filter, x, y, 0, 0, 0, list);
  }

  /**
   * Bodies whose shape overlaps the box (m), in slot order, that pass `filter`. Into `out`
   * (cleared first) when given, else a new array.
   */
  queryBox(minX: number, minY: number, maxX: number, maxY: number, filter?: QueryFilter, out?: Body[]): Body[] {
    checkNumber('minX', minX, -Infinity, Infinity);
    checkNumber('minY', minY, -Infinity, Infinity);
    checkNumber('maxX', maxX, minX, Infinity);
    checkNumber('maxY', maxY, minY, Infinity);
    const list = checkOut<Body>(out) ?? [];
    // The box is a rounded rect with radius 0: the same CSO test as any pair.
    const hw = (maxX - minX) / 2;
    const hh = (maxY - minY) / 2;
    return this.queries.overlapping(filter, minX + hw, minY + hh, hw, hh, 0, list);
  }

  /**
   * Bodies whose shape overlaps (or touches) the rounded rect centred at (x, y) with half
   * extents `halfWidth`, `halfHeight` and corner radius `radius` (m, >= 0): "is this spot
   * free?". In slot order, filtered; into `out` (cleared first) when given, else a new array.
   */
  queryShape(
    x: number,
    y: number,
    halfWidth: number,
    halfHeight: number,
    radius: number,
    filter?: QueryFilter,
    out?: Body[],
  ): Body[] {
    checkNumber('x', x, -Infinity, Infinity);
    checkNumber('y', y, -Infinity, Infinity);
    const [hw, hh, r] = checkQueryShape(halfWidth, halfHeight, radius);
    const list = checkOut<Body>(out) ?? [];
    return this.queries.overlapping(filter, x, y, hw, hh, r, list);
  }

  /**
   * The first body the segment from (x1, y1) to (x2, y2) enters that passes `filter`, or null.
   * Bodies containing the start are skipped. Allocates the result.
   */
  rayCast(x1: number, y1: number, x2: number, y2: number, filter?: QueryFilter): RayCastResult | null {
    checkSegment(x1, y1, x2, y2);
    return this.queries.first(filter, x1, y1, x2, y2, 0, 0, 0);
  }

  /**
   * Every body the segment enters that passes `filter`, nearest first (ties in slot order);
   * bodies containing the start are skipped. Into `out` when given: it is cleared, and the
   * result objects already in it are reused, so a caller that keeps one array allocates nothing
   * once it has grown.
   */
  rayCastAll(x1: number, y1: number, x2: number, y2: number, filter?: QueryFilter, out?: RayCastResult[]): RayCastResult[] {
    checkSegment(x1, y1, x2, y2);
    const list = checkOut<RayCastResult>(out) ?? [];
    this.queries.cast(filter, x1, y1, x2, y2, 0, 0, 0, list, false);
    return list;
  }

  /**
   * Sweeps the rounded rect (`halfWidth`, `halfHeight`, `radius`, m, >= 0) with its centre from
   * (x1, y1) to (x2, y2) and returns the first body it touches that passes `filter`, or null.
   * The result's (x, y) is the shape's centre at that moment and (nx, ny) the body's surface
   * normal there. Bodies the shape overlaps at the start are skipped. It is one ray cast
   * against each body's CSO (the body grown by the shape), as in the narrowphase. Allocates the
   * result.
   */
  castShape(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    halfWidth: number,
    halfHeight: number,
    radius: number,
    filter?: QueryFilter,
  ): RayCastResult | null {
    checkSegment(x1, y1, x2, y2);
    const [hw, hh, r] = checkQueryShape(halfWidth, halfHeight, radius);
    return this.queries.first(filter, x1, y1, x2, y2, hw, hh, r);
  }

  /** Reports fat boxes, tree nodes and contacts to the drawer's callbacks; only those it defines run. */
  debugDraw(drawer: DebugDrawer): void {
    const s = this.store;
    if (drawer.treeNode) this.bp.forEachNode(drawer.treeNode.bind(drawer));
    if (drawer.fatBox) {
      for (let i = 0; i < s.end; i++) {
        if (s.kind[i] === BODY_FREE) continue;
        const o = i * FAT_STRIDE;
        drawer.fatBox(s.fat[o], s.fat[o + 1], s.fat[o + 2], s.fat[o + 3], this.handles[i] as Body);
      }
    }
    if (drawer.contact) {
      const c = this.contacts;
      const hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
      for (let k = 0; k < c.count; k++) {
        const a = c.a[k];
        const b = c.b[k];
        const ha = this.handles[a];
        const hb = this.handles[b];
        if (ha === undefined || hb === undefined) continue;
        // The point of a's surface nearest b's centre.
        roundedRectOverlap(s.x[b], s.y[b], s.x[a], s.y[a], s.halfWidth[a], s.halfHeight[a], s.radius[a], hit);
        const px = s.x[b] + hit.nx * hit.overlap;
        const py = s.y[b] + hit.ny * hit.overlap;
        const sep = c.separationNow(k, s.x, s.y);
        drawer.contact(px, py, c.nx[k], c.ny[k], -sep, ha, hb);
      }
    }
  }

  /** A plain-JSON snapshot of everything that affects the next step (allocates; not for every frame). */
  toJSON(): WorldSnapshot {
    return writeSnapshot(this.store, this.bp, this.opts);
  }

  /** Makes a world from a snapshot of {@link World.toJSON}; a malformed one throws an Error that names what is wrong. */
  static fromJSON(json: unknown): World {
    const world = new World();
    const opts = readSnapshot(json, world.store, world.bp);
    world.opts = opts;
    world.bp.margin = opts.broadphaseMargin;
    world.handles = new Array(world.store.capacity);
    for (let i = 0; i < world.store.end; i++) {
      if (world.store.kind[i] === BODY_FREE) continue;
      world.handles[i] = Body.of(world, i);
      // The original may have had velocities set since its last step: check them all.
      world.noteVelocitySet(i);
    }
    return world;
  }

  // ---- BodyHost: the checked mutations behind Body's setters ----
  // World meets BodyHost structurally (checked where it passes itself to `new Body`), with no
  // `implements` clause: BodyHost is internal, and the clause would name it in the published
  // declarations, which then fail to type-check without these (stripped) methods.

  /** @internal */
  setBodyPosition(i: number, x: number, y: number): void {
    const cx = checkCoordinate('x', x);
    const cy = checkCoordinate('y', y);
    const s = this.store;
    this.wakeTouching(i);
    s.x[i] = cx;
    s.y[i] = cy;
    s.prevX[i] = cx;
    s.prevY[i] = cy;
    this.wake(i);
    this.bp.markMoved(i);
    this.afterMove(i);
  }

  /** @internal */
  setBodyVelocity(i: number, vx: number, vy: number): void {
    const [cx, cy] = checkVelocity('', this.store.kind[i], vx, vy);
    this.store.vx[i] = cx;
    this.store.vy[i] = cy;
    this.wake(i);
    this.noteVelocitySet(i);
  }

  private noteVelocitySet(i: number): void {
    if (this.velocitySetCount === this.velocitySet.length) {
      this.velocitySet = grown(this.velocitySet, this.velocitySet.length * 2);
    }
    this.velocitySet[this.velocitySetCount++] = i;
  }

  /** @internal */
  setBodyMaterial(i: number, name: MaterialName, value: unknown): void {
    const v = checkMaterial(name, name, value);
    const s = this.store;
    const field = MATERIAL_FIELDS[name];
    s[name][i] = v;
    if (field.refilters) this.refilter(i);
    s.invMass[i] = inverseMass(s.kind[i], s.halfWidth[i], s.halfHeight[i], s.radius[i], s.density[i]);
    if (field.wakes) this.wake(i);
  }

  /** @internal Sets the collision filter (checked by the caller) and re-evaluates the pairs once. */
  setBodyFilter(i: number, category: number, mask: number, group: number): void {
    const s = this.store;
    s.category[i] = category;
    s.mask[i] = mask;
    s.group[i] = group;
    this.refilter(i);
    this.wake(i);
  }

  /** Body i's filter changed: pairs it now forbids end (their partners wake), allowed ones form. */
  private refilter(i: number): void {
    const dropped = this.bp.refilter(i);
    for (let k = 0; k < dropped; k++) this.wake(this.bp.partners[k]);
  }

  /** @internal */
  setBodyShape(i: number, halfWidth: number, halfHeight: number, radius: number): void {
    const [hw, hh, r] = checkShape('', halfWidth, halfHeight, radius);
    const s = this.store;
    s.halfWidth[i] = hw;
    s.halfHeight[i] = hh;
    s.radius[i] = r;
    s.invMass[i] = inverseMass(s.kind[i], hw, hh, r, s.density[i]);
    this.wakeTouching(i);
    this.wake(i);
    this.bp.markMoved(i);
    this.afterMove(i);
  }

  /** @internal */
  setBodyType(i: number, type: BodyType): void {
    const kind = parseBodyType('type', type);
    const s = this.store;
    if (kind === s.kind[i]) return;
    this.wakeTouching(i);
    // Leave the trees and the pair cache, then enter again as the new kind.
    this.bp.removeBody(i);
    s.kind[i] = kind;
    s.invMass[i] = inverseMass(kind, s.halfWidth[i], s.halfHeight[i], s.radius[i], s.density[i]);
    if (kind === BODY_STATIC) {
      s.vx[i] = 0;
      s.vy[i] = 0;
      s.awake[i] = 0;
    } else {
      s.awake[i] = 1;
      s.sleepTime[i] = 0;
    }
    this.bp.markMoved(i);
    this.afterMove(i);
  }

  /**
   * After body i entered the broadphase anew (moved, reshaped, retyped): whatever it now
   * overlaps wakes (a static body dropped onto sleepers must not leave them asleep inside it),
   * and its velocity, if any, goes into its fat box before the next step.
   */
  private afterMove(i: number): void {
    this.wakeTouching(i);
    if (this.store.vx[i] !== 0 || this.store.vy[i] !== 0) this.noteVelocitySet(i);
  }

  /** @internal */
  applyBodyImpulse(i: number, jx: number, jy: number): void {
    checkNumber('jx', jx, -Infinity, Infinity);
    checkNumber('jy', jy, -Infinity, Infinity);
    const s = this.store;
    if (s.kind[i] !== BODY_DYNAMIC) return;
    const vx = s.vx[i] + jx * s.invMass[i];
    const vy = s.vy[i] + jy * s.invMass[i];
    checkVelocity('resulting ', BODY_DYNAMIC, vx, vy);
    s.vx[i] = vx + 0;
    s.vy[i] = vy + 0;
    this.wake(i);
    this.noteVelocitySet(i);
  }

  /** @internal */
  wakeBody(i: number): void {
    this.wake(i);
  }

  private wake(i: number): void {
    const s = this.store;
    if (s.kind[i] !== BODY_DYNAMIC && s.kind[i] !== BODY_KINEMATIC) return;
    s.awake[i] = 1;
    s.sleepTime[i] = 0;
  }

  /** Wakes the bodies paired with body i (before it moves, changes or goes). */
  private wakeTouching(i: number): void {
    const bp = this.bp;
    const n = bp.collectPartners(i);
    for (let k = 0; k < n; k++) this.wake(bp.partners[k]);
  }

  private checkHandle(body: Body, where: string): number {
    if (!(body instanceof Body) || this.handles[body.id] !== body || !body.isValid) {
      throw new Error(`${where}: body ${body instanceof Body ? body.id : describe(body)} is not a live body of this world`);
    }
    return body.id;
  }
}
