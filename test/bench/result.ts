/** What a child reports for one engine × scene × size, and how it travels to the parent. */
import type { EngineName } from './engine';
import type { Quality } from './quality';

/** Marks the result line on a child's stdout, so engine chatter on stdout cannot be mistaken for it. */
export const RESULT_PREFIX = '@@bench-result ';
/** What ramp-arena.ts prints before the JSON of its medians, for ramp.ts. */
export const RAMP_PREFIX = '@@ramp-result ';

/** Bytes, from process.memoryUsage() after a full GC. */
export interface MemorySample {
  heapUsed: number;
  /** Memory outside the V8 heap: typed-array and wasm buffers, native objects. */
  external: number;
  /** The ArrayBuffers among `external`: for Jostle, every typed array (bodies, pairs, contacts). */
  arrayBuffers: number;
  rss: number;
}

export interface CaseResult {
  engine: EngineName;
  version: string;
  /** Threads the engine stepped on, the calling thread included (1: single-threaded). */
  threads: number;
  scene: string;
  /** Moving bodies. */
  count: number;
  warmup: number;
  steps: number;
  /** Building the scene (ms). */
  setupMs: number;
  /** Per timed step (ms). */
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  /**
   * Process CPU time (user + system) over the timed steps, per step (ms). Near the mean when
   * the child had a core to itself; well below it when other work took the CPU; above it when
   * the engine's GC or worker threads ran in parallel.
   */
  cpuMs: number;
  memory: {
    /** Engine loaded, scene list built, nothing created yet. */
    base: MemorySample;
    afterSetup: MemorySample;
    afterRun: MemorySample;
    /** Peak resident set of the child process (bytes). */
    peakRss: number;
    /** Growth of the V8 heap over base, at its larger sample, per body (bytes). */
    heapPerBody: number;
    /**
     * Growth of the V8 heap plus ArrayBuffers over base, at the larger sample, per body (bytes):
     * for a struct-of-arrays engine the typed arrays are most of the state, so this is the
     * figure the memory target is checked against.
     */
    heapAndArraysPerBody: number;
    /**
     * Growth of the resident set over base, at its larger sample, per body (bytes): the one
     * figure that counts wasm linear memory, which `external` does not track as it grows.
     */
    rssPerBody: number;
  };
  /**
   * Bytes of garbage a step on the calling thread, sampled over steps after the timed ones
   * (garbage.ts); worker threads' own heaps are not counted. Absent in older results.
   */
  garbagePerStep?: number;
  quality: Quality;
  /** 1-minute load average when the case ended: above the case's own threads, other work shared the CPU. */
  loadAverage: number;
  /** Median ms per phase over the timed steps, for engines that report phases. */
  profile?: Record<string, number>;
  /** Counters after the last step (pairs, contacts), for engines that report them. */
  counters?: Record<string, number>;
}

/** A case that did not produce a result: crash, bad output or timeout. */
export interface CaseFailure {
  engine: EngineName;
  scene: string;
  count: number;
  error: string;
}

export type CaseOutcome = CaseResult | CaseFailure;

export function isFailure(o: CaseOutcome): o is CaseFailure {
  return 'error' in o;
}
