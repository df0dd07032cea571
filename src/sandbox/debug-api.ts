/**
 * `window.jostle`: the running sandbox for tinkering in the console and for the browser tests.
 * `world` is a getter because loading a scene or a file replaces the world.
 */
import { ENGINE_REVISION, type World } from '../physics/index';
import type { Camera, Point } from './shared/camera';
import type { FixedStepLoop } from './loop';
import type { Sandbox } from './sandbox';
import type { RendererKind, Settings } from './shared/settings';
import type { StressMode, StressState } from './stress/stress-mode';
import type { RampOptions } from './shared/stress-ramp';
import type { ThreadMode } from '../physics/index';
import type { HistoryStatus } from './history/history';
import { hashText, hashWorld } from './history/state-hash';
import type { ReplayIO } from './files/replay-io';
import { writeReplay } from './files/replay-file';
import type { ProfileCard } from './ui/profile-card';
import type { CollisionLab } from './lab/lab';
import type { Overlay } from './overlays/overlay';
import type { PlacedLabel } from './lab/label-layout';
import type { LabMode } from './lab/lab-card';

/** Stress mode from the console and the tests. */
export interface StressApi {
  /** Starts the ramp (defaults: the panel's budget and batch; see RampOptions). */
  ramp(options?: Partial<RampOptions>): void;
  /** Builds crowd(`bodies`) in the worker. */
  preset(bodies: number): void;
  /** Moves the current world into the worker as it is. */
  runCurrentWorld(): void;
  /** Ends the ramp where it is. */
  stopRamp(): void;
  /** Steps on the fastest of every core, all but one and one, measured ('auto'), on every core ('all'), or on one ('one'). */
  threads(mode: ThreadMode): void;
  /** Leaves stress mode, bringing the world back to the main thread. */
  leave(): Promise<void>;
  /** Where it is (a fresh copy each read). */
  readonly state: StressState;
}

/** Undo, the timeline and replays from the console and the tests. */
export interface HistoryApi {
  undo(): void;
  redo(): void;
  /** Pauses and shows timeline step `tick`. */
  seek(tick: number): void;
  /** Where history is (a fresh copy each read). */
  readonly status: HistoryStatus;
  /** hashWorld of the running world, as 8 hex digits. */
  hash(): string;
  /** The timeline's recording as a replay file's text, or null before the first step. */
  replayText(): string | null;
  /** Plays a replay file's text as a loaded file would; false when refused (the message says why). */
  loadReplay(text: string): boolean;
}

/** Pieces of the page beyond the sandbox that `window.jostle` reaches. */
export interface DebugApiParts {
  profileCard: ProfileCard;
  lab: CollisionLab;
  overlay: Overlay;
  /** Frames that drew the scene and its overlays (a frame the busy GPU skips does not). */
  drawnFrames: () => number;
}

/** The collision lab. */
export interface LabApi {
  /** Whether the lab is open (its scene, the pair valid, on this thread). */
  readonly active: boolean;
  mode: LabMode;
  /** One step forward (restored from the lab's history when it has it) and one back. */
  forward(): void;
  back(): void;
  /** Which step of the lab's history the world is at. */
  readonly step: number;
}

/** The phase profile graph of normal play. */
export interface ProfileGraphApi {
  /** Whether the user asked for it (`p`, the panel). */
  readonly shown: boolean;
  /** Whether it is on screen (hidden in stress mode). */
  readonly visible: boolean;
  /** Steps it has recorded since the page opened. */
  readonly steps: number;
}

