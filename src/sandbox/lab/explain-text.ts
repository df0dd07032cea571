/**
 * The words of the collision explainer and the lab's card: each line names what it shows and
 * defines its symbols where they first appear (the CSO, d, h, q, n), says "separating" rather
 * than a restitution of zero when the pair moves apart, and calls a pair touching only when it
 * touches. No DOM: tested in Node.
 */
import type { Explanation, Vec } from '../overlays/collision-explainer';
import type { Sweep } from './sweep';

/** `value` with `digits` decimals; a value that rounds to zero prints as 0, never "-0.00". */
export function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** A length for labels: metres to three decimals, or under a centimetre millimetres to one. */
export function metres(value: number): string {
  // Under a centimetre in millimetres: a slop of half a millimetre reads 0.5 mm, not 0.001 m.
  return value !== 0 && Math.abs(value) < 0.01 ? `${fixed(value * 1000, 1)} mm` : `${fixed(value, 3)} m`;
}

/** A vector as "(x, y) unit". */
export function vec(v: Vec, unit: string, digits = 2): string {
  return `(${fixed(v.x, digits)}, ${fixed(v.y, digits)})${unit === '' ? '' : ` ${unit}`}`;
}

const REGION_WORDS = {
  corner: "off a corner (both q > 0): n points from the CSO's nearest corner circle",
  side: 'beside a side (one q > 0): n is straight out of that side',
  inside: 'inside the inner rectangle (no q > 0): n is the axis of least overlap',
} as const;

/** The overlap line: touching or not, and the slop when the overlap is below it. */
export function contactLine(e: Explanation): string {
  if (!e.touching) return `apart: gap ${metres(-e.overlap)} (B's centre is outside the CSO)`;
  if (e.withinSlop) {
    return `touching: overlap ${metres(e.overlap)}, within the slop ${metres(e.slop)}: pushout leaves it alone`;
  }
  return `touching: overlap ${metres(e.overlap)} (how deep B's centre is in the CSO), ${metres(e.overlap - e.slop)} beyond the slop ${metres(e.slop)}`;
}

/** The bounce line: separating, too slow, or the restitution the step showed. */
export function bounceLine(e: Explanation): string {
  const along = `${fixed(e.normalSpeed, 2)} m/s along n`;
  switch (e.approach) {
    case 'apart':
      return e.normalSpeed < 0
        ? `closing at ${along}, not touching yet: the engine's step still catches a meeting within the step`
        : `moving apart (${along}), not touching: no contact`;
    case 'separating':
      return `separating (${along}): no bounce, no impulse`;
    case 'slow':
      return `approaching at ${along}, slower than the bounce threshold ${fixed(e.threshold, 2)} m/s: it stops, no bounce`;
    case 'bouncing':
      return `approaching at ${along} → ${fixed(e.normalSpeedAfter, 2)} m/s after: bounce e = ${fixed(e.restitution ?? 0, 2)} (the larger of eA, eB)`;
  }
}

/** The collision mode's lines, symbols defined as they come. */
export function explanationLines(e: Explanation): string[] {
  return [
    `CSO = A grown by B (configuration-space obstacle): inner half extents h = (hwA+hwB, hhA+hhB) = ${vec(e.h, 'm')}, corner radius rA+rB = ${metres(e.cso.radius)}`,
    `d = B's centre − A's centre = ${vec(e.d, 'm')}; q = |d| − h = ${vec(e.q, 'm')}`,
    `B's centre is ${REGION_WORDS[e.region]}`,
    contactLine(e),
    `normal n (unit, A toward B) = ${vec(e.normal, '')}`,
    e.touching && !e.withinSlop
      ? `pushout (the engine's step, by inverse mass): A ${vec(e.pushA, 'm', 3)}, B ${vec(e.pushB, 'm', 3)}`
      : 'pushout: none (nothing beyond the slop to push out)',
    bounceLine(e),
    `after the engine's step: vA ${vec(e.velocityA, 'm/s')}, vB ${vec(e.velocityB, 'm/s')}`,
  ];
}

/** The sweep mode's lines. */
export function sweepLines(s: Sweep): string[] {
  const lines = [
    `v = vB − vA = ${vec(s.relative, 'm/s')}: B's centre swept along v for ${fixed(s.horizon, 2)} s, a ray against the CSO (A grown by B)`,
  ];
  switch (s.outcome) {
    case 'hit':
      lines.push(
        `time of impact t = ${fixed(s.toi, 3)} s (the ray enters the CSO at ${fixed(s.fraction * 100, 1)} % of its length)`,
        `at t: A at ${vec(s.atA, 'm')}, B at ${vec(s.atB, 'm')}; surface normal n = ${vec(s.normal, '')}`,
      );
      break;
    case 'miss':
      lines.push(`no impact within ${fixed(s.horizon, 2)} s: the ray misses the CSO`);
      break;
    case 'inside':
      lines.push("B's centre starts inside the CSO: already touching, so no time of impact (the engine's cast skips it too); drag B out of the dashed CSO to see one");
      break;
    case 'still':
      lines.push('no relative motion: nothing to sweep (drag a velocity handle)');
      break;
  }
  return lines;
}

/** What changed in the last step, from the state before it to now (positions and velocities). */
export function stepChangeLine(before: { a: Vec; b: Vec; va: Vec; vb: Vec }, after: { a: Vec; b: Vec; va: Vec; vb: Vec }): string {
  const moved = (p: Vec, q: Vec): Vec => ({ x: q.x - p.x, y: q.y - p.y });
  return `last step: A moved ${vec(moved(before.a, after.a), 'm', 3)}, B ${vec(moved(before.b, after.b), 'm', 3)}; vA ${vec(before.va, '')} → ${vec(after.va, 'm/s')}, vB ${vec(before.vb, '')} → ${vec(after.vb, 'm/s')}`;
}
