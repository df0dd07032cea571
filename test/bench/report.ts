/**
 * Turns the cases' outcomes into the printed report: one table per scene, the ratio of Jostle
 * to each peer, Jostle's profile split, and the issue's targets checked against this run.
 */
import { ENGINE_NAMES, type EngineName } from './engine';
import { isFailure, type CaseOutcome, type CaseResult } from './result';
import { fixed, formatTable, whole } from './table';

const PEERS = ENGINE_NAMES.filter((e) => e !== 'jostle');
const MB = 1024 * 1024;
/**
 * 1-minute load average above which a case is flagged: the child itself counts 1, so more
 * means other work shared the two cores (or their caches) and the figure reads slow.
 */
const BUSY_LOAD = 1.5;

function find(outcomes: readonly CaseOutcome[], engine: EngineName, scene: string, count: number): CaseResult | undefined {
  const o = outcomes.find((x) => x.engine === engine && x.scene === scene && x.count === count);
  return o === undefined || isFailure(o) ? undefined : o;
}

/** Jostle's median over `peer`'s median for the same case, or undefined when either is missing. */
function ratio(outcomes: readonly CaseOutcome[], peer: EngineName, scene: string, count: number): number | undefined {
  const j = find(outcomes, 'jostle', scene, count);
  const p = find(outcomes, peer, scene, count);
  return j === undefined || p === undefined ? undefined : j.medianMs / p.medianMs;
}

function sceneTable(outcomes: readonly CaseOutcome[], scene: string): string {
  const rows: string[][] = [];
  for (const o of outcomes.filter((x) => x.scene === scene)) {
    if (isFailure(o)) {
      rows.push([whole(o.count), o.engine, `FAILED: ${o.error}`]);
      continue;
    }
    const r = o.engine === 'jostle' ? undefined : ratio(outcomes, o.engine, scene, o.count);
    rows.push([
      whole(o.count),
      o.engine,
      fixed(o.medianMs, 2),
      fixed(o.p95Ms, 2),
      fixed(o.meanMs, 2),
      fixed(o.cpuMs, 2),
      o.engine === 'jostle' ? '' : fixed(r, 2),
      fixed(o.setupMs, 0),
      whole(o.memory.heapPerBody),
      whole(o.memory.heapAndArraysPerBody),
      whole(o.memory.rssPerBody),
      fixed(o.memory.peakRss / MB, 0),
      fixed(o.quality.maxOverlap * 100, 2),
      String(o.quality.outside),
      fixed(o.quality.meanSpeed, 2),
      `${fixed(o.loadAverage, 1)}${o.loadAverage > BUSY_LOAD ? ' *' : ''}`,
    ]);
  }
  return formatTable(
    ['N', '<engine', 'median ms', 'p95 ms', 'mean ms', 'cpu ms', 'jostle/this', 'setup ms', 'heap B/body', 'heap+arrays B/body', 'RSS B/body', 'peak RSS MB', 'max overlap cm', 'outside', 'mean speed m/s', 'load'],
    rows,
  );
}

function ratioTable(outcomes: readonly CaseOutcome[], cases: ReadonlyArray<{ scene: string; count: number }>): string {
  const rows = cases.map(({ scene, count }) => [scene, whole(count), ...PEERS.map((p) => fixed(ratio(outcomes, p, scene, count), 2))]);
  return formatTable(['<scene', 'N', ...PEERS], rows);
}

/** Phases Jostle reports, in step order. */
const PHASES = ['broadphase', 'narrowphase', 'solve', 'continuous', 'sleep'];

function profileTable(outcomes: readonly CaseOutcome[], cases: ReadonlyArray<{ scene: string; count: number }>): string {
  const rows: string[][] = [];
  for (const { scene, count } of cases) {
    const j = find(outcomes, 'jostle', scene, count);
    const p = j?.profile;
    if (j === undefined || p === undefined) continue;
    const total = p.total ?? Number.NaN;
    const cell = (ms: number | undefined): string => `${fixed(ms, 2)} (${fixed(((ms ?? 0) / total) * 100, 0)}%)`;
    rows.push([
      scene,
      whole(count),
      fixed(j.medianMs, 2),
      ...PHASES.map((phase) => cell(p[phase])),
      fixed(total, 2),
      whole(j.counters?.pairs ?? Number.NaN),
      whole(j.counters?.contacts ?? Number.NaN),
    ]);
  }
  return formatTable(['<scene', 'N', 'step', ...PHASES, 'phases total', 'pairs', 'contacts'], rows);
}

/** The targets, each checked against this run where the run has the cases. */
function targetLines(outcomes: readonly CaseOutcome[]): string[] {
  const lines: string[] = [];
  const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  const halfOfBox2d = (scene: string, count: number, checkQuality: boolean): void => {
    const j = find(outcomes, 'jostle', scene, count);
    const b = find(outcomes, 'box2d', scene, count);
    if (j === undefined || b === undefined) return;
    const r = j.medianMs / b.medianMs;
    let text = `${scene} ${whole(count)}: jostle ${fixed(j.medianMs, 2)} ms vs box2d ${fixed(b.medianMs, 2)} ms = ${fixed(r, 2)} (target <= 0.50)`;
    let ok = r <= 0.5;
    const rapier = find(outcomes, 'rapier', scene, count);
    if (checkQuality && rapier !== undefined) {
      const overlapOk = j.quality.maxOverlap <= rapier.quality.maxOverlap;
      text += `; max overlap ${fixed(j.quality.maxOverlap * 100, 2)} cm vs rapier ${fixed(rapier.quality.maxOverlap * 100, 2)} cm; ${j.quality.outside} outside`;
      ok = ok && overlapOk && j.quality.outside === 0;
    }
    lines.push(`${text}: ${verdict(ok)}`);
  };
  halfOfBox2d('crowd', 10000, false);
  halfOfBox2d('crowd', 20000, false);
  halfOfBox2d('pile', 5000, true);
  halfOfBox2d('pile', 10000, true);
  const big = find(outcomes, 'jostle', 'crowd', 50000);
  if (big !== undefined) {
    lines.push(`crowd 50,000: jostle ${fixed(big.medianMs, 2)} ms/step (target < 16): ${verdict(big.medianMs < 16)}`);
    const heap = big.memory.heapAndArraysPerBody;
    lines.push(`crowd 50,000: jostle heap and typed arrays ${whole(heap)} B/body (target < 500): ${verdict(heap < 500)}`);
  }
  return lines;
}

/** The whole printed report. */
export function formatReport(
  outcomes: readonly CaseOutcome[],
  cases: ReadonlyArray<{ scene: string; count: number }>,
  header: string,
): string {
  const scenes = [...new Set(cases.map((c) => c.scene))];
  const parts = [header];
  for (const scene of scenes) parts.push(`\n## ${scene}\n${sceneTable(outcomes, scene)}`);
  if (outcomes.some((o) => !isFailure(o) && o.loadAverage > BUSY_LOAD)) {
    parts.push(`\n* load above ${BUSY_LOAD}: other processes shared the CPU; those times read slow, unevenly across engines.`);
  }
  parts.push(`\n## jostle ms / peer ms (median; below 1: Jostle faster)\n${ratioTable(outcomes, cases)}`);
  parts.push(`\n## jostle profile split (median ms per phase, share of the phases' total)\n${profileTable(outcomes, cases)}`);
  const targets = targetLines(outcomes);
  if (targets.length > 0) parts.push(`\n## targets\n${targets.join('\n')}`);
  return parts.join('\n');
}
