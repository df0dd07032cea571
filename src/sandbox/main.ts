/**
 * The sandbox page, composed: the world (inside `Sandbox`), a renderer, the overlay, input,
 * the panel, stress mode and the frame loop. Each piece has its own file; this one only
 * connects them. In stress mode the world steps in a worker (physics-worker.ts): the loop then
 * only draws the worker's newest frame.
 */
import './ui/style.css';
import { BuildLayer } from './build/build-layer';
import { createToolHint } from './build/tool-hint';
import { createSceneIO } from './files/scene-io';
import { installDebugApi } from './debug-api';
import { createHelp } from './ui/help';
import { attachPointerInput } from './input/input';
import { attachKeyboard, type KeyboardState } from './input/keyboard';
import { FixedStepLoop } from './loop';
import { showMessage } from './ui/messages';
import { DebugLegend } from './overlays/debug-legend';
import { Overlay } from './overlays/overlay';
import { showFirstHint } from './ui/hint';
import { createInspector } from './ui/inspector';
import { createPanel } from './ui/panel';
import { createPauseBadge } from './ui/pause-badge';
import { createScaleReadout } from './ui/scale-readout';
import { createToolbar } from './ui/toolbar';
import { createTimelineBar } from './ui/timeline-bar';
import { createReplayIO } from './files/replay-io';
import { createRenderer, type Renderer } from './rendering/renderer';
import { Sandbox } from './sandbox';
import type { RendererKind } from './shared/settings';
import { StatsReadout } from './ui/stats';
import { StressMode } from './stress/stress-mode';
import { ProfileCard } from './ui/profile-card';
import { CollisionLab } from './lab/lab';
import { attachLabInput } from './lab/lab-input';
import { attachGameInput } from './input/game-input';
import { GameHud } from './ui/game-hud';

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`index.html is missing #${id}`);
  return el;
}

const stage = element('stage', HTMLDivElement);
const overlay = new Overlay(element('overlay', HTMLCanvasElement), element('explain-card', HTMLDivElement));
const sandbox = new Sandbox();
const buildLayer = new BuildLayer(stage);
const inspector = createInspector(sandbox.build);
const PANEL_WIDTH = 276; // CSS px: the panel's width and its gap (style.css)
const PANEL_BESIDE_MIN_WIDTH = 900; // CSS px: narrower windows let the panel float over the scene
const PALETTE_WIDTH = 124; // CSS px: the tool palette's width and its gaps (build/build.css)
let renderer: Renderer | null = null;
let lastSize = '';

/**
 * Matches canvases and camera to the stage. A view still as fitted is fitted again to the new
 * size; a view the user zoomed or panned keeps its zoom and its centre.
 */
function resize(): void {
  const rect = stage.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  const size = `${rect.width}x${rect.height}@${ratio}`;
  if (size === lastSize) return;
  lastSize = size;
  const refit = sandbox.viewIsFitted;
  sandbox.camera.setViewport(rect.left, rect.top, rect.width, rect.height);
  // Keep the fitted scene clear of the panel when there is room beside it.
  sandbox.fitInsetRight = rect.width >= PANEL_BESIDE_MIN_WIDTH ? PANEL_WIDTH : 0;
  // A touch screen has the tools in the bottom toolbar instead of the palette.
  const palette = rect.width >= PANEL_BESIDE_MIN_WIDTH && !window.matchMedia('(pointer: coarse)').matches;
  sandbox.fitInsetLeft = palette ? PALETTE_WIDTH : 0;
  renderer?.resize(rect.width, rect.height, ratio);
  overlay.resize(rect.width, rect.height, ratio);
  buildLayer.resize(rect.width, rect.height, ratio);
  if (refit) sandbox.fitView();
}

/**
 * `?stress=ramp` runs the ramp on open (`&budget=` ms, `&batch=` bodies); `?stress=50000`
 * opens that preset. A link to a benchmark run, and the browser tests' way in.
 */
function startStressFromUrl(mode: StressMode): void {
  const params = new URLSearchParams(location.search);
  const what = params.get('stress');
  if (what === null) return;
  try {
    if (what === 'ramp') {
      const budget = params.get('budget');
      const batch = params.get('batch');
      mode.runRamp({
        ...(budget !== null ? { budgetMs: Number(budget) } : {}),
        ...(batch !== null ? { batch: Number(batch) } : {}),
      });
    } else {
      mode.runPreset(Number(what));
    }
  } catch (error) {
    showMessage(`Cannot start the stress test: ${(error as Error).message}`, 'error');
  }
}

