/**
 * Engine workers that fail on cue, for the thread tests: each runs the engine (through tsx) in a
 * Node worker whose realm first runs a hook that patches Atomics, so that the worker dies or
 * stops at a chosen point of a job, as a killed thread, a debugger or a starved machine would.
 * Each answers 'ping' with 'ready' once the engine has loaded.
 */
import { Worker } from 'node:worker_threads';
import { CONTROL_LENGTH, C_CHUNKS_DONE, C_JOB } from '../../../src/physics/parallel/control';
import { WAVE_LENGTH } from '../../../src/physics/parallel/wave';

/** A worker of the engine whose realm first runs `hook` (JavaScript that patches Atomics to fail it on cue). */
function hookedWorker(hook: string): Worker {
  const index = new URL('../../../src/physics/index.ts', import.meta.url).href;
  const code = `
    const { parentPort } = require('node:worker_threads');
    const ready = import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(index)}); });
    ${hook}
    parentPort.on('message', (message) => ready.then((engine) => {
      if (message === 'ping') parentPort.postMessage('ready');
      else engine.handleThreadMessage(message);
    }));`;
  return new Worker(code, { eval: true });
}

/**
 * A worker whose thread ends in the middle of a job: ended in the worker's own realm by
 * process.exit, at the n-th time it would count a chunk done (so its last chunk never counts),
 * or the n-th time it would say it walked its border rows of a colour (so the calling thread
 * waits for rows that never come).
 */
export function dyingWorker(watch: 'chunk' | 'border', n: number, home = 1): Worker {
  return hookedWorker(`
    const add = Atomics.add;
    const store = Atomics.store;
    let seen = 0;
    if (${JSON.stringify(watch)} === 'chunk') {
      Atomics.add = (array, slot, value) => { if (array.length === ${CONTROL_LENGTH} && slot === ${C_CHUNKS_DONE} && ++seen === ${n}) process.exit(0); return add(array, slot, value); };
    } else {
      Atomics.store = (array, slot, value) => { if (array.length === ${WAVE_LENGTH} && slot === ${16 * home} && value >= 0 && ++seen === ${n}) process.exit(0); return store(array, slot, value); };
    }`);
}

/**
 * A worker whose thread stops for 6.5 s just after it claimed a chunk of `job` (its first after
 * 300 claims of any job), as a debugger or a machine under load may hold it, then runs that
 * chunk and tells the test it woke.
 */
export function pausingWorker(job: number): Worker {
  return hookedWorker(`
    const exchange = Atomics.compareExchange;
    const nap = new Int32Array(new SharedArrayBuffer(4));
    let seen = 0;
    Atomics.compareExchange = (array, slot, expected, value) => {
      const old = exchange(array, slot, expected, value);
      if (array.length === ${CONTROL_LENGTH} && old === expected && ++seen > 300 && Atomics.load(array, ${C_JOB}) === ${job}) {
        seen = -1e9;
        Atomics.wait(nap, 0, 0, 6500);
        parentPort.postMessage('woke');
      }
      return old;
    };`);
}

/**
 * A worker that counts the WebAssembly modules it compiles and the instances it makes in its
 * own realm, and answers 'wasm' with `{ modules, instances }` once it is back in its event loop.
 */
export function wasmCountingWorker(): Worker {
  return hookedWorker(`
    const Module = WebAssembly.Module;
    const Instance = WebAssembly.Instance;
    const counts = { modules: 0, instances: 0 };
    WebAssembly.Module = function (bytes) { counts.modules++; return new Module(bytes); };
    WebAssembly.Module.prototype = Module.prototype;
    WebAssembly.Instance = function (module, imports) { counts.instances++; return new Instance(module, imports); };
    WebAssembly.Instance.prototype = Instance.prototype;
    parentPort.on('message', (message) => { if (message === 'wasm') parentPort.postMessage(counts); });`);
}