export interface JostleApi {
  /** The main thread's world; in stress mode an empty stand-in (the worker has the real one: see `stress`). */
  readonly world: World;
  readonly settings: Settings;
  readonly camera: Camera;
  /** World point (m) to the clientX/clientY (CSS px) a pointer event there would carry. */
  worldToScreen(x: number, y: number): Point;
  /** Client coordinates (CSS px) to a world point (m). */
  screenToWorld(x: number, y: number): Point;
  loadScene(id: string): void;
  setRenderer(kind: RendererKind): void;
  readonly renderer: RendererKind;
  /** Physics steps and frames of the page's loop since the page opened. */
  readonly steps: number;
  readonly frames: number;
  /** Of those frames, the ones that drew the scene and its overlays: a frame the GPU is still busy for skips them. */
  readonly drawnFrames: number;
  pause(): void;
  resume(): void;
  step(): void;
  /** Restitution as the panel's slider sets it: every body and the default. */
  setRestitution(e: number): void;
  /** Friction as the panel's slider sets it: every body (static ones too) and the default. */
  setFriction(mu: number): void;
  readonly sandbox: Sandbox;
  /** The engine's ENGINE_REVISION, which saved replays note. */
  readonly engineRevision: number;
  readonly stress: StressApi;
  readonly history: HistoryApi;
  /** The build tools' selection (what the inspector shows), by slot id. */
  readonly selectedIds: number[];
  /** Selects bodies `ids` as the select tool would. */
  selectBodies(ids: number[]): void;
  readonly profileGraph: ProfileGraphApi;
  readonly lab: LabApi;
  /** The overlay's labels as drawn in the last frame (viewport px). */
  readonly labels: readonly PlacedLabel[];
  /** The open scene's game (the flappy course), or null. */
  readonly game: { readonly state: string; readonly score: number; readonly status: string } | null;
}

declare global {
  interface Window {
    jostle: JostleApi;
  }
}

/** Installs `window.jostle`. */
export function installDebugApi(
  sandbox: Sandbox,
  loop: FixedStepLoop,
  stress: StressMode,
  renderer: () => RendererKind,
  setRenderer: (kind: RendererKind) => void,
  replays: ReplayIO,
  parts: DebugApiParts,
): void {
  window.jostle = {
    get world() {
      return sandbox.world;
    },
    settings: sandbox.settings,
    camera: sandbox.camera,
    worldToScreen: (x, y) => sandbox.camera.worldToScreen(x, y),
    screenToWorld: (x, y) => sandbox.camera.screenToWorld(x, y),
    loadScene: (id) => sandbox.loadScene(id),
    setRenderer,
    get renderer() {
      return renderer();
    },
    get steps() {
      return loop.steps;
    },
    get frames() {
      return loop.frames;
    },
    get drawnFrames() {
      return parts.drawnFrames();
    },
    pause: () => {
      sandbox.setPaused(true);
      sandbox.changed();
    },
    resume: () => {
      sandbox.setPaused(false);
      sandbox.changed();
    },
    step: () => sandbox.stepOnce(),
    setRestitution: (e) => {
      sandbox.setMaterialAll('restitution', e);
      sandbox.changed();
    },
    setFriction: (mu) => {
      sandbox.setMaterialAll('friction', mu);
      sandbox.changed();
    },
    sandbox,
    engineRevision: ENGINE_REVISION,
    get selectedIds() {
      return sandbox.build.selection.ids(sandbox.world);
    },
    selectBodies: (ids) => sandbox.build.select(ids.map((id) => sandbox.world.getBody(id)).filter((b) => b !== undefined)),
    stress: {
      ramp: (options) => stress.runRamp(options),
      preset: (bodies) => stress.runPreset(bodies),
      runCurrentWorld: () => stress.runCurrentWorld(),
      stopRamp: () => stress.stopRamp(),
      threads: (mode) => stress.setThreadMode(mode),
      leave: () => stress.leave(),
      get state() {
        return stress.state;
      },
    },
    history: {
      undo: () => {
        sandbox.undo();
        sandbox.changed();
      },
      redo: () => {
        sandbox.redo();
        sandbox.changed();
      },
      seek: (tick) => {
        sandbox.scrubTo(tick);
        sandbox.changed();
      },
      get status() {
        return sandbox.history.status;
      },
      hash: () => hashText(hashWorld(sandbox.world)),
      replayText: () => {
        const rec = sandbox.history.recording();
        return rec === null ? null : JSON.stringify(writeReplay(rec, sandbox.settings.scene));
      },
      loadReplay: (text) => replays.loadReplayText(text, 'from the console'),
    },
    profileGraph: {
      get shown() {
        return parts.profileCard.shown;
      },
      get visible() {
        return parts.profileCard.visible;
      },
      get steps() {
        return parts.profileCard.stepsRecorded;
      },
    },
    lab: {
      get active() {
        return parts.lab.active;
      },
      get mode() {
        return parts.lab.mode;
      },
      set mode(mode: LabMode) {
        parts.lab.mode = mode;
      },
      forward: () => parts.lab.forward(),
      back: () => parts.lab.back(),
      get step() {
        return parts.lab.history.step;
      },
    },
    get labels() {
      return parts.overlay.labels;
    },
    get game() {
      return sandbox.game;
    },
  };
}
