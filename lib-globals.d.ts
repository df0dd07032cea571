// The globals the engine uses beyond ES2022, for the library build (tsconfig.lib.json): they
// exist in Node, browsers and workers alike. Declared here rather than taken from the DOM or
// Node typings, so that the build refuses any other platform global.
declare const performance: { now(): number };

// WebAssembly, for the row kernels (src/physics/wasm): the part of its API they use.
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- the engine only makes and passes modules
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number; shared?: boolean });
    readonly buffer: ArrayBuffer;
    grow(deltaPages: number): number;
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
}
