/**
 * Spatial queries over the broadphase trees: point, box and rounded-rect overlap, ray casts and
 * shape casts. Every candidate from the fat-box search gets the exact CSO test of narrowphase.ts
 * (a query shape against a body is the same point-vs-rounded-rect test as any pair), then the
 * caller's filter. Results come in slot order (casts: nearest first).
 */
import type { Body } from './body.js';
import type { RayCastResult } from './query-types.js';
import type { BodyStore } from './body-store.js';
import type { Broadphase } from './broadphase.js';
import { rayVsRoundedRect, roundedRectOverlap, type PointHit, type RayHit } from './narrowphase.js';
import { MAX_SIZE, checkInteger, checkNumber, checkObject, checkKeys, describe } from './validate.js';


/** Runs queries for a world; `handle(i)` is the live handle of slot i. */
export class Queries {
  private readonly hit: PointHit = { nx: 0, ny: 0, overlap: 0 };
  private readonly ray: RayHit = { fraction: 0, nx: 0, ny: 0 };
  /** The checked filter of the query in progress. */
  private mask = 0xffffffff;
  private predicate: ((body: Body) => boolean) | null = null;
  private running = false;
  /** The one-slot list `first` casts into. */
  private readonly firstHit: RayCastResult[] = [];

  constructor(
    private readonly store: BodyStore,
    private readonly bp: Broadphase,
    private readonly handle: (i: number) => Body,
  ) {}

  /**
   * Bodies that pass `filter` and whose shape overlaps the rounded rect (touching counts), in
   * slot order, into `out`. Allocation-free apart from growing `out`.
   */
  overlapping(filter: unknown, x: number, y: number, hw: number, hh: number, r: number, out: Body[]): Body[] {
    this.begin(filter);
    try {
      return this.collectOverlapping(x, y, hw, hh, r, out);
    } finally {
      this.end();
    }
  }

  /**
   * Every body that passes `filter` and that the rounded rect (hw, hh, r), swept from centre
   * (x1, y1) to (x2, y2), enters: into `out` nearest first (ties in slot order), reusing the
   * result objects already there. With `first`, only the nearest. Bodies the shape overlaps at
   * the start are skipped. Returns the number of hits.
   */
  cast(
    filter: unknown,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    hw: number,
    hh: number,
    r: number,
    out: RayCastResult[],
    first: boolean,
  ): number {
    this.begin(filter);
    try {
      return this.collectCast(x1, y1, x2, y2, hw, hh, r, out, first);
    } finally {
      this.end();
    }
  }

  /** The nearest hit of `cast`, as a new object, or null. */
  first(filter: unknown, x1: number, y1: number, x2: number, y2: number, hw: number, hh: number, r: number): RayCastResult | null {
    const scratch = this.firstHit;
    const n = this.cast(filter, x1, y1, x2, y2, hw, hh, r, scratch, true);
    const hit = scratch[0];
    scratch.length = 0; // the caller keeps the object: the next cast makes a new one
    return n === 0 || hit === undefined ? null : hit;
  }

  private collectOverlapping(x: number, y: number, hw: number, hh: number, r: number, out: Body[]): Body[] {
    out.length = 0;
    const hits = this.bp.queryFat(x - hw - r, y - hh - r, x + hw + r, y + hh + r);
    const count = this.bp.queryCount;
    const s = this.store;
    for (let k = 0; k < count; k++) {
      const i = hits[k];
      // The CSO of the body and the query shape, against the query's centre.
      const overlap = roundedRectOverlap(x, y, s.x[i], s.y[i], s.halfWidth[i] + hw, s.halfHeight[i] + hh, s.radius[i] + r, this.hit);
      if (overlap >= 0 && this.passes(i)) out.push(this.handle(i));
    }
    return out;
  }

  private collectCast(x1: number, y1: number, x2: number, y2: number, hw: number, hh: number, r: number, out: RayCastResult[], first: boolean): number {
    const ex = hw + r;
    const ey = hh + r;
    const hits = this.bp.queryFat(Math.min(x1, x2) - ex, Math.min(y1, y2) - ey, Math.max(x1, x2) + ex, Math.max(y1, y2) + ey);
    const count = this.bp.queryCount;
    const s = this.store;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const ray = this.ray;
    let n = 0;
    for (let k = 0; k < count; k++) {
      const i = hits[k];
      if (!rayVsRoundedRect(x1, y1, dx, dy, s.x[i], s.y[i], s.halfWidth[i] + hw, s.halfHeight[i] + hh, s.radius[i] + r, ray)) {
        continue;
      }
      if (first && n > 0 && ray.fraction >= (out[0] as RayCastResult).fraction) continue;
      if (!this.passes(i)) continue;
      const row = first ? 0 : n;
      const result = out[row];
      const body = this.handle(i);
      const px = x1 + dx * ray.fraction;
      const py = y1 + dy * ray.fraction;
      if (result === undefined) out[row] = { body, x: px, y: py, nx: ray.nx, ny: ray.ny, fraction: ray.fraction };
      else {
        result.body = body;
        result.x = px;
        result.y = py;
        result.nx = ray.nx;
        result.ny = ray.ny;
        result.fraction = ray.fraction;
      }
      n = first ? 1 : n + 1;
    }
    out.length = n;
    // Candidates came in slot order; a stable sort keeps it among equal fractions.
    if (n > 1) out.sort(byFraction);
    return n;
  }

  /**
   * Checks and sets the filter (an Error naming the field is thrown before anything runs). The
   * broadphase's hit list is shared, so a predicate may not start another query.
   */
  private begin(filter: unknown): void {
    if (this.running) throw new Error('queries cannot run inside a query filter predicate');
    this.setFilter(filter);
    this.running = true;
  }

  private end(): void {
    this.running = false;
    this.predicate = null;
  }

  private setFilter(filter: unknown): void {
    this.mask = 0xffffffff;
    this.predicate = null;
    if (filter === undefined) return;
    const f = checkObject('filter', filter);
    checkKeys('filter', f, ['mask', 'predicate']);
    const mask = f.mask === undefined ? 0xffffffff : checkInteger('filter.mask', f.mask, 0, 0xffffffff);
    if (f.predicate !== undefined && typeof f.predicate !== 'function') {
      throw new Error(`filter.predicate must be a function, got ${describe(f.predicate)}`);
    }
    this.mask = mask;
    this.predicate = (f.predicate as ((body: Body) => boolean) | undefined) ?? null;
  }

  private passes(i: number): boolean {
    if ((this.store.category[i] & this.mask) === 0) return false;
    return this.predicate === null || this.predicate(this.handle(i)) === true;
  }
}

/** Orders cast results nearest first (Array.prototype.sort is stable: ties keep slot order). */
function byFraction(a: RayCastResult, b: RayCastResult): number {
  return a.fraction - b.fraction;
}

/** Checks a query shape's sizes (m); a zero shape is a point (or a ray, when cast). */
export function checkQueryShape(halfWidth: unknown, halfHeight: unknown, radius: unknown): [number, number, number] {
  return [
    checkNumber('halfWidth', halfWidth, 0, MAX_SIZE),
    checkNumber('halfHeight', halfHeight, 0, MAX_SIZE),
    checkNumber('radius', radius, 0, MAX_SIZE),
  ];
}

/** Checks that `out`, when given, is an array. */
export function checkOut<T>(out: unknown): T[] | undefined {
  if (out !== undefined && !Array.isArray(out)) throw new Error(`out must be an array, got ${describe(out)}`);
  return out as T[] | undefined;
}
