/**
 * Every scene the sandbox offers, by id: the same functions the tests and the benchmark build,
 * with the few facts the page needs to open them (a title, whether to start paused, which pair
 * to explain).
 */
import type { World } from '../physics/index';
import { billiards } from './billiards';
import { collisionLab, LAB_BODY_A, LAB_BODY_B, LAB_VIEW } from './collision-lab';
import { crowd } from './crowd';
import { emptyArena } from './empty-arena';
import { hourglass } from './hourglass';
import { pile } from './pile';
import { pinball } from './pinball';
import { playground } from './playground';

/** One entry of the scene list. */
export interface SceneEntry {
  /** Stable id, used in URLs and save files. */
  readonly id: string;
  /** Shown in the panel. */
  readonly title: string;
  /** Builds the scene into an empty world (and sets the world's options). */
  readonly build: (world: World) => void;
  /** Open paused (the collision lab). */
  readonly startPaused?: boolean;
  /** Body ids to show in the collision explainer on open. */
  readonly explainPair?: readonly [number, number];
  /** What to frame on open (m); by default the bounds of every body. */
  readonly view?: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

/** The scenes, in panel order; the first is the default. */
export const SCENES: readonly SceneEntry[] = [
  { id: 'playground', title: 'Playground', build: (w) => playground(w) },
  { id: 'empty-arena', title: 'Empty arena', build: (w) => emptyArena(w) },
  { id: 'billiards', title: 'Billiards break', build: (w) => billiards(w) },
  { id: 'pinball', title: 'Pinball bumpers', build: (w) => pinball(w) },
  { id: 'hourglass', title: 'Hourglass', build: (w) => hourglass(w) },
  { id: 'crowd', title: 'Crowd (2000)', build: (w) => crowd(w, { count: 2000 }) },
  { id: 'pile', title: 'Pile (800)', build: (w) => pile(w, { count: 800 }) },
  {
    id: 'collision-lab',
    title: 'Collision lab',
    build: (w) => collisionLab(w),
    startPaused: true,
    explainPair: [LAB_BODY_A, LAB_BODY_B],
    view: LAB_VIEW,
  },
];

/** The scene with this id, or undefined. */
export function findScene(id: string): SceneEntry | undefined {
  return SCENES.find((s) => s.id === id);
}
