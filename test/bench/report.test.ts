import { describe, expect, it } from 'vitest';
import type { EngineName } from './engine';
import { formatReport } from './report';
import type { CaseResult } from './result';

/** A result with only the fields the ratio table reads set to something meaningful. */
function result(engine: EngineName, medianMs: number, threads = 1): CaseResult {
  const sample = { heapUsed: 0, external: 0, arrayBuffers: 0, rss: 0 };
  return {
    engine,
    version: '0',
    threads,
    scene: 'pile',
    count: 5000,
    warmup: 0,
    steps: 1,
    setupMs: 0,
    medianMs,
    p95Ms: medianMs,
    meanMs: medianMs,
    cpuMs: medianMs,
    memory: { base: sample, afterSetup: sample, afterRun: sample, peakRss: 0, heapPerBody: 0, heapAndArraysPerBody: 0, rssPerBody: 0 },
    quality: { maxOverlap: 0, outside: 0, meanSpeed: 0 },
    loadAverage: 0,
  };
}

function ratioSection(outcomes: CaseResult[]): string {
  const report = formatReport(outcomes, [{ scene: 'pile', count: 5000 }], '# test');
  const start = report.indexOf('## jostle ms / peer ms');
  return report.slice(start, report.indexOf('## jostle profile split'));
}

describe('bench report', () => {
  it('names the fastest single-threaded peer beside the per-peer ratios', () => {
    const text = ratioSection([result('jostle', 2), result('rapier', 20), result('box2d3', 8), result('box2d', 10)]);
    expect(text).toMatch(/pile\s+5,000\s+0\.10\s+0\.20\s+0\.25\s+0\.25 \(box2d3\)/);
  });

  it('leaves a threaded peer out of J/fastest and labels its column with its thread count', () => {
    const text = ratioSection([result('jostle', 2), result('box2d3', 8), result('box2d3-deluxe', 4, 2)]);
    expect(text).toContain('box2d3-deluxe ×2');
    expect(text).toContain('0.25 (box2d3)');
    expect(text).toContain('jostle steps on 1 thread');
  });

  it("flags a case whose load was above its own threads' (a case on two threads counts two)", () => {
    const alone = { ...result('jostle', 2), loadAverage: 1.8 };
    const threaded = { ...result('jostle-threads', 1, 2), loadAverage: 1.8 };
    const report = formatReport([alone, threaded], [{ scene: 'pile', count: 5000 }], '# test');
    const rows = report.split('\n').filter((line) => /^\s*5,000\s+jostle/.test(line));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/1\.8 \*$/);
    expect(rows[1]).toMatch(/\s1\.8$/);
    expect(report).toContain("* load above the case's own threads + 0.5");
    const busyThreaded = formatReport([{ ...threaded, loadAverage: 2.7 }], [{ scene: 'pile', count: 5000 }], '# test');
    expect(busyThreaded).toMatch(/2\.7 \*/);
  });

  it('skips a peer whose case failed when naming the fastest', () => {
    const failed = { engine: 'box2d3' as const, scene: 'pile', count: 5000, error: 'timed out after 1 s' };
    const report = formatReport([result('jostle', 2), failed, result('box2d', 10)], [{ scene: 'pile', count: 5000 }], '# test');
    expect(report).toContain('0.20 (box2d)');
  });

  it("checks issue 13's targets against Box2D v3: a third of its step, its overlap, its settling", () => {
    const jostle = { ...result('jostle', 3), quality: { maxOverlap: 0.01, outside: 0, meanSpeed: 0.07 } };
    const box2d3 = { ...result('box2d3', 10), quality: { maxOverlap: 0.02, outside: 0, meanSpeed: 0.06 } };
    const met = formatReport([jostle, box2d3], [{ scene: 'pile', count: 5000 }], '# test');
    expect(met).toMatch(/pile 5,000: jostle 3\.00 ms vs box2d3 10\.00 ms = 0\.30 \(target <= 0\.33\).*: met/);
    const slow = formatReport([{ ...jostle, medianMs: 4 }, box2d3], [{ scene: 'pile', count: 5000 }], '# test');
    expect(slow).toMatch(/= 0\.40 \(target <= 0\.33\).*: NOT met/);
    const restless = formatReport([{ ...jostle, quality: { ...jostle.quality, meanSpeed: 0.1 } }, box2d3], [{ scene: 'pile', count: 5000 }], '# test');
    expect(restless).toMatch(/mean speed 0\.100 vs 0\.060 m\/s \(\+67 %, target within 30 %: settles worse\): NOT met/);
    expect(met).toMatch(/mean speed 0\.070 vs 0\.060 m\/s \(\+17 %, target within 30 %: settles as well\): met/);
    // The verdicts say they read one run, and name the tools that read more.
    expect(met).toContain('npm run pairs -- --peer=box2d3');
    expect(met).toContain('test/bench/settle.ts');
  });

  it("checks issue 13's two-thread target: jostle-threads on 2 threads at least 1.6 times as fast as jostle on 1", () => {
    const at = (o: CaseResult, scene: string, count: number): CaseResult => ({ ...o, scene, count });
    const cases = [{ scene: 'crowd', count: 50000 }, { scene: 'pile', count: 10000 }];
    const report = formatReport(
      [at(result('jostle', 15), 'crowd', 50000), at(result('jostle-threads', 9, 2), 'crowd', 50000), at(result('jostle', 3.3), 'pile', 10000), at(result('jostle-threads', 2.75, 2), 'pile', 10000)],
      cases,
      '# test',
    );
    expect(report).toMatch(/crowd 50,000: jostle on 2 threads 9\.00 ms vs 1 thread 15\.00 ms = 1\.67× as fast \(target >= 1\.6\): met/);
    expect(report).toMatch(/pile 10,000: jostle on 2 threads 2\.75 ms vs 1 thread 3\.30 ms = 1\.20× as fast \(target >= 1\.6\): NOT met/);
    expect(report).toMatch(/crowd 50,000: jostle 15\.00 ms\/step on 1 thread \(target < 16, real time at 60 Hz\): met/);
    // Three threads are not the target's two: no verdict.
    const three = formatReport([at(result('jostle', 15), 'crowd', 50000), at(result('jostle-threads', 6, 3), 'crowd', 50000)], cases, '# test');
    expect(three).not.toContain('jostle on 2 threads');
  });
});
