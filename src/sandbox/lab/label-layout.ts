/**
 * Where the explainer's labels and the lab's card go, so that nothing piles up: each label
 * tries spots around its anchor, nearest first, and takes the first one clear of the labels
 * already placed, of what it must not cover, and of the screen's edge; the card takes the first
 * corner clear of the bodies. Pure geometry in CSS px, no DOM: tested in Node.
 */

/** A screen rectangle, CSS px, top-left origin. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A label to place: its size and the point it names. */
export interface LabelRequest {
  text: string;
  color: string;
  width: number;
  height: number;
  /** The point the label belongs beside (px). */
  anchorX: number;
  anchorY: number;
  /** Try centred on the point first (a label on a body), before the spots around it. */
  centred?: boolean;
}

/** A placed label: the request and its box. */
export interface PlacedLabel extends LabelRequest {
  box: Rect;
}

/** Distances from the anchor a label tries, px, nearest first. */
const RINGS = [6, 22, 40, 60, 84];
/** Directions tried at each distance: right, left, below, above, then the diagonals. */
const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
];
/** The one spot of a centred label's first ring. */
const CENTRED: ReadonlyArray<readonly [number, number]> = [[0, 0]];
/** Gap kept between two labels, px. */
const GAP = 2;

/** Area two rectangles share (px²). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Area of `a` outside `bounds` (px²). */
function outsideArea(a: Rect, bounds: Rect): number {
  return a.width * a.height - overlapArea(a, bounds);
}

/** The box of a label pushed `distance` px from its anchor in direction (dx, dy). */
function candidate(r: LabelRequest, distance: number, dx: number, dy: number): Rect {
  // A label right of its anchor starts there; left of it ends there; centred when dx is 0.
  const x = dx > 0 ? r.anchorX + distance : dx < 0 ? r.anchorX - distance - r.width : r.anchorX - r.width / 2;
  const y = dy > 0 ? r.anchorY + distance : dy < 0 ? r.anchorY - distance - r.height : r.anchorY - r.height / 2;
  return { x, y, width: r.width, height: r.height };
}

/**
 * Places `requests` in order (the first gets the best spot) clear of each other (with a small
 * gap), of `obstacles` and inside `bounds`. When no tried spot is clear, the one that covers
 * least is taken. Allocates the result.
 */
export function layoutLabels(requests: readonly LabelRequest[], obstacles: readonly Rect[], bounds: Rect): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const r of requests) {
    let best: Rect | null = null;
    let bestCost = Infinity;
    const rings = r.centred === true ? [0, ...RINGS] : RINGS;
    search: for (const distance of rings) {
      for (const [dx, dy] of distance === 0 ? CENTRED : DIRECTIONS) {
        const box = candidate(r, distance, dx, dy);
        const padded = { x: box.x - GAP, y: box.y - GAP, width: box.width + 2 * GAP, height: box.height + 2 * GAP };
        let cost = outsideArea(box, bounds) * 4;
        for (const p of placed) cost += overlapArea(padded, p.box);
        for (const o of obstacles) cost += overlapArea(box, o);
        if (cost < bestCost) {
          bestCost = cost;
          best = box;
          if (cost === 0) break search;
        }
      }
    }
    placed.push({ ...r, box: best ?? candidate(r, RINGS[0], 1, 0) });
  }
  return placed;
}

/** Where a card may sit: a corner or the middle of an edge of the viewport. */
export type CardSpot = 'top-left' | 'bottom-left' | 'top-right' | 'bottom-right' | 'bottom' | 'top';

/** Spots in the order they are tried. */
export const CARD_SPOTS: readonly CardSpot[] = ['top-left', 'bottom-left', 'top-right', 'bottom-right', 'bottom', 'top'];

/** Space kept free along the viewport's edges (px): a phone's toolbar, its closed panel; a desktop's tool palette (left). */
export interface EdgeInsets {
  top: number;
  bottom: number;
  left?: number;
}

/** The card's box at `spot` in a viewport of `width` × `height` px, `margin` px from its edges and `insets` more at top and bottom. */
export function cardBox(
  spot: CardSpot,
  width: number,
  height: number,
  card: { width: number; height: number },
  margin: number,
  insets: EdgeInsets = { top: 0, bottom: 0 },
): Rect {
  const left = margin + (insets.left ?? 0);
  const right = width - margin - card.width;
  const centre = (width - card.width) / 2;
  const top = margin + insets.top;
  const bottom = height - margin - insets.bottom - card.height;
  const x = spot.endsWith('left') ? left : spot.endsWith('right') ? right : centre;
  const y = spot.startsWith('top') ? top : bottom;
  return { x, y, width: card.width, height: card.height };
}

/**
 * The spot for a card of `card` size that covers none of `avoid` (the bodies and their
 * drawings) and none of `keepClear` (other controls): the current spot while it stays clear
 * (so the card does not jump about while a body is dragged), else the first clear spot, else
 * the one that covers least.
 */
export function placeCard(
  viewport: { width: number; height: number },
  card: { width: number; height: number },
  avoid: readonly Rect[],
  keepClear: readonly Rect[],
  current: CardSpot | null,
  margin = 12,
  insets: EdgeInsets = { top: 0, bottom: 0 },
): CardSpot {
  const cost = (spot: CardSpot): number => {
    const box = cardBox(spot, viewport.width, viewport.height, card, margin, insets);
    let c = 0;
    for (const r of avoid) c += overlapArea(box, r) * 4;
    for (const r of keepClear) c += overlapArea(box, r);
    return c;
  };
  if (current !== null && cost(current) === 0) return current;
  let best: CardSpot = CARD_SPOTS[0];
  let bestCost = Infinity;
  for (const spot of CARD_SPOTS) {
    const c = cost(spot);
    if (c < bestCost) {
      best = spot;
      bestCost = c;
    }
    if (c === 0) break;
  }
  return best;
}

/**
 * The camera (centre in m, scale in px/m) that frames world `bounds` inside the screen rectangle
 * `free` (px, viewport-relative) of a viewport `width` px wide and `height` px high: the lab
 * frames its pair beside its card instead of under it.
 */
export function fitInside(
  bounds: { minX: number; minY: number; maxX: number; maxY: number },
  free: Rect,
  width: number,
  height: number,
): { x: number; y: number; scale: number } {
  const bw = Math.max(1e-6, bounds.maxX - bounds.minX);
  const bh = Math.max(1e-6, bounds.maxY - bounds.minY);
  const scale = Math.max(1e-6, Math.min(free.width / bw, free.height / bh));
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return {
    x: cx - (free.x + free.width / 2 - width / 2) / scale,
    y: cy + (free.y + free.height / 2 - height / 2) / scale,
    scale,
  };
}
