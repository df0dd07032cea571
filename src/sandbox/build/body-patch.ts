/**
 * Changing a body from the build tools and the inspector: a patch of the fields a user edits,
 * checked whole by the engine's own rules before anything changes, then applied. A refused
 * patch throws the engine's message (it names the field and the value) and leaves every body
 * as it was: no setter has run, nothing was woken. No DOM; both hosts use it.
 */
import { validateBodyDef, type Body, type BodyDef, type World } from '../../physics/index';

/** What the build tools and the inspector change; every field optional, in `BodyDef`'s units and limits. */
export type BodyPatch = Pick<BodyDef, PatchField>;

/** One body's change: its slot id and the patch. */
export type BodyEdit = { id: number } & BodyPatch;

/** The fields of a patch, in the order they apply (the type first: a body made static loses its velocity). */
export const PATCH_FIELDS = ['type', 'halfWidth', 'halfHeight', 'radius', 'x', 'y', 'vx', 'vy', 'restitution', 'friction', 'density'] as const;
export type PatchField = (typeof PATCH_FIELDS)[number];

/** A body's patchable fields, read now. Allocates. */
export function readPatch(body: Body): Required<BodyPatch> {
  return {
    type: body.type,
    x: body.x,
    y: body.y,
    vx: body.vx,
    vy: body.vy,
    halfWidth: body.halfWidth,
    halfHeight: body.halfHeight,
    radius: body.radius,
    restitution: body.restitution,
    friction: body.friction,
    density: body.density,
  };
}

/**
 * Checks `patch` against `body` as the engine would take it; throws an Error naming the field
 * and the value (an unknown field too). A body made static without a velocity in the patch
 * is checked at rest, as `setType('static')` leaves it.
 */
export function checkBodyPatch(body: Body, patch: BodyPatch): void {
  for (const key of Object.keys(patch)) {
    if (!(PATCH_FIELDS as readonly string[]).includes(key)) throw new Error(`there is no body field ${JSON.stringify(key)}`);
  }
  const merged: BodyDef = { ...readPatch(body), ...patch };
  if (patch.type === 'static' && patch.vx === undefined && patch.vy === undefined) {
    merged.vx = 0;
    merged.vy = 0;
  }
  // The engine's own check of a new body, so the rules cannot drift; the user edits one body's
  // "restitution", not a "body.restitution".
  validateBodyDef(merged, '');
}

/** Checks `patch` (see checkBodyPatch) and applies it to `body`; on a throw nothing changed. */
export function applyBodyPatch(body: Body, patch: BodyPatch): void {
  checkBodyPatch(body, patch);
  setChecked(body, patch);
}

/**
 * Checks every edit first, then applies them all: one refusal (with several edits its message
 * says which body) leaves every body as it was. Edits of bodies no longer in `world` are skipped.
 */
export function applyBodyEdits(world: World, edits: readonly BodyEdit[]): void {
  const checked: Array<[Body, BodyPatch]> = [];
  for (const { id, ...patch } of edits) {
    const body = world.getBody(id);
    if (body === undefined) continue;
    try {
      checkBodyPatch(body, patch);
    } catch (error) {
      throw new Error(edits.length > 1 ? `body ${id}: ${(error as Error).message}` : (error as Error).message, { cause: error });
    }
    checked.push([body, patch]);
  }
  for (const [body, patch] of checked) setChecked(body, patch);
}

/** Applies a checked patch through the body's setters, in PATCH_FIELDS order. */
function setChecked(body: Body, p: BodyPatch): void {
  if (p.type !== undefined) body.setType(p.type);
  if (p.halfWidth !== undefined || p.halfHeight !== undefined || p.radius !== undefined) {
    body.setShape(p.halfWidth ?? body.halfWidth, p.halfHeight ?? body.halfHeight, p.radius ?? body.radius);
  }
  if (p.x !== undefined || p.y !== undefined) body.setPosition(p.x ?? body.x, p.y ?? body.y);
  if (p.vx !== undefined || p.vy !== undefined) body.setVelocity(p.vx ?? body.vx, p.vy ?? body.vy);
  if (p.restitution !== undefined) body.setRestitution(p.restitution);
  if (p.friction !== undefined) body.setFriction(p.friction);
  if (p.density !== undefined) body.setDensity(p.density);
}
