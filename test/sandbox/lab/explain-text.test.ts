import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../../src/physics/index';
import { explainPair, type PairBody } from '../../../src/sandbox/overlays/collision-explainer';
import { bounceLine, contactLine, explanationLines, fixed, stepChangeLine, sweepLines } from '../../../src/sandbox/lab/explain-text';
import { sweepPair } from '../../../src/sandbox/lab/sweep';
import { labPair } from './lab-pair';


const explain = (a: PairBody, b: PairBody) => explainPair(a, b, DEFAULT_OPTIONS, 1 / 60);

describe('the explainer’s words', () => {
  it('define every symbol where it is first used', () => {
    const [a, b] = labPair();
    const text = explanationLines(explain(a, b)).join('\n');
    expect(text).toMatch(/CSO = A grown by B \(configuration-space obstacle\)/);
    expect(text).toMatch(/h = \(hwA\+hwB, hhA\+hhB\) = \(1\.60, 0\.80\) m/);
    expect(text).toMatch(/d = B's centre − A's centre = \(2\.60, 1\.30\) m/);
    expect(text).toMatch(/q = \|d\| − h = \(1\.00, 0\.50\) m/);
    expect(text).toMatch(/normal n \(unit, A toward B\) = \(0\.89, 0\.45\)/);
    expect(text).toMatch(/bounce e = 0\.80/);
  });

  it('say separating, not e = 0.00, when the pair moves apart', () => {
    const [a, b] = labPair();
    const line = bounceLine(explain(a, { ...b, vx: 3, vy: 1 }));
    expect(line).toMatch(/^separating/);
    expect(line).not.toMatch(/e = /);
  });

  it('call a pair touching only when it touches, and name the slop below it', () => {
    const [a, b] = labPair();
    expect(contactLine(explain(a, { ...b, x: 3.5, y: 0 }))).toMatch(/^apart: gap 1\.400 m/);
    expect(contactLine(explain(a, { ...b, x: 3.5, y: 0 }))).not.toMatch(/touching/);
    // The default world has no gravity: its slop is half a millimetre (pushoutSlop).
    expect(contactLine(explain(a, { ...b, x: 2.0997, y: 0 }))).toMatch(/^touching: overlap 0\.3 mm, within the slop 0\.5 mm/);
    expect(contactLine(explain(a, { ...b, x: 2.098, y: 0 }))).toMatch(/^touching: overlap 2\.0 mm .*, 1\.5 mm beyond the slop 0\.5 mm/);
  });

  it('say what the sweep found', () => {
    const [a, b] = labPair();
    expect(sweepLines(sweepPair(a, b)).join(' ')).toMatch(/starts inside the CSO/);
    expect(sweepLines(sweepPair(a, { ...b, x: 5, y: 0, vx: -4, vy: 0 })).join(' ')).toMatch(/time of impact t = 0\.725 s/);
  });

  it('print what a step changed, and never "-0.00"', () => {
    const z = { x: 0, y: 0 };
    const line = stepChangeLine({ a: z, b: z, va: z, vb: { x: -3, y: 0 } }, { a: { x: -0.0001, y: 0 }, b: z, va: z, vb: { x: 2.4, y: 0 } });
    expect(line).toContain('vB (-3.00, 0.00) → (2.40, 0.00) m/s');
    expect(line).not.toContain('-0.00');
    expect(fixed(-0.0001, 2)).toBe('0.00');
  });
});
