/**
 * The material settings the panel sets on every body at once (restitution, friction), as one
 * table: the panel's sliders, both physics hosts and the "mixed" readout loop over it, so a new
 * material field is one row here and one setting.
 */
import type { Body, World } from '../../physics/index';

export const MATERIAL_KEYS = ['restitution', 'friction'] as const;
/** A material setting that every body carries and the panel sets on all of them. */
export type MaterialKey = (typeof MATERIAL_KEYS)[number];

/** What new bodies are made of: the Material folder's values. */
export type NewMaterial = Record<MaterialKey | 'density', number>;

const SETTERS: Record<MaterialKey, (body: Body, value: number) => void> = {
  restitution: (body, value) => body.setRestitution(value),
  friction: (body, value) => body.setFriction(value),
};

/** Sets `key` of every body, static ones too (a floor's friction and bounce matter). Throws what the engine refuses. */
export function setMaterialAll(world: World, key: MaterialKey, value: number): void {
  const set = SETTERS[key];
  for (const body of world.getBodies()) set(body, value);
}

/**
 * The moving bodies' common value of `key`, 'mixed' when they differ, or null when there are
 * none (walls alone say nothing of what the scene is made of).
 */
export function commonMaterial(world: World, key: MaterialKey): number | 'mixed' | null {
  let value: number | null = null;
  for (const b of world.getBodies()) {
    if (b.type === 'static') continue;
    if (value === null) value = b[key];
    else if (b[key] !== value) return 'mixed';
  }
  return value;
}
