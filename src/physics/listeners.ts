/**
 * Contact listeners: who listens to which event type, and handing a step's buffered events to
 * them. Isolation is the point of this file: one listener throwing or unsubscribing never
 * costs another its events.
 */
import type { Body } from './body.js';
import type { ContactData, ContactListener } from './contact-data.js';
import { CONTACT_EVENT_TYPES, EVENT_DATA_STRIDE, EVENT_TYPE_OF, type ContactEventType, type EventBuffer } from './events.js';
import { describe } from './validate.js';


/** A subscribed listener; `active` goes false when it is removed, even mid-dispatch. */
interface ListenerEntry {
  readonly fn: ContactListener;
  active: boolean;
}

/** The world's listeners by event type, and their dispatch. */
export class ContactListeners {
  /**
   * Listeners by event type, in a Map so that names like '__proto__' are just unknown types.
   * Each list is copied on write: a dispatch walks the list it started with, and a removed
   * entry is marked inactive, so removing one listener never makes the next one miss an event.
   */
  private readonly lists = new Map<string, ListenerEntry[]>(CONTACT_EVENT_TYPES.map((type) => [type, []]));
  /** The object handed to listeners, refilled before each call. */
  private readonly data: ContactData = { x: 0, y: 0, nx: 0, ny: 0, approachSpeed: 0, normalImpulse: 0 };

  /** Keeps `events.enabled` true exactly while someone listens. */
  constructor(private readonly events: EventBuffer) {}

  /** Adds a listener; an unknown type or a non-function throws, naming it. */
  add(type: ContactEventType, listener: ContactListener): void {
    const list = this.listOf('on', type);
    if (typeof listener !== 'function') throw new Error(`on: listener must be a function, got ${describe(listener)}`);
    this.lists.set(type, [...list, { fn: listener, active: true }]);
    this.events.enabled = true;
  }

  /** Removes the first subscription of `listener` to `type`; an unknown type throws. */
  remove(type: ContactEventType, listener: ContactListener): void {
    const list = this.listOf('off', type);
    const k = list.findIndex((e) => e.fn === listener);
    if (k < 0) return;
    (list[k] as ListenerEntry).active = false;
    this.lists.set(type, list.filter((_, j) => j !== k));
    let total = 0;
    for (const l of this.lists.values()) total += l.length;
    this.events.enabled = total > 0;
  }

  /** Number of listeners to `type`. */
  count(type: ContactEventType): number {
    return (this.lists.get(type) as ListenerEntry[]).length;
  }

  /**
   * Hands the buffered events to the listeners, in order; `handleOf(slot, generation)` gives a
   * body's handle. Every listener gets every event even if some throw; then the first error
   * is rethrown.
   */
  dispatch(handleOf: (slot: number, generation: number) => Body): void {
    const ev = this.events;
    const count = ev.count;
    if (count === 0) return;
    ev.count = 0;
    // Copy out first: a listener may not step, but may create or destroy bodies.
    const kinds = ev.kind.slice(0, count);
    const as = ev.a.slice(0, count);
    const bs = ev.b.slice(0, count);
    const gens = ev.generationA.slice(0, count);
    const gensB = ev.generationB.slice(0, count);
    const data = ev.data.slice(0, count * EVENT_DATA_STRIDE);
    const d = this.data;
    let failed = false;
    let failure: unknown;
    for (let k = 0; k < count; k++) {
      const list = this.lists.get(EVENT_TYPE_OF[kinds[k]] as ContactEventType) as ListenerEntry[];
      if (list.length === 0) continue;
      const a = handleOf(as[k], gens[k]);
      const b = handleOf(bs[k], gensB[k]);
      const o = k * EVENT_DATA_STRIDE;
      for (const entry of list) {
        if (!entry.active) continue;
        // Refilled for each call: a listener may have written to it.
        d.x = data[o];
        d.y = data[o + 1];
        d.nx = data[o + 2];
        d.ny = data[o + 3];
        d.approachSpeed = data[o + 4];
        d.normalImpulse = data[o + 5];
        try {
          entry.fn(a, b, d);
        } catch (error) {
          if (!failed) failure = error;
          failed = true;
        }
      }
    }
    if (failed) throw failure;
  }

  private listOf(where: string, type: unknown): ListenerEntry[] {
    const list = typeof type === 'string' ? this.lists.get(type) : undefined;
    if (list === undefined) {
      throw new Error(`${where}: unknown event type ${describe(type)} (known: ${CONTACT_EVENT_TYPES.join(', ')})`);
    }
    return list;
  }
}