function setRenderer(kind: RendererKind): void {
  renderer?.dispose();
  const made = createRenderer(kind);
  renderer = made.renderer;
  renderer.canvas.className = 'view';
  stage.insertBefore(renderer.canvas, overlay.canvas);
  sandbox.settings.renderer = renderer.kind;
  if (made.fellBack) showMessage('WebGL2 is not available here: drawing with Canvas 2D.', 'info');
  const rect = stage.getBoundingClientRect();
  renderer.resize(rect.width, rect.height, window.devicePixelRatio || 1);
  sandbox.changed();
}

const stats = { readout: null as StatsReadout | null };
const legend = new DebugLegend();
const pauseBadge = createPauseBadge(stage, () => {
  if (sandbox.settings.timeScale <= 0) {
    sandbox.settings.timeScale = 1;
    sandbox.applySettings();
  }
  sandbox.setPaused(false);
  sandbox.changed();
});
const stress = new StressMode(sandbox);
const scaleReadout = createScaleReadout(stage);
const profileCard = new ProfileCard();
const lab = new CollisionLab(sandbox);
const gameHud = new GameHud();
stress.onProfile((p) => stats.readout?.step(p));
let drawnFrames = 0;
const loop = new FixedStepLoop({
  step(dt) {
    try {
      sandbox.step(dt);
      stats.readout?.step(sandbox.world.profile);
      profileCard.addStep(sandbox.world.profile);
    } catch (error) {
      // A failing step must not kill the frame loop: stop, say why, keep the scene to inspect.
      sandbox.setPaused(true);
      sandbox.changed();
      showMessage(`The step failed and the simulation paused: ${(error as Error).message}`, 'error');
    }
  },
  render(alpha) {
    if (renderer === null) return;
    const started = performance.now();
    const camera = sandbox.camera;
    // A GPU still busy with the last frame skips this one: queueing more would block this thread.
    const drawing = renderer.ready();
    // The lab first: it may frame the pair beside its card.
    const labView = lab.frame();
    if (drawing) {
      if (sandbox.worker !== null) sandbox.worker.pack(sandbox.instances, camera.x, camera.y, started);
      else sandbox.instances.pack(sandbox.world, alpha, camera.x, camera.y);
      renderer.draw(sandbox.instances, camera);
      overlay.draw(sandbox, labView);
      buildLayer.draw(sandbox.build, camera, sandbox.build.movers());
      drawnFrames++;
    }
    inspector.update(camera);
    pauseBadge(sandbox.settings.paused, sandbox.settings.timeScale);
    legend.update(sandbox.settings);
    scaleReadout(camera, hover);
    timelineBar(started);
    const now = performance.now();
    const counts = stress.active ? stress.counts : null;
    if (counts !== null) stats.readout?.frame(() => counts, renderer.kind, now, 'worker');
    else stats.readout?.frame(() => sandbox.statsCounts(), renderer.kind, now);
    stress.recordFrame(drawing ? now - started : -1, now);
    profileCard.suppress(stress.active);
    profileCard.draw();
    gameHud.update(sandbox.game);
  },
});
sandbox.attachLoop(loop);

const io = createSceneIO(sandbox);
const replays = createReplayIO(sandbox);
const timelineBar = createTimelineBar(sandbox);
// History: what one pointer press does (a slider dragged, a spray) is one undo entry.
window.addEventListener('pointerdown', () => sandbox.history.pressStarted(), { capture: true });
for (const type of ['pointerup', 'pointercancel'] as const) window.addEventListener(type, () => sandbox.history.pressEnded(), { capture: true });
const help = createHelp();
const panel = createPanel(sandbox, stress, {
  setRenderer,
  saveFile: () => io.saveFile(),
  openFile: () => io.openFile(),
  copyShareLink: () => void io.copyShareLink(),
  showHelp: () => help.toggle(),
  saveReplay: () => replays.saveReplay(),
  openReplay: () => replays.openReplay(),
  profileGraph: profileCard,
});
stats.readout = new StatsReadout(panel.statsElement);
createToolbar(sandbox);
createToolHint(sandbox);
const keys: KeyboardState = { spaceHeld: false, spaceUsed: false };
const hover = attachPointerInput(stage, sandbox, keys);
attachLabInput(stage, sandbox, lab);
attachGameInput(stage, sandbox);
attachKeyboard(sandbox, keys, () => hover, help, { toggleProfile: () => (profileCard.shown = !profileCard.shown) });
setRenderer(sandbox.settings.renderer);
installDebugApi(sandbox, loop, stress, () => renderer?.kind ?? 'webgl2', setRenderer, replays, { profileCard, lab, overlay, drawnFrames: () => drawnFrames });
new ResizeObserver(resize).observe(stage);
resize();
await io.restore();
startStressFromUrl(stress);
loop.start();
showFirstHint(window.matchMedia('(pointer: coarse)').matches);
document.body.dataset.ready = 'true';
