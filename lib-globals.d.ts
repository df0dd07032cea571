// The one global the engine uses beyond ES2022, for the library build (tsconfig.lib.json): it
// exists in Node, browsers and workers alike. Declared here rather than taken from the DOM or
// Node typings, so that the build refuses any other platform global.
declare const performance: { now(): number };
