/**
 * The thread choice in words, for the stress HUD and the ramp's verdict. The choice itself is
 * the engine's (src/physics/parallel/thread-trial.ts).
 */
import { formatMs as ms } from './stress-ramp';
import type { ThreadChoice } from '../../physics/index';

/** The choice in a few words, for the HUD's threads line: "2 threads: the faster here", "1 of 2: one thread is faster here". */
export function threadChoiceHead(c: ThreadChoice): string {
  if (c.available < 2) return '1 thread';
  if (c.mode === 'all') return `${c.available} threads, set by hand`;
  if (c.mode === 'one') return `1 of ${c.available}, set by hand`;
  if (c.warming) return `${c.using} of ${c.available}, warming up before measuring`;
  if (c.measuring) return `${c.using} of ${c.available}, measuring which is faster`;
  if (c.using === c.available) return `${c.available} threads: the faster here`;
  if (c.using > 1) return `${c.using} of ${c.available}: one thread fewer is faster here`;
  return `1 of ${c.available}: one thread is faster here`;
}

/** The count as the ramp's verdict names it: "4 threads", "3 of 4 threads (one fewer stepped faster here)", "1 of 4 threads (one stepped faster here)". */
export function threadChoiceCount(c: ThreadChoice): string {
  if (c.available < 2) return '1 thread';
  if (c.using === c.available) return `${c.available} threads`;
  if (c.using > 1) return `${c.using} of ${c.available} threads (one fewer stepped faster here)`;
  return `1 of ${c.available} threads (${c.mode === 'one' ? 'set by hand' : 'one stepped faster here'})`;
}

/** The last trial's figures: "3.25 ms on 2, 2.71 on 1, at 4,800 bodies" (with "on 3" between for a pool of 4); null before a trial ended. */
export function threadTrialFigures(c: ThreadChoice): string | null {
  if (c.bodies === 0) return null;
  const fewer = c.fewerMs > 0 ? `, ${ms(c.fewerMs)} on ${c.available - 1}` : '';
  return `${ms(c.allMs)} ms on ${c.available}${fewer}, ${ms(c.oneMs)} on 1, at ${c.bodies.toLocaleString('en-US')} bodies`;
}

/** The choice in words with its figures, in one line: "1 of 2: one thread is faster here (3.25 ms on 2, 2.71 on 1, at 4,800 bodies)". */
export function threadChoiceText(c: ThreadChoice): string {
  const figures = threadTrialFigures(c);
  return figures === null ? threadChoiceHead(c) : `${threadChoiceHead(c)} (${figures})`;
}

/** Characters that fit on a line of the stress HUD's card (its monospace lines do not wrap). */
export const HUD_COLUMNS = 50;

/**
 * The stress HUD's threads lines: the choice, then the last trial's figures, broken before "at N
 * bodies" where one line would run past the card (three figures, or tens of thousands of bodies).
 */
export function threadHudLines(c: ThreadChoice): string[] {
  const head = `threads  ${threadChoiceHead(c)}`;
  const figures = threadTrialFigures(c);
  if (figures === null) return [head];
  const line = `trial    ${figures}`;
  if (line.length <= HUD_COLUMNS) return [head, line];
  const at = figures.lastIndexOf(', at ');
  return [head, `trial    ${figures.slice(0, at + 1)}`, `         ${figures.slice(at + 2)}`];
}
