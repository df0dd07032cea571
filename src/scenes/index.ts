/**
 * Every scene the sandbox offers, by id: the same functions the tests and the benchmark build,
 * with the few facts the page needs to open them (a title, a line saying what it shows, whether to
 * start paused, which pair to explain).
 */
import type { World } from '../physics/index';
import { billiards } from './billiards';
import { collisionLab, LAB_BODY_A, LAB_BODY_B, LAB_VIEW } from './collision-lab';
import { crateRoom } from './crate-room';
import { crowd } from './crowd';
import { emptyArena } from './empty-arena';
import { FLAPPY_VIEW, flappy } from './flappy';
import { FlappyGame, type SceneGame } from './flappy-rules';
import { funnel } from './funnel';
import { hourglass } from './hourglass';
import { massRatios } from './mass-ratios';
import { newtonsCradle } from './newtons-cradle';
import { pile } from './pile';
import { pinball } from './pinball';
import { playground } from './playground';

/** One entry of the scene list. */
export interface SceneEntry {
  /** Stable id, used in URLs and save files. */
  readonly id: string;
  /** Shown in the panel. */
  readonly title: string;
  /** One line saying what the scene shows, shown when it opens. */
  readonly description: string;
  /** Builds the scene into an empty world (and sets the world's options). */
  readonly build: (world: World) => void;
  /** Open paused (the collision lab). */
  readonly startPaused?: boolean;
  /** Body ids to show in the collision explainer on open. */
  readonly explainPair?: readonly [number, number];
  /** What the page labels each moving body with, for a scene about something you cannot see (the mass ratios' densities). */
  readonly bodyLabels?: 'density';
  /** A game the scene plays on its world (its rules after each step, its action key), made when it opens. */
  readonly game?: (world: World) => SceneGame;
  /** What to frame on open (m); by default the bounds of every body. */
  readonly view?: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

/** The scenes, in panel order; the first is the default. */
export const SCENES: readonly SceneEntry[] = [
  { id: 'playground', title: 'Playground', description: 'A mix of shapes to throw around: click to spawn, drag to throw.', build: (w) => playground(w) },
  { id: 'empty-arena', title: 'Empty arena', description: 'Four walls and nothing else: build your own scene.', build: (w) => emptyArena(w) },
  { id: 'billiards', title: 'Billiards break', description: 'A cue ball breaks a rack of fifteen on a top-down table; damping plays the cloth.', build: (w) => billiards(w) },
  { id: 'pinball', title: 'Pinball bumpers', description: 'Balls fall through springy bumpers that kick them back.', build: (w) => pinball(w) },
  { id: 'hourglass', title: 'Hourglass', description: 'Sand pours through the neck of an hourglass under gravity.', build: (w) => hourglass(w) },
  { id: 'funnel', title: 'Funnel', description: 'Grains with friction pour through a funnel into a bin: watch them arch at the neck.', build: (w) => funnel(w) },
  { id: 'newtons-cradle', title: "Newton's cradle", description: "Elastic balls hung a hair apart: the striker's momentum passes along the row, and the last ball leaves at its speed.", build: (w) => newtonsCradle(w) },
  { id: 'mass-ratios', title: 'Mass ratios', description: 'Boxes of density 1, 10, 100 and 1000 (each labelled) stacked heaviest on top, and a 1000 box on a 1 box: both should stand still.', build: (w) => massRatios(w), bodyLabels: 'density' },
  { id: 'crate-room', title: 'Crate room', description: 'A top-down room of crates: drag them to push, floor friction brings them to rest.', build: (w) => crateRoom(w) },
  {
    id: 'flappy',
    title: 'Flappy course',
    description: 'A ball against moving pipes: space or tap flaps, each gap passed scores one, a crash stops the course (space again to retry).',
    build: (w) => flappy(w),
    game: (w) => new FlappyGame(w),
    view: FLAPPY_VIEW,
  },
  { id: 'crowd', title: 'Crowd (2000)', description: 'Two thousand bodies jostling in a box without gravity.', build: (w) => crowd(w, { count: 2000 }) },
  { id: 'pile', title: 'Pile (800)', description: 'Eight hundred bodies settling into a pile under gravity.', build: (w) => pile(w, { count: 800 }) },
  {
    id: 'collision-lab',
    title: 'Collision lab',
    description: 'Two bodies, paused: drag them and read how the collision is found and resolved.',
    build: (w) => collisionLab(w),
    startPaused: true,
    explainPair: [LAB_BODY_A, LAB_BODY_B],
    view: LAB_VIEW,
  },
];

export type { SceneGame } from './flappy-rules';

/** The scene with this id, or undefined. */
export function findScene(id: string): SceneEntry | undefined {
  return SCENES.find((s) => s.id === id);
}
