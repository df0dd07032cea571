/**
 * The control panel (lil-gui; the only file that imports it): simulation, material, spawn,
 * scenes, view, the stress test, debug draw, the collision explainer, save and share, and the
 * stats readout.
 * Controls edit the sandbox's settings object and call the sandbox; `refresh` re-reads the
 * settings after a key press, a new scene or a loaded file.
 */
import GUI, { NumberController, OptionController } from 'lil-gui';
import { SCENES } from '../../scenes/index';
import { showMessage } from './messages';
import type { Sandbox } from '../sandbox';
import { STRESS_PRESETS, type StressMode } from '../stress/stress-mode';
import { MATERIAL_KEYS } from '../shared/material';
import { LIMITS, RENDERER_KINDS, SHAPE_KINDS, TOOLS, type RendererKind, type Settings } from '../shared/settings';
import { TOOL_KEYS } from '../build/tool-hint';
import type { ThreadMode } from '../../physics/index';

/** Screens this narrow open with the panel closed (a phone held upright). */
export const NARROW_SCREEN = '(max-width: 700px)';

/** What the panel's buttons do beyond the sandbox's own actions. */
export interface PanelActions {
  setRenderer(kind: RendererKind): void;
  saveFile(): void;
  openFile(): void;
  copyShareLink(): void;
  showHelp(): void;
  saveReplay(): void;
  openReplay(): void;
  /** The phase profile graph's card: the Stats folder's checkbox shows it. */
  profileGraph: { shown: boolean };
}

/** The panel: refresh after outside changes; `statsElement` is where the stats go. */
export interface Panel {
  refresh(): void;
  readonly statsElement: HTMLElement;
}

