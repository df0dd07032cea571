/**
 * Engine registry: name → loader. Loaders import their module lazily, so a child process pays
 * for (and measures the memory of) only the engine it runs.
 */
import { ENGINE_NAMES, type EngineAdapter, type EngineName } from '../engine';

const LOADERS: Readonly<Record<EngineName, () => Promise<EngineAdapter>>> = {
  jostle: async () => (await import('./jostle')).load(),
  matter: async () => (await import('./matter')).load(),
  planck: async () => (await import('./planck')).load(),
  rapier: async () => (await import('./rapier')).load(),
  box2d: async () => (await import('./box2d')).load(),
};

/** Narrows a string to an engine name; throws with the known names. */
export function parseEngineName(name: string): EngineName {
  const found = ENGINE_NAMES.find((n) => n === name);
  if (found === undefined) throw new Error(`unknown engine "${name}" (known: ${ENGINE_NAMES.join(', ')})`);
  return found;
}

/** Imports and initialises one engine (wasm instantiated). */
export function loadEngine(name: EngineName): Promise<EngineAdapter> {
  return LOADERS[name]();
}
