/**
 * The engine's stepping revision: a number that goes up whenever a world steps to different
 * bits than before (the solver, the collide stage, the order of their work), and only then.
 * A state hash recorded by one revision says nothing about another, so a recording of stepped
 * states (the sandbox's replay files) notes the revision that made it, and a page that plays
 * it can tell a changed engine from a broken file. test/physics/revision.test.ts pins the
 * states this revision steps to: a change of results that forgets to raise it fails there.
 *
 * Revision 1 is the engine of commit 0c45a1b (over-relaxed velocity passes) onward; replays
 * saved before revisions were recorded carry none. Revision 2: a contact solve that gains
 * energy starts again with less of its warm start (energy.ts's `restartSolve`), and pushout
 * leaves less overlap under weaker gravity (`pushoutSlop`).
 */
export const ENGINE_REVISION = 2;
