/**
 * Restitution's rows that may bounce, listed by blocks of rows as the threads list them
 * (restitution.ts's `listSharedBouncers`), against one thread's scan (`listBouncers`): the same
 * rows in the same orders, over many blocks, impacts among them.
 */
import { describe, expect, it } from 'vitest';
import { BodyStore } from '../../../src/physics/body-store';
import { ContactBuffer } from '../../../src/physics/contacts';
import { mulberry32 } from '../../../src/physics/index';
import { LocalRunner } from '../../../src/physics/parallel/local-runner';
import { BOUNCER_BLOCK } from '../../../src/physics/parallel/jobs';
import { bouncerLimit, listBouncers, listSharedBouncers } from '../../../src/physics/restitution';

describe('issue 13: the rows that may bounce, listed by blocks', () => {
  it('lists what one thread lists, and -1 where one thread finds too many', () => {
    const random = mulberry32(13);
    const threshold = 1;
    let listed = 0;
    let tooMany = 0;
    for (let trial = 0; trial < 6; trial++) {
      const rows = 3 * BOUNCER_BLOCK + 1 + Math.floor(random() * BOUNCER_BLOCK);
      const contacts = new ContactBuffer();
      contacts.reserve(rows);
      contacts.count = rows;
      // Few fast approaches (or, in odd trials, many), and impacts whose drift decides them.
      const share = trial % 2 === 0 ? 0.005 : 0.2;
      for (let c = 0; c < rows; c++) {
        contacts.approach[c] = random() < share ? -1 - random() : -random() * 0.9;
        contacts.colour[c] = Math.floor(random() * 6);
        contacts.bounce[c] = 9;
      }
      contacts.impactCount = 0;
      for (let c = 0; c < rows; c += 1 + Math.floor(random() * 40)) {
        if (contacts.impactCount === contacts.impacts.length) contacts.growImpacts();
        contacts.impacts[contacts.impactCount] = c;
        contacts.impactDrift[contacts.impactCount++] = random() * 0.3;
      }
      const limit = bouncerLimit(rows);
      const one = listBouncers(contacts, threshold, limit);
      const oneList = Array.from(contacts.bouncers.subarray(0, 2 * limit));
      contacts.bouncers.fill(-1);
      const runner = new LocalRunner(new BodyStore(), contacts);
      runner.scratch.reserve(rows);
      const shared = listSharedBouncers(contacts, threshold, limit, runner);
      expect(shared, `trial ${trial}`).toBe(one);
      if (one >= 0) {
        // In colour order at the start, in row order from `limit` on.
        expect(Array.from(contacts.bouncers.subarray(0, one)), `trial ${trial} colour order`).toEqual(oneList.slice(0, one));
        expect(Array.from(contacts.bouncers.subarray(limit, limit + one)), `trial ${trial} row order`).toEqual(oneList.slice(limit, limit + one));
        expect(Array.from(contacts.bounce.subarray(0, rows)).every((v) => v === 0), `trial ${trial} bounce cleared`).toBe(true);
        listed++;
      } else tooMany++;
    }
    expect(listed).toBeGreaterThan(0);
    expect(tooMany).toBeGreaterThan(0);
  });
});