/** Builds the panel in the page's top-right corner. */
export function createPanel(sandbox: Sandbox, stress: StressMode, actions: PanelActions): Panel {
  const s = sandbox.settings;
  const gui = new GUI({ title: 'Jostle' });
  const apply = (): void => sandbox.applySettings();
  /** A numeric setting; `why`, when given, is what a hover over it says. */
  const num = (folder: GUI, key: keyof Settings, limits: readonly [number, number], step: number, name: string, why?: string): void => {
    const control = folder.add(s, key, limits[0], limits[1], step).name(name).onChange(apply);
    if (why !== undefined) control.domElement.title = why;
  };

  const buttons = {
    step: () => {
      sandbox.setPaused(true);
      sandbox.stepOnce();
      refresh();
    },
    reset: () => sandbox.requestReset(),
    spawn: () => sandbox.spawnMany(s.count),
    fit: () => sandbox.fitView(),
    clearSelection: () => {
      sandbox.selection = [];
    },
    save: () => actions.saveFile(),
    load: () => actions.openFile(),
    share: () => actions.copyShareLink(),
    help: () => actions.showHelp(),
  };
  // Folders in order of use: what a new user reaches for first is open at the top; the
  // stress test, debug layers, explainer and files are one click away, closed.
  const sim = gui.addFolder('Simulation');
  sim.add(s, 'paused').name('pause (space)').onChange((v: boolean) => sandbox.setPaused(v));
  sim.add(buttons, 'step').name('step (. or →)');
  sim.add(buttons, 'reset').name('reset scene (r)');
  num(sim, 'timeScale', LIMITS.timeScale, 0.05, 'time scale');
  num(sim, 'gravityX', LIMITS.gravity, 0.1, 'gravity x');
  num(sim, 'gravityY', LIMITS.gravity, 0.1, 'gravity y');
  num(sim, 'linearDamping', LIMITS.linearDamping, 0.01, 'linear damping');
  const solver = sim.addFolder('Solver');
  num(solver, 'hertz', LIMITS.hertz, 1, 'hertz', 'Physics steps per simulated second.');
  num(solver, 'substeps', LIMITS.substeps, 1, 'substeps', 'Each step split into this many, each with its own collisions.');
  num(solver, 'iterations', LIMITS.iterations, 1, 'iterations', 'Passes over the contacts per step: more, and stacks hold firmer.');
  num(
    solver,
    'overRelaxation',
    LIMITS.overRelaxation,
    0.05,
    'over-relaxation',
    'How far each pass pushes a frictionless contact past its own answer, so corrections travel down a stack faster. 1: plain passes.',
  );
  solver.add(s, 'sleep').name('sleep').onChange(apply);
  solver.close();

  const material = gui.addFolder('Material');
  const materialControls = MATERIAL_KEYS.map((key) => ({
    key,
    control: material
      .add(s, key, LIMITS[key][0], LIMITS[key][1], 0.01)
      .name(key)
      .onChange((v: number) => sandbox.setMaterialAll(key, v)),
  }));
  num(material, 'density', LIMITS.density, 0.05, 'density (new)');

  const spawn = gui.addFolder('Spawn');
  // What a press does: spawn (play), the build tools, spray, erase; the palette and keys too.
  const toolOptions: Record<string, string> = {};
  for (const t of TOOLS) toolOptions[`${t} (${TOOL_KEYS[t]})`] = t;
  spawn.add(s, 'tool', toolOptions).name('tool').onChange(() => sandbox.changed());
  spawn.add(s, 'shape', [...SHAPE_KINDS]).name('shape (1–5)');
  num(spawn, 'size', LIMITS.size, 0.05, 'size');
  num(spawn, 'cornerRadius', LIMITS.cornerRadius, 0.05, 'corner radius');
  num(spawn, 'count', LIMITS.count, 1, 'count');
  spawn.add(buttons, 'spawn').name('spawn N');

  const scenes = gui.addFolder('Scene');
  const sceneOptions: Record<string, string> = {};
  for (const entry of SCENES) sceneOptions[entry.title] = entry.id;
  const sceneControl = scenes
    .add(s, 'scene', sceneOptions)
    .name('scene')
    .onChange((id: string) => sandbox.loadScene(id));
  scenes.add(buttons, 'fit').name('fit view (f)');
  scenes
    .add(s, 'renderer', [...RENDERER_KINDS])
    .name('renderer')
    .onChange((kind: RendererKind) => actions.setRenderer(kind));

  const stressFolder = gui.addFolder('Stress test');
  const attempt = (action: () => void): void => {
    try {
      action();
    } catch (error) {
      showMessage(`Cannot start the stress test: ${(error as Error).message}`, 'error');
    }
  };
  const stressButtons: Record<string, () => void> = {
    ramp: () => attempt(() => stress.runRamp()),
    world: () => attempt(() => stress.runCurrentWorld()),
    stop: () => stress.stopRamp(),
    leave: () => void stress.leave(),
  };
  stressFolder.add(s, 'stressBudget', LIMITS.stressBudget[0], LIMITS.stressBudget[1], 0.5).name('budget ms/step');
  stressFolder.add(s, 'stressBatch', LIMITS.stressBatch[0], LIMITS.stressBatch[1], 50).name('batch (bodies)');
  stressFolder
    .add(s, 'stressThreads', { 'auto (measured)': 'auto', 'every core': 'all', one: 'one' })
    .name('threads')
    .onChange((mode: ThreadMode) => stress.setThreadMode(mode));
  stressFolder.add(stressButtons, 'ramp').name('run the ramp');
  for (const n of STRESS_PRESETS) {
    const key = `preset${n}`;
    stressButtons[key] = () => attempt(() => stress.runPreset(n));
    stressFolder.add(stressButtons, key).name(`${n.toLocaleString('en-US')} bodies`);
  }
  const worldControl = stressFolder.add(stressButtons, 'world').name('this world in the worker');
  const stopControl = stressFolder.add(stressButtons, 'stop').name('stop the ramp');
  const leaveControl = stressFolder.add(stressButtons, 'leave').name('leave, keep the world');
  stressFolder.close();

  const debug = gui.addFolder('Debug draw');
  debug.add(s, 'fatBoxes').name('fat boxes');
  debug.add(s, 'treeNodes').name('R-tree nodes');
  debug.add(s, 'contacts').name('contacts');
  debug.add(s, 'velocities').name('velocities');
  debug.add(s, 'sleepState').name('sleeping state');
  debug.close();

  const collision = gui.addFolder('Collision explained');
  collision
    .add(s, 'explain')
    .name('explain selected pair')
    .onChange((on: boolean) => {
      if (!on) sandbox.selection = [];
    });
  collision.add(s, 'measurements').name('show measurements');
  collision.add(buttons, 'clearSelection').name('clear selection (Esc)');
  collision.close();

  const history = gui.addFolder('History');
  const historyButtons = {
    undo: () => sandbox.undo(),
    redo: () => sandbox.redo(),
    saveReplay: () => actions.saveReplay(),
    openReplay: () => actions.openReplay(),
  };
  history.add(historyButtons, 'undo').name('undo (Ctrl+Z)');
  history.add(historyButtons, 'redo').name('redo (Ctrl+Shift+Z)');
  history.add(historyButtons, 'saveReplay').name('save replay (last minute)');
  history.add(historyButtons, 'openReplay').name('load replay…');
  history.close();

  const files = gui.addFolder('Save and share');
  files.add(buttons, 'save').name('save file');
  files.add(buttons, 'load').name('load file…');
  files.add(buttons, 'share').name('copy share link');
  files.add(buttons, 'help').name('help (?)');
  files.close();

  const stats = gui.addFolder('Stats');
  const statsElement = document.createElement('pre');
  statsElement.id = 'stats';
  stats.add(actions.profileGraph, 'shown').name('phase profile graph (p)');
  stats.$children.appendChild(statsElement);
  stats.close();

  // lil-gui stops key events inside its controllers (so typing in a field is not a shortcut).
  // A clicked button or checkbox would keep the focus and with it swallow every shortcut
  // after it (space after "50,000 bodies" would not pause): let go of the focus instead.
  gui.domElement.addEventListener('click', () => {
    const t = document.activeElement;
    if (t instanceof HTMLButtonElement || (t instanceof HTMLInputElement && t.type === 'checkbox')) t.blur();
  });

  // A chosen option leaves the focus in its select, and a focused select swallows every
  // shortcut (space would not pause after choosing a scene): let go of it once chosen.
  gui.domElement.addEventListener('change', (e) => {
    if (e.target instanceof HTMLSelectElement) e.target.blur();
  });

  let explaining = s.explain;
  const refresh = (): void => {
    // The explainer coming on (the lab, an alt-click) opens its folder: its options are then wanted.
    if (s.explain && !explaining) collision.open();
    explaining = s.explain;
    for (const c of gui.controllersRecursive()) c.updateDisplay();
    // A stress world is none of the listed scenes: name it rather than show the one before it
    // (short, for the select's width; the hover says it whole).
    if (sceneControl instanceof OptionController) {
      if (sandbox.sceneLabel !== null) sceneControl.$display.textContent = sandbox.sceneLabel;
      const label = sandbox.sceneLabel;
      sceneControl.domElement.title = label === null ? '' : stress.active ? `${label}, stepped in the physics worker ("leave, keep the world" brings it back)` : label;
    }
    // Bodies of different restitution (or friction): the slider cannot show one value, so it says so.
    for (const { key, control } of materialControls) {
      if (sandbox.materialMixed[key] && control instanceof NumberController) control.$input.value = 'mixed';
    }
    stopControl.enable(stress.rampRunning);
    leaveControl.enable(stress.active);
    worldControl.enable(!stress.active);
  };
  sandbox.onChange(refresh);
  // On a narrow screen the open panel would cover most of the scene: it starts closed.
  if (window.matchMedia(NARROW_SCREEN).matches) gui.close();
  return { refresh, statsElement };
}
