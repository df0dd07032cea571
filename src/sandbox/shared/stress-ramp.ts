/**
 * The stress ramp's judgement, apart from any world or thread so it can be tested alone:
 * add a batch, let it settle, take the median step time of the next `window` steps, and add
 * another batch while that median stays within the budget. The largest count judged within
 * the budget is what the ramp "held".
 *
 * Why a median after settling: a batch makes the next few steps slow (new tree entries, new
 * pairs), and a shared machine adds stray slow steps (a collection, another process). Neither
 * is the cost of that many bodies; the median of thirty settled steps is, and it moves with
 * the count instead of with luck.
 *
 * The first count gets more than one window. Its first steps run the step's code before the
 * JIT has compiled it (it compiles on a background thread, which a busy machine starves), so a
 * first count judged over the budget may be measuring the compiler, not the bodies; it is
 * measured again, up to FIRST_COUNT_WINDOWS windows, and held if any of them is within the
 * budget. Later counts run compiled code.
 *
 * The ramp always ends: over the budget, at the body cap, or at the time limit.
 */

/** Windows the first count may take before it is judged over the budget. */
export const FIRST_COUNT_WINDOWS = 3;

/** How a ramp runs. */
export interface RampOptions {
  /** Most median step time a count may take and still be held, ms. */
  budgetMs: number;
  /** Bodies added per batch. */
  batch: number;
  /** Steps whose median judges a count. */
  window: number;
  /** Steps skipped after each batch before measuring. */
  settleSteps: number;
  /** The ramp stops when the next batch would pass this many bodies. */
  maxBodies: number;
  /** The ramp stops after this long, s, whatever the step time. */
  maxSeconds: number;
}

/** The defaults: an 8 ms budget (half of a 60 Hz frame), batches of 500. */
export const DEFAULT_RAMP: Readonly<RampOptions> = {
  budgetMs: 8,
  batch: 500,
  window: 30,
  settleSteps: 10,
  maxBodies: 200_000,
  maxSeconds: 180,
};

/** Why a ramp ended. */
export type RampEnd = 'budget' | 'cap' | 'time' | 'stopped';

/** A count and its median step time, ms. */
export interface RampPoint {
  bodies: number;
  stepMs: number;
}

/** The outcome of a ramp. */
export interface RampResult {
  /** The largest count judged within the budget (0 bodies if the first batch was over). */
  held: RampPoint;
  /** The count that went over the budget, when that is why the ramp ended. */
  over: RampPoint | null;
  end: RampEnd;
  /** Counts judged. */
  batches: number;
  /** Wall-clock length of the ramp, s. */
  seconds: number;
}

/** What the ramp wants after a step. */
export type RampAction = 'add' | 'step' | 'done';

/** A step or frame time for the stress card: two decimals under 10 ms, one above. */
export const formatMs = (v: number): string => v.toFixed(v < 10 ? 2 : 1);

/** The median of the first `count` values of `values`; NaN when `count` is 0. Allocates a sorted copy. */
export function median(values: ArrayLike<number>, count = values.length): number {
  if (count <= 0) return NaN;
  const sorted = Array.from({ length: count }, (_, i) => values[i]).sort((a, b) => a - b);
  const mid = count >> 1;
  return count % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Checks ramp options, filling gaps from the defaults; throws an Error naming a bad field. */
export function rampOptions(partial: Partial<RampOptions> = {}): RampOptions {
  const o = { ...DEFAULT_RAMP, ...partial };
  const check = (name: keyof RampOptions, min: number, integer: boolean): void => {
    const v = o[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (integer && !Number.isInteger(v))) {
      throw new Error(`ramp option ${name} must be ${integer ? 'a whole number' : 'a number'} ≥ ${min}, got ${String(v)}`);
    }
  };
  check('budgetMs', 0.01, false);
  check('batch', 1, true);
  check('window', 1, true);
  check('settleSteps', 0, true);
  check('maxBodies', 1, true);
  check('maxSeconds', 0.1, false);
  return o;
}

/**
 * One ramp. The caller adds a batch, calls `added`, then `record` after every step and does
 * what it answers: 'add' another batch (and call `added`), 'step' on, or stop at 'done' and
 * read `result`.
 */
export class StressRamp {
  readonly options: RampOptions;
  /** The largest count judged within the budget so far. */
  held: RampPoint = { bodies: 0, stepMs: 0 };
  /** The last count judged, within the budget or not. */
  last: RampPoint | null = null;
  /** Counts judged so far. */
  batches = 0;
  /** Set when the ramp ends. */
  result: RampResult | null = null;
  private readonly samples: Float64Array;
  private sampled = 0;
  private settled = 0;
  /** Windows the current count has been measured over the budget. */
  private overWindows = 0;
  private readonly startMs: number;

  /** Starts a ramp at time `nowMs` (ms, any monotonic clock). */
  constructor(options: Partial<RampOptions>, nowMs: number) {
    this.options = rampOptions(options);
    this.samples = new Float64Array(this.options.window);
    this.startMs = nowMs;
  }

  /** 'settling' right after a batch, 'measuring' while the window fills, 'done' at the end. */
  get phase(): 'settling' | 'measuring' | 'done' {
    if (this.result !== null) return 'done';
    return this.settled < this.options.settleSteps ? 'settling' : 'measuring';
  }

  /** Steps measured toward the current judgement. */
  get measured(): number {
    return this.sampled;
  }

  /** Call after each batch was added: the settling starts again. */
  added(): void {
    this.settled = 0;
    this.sampled = 0;
    this.overWindows = 0;
  }

  /** Records one step of `stepMs` with `bodies` bodies at time `nowMs`; says what to do next. Does not allocate until a judgement. */
  record(stepMs: number, bodies: number, nowMs: number): RampAction {
    if (this.result !== null) return 'done';
    const o = this.options;
    if (nowMs - this.startMs > o.maxSeconds * 1000) {
      this.finish('time', nowMs);
      return 'done';
    }
    if (this.settled < o.settleSteps) {
      this.settled++;
      return 'step';
    }
    this.samples[this.sampled++] = stepMs;
    if (this.sampled < o.window) return 'step';
    // Rounded to the microsecond: browser clocks are coarser, and float noise in a difference of
    // two readings must not put a median of exactly the budget over it.
    const point = { bodies, stepMs: Math.round(median(this.samples, this.sampled) * 1000) / 1000 };
    this.last = point;
    if (point.stepMs > o.budgetMs && this.batches === 0 && ++this.overWindows < FIRST_COUNT_WINDOWS) {
      this.sampled = 0; // the first count again, on code that has had longer to compile
      return 'step';
    }
    this.batches++;
    if (point.stepMs > o.budgetMs) {
      this.finish('budget', nowMs, point);
      return 'done';
    }
    this.held = point;
    if (bodies + o.batch > o.maxBodies) {
      this.finish('cap', nowMs);
      return 'done';
    }
    return 'add';
  }

  /** Ends the ramp early (the user stopped it). */
  stop(nowMs: number): RampResult {
    return this.result ?? this.finish('stopped', nowMs);
  }

  private finish(end: RampEnd, nowMs: number, over: RampPoint | null = null): RampResult {
    this.result = { held: this.held, over, end, batches: this.batches, seconds: (nowMs - this.startMs) / 1000 };
    return this.result;
  }
}
