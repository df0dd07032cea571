/**
 * Undo and redo as two stacks of world states (snapshot text), bounded by a count and a byte
 * cap: the oldest entries go first. An action calls `record` before it changes anything; a
 * run of calls with the same coalescing key close together (a slider dragged, a body dragged)
 * makes one entry, the state before the first. Knows nothing about worlds: a state is text.
 */

/** Entries kept, undo and redo together. */
export const MAX_UNDO_ENTRIES = 100;
/** Bytes of snapshot text kept, undo and redo together (a 1,000-body world is about 0.4 MB). */
export const MAX_UNDO_BYTES = 64 * 1024 * 1024; // bytes
/** Calls with the same key this close together (ms) make one entry. */
export const COALESCE_TIME = 1000; // ms

/** A state to go back to. */
export interface UndoEntry<M> {
  /** What the action was, in words ("spawn", "drag", "gravity y"). */
  readonly label: string;
  /** The world as snapshot text. */
  readonly state: string;
  /** What else the sandbox needs to put back (the scene's name). */
  readonly meta: M;
}

export interface UndoLimits {
  maxEntries: number;
  maxBytes: number;
  coalesceTime: number;
}

export class UndoStack<M> {
  private readonly undos: Array<UndoEntry<M>> = [];
  private readonly redos: Array<UndoEntry<M>> = [];
  private lastKey: string | null = null;
  private lastTime = -Infinity;
  private bytesHeld = 0;
  private readonly limits: UndoLimits;

  constructor(limits: Partial<UndoLimits> = {}) {
    this.limits = { maxEntries: MAX_UNDO_ENTRIES, maxBytes: MAX_UNDO_BYTES, coalesceTime: COALESCE_TIME, ...limits };
  }

  /** Entries that undo can go back through. */
  get undoCount(): number {
    return this.undos.length;
  }

  get redoCount(): number {
    return this.redos.length;
  }

  /** Bytes of state text held (undo and redo). */
  get bytes(): number {
    return this.bytesHeld;
  }

  /** What the next undo takes back, or null. */
  get nextUndo(): string | null {
    return this.undos.at(-1)?.label ?? null;
  }

  get nextRedo(): string | null {
    return this.redos.at(-1)?.label ?? null;
  }

  /**
   * Whether an action with coalescing `key` at time `now` (ms) continues the last entry (then
   * nothing needs recording): the same key within `window` ms of the last call. A continuing
   * call extends the window.
   */
  continues(key: string, now: number, window = this.limits.coalesceTime): boolean {
    const same = key === this.lastKey && now - this.lastTime < window;
    if (same) this.lastTime = now;
    return same;
  }

  /** Records `state` as the state before an action; the redo stack goes (a new future). */
  record(label: string, state: string, meta: M, key: string, now: number): void {
    this.redos.splice(0).forEach((e) => (this.bytesHeld -= e.state.length));
    this.undos.push({ label, state, meta });
    this.bytesHeld += state.length;
    this.lastKey = key;
    this.lastTime = now;
    this.trim();
  }

  /** Forgets the last recorded entry (its action changed nothing). */
  dropLast(): void {
    const e = this.undos.pop();
    if (e !== undefined) this.bytesHeld -= e.state.length;
    this.lastKey = null;
  }

  /** Takes the last entry back: `current` (the state now) goes on the redo stack. Null when there is nothing to undo. */
  undo(current: string, meta: M): UndoEntry<M> | null {
    return this.move(this.undos, this.redos, current, meta);
  }

  redo(current: string, meta: M): UndoEntry<M> | null {
    return this.move(this.redos, this.undos, current, meta);
  }

  /** Forgets everything. */
  clear(): void {
    this.undos.length = 0;
    this.redos.length = 0;
    this.bytesHeld = 0;
    this.lastKey = null;
  }

  private move(from: Array<UndoEntry<M>>, to: Array<UndoEntry<M>>, current: string, meta: M): UndoEntry<M> | null {
    const entry = from.pop();
    if (entry === undefined) return null;
    to.push({ label: entry.label, state: current, meta });
    this.bytesHeld += current.length - entry.state.length;
    this.lastKey = null;
    this.trim();
    return entry;
  }

  /** Drops the oldest undo entries (then the farthest redo ones) until within the limits; the newest entry always stays. */
  private trim(): void {
    const { maxEntries, maxBytes } = this.limits;
    while (this.undos.length + this.redos.length > 1 && (this.undos.length + this.redos.length > maxEntries || this.bytesHeld > maxBytes)) {
      const dropped = this.undos.length > 1 || this.redos.length === 0 ? this.undos.shift() : this.redos.shift();
      if (dropped === undefined) break;
      this.bytesHeld -= dropped.state.length;
    }
  }
}
