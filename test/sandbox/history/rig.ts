/**
 * A page without a page: a world, the local host that acts on it, and History wrapped around
 * the host as the sandbox wires them, stepped as the frame loop steps (the drag spring, then
 * the world). What the history tests drive.
 */
import { World, mulberry32 } from '../../../src/physics/index';
import { History } from '../../../src/sandbox/history/history';
import { HostStepper } from '../../../src/sandbox/history/host-stepper';
import { LocalHost } from '../../../src/sandbox/local-host';
import type { PhysicsHost } from '../../../src/sandbox/physics-host';
import type { TimelineLimits } from '../../../src/sandbox/history/timeline';

export const DT = 1 / 60;

/** Messages the host shows (a scatter's report) go to a stand-in toast: Node has no page. */
function standInToast(): void {
  if ('document' in globalThis) return;
  const toast = { textContent: '', dataset: {}, classList: { add: () => undefined, remove: () => undefined } };
  Object.assign(globalThis, {
    document: { getElementById: () => toast },
    window: { setTimeout: () => 0, clearTimeout: () => undefined },
  });
}
standInToast();
const BOUNDS = { minX: -10, minY: -10, maxX: 10, maxY: 10 };

/** A walled box with a few bodies in it, the same every time. */
export function boxWorld(): World {
  const w = new World({ gravity: { x: 0, y: -10 } });
  w.createBody({ type: 'static', x: 0, y: -5, halfWidth: 10, halfHeight: 0.5 });
  w.createBody({ type: 'static', x: -9.5, y: 0, halfWidth: 0.5, halfHeight: 6 });
  w.createBody({ type: 'static', x: 9.5, y: 0, halfWidth: 0.5, halfHeight: 6 });
  for (let i = 0; i < 6; i++) w.createBody({ x: -4 + i * 1.5, y: -3 + (i % 3), halfWidth: 0.4, halfHeight: 0.4, radius: 0.1, restitution: 0.3 });
  return w;
}

export class Rig {
  world: World;
  paused = false;
  scene = 'box';
  clock = 0;
  readonly local: LocalHost;
  readonly history: History;
  readonly host: PhysicsHost;

  constructor(world = boxWorld(), limits: Partial<TimelineLimits> = {}) {
    this.world = world;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const rig = this;
    this.local = new LocalHost({
      get world() {
        return rig.world;
      },
      loop: null,
      bounds: BOUNDS,
      random: mulberry32(7),
      optionsRefused: () => undefined,
    });
    this.history = new History(
      {
        get world() {
          return rig.world;
        },
        offReason: null,
        get paused() {
          return rig.paused;
        },
        get held() {
          return rig.local.held !== null;
        },
        get scene() {
          return rig.scene;
        },
        adoptWorld: (w, scene) => {
          if (w !== this.world) this.local.held = null;
          this.world = w;
          if (scene !== null) this.scene = scene;
        },
        now: () => this.clock,
      },
      (w, paused) =>
        new HostStepper(w, paused, (where) => new LocalHost({ get world() { return where.world; }, loop: null, bounds: BOUNDS, random: mulberry32(0), optionsRefused: () => undefined })),
      limits,
    );
    this.host = this.history.wrap(this.local);
  }

  /** `n` steps as the page runs them (a loaded replay follows its recording). */
  run(n: number): void {
    for (let k = 0; k < n; k++) {
      this.clock += 1000 * DT;
      if (this.history.playing) {
        this.history.playStep();
        continue;
      }
      this.history.beforeStep();
      this.local.step(DT);
      this.history.afterStep(DT);
    }
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.host.setClock(paused, 60, 1);
  }

  /** Lets time pass without steps (ms): past the coalescing window. */
  wait(ms: number): void {
    this.clock += ms;
  }
}
