/**
 * The contact rows' main fields live in the WebAssembly kernels' memory while steps pack
 * (ContactBuffer.residentRows), so that the kernels prepare and pack them where the collide
 * stage wrote them. Moving them in, growing them there, sharing them with threads and letting
 * the memory go must never lose a value.
 */
import { describe, expect, it } from 'vitest';
import { ContactBuffer } from '../../src/physics/contacts';
import { RESIDENT_FIELDS } from '../../src/physics/wasm/row-kernels';
import { isShared } from '../../src/physics/grown';

/** Row c's value of field number f in `field`: distinct per row and field, exact in the field's type. */
function value(field: ArrayLike<number>, c: number, f: number): number {
  if (field instanceof Uint8Array) return (c + f) % 256;
  return field instanceof Int32Array ? c * 4 + f : c * 4 + f + 0.25;
}

function fill(contacts: ContactBuffer, rows: number): void {
  contacts.reserve(rows);
  contacts.count = rows;
  RESIDENT_FIELDS.forEach((name, f) => {
    for (let c = 0; c < rows; c++) contacts[name][c] = value(contacts[name], c, f);
  });
}

function expectKept(contacts: ContactBuffer, rows: number, where: string): void {
  RESIDENT_FIELDS.forEach((name, f) => {
    const want = Array.from({ length: rows }, (_, c) => value(contacts[name], c, f));
    expect(Array.from(contacts[name].subarray(0, rows)), `${where}: ${name}`).toEqual(want);
  });
}

/** Whether each field has a buffer of its own (not a view of the kernels' memory). */
function ownArrays(contacts: ContactBuffer): boolean {
  return RESIDENT_FIELDS.every((name) => contacts[name].byteOffset === 0 && contacts[name].buffer.byteLength === contacts[name].byteLength);
}

describe('rows resident in the kernels\' memory', () => {
  it('move in once steps have packed for a while, keep their values as they grow and on threads, and move out before threads start and when packing stops', () => {
    const contacts = new ContactBuffer();
    fill(contacts, 300);
    // A few steps that pack leave the rows where they are (a crowd spreading); then they move.
    expect(contacts.usePacked(true, 64, false)).toBe(true);
    expect(contacts.residentRows).toBe(false);
    for (let step = 0; step < 30; step++) contacts.usePacked(true, 64, false);
    expect(contacts.residentRows).toBe(true);
    const views = contacts.kernels?.rowViews;
    for (const name of RESIDENT_FIELDS) expect(contacts[name], name).toBe(views?.[name]);
    expect(ownArrays(contacts)).toBe(false);
    expectKept(contacts, 300, 'moved in');

    // Growth mid-step (the collide stage's reserve) keeps them resident, in a larger memory.
    contacts.reserve(20_000);
    expect(contacts.residentRows).toBe(true);
    expect(contacts.a.length).toBeGreaterThanOrEqual(20_000);
    expect(contacts.nx).toBe(contacts.kernels?.rowViews?.nx);
    expectKept(contacts, 300, 'grown');

    // A threaded step keeps them there: the memory is shared, and the workers get views of it.
    contacts.usePacked(true, 64, true);
    expect(contacts.residentRows).toBe(true);
    expect(contacts.kernels?.layout?.resident).toBe(true);
    expect(isShared(contacts.a)).toBe(true);
    expectKept(contacts, 300, 'on threads');

    // Before threads start (World.setThreads) they move out, into shared arrays of their own.
    contacts.leaveKernelMemory();
    expect(contacts.residentRows).toBe(false);
    expect(ownArrays(contacts)).toBe(true);
    expect(RESIDENT_FIELDS.every((name) => isShared(contacts[name]))).toBe(true);
    expectKept(contacts, 300, 'left');

    // Back on one thread and packing again, then a step that does not pack: the rows move
    // back at once, and the memory goes.
    for (let step = 0; step <= 30; step++) contacts.usePacked(true, 64, false);
    expect(contacts.residentRows).toBe(true);
    contacts.usePacked(false, 64, false);
    expect(contacts.residentRows).toBe(false);
    expect(contacts.kernels).toBe(null);
    expect(ownArrays(contacts)).toBe(true);
    expectKept(contacts, 300, 'let go');
  });

  it('that outgrow their shared memory keep every value as it grows in place, each field moved up over the old places of the next', () => {
    const contacts = new ContactBuffer();
    fill(contacts, 4000);
    for (let step = 0; step <= 30; step++) contacts.usePacked(true, 64, false);
    expect(contacts.residentRows).toBe(true);
    const memory = contacts.kernels?.layout?.memory;
    expect(memory).toBeDefined();
    // Every row the fields hold is full, and the growth is a quarter: each field's new place
    // starts inside the old places of the fields after it.
    const full = contacts.a.length;
    fill(contacts, full);
    const pagesBefore = (memory as WebAssembly.Memory).buffer.byteLength;
    contacts.reserve(full + 1);
    expect(contacts.a.length).toBeLessThan(2 * full);
    expect(contacts.kernels?.layout?.memory).toBe(memory);
    expect((memory as WebAssembly.Memory).buffer.byteLength).toBeGreaterThan(pagesBefore);
    expectKept(contacts, full, 'grown in place');
  });
});
