/**
 * The one choke point of history: a PhysicsHost that passes every call through to the host it
 * wraps, and tells a recorder about each call that can change the world first. It is a Proxy,
 * so a method added to PhysicsHost later (a build tool, an inspector edit) is undoable and
 * recorded by default, with no change here: only calls that cannot change the world are
 * named (by their verb), and the few calls that need special handling.
 */
import type { PhysicsHost } from '../physics-host';

/** What a call is to history. */
export type CallKind =
  /** Reads only: passed through untouched. */
  | 'read'
  /** The clock (pause, rate): recorded for re-stepping (a paused host does not drive a drag), not undoable. */
  | 'clock'
  /** Asks for a step: the step itself is recorded. */
  | 'step'
  /** Moves or lets go of what a grab holds: part of the grab's undo entry, recorded. */
  | 'gesture'
  /** Everything else: undoable, recorded. */
  | 'action';

/** Verbs of calls that only read. */
const READ_VERBS = /^(pick|get|query|find|is|has|read|count|measure)/;
const KINDS: Record<string, CallKind> = {
  setClock: 'clock',
  stepOnce: 'step',
  drag: 'gesture',
  release: 'gesture',
};

/** How history treats a call named `name`. */
export function callKind(name: string): CallKind {
  return KINDS[name] ?? (READ_VERBS.test(name) ? 'read' : 'action');
}

/** Told about each call that is not a read, around it. */
export interface HostRecorder {
  /** Runs `call` (the wrapped host's method) for `name` with `args`, recording it; returns what it returns. */
  around(name: string, kind: CallKind, args: unknown[], call: () => unknown): unknown;
}

/** `host` with every call that is not a read going through `recorder`. */
export function recordingHost(host: PhysicsHost, recorder: HostRecorder): PhysicsHost {
  return new Proxy(host, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      const fn = value as (...args: unknown[]) => unknown;
      const kind = callKind(prop);
      if (kind === 'read') return fn.bind(target);
      return (...args: unknown[]) => recorder.around(prop, kind, args, () => fn.apply(target, args));
    },
  });
}
