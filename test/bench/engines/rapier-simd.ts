/**
 * @dimforge/rapier2d-simd-compat: the same Rapier built with wasm SIMD (its wasm uses v128
 * instructions; the plain package's does not), inlined as base64 like the compat package, so
 * `init()` needs no file. Built exactly as the plain package is (rapier.ts). Its latest release
 * (0.19) is older than the plain package's; the report prints both versions.
 */
import RAPIER from '@dimforge/rapier2d-simd-compat';
import type { EngineAdapter } from '../engine';
import { loadRapier } from './rapier';

export function load(): Promise<EngineAdapter> {
  return loadRapier(RAPIER, 'rapier-simd', '@dimforge/rapier2d-simd-compat');
}
