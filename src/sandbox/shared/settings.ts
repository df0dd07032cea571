/**
 * The sandbox's settings: one plain object that the panel edits, the keyboard toggles, save
 * files carry and the tests read. World options (gravity, damping...) are mirrored here and
 * pushed to the world by `applyWorldSettings`.
 */
import type { ThreadMode, WorldOptions } from '../../physics/index';

/** Spawnable shapes, in the order of the keys 1 to 5. */
export const SHAPE_KINDS = ['circle', 'box', 'rounded', 'capsule', 'random'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

/**
 * What a primary press on empty space or a body does: play (spawn, grab), select (move,
 * resize, box-select; the inspector), draw a wall or a mover (build/), spray, or erase. The
 * toolbar, the panel and keys set it.
 */
export const TOOLS = ['play', 'select', 'wall', 'mover', 'spray', 'erase'] as const;
export type Tool = (typeof TOOLS)[number];

/** The two renderers. */
export const RENDERER_KINDS = ['webgl2', 'canvas2d'] as const;
export type RendererKind = (typeof RENDERER_KINDS)[number];

export interface Settings {
  // Simulation
  paused: boolean;
  /** Physics steps per simulated second, 1/s. */
  hertz: number;
  substeps: number;
  iterations: number;
  /** The solver's over-relaxation of frictionless contacts (WorldOptions.overRelaxation). */
  overRelaxation: number;
  /** Simulated seconds per real second. */
  timeScale: number;
  /** m/s² */
  gravityX: number;
  gravityY: number;
  /** 1/s */
  linearDamping: number;
  sleep: boolean;
  // Material
  /** In [0, 1]; the live slider value and the default for new bodies. */
  restitution: number;
  /** Coulomb friction coefficient, >= 0; the live slider value and the default for new bodies. */
  friction: number;
  /** kg/m² of new bodies. */
  density: number;
  // Spawn
  /** What a primary press does (the toolbar's modes; shift still sprays, right click still erases). */
  tool: Tool;
  shape: ShapeKind;
  /** Width of a new body, m. */
  size: number;
  /** Corner radius of a new rounded rect, m. */
  cornerRadius: number;
  /** Bodies made by "spawn N". */
  count: number;
  // View
  scene: string;
  renderer: RendererKind;
  // Debug draw
  fatBoxes: boolean;
  treeNodes: boolean;
  contacts: boolean;
  velocities: boolean;
  sleepState: boolean;
  // Collision explainer
  explain: boolean;
  measurements: boolean;
  // Stress test
  /** Median step time the ramp may reach and still hold a count, ms. */
  stressBudget: number;
  /** Bodies the ramp adds per batch. */
  stressBatch: number;
  /** Threads stress mode steps on: measured ('auto'), every core, or one (physics/parallel/thread-trial.ts). */
  stressThreads: ThreadMode;
}

/** Ranges of the numeric settings [min, max]: the panel's sliders and the save file's checks. */
export const LIMITS = {
  hertz: [15, 240],
  substeps: [1, 16],
  iterations: [1, 50],
  overRelaxation: [1, 1.9],
  timeScale: [0, 4],
  gravity: [-50, 50],
  linearDamping: [0, 10],
  restitution: [0, 1],
  // The engine takes up to 100; past 2 (rubber on rubber) a slider only loses precision.
  friction: [0, 2],
  density: [0.05, 50],
  size: [0.05, 10],
  cornerRadius: [0, 5],
  count: [1, 5000],
  stressBudget: [0.5, 50],
  stressBatch: [50, 5000],
} as const satisfies Record<string, readonly [number, number]>;

/** A fresh copy of the defaults. */
export function defaultSettings(): Settings {
  return {
    paused: false,
    hertz: 60,
    substeps: 1,
    iterations: 8,
    overRelaxation: 1.5,
    timeScale: 1,
    gravityX: 0,
    gravityY: 0,
    linearDamping: 0,
    sleep: true,
    restitution: 0.5,
    // The engine's own default: scenes that never set friction show it, not "changed".
    friction: 0.6,
    density: 1,
    tool: 'play',
    shape: 'circle',
    size: 1,
    cornerRadius: 0.2,
    count: 100,
    scene: 'playground',
    renderer: 'webgl2',
    fatBoxes: false,
    treeNodes: false,
    contacts: false,
    velocities: false,
    sleepState: false,
    explain: false,
    measurements: false,
    stressBudget: 8,
    stressBatch: 500,
    stressThreads: 'auto',
  };
}

/** Copies the world's options into the settings (after a scene or a file replaced the world). */
export function readWorldSettings(settings: Settings, options: WorldOptions): void {
  settings.substeps = options.substeps;
  settings.iterations = options.iterations;
  settings.overRelaxation = options.overRelaxation;
  settings.gravityX = options.gravity.x;
  settings.gravityY = options.gravity.y;
  settings.linearDamping = options.linearDamping;
  settings.sleep = options.enableSleep;
}

/** The world options the settings ask for. */
export function worldOptionsOf(settings: Settings): Partial<WorldOptions> {
  return {
    substeps: settings.substeps,
    iterations: settings.iterations,
    overRelaxation: settings.overRelaxation,
    gravity: { x: settings.gravityX, y: settings.gravityY },
    linearDamping: settings.linearDamping,
    enableSleep: settings.sleep,
  };
}
