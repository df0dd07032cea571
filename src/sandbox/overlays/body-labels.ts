/**
 * Labels on the bodies of scenes that are about a property you cannot see: the mass-ratios
 * scene names each box's density, so the 1 : 1,000 ratios can be read off the screen. Only for
 * small worlds on this thread, and only for bodies in view.
 */
import type { World } from '../../physics/index';
import type { SceneEntry } from '../../scenes/index';
import type { Camera } from '../shared/camera';
import type { LabelRequest } from '../lab/label-layout';
import { measureLabel } from './draw-helpers';

/** What a scene may label its bodies with. */
export type BodyLabelKind = NonNullable<SceneEntry['bodyLabels']>;

/** Bodies above which no labels are drawn: they would only be noise. */
const MAX_LABELLED = 200;
const LABEL_COLOR = '#f0f6fc';

/** A density for a label: whole numbers as they are, others to two significant digits, with the unit. */
export function densityText(density: number): string {
  const text = Number.isInteger(density) ? density.toLocaleString('en-US') : String(Number(density.toPrecision(2)));
  return `${text} kg/m²`;
}

const TEXT: Record<BodyLabelKind, (density: number) => string> = { density: densityText };

/** Adds a label request centred on each dynamic body in view. */
export function bodyLabels(ctx: CanvasRenderingContext2D, world: World, camera: Camera, kind: BodyLabelKind, out: LabelRequest[]): void {
  if (world.bodyCount > MAX_LABELLED) return;
  const view = camera.visibleBounds();
  for (const b of world.getBodies()) {
    if (b.type !== 'dynamic' || b.x < view.minX || b.x > view.maxX || b.y < view.minY || b.y > view.maxY) continue;
    const p = camera.worldToScreen(b.x, b.y);
    const label = measureLabel(ctx, TEXT[kind](b.density), LABEL_COLOR, p.x - camera.left, p.y - camera.top);
    label.centred = true;
    out.push(label);
  }
}
