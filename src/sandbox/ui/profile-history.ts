/**
 * The phase profile's numbers, apart from any drawing: a ring of the last steps' milliseconds
 * per phase, their means, and the graph's vertical scale. No DOM, so it is tested in Node; the
 * profile graph (profile-graph.ts) draws from it, in stress mode and in normal play.
 */
import type { StepProfile } from '../../physics/index';

/** The phases a graph stacks, bottom to top, with their colours: the engine's own, and the rest of the step. */
export const PROFILE_PHASES = [
  { name: 'broadphase', color: '#38bdf8' },
  { name: 'narrowphase', color: '#a78bfa' },
  { name: 'solve', color: '#f59e0b' },
  { name: 'continuous', color: '#f778ba' },
  { name: 'sleep', color: '#3fb950' },
  { name: 'other', color: '#8b949e' },
] as const;

/** A phase's name. */
export type ProfilePhase = (typeof PROFILE_PHASES)[number]['name'];

const PHASE_COUNT = PROFILE_PHASES.length;
/** Tops the scale may take, ms: 1, 2 or 5 times a power of ten, so its label reads as a round number. */
const NICE_STEPS = [1, 2, 5] as const;
/** The smallest top, ms: an idle world's steps take microseconds, and a graph of noise helps nobody. */
export const MIN_TOP_MS = 0.05; // ms
/** Share of the steps the scale keeps in view: the rare tall step (a collection) is clipped, not squashing the rest. */
const TYPICAL_SHARE = 0.9;
/** Headroom above the typical step. */
const HEADROOM = 1.25;

/** A ring of the last `capacity` steps, each as ms per phase. Adding does not allocate. */
export class ProfileHistory {
  private readonly ms: Float32Array;
  /** Scratch for `top`: the steps' totals, sorted. */
  private readonly totals: Float32Array;
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`capacity must be a whole number of steps >= 1, got ${capacity}`);
    this.ms = new Float32Array(capacity * PHASE_COUNT);
    this.totals = new Float32Array(capacity);
  }

  /** Steps held, up to `capacity`. */
  get filled(): number {
    return this.count;
  }

  /** Forgets every step. */
  clear(): void {
    this.head = 0;
    this.count = 0;
  }

  /** Adds a step; "other" is the part of the total no phase claims (never negative). */
  add(p: StepProfile): void {
    const o = this.head * PHASE_COUNT;
    const ms = this.ms;
    ms[o] = p.broadphase;
    ms[o + 1] = p.narrowphase;
    ms[o + 2] = p.solve;
    ms[o + 3] = p.continuous;
    ms[o + 4] = p.sleep;
    ms[o + 5] = Math.max(0, p.total - p.broadphase - p.narrowphase - p.solve - p.continuous - p.sleep);
    this.head = (this.head + 1) % this.capacity;
    this.count = Math.min(this.capacity, this.count + 1);
  }

  /** ms of phase `k` (an index of PROFILE_PHASES) in held step `i`, 0 the oldest. */
  value(i: number, k: number): number {
    const slot = (this.head - this.count + i + this.capacity) % this.capacity;
    return this.ms[slot * PHASE_COUNT + k];
  }

  /** ms of held step `i` (0 the oldest), all phases. */
  total(i: number): number {
    let sum = 0;
    for (let k = 0; k < PHASE_COUNT; k++) sum += this.value(i, k);
    return sum;
  }

  /** Mean ms of each phase over the held steps, in PROFILE_PHASES order (zeros when empty). Allocates. */
  means(): number[] {
    const out = new Array<number>(PHASE_COUNT).fill(0);
    if (this.count === 0) return out;
    for (let i = 0; i < this.count; i++) for (let k = 0; k < PHASE_COUNT; k++) out[k] += this.value(i, k);
    return out.map((sum) => sum / this.count);
  }

  /**
   * The graph's top, ms: a round number (1, 2 or 5 times a power of ten) above nine steps in
   * ten with some headroom, and above `budgetMs` when a budget line is drawn (its line then
   * sits inside the graph). Never below MIN_TOP_MS.
   */
  top(budgetMs: number | null = null): number {
    const n = this.count;
    for (let i = 0; i < n; i++) this.totals[i] = this.total(i);
    const sorted = this.totals.subarray(0, n).sort();
    const typical = n > 0 ? sorted[Math.min(n - 1, Math.floor(n * TYPICAL_SHARE))] : 0;
    const want = Math.max(typical * HEADROOM, budgetMs === null ? 0 : budgetMs * HEADROOM, MIN_TOP_MS);
    return niceCeil(want);
  }
}

/** The smallest 1, 2 or 5 times a power of ten that is >= `value` (> 0). */
export function niceCeil(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`niceCeil needs a positive finite number, got ${value}`);
  let power = 10 ** Math.floor(Math.log10(value));
  // log10 rounds: step back a decade when it landed one too high.
  if (power > value) power /= 10;
  for (;;) {
    for (const m of NICE_STEPS) {
      const candidate = m * power;
      // Within a part in 1e9: 0.3 computed as 3 * 0.1 is 0.30000000000000004.
      if (candidate >= value * (1 - 1e-9)) return candidate;
    }
    power *= 10;
  }
}

/** A millisecond figure for the graph's labels: two significant digits, small ones in µs. */
export function formatMs(ms: number): string {
  if (ms < 0.1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 10) return `${ms.toFixed(ms < 1 ? 2 : 1)} ms`;
  return `${Math.round(ms)} ms`;
}
