/**
 * Engine registry: name → loader. Loaders import their module lazily, so a child process pays
 * for (and measures the memory of) only the engine it runs.
 */
import { ENGINE_NAMES, type EngineAdapter, type EngineName, type LoadOptions } from '../engine';

const LOADERS: Readonly<Record<EngineName, (options: LoadOptions) => Promise<EngineAdapter>>> = {
  jostle: async () => (await import('./jostle')).load(),
  'jostle-threads': async ({ threads }) => (await import('./jostle')).load(threads),
  matter: async () => (await import('./matter')).load(),
  planck: async () => (await import('./planck')).load(),
  rapier: async () => (await import('./rapier')).load(),
  'rapier-simd': async () => (await import('./rapier-simd')).load(),
  box2d: async () => (await import('./box2d')).load(),
  box2d3: async () => (await import('./box2d3')).load(),
  'box2d3-deluxe': async ({ threads }) => (await import('./box2d3')).load(threads),
};

/** Narrows a string to an engine name; throws with the known names. */
export function parseEngineName(name: string): EngineName {
  const found = ENGINE_NAMES.find((n) => n === name);
  if (found === undefined) throw new Error(`unknown engine "${name}" (known: ${ENGINE_NAMES.join(', ')})`);
  return found;
}

/** Imports and initialises one engine (wasm instantiated, worker threads started for a threaded one). */
export function loadEngine(name: EngineName, options: LoadOptions = { threads: 1 }): Promise<EngineAdapter> {
  return LOADERS[name](options);
}
