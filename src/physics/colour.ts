/**
 * Graph colouring of the contact rows, as Box2D v3 does it: each row gets the first colour in
 * which neither of its bodies has a row yet, so the rows of one colour share no body and can be
 * solved in any order, on any number of threads, with the same bits. Static bodies do not count
 * (impulses never change them); kinematic ones do (their rows are few). Colour 0 is kept for
 * rows with a static body (see DYNAMIC_COLOURS). A row that finds no free colour goes to the
 * overflow group, solved on one thread after the colours.
 *
 * The rows stay where the collide stage put them (in pair order, which events follow); the
 * colour order is a list of rows, colour by colour and in row order within a colour, that every
 * later pass over rows (solver, pushout, restitution) walks, whether one thread walks all of it
 * or each thread takes a share of each colour: one order, one result. (Moving the rows into
 * colour order instead cost more than the walk's indirection.)
 * This file does not solve anything; it only orders the rows.
 */
import { BODY_STATIC, type BodyStore } from './body-store.js';
import type { ContactBuffer } from './contacts.js';
import type { CollideRegions, RowKernels } from './wasm/row-kernels.js';
import { MAX_THREADS } from './parallel/control.js';
import { balanceCuts } from './home-cuts.js';
import { PlaceHomes, ownSlots, slotsByHome, type BodySlots } from './place-homes.js';

/**
 * The share of a colouring's rows on a border (joining bodies of two homes) above which homes
 * by number give way to homes by place (place-homes.ts). A pile made row by row, cut by number
 * into its lower and upper half, has about a sixth of its rows on the border (and gains nothing
 * by place: the bench README); made in random order, nearly all.
 */
const BORDER_SHARE_FOR_PLACE = 0.25;
/** How far the cuts go toward evening out the walks' last times at each colouring (home-cuts.ts). */
const TIMED_PACE = 0.25;
/** Colourings after which homes by place are written again, as the bodies move. */
const PLACE_REFRESH = 8;
/** Colourings by place after which homes by number are tried again for one colouring. */
const RETRY_BY_NUMBER = 600;

/**
 * Colours before the overflow group: colour 0, for rows with a static body only, then 32 more,
 * so a body's colours past 0 fit one 32-bit mask and a row's first free colour is one bit trick.
 * Box2D v3 uses 24 and keeps static rows out of its colour 0; here colour 0 takes them first,
 * so a pass meets the walls and floors before what they hold up, as the pair order did (static
 * bodies are usually made first): the other way the funnel's grains arched over its neck (252
 * of 300 through in 6 s, against 300 in pair order). A pile uses about 8 to 12 colours, a
 * crowd fewer: used colours, not this count, set the synchronisation between threads per pass.
 */
export const COLOUR_COUNT = 33;

/**
 * Colours 1 to 32 that rows between two moving bodies may take, as a bit mask (bit j for
 * colour j + 1): the first 28, the last 4 being kept for rows with a static body, so a body
 * pressed against a wall in a dense heap still finds a colour for that row.
 */
export const DYNAMIC_COLOURS = 0x0fffffff;
/** Colours 1 to 32 that a row with a static body may take when colour 0 is taken: all. */
const WALL_COLOURS = ~0;

/** The colour groups of the current rows (see the top of this file). */
export class RowColours {
  /** Per body, one bit per colour in which it has a row (COLOUR_COUNT is 32: one word). */
  private masks = new Uint32Array(0);
  /** Per body, 1 when it has a row of colour 0. */
  private walled = new Uint8Array(0);
  /** Per row, its colour and home as one key (colour · homes + home), while `sortBlocks` sorts. */
  private key = new Uint16Array(0);

  /**
   * Colours the rows: writes the colour order to `contacts.order` and its groups to
   * `contacts.colourStart`.
   * Call after the collide stage, before the solver. Allocates only to grow.
   */
  sort(store: BodyStore, contacts: ContactBuffer, collidedInKernels = false): void {
    const n = contacts.count;
    // A colouring without homes: the solve's copies go back to the bodies' own numbers.
    const regions = contacts.kernels?.collideRegions ?? null;
    if (regions !== null) slotsByNumber(regions);
    if (collidedInKernels && this.sortInKernels(store, contacts)) return;
    this.prepare(store, contacts);
    const kind = store.kind;
    const { a, b, colourStart, colour } = contacts;
    for (let c = 0; c < n; c++) colour[c] = this.pick(kind, colourStart, a[c], b[c]);
    this.order(contacts, n, 1, store.end);
  }

  /**
   * The same colours as `sort`, from the rows' bodies before the rows are written, listed by
   * blocks: block k's rows start at row `blockStart[k]` (ascending; the last block ends at
   * `rows`), and its i-th row is pair `rowPair[k · stride + i]`, which joins bodies `pairA` and
   * `pairB` of that pair.
   * So the threads can write the rows meanwhile (collide-blocks.ts): this reads no row.
   * `contacts` must have room for `rows` rows (`ContactBuffer.reserve`).
   *
   * With `homes` > 1 (one per thread), each colour's rows are also sorted by the thread that
   * owns their body, body i belonging to thread ⌊i · homes / store.end⌋: each thread then
   * starts every pass on rows of its own bodies (jobs.ts's `runGroups`), which stay in its
   * cache instead of moving between cores colour after colour. The order within a colour
   * changes no bit (its rows share no body).
   */
  sortBlocks(
    store: BodyStore,
    contacts: ContactBuffer,
    pairA: Int32Array,
    pairB: Int32Array,
    rowPair: Int32Array,
    blockStart: Int32Array,
    blocks: number,
    stride: number,
    rows: number,
    homes: number,
  ): void {
    this.prepare(store, contacts);
    const keys = COLOUR_COUNT * homes;
    if (this.key.length < rows) this.key = new Uint16Array(contacts.a.length);
    if (contacts.homeStart.length < keys + 1) contacts.homeStart = new Int32Array(keys + 1);
    const kind = store.kind;
    const colour = contacts.colour;
    const start = contacts.colourStart;
    const count = contacts.homeStart;
    count.fill(0, 0, keys + 1);
    const key = this.key;
    const scale = homes / Math.max(1, store.end);
    let r = 0;
    for (let block = 0; block < blocks; block++) {
      const end = (block + 1 < blocks ? blockStart[block + 1] : rows) - blockStart[block] + block * stride;
      for (let i = block * stride; i < end; i++) {
        const p = rowPair[i];
        const ia = pairA[p];
        const ib = pairB[p];
        const k = this.pick(kind, start, ia, ib);
        colour[r] = k;
        // Overflow rows get the last key, after every colour's homes.
        const q = k === COLOUR_COUNT ? keys : k * homes + Math.floor((kind[ia] === BODY_STATIC ? ib : ia) * scale);
        key[r++] = q;
        count[q]++;
      }
    }
    this.order(contacts, rows, homes, store.end);
  }

  /**
   * `sort` as WebAssembly (wasm/colour-kernel.ts), where the collide kernel made this step's rows
   * in the kernels' memory (its body flags say which bodies are static) and no skipping pass
   * walks each body's rows (the frontier's lists are made here in TypeScript). Returns false,
   * having done nothing, otherwise.
   */
  private sortInKernels(store: BodyStore, contacts: ContactBuffer): boolean {
    const kernels = contacts.kernels;
    if (kernels === null || !contacts.residentRows || contacts.frontier.used || kernels.collideRegions === null) return false;
    kernels.colour(contacts.count, store.end);
    this.tookKernelColours(contacts);
    return true;
  }

  /**
   * Takes the colouring kernel's groups as the rows' (its colours and order are written in
   * place), with no frontier lists. For parallel/collide-kernel-blocks.ts, which runs the
   * kernel's phases itself, with `homes` > 1 (one per thread) after COLOUR_HOME_ORDER: the groups
   * then come by home and border too (`takeHomeGroups`), and the homes' cuts move for the next:
   * to even out `busy`, each home's thread's time in the last walks (parallel/wave.ts), where
   * known, else the rows.
   * @internal
   */
  tookKernelColours(contacts: ContactBuffer, homes = 1, busy: Float64Array | null = null): void {
    const regions = (contacts.kernels as RowKernels).collideRegions as CollideRegions;
    contacts.homes = 1;
    contacts.borderRows = false;
    if (homes > 1) {
      const border = takeHomeGroups(contacts, regions.homeGroupEnds, homes, this.perHome);
      // The cuts by number move only after a colouring by number: rows counted by place say nothing of them.
      if (!this.byPlace) balanceCuts(this.cuts, busy ?? this.perHome, homes, busy === null ? 1 : TIMED_PACE, this.nextCuts);
      this.choosePlace(border, contacts.count);
    } else {
      contacts.colourStart.set(regions.colourStart);
    }
    contacts.frontier.invalidate();
  }

  /** Whether the kernel's homes go by place (place-homes.ts) rather than by number. */
  private byPlace = false;
  private readonly placeHomes = new PlaceHomes();
  /** Colourings since homes by place were written, and since they were chosen or retried. */
  private placeAge = 0;
  private placeRuns = 0;
  /** The homes and body end that homes by place were written for. */
  private placeHomesFor = 0;
  private placeEnd = 0;

  /**
   * The colouring kernel's homes for `homes` threads (`regions.homeOf`) and the solve's slots:
   * by number (`writeHomes`, each body at its own slot), or by place with slots by home where
   * homes by number left most rows on a border (`choosePlace`).
   */
  writeKernelHomes(regions: CollideRegions, homes: number, store: BodyStore): void {
    if (!this.byPlace) {
      this.writeHomes(regions.homeOf, homes, store.end);
      slotsByNumber(regions);
      return;
    }
    // Slots left at the bodies' numbers (a new layout, a colouring without homes) are written again.
    const current = regions.slotted[0] === 1 && this.placeHomesFor === homes && this.placeEnd === store.end;
    if (!current || this.placeAge >= PLACE_REFRESH) {
      this.placeHomes.write(store, regions.homeOf, homes);
      slotsByHome(regions, regions.homeOf, homes, store.end);
      this.placeHomesFor = homes;
      this.placeEnd = store.end;
      this.placeAge = 0;
    }
    this.placeAge++;
  }

  /**
   * After a colouring by homes with `border` of its `rows` rows on a border: homes by place from
   * the next colouring on where homes by number left more than BORDER_SHARE_FOR_PLACE there,
   * and now and then homes by number again, for one colouring, to see whether they still do.
   */
  private choosePlace(border: number, rows: number): void {
    if (!this.byPlace) {
      if (border > BORDER_SHARE_FOR_PLACE * rows) {
        this.byPlace = true;
        this.placeAge = PLACE_REFRESH;
        this.placeRuns = 0;
      }
    } else if (++this.placeRuns >= RETRY_BY_NUMBER) {
      this.byPlace = false;
    }
  }

  /** Where each home's bodies start (home h is bodies [cuts[h], cuts[h + 1])), for `cutHomes` homes over bodies [0, cutEnd). */
  private readonly cuts = new Int32Array(MAX_THREADS + 1);
  private cutHomes = 0;
  private cutEnd = 0;
  /** Rows per home in the last colouring by homes. */
  private readonly perHome = new Int32Array(MAX_THREADS);
  private readonly nextCuts = new Int32Array(MAX_THREADS);

  /**
   * Writes each body's home to `homeOf` for a colouring by `homes` homes over bodies [0, end):
   * equal shares of the bodies at first, then cut where the last colouring's rows, or the
   * threads' times in the last walks, came out even (home-cuts.ts); a new thread count or body
   * end starts from equal shares again.
   */
  writeHomes(homeOf: Uint8Array, homes: number, end: number): void {
    const cuts = this.cuts;
    if (this.cutHomes !== homes || this.cutEnd !== end) {
      for (let h = 0; h <= homes; h++) cuts[h] = Math.ceil((h * end) / homes);
      this.cutHomes = homes;
      this.cutEnd = end;
    }
    for (let h = 0; h < homes; h++) homeOf.fill(h, cuts[h], cuts[h + 1]);
  }

  /** Clears the masks and counts (each row's colour and the colour order grow with the rows: `ContactBuffer.reserve`). */
  private prepare(store: BodyStore, contacts: ContactBuffer): void {
    if (this.masks.length < store.end) {
      this.masks = new Uint32Array(store.capacity);
      this.walled = new Uint8Array(store.capacity);
    }
    this.masks.fill(0, 0, store.end);
    this.walled.fill(0, 0, store.end);
    contacts.colourStart.fill(0);
  }

  /** The colour of the next row, between bodies ia and ib, counted in `start` (the groups' counts). */
  private pick(kind: Uint8Array, start: Int32Array, ia: number, ib: number): number {
    const { masks: mask, walled } = this;
    const staticA = kind[ia] === BODY_STATIC;
    const staticB = kind[ib] === BODY_STATIC;
    if (staticA !== staticB) {
      // A wall row: colour 0 if its moving body has none there yet.
      const body = staticA ? ib : ia;
      if (walled[body] === 0) {
        walled[body] = 1;
        start[1]++;
        return 0;
      }
    }
    let k = COLOUR_COUNT; // overflow
    // The colours this row may take and neither body has yet; the lowest wins.
    const free = ~((staticA ? 0 : mask[ia]) | (staticB ? 0 : mask[ib])) & (staticA || staticB ? WALL_COLOURS : DYNAMIC_COLOURS);
    if (free !== 0) {
      const j = 31 - Math.clz32(free & -free);
      const bit = 1 << j;
      if (!staticA) mask[ia] |= bit;
      if (!staticB) mask[ib] |= bit;
      k = j + 1;
    }
    start[k + 1]++;
    return k;
  }

  /**
   * The groups from the counts, and the rows in colour order (a stable counting sort), sorted
   * by home within each colour when there are several (the overflow group stays in row order:
   * its rows are solved one after another).
   */
  private order(contacts: ContactBuffer, n: number, homes: number, end: number): void {
    const start = contacts.colourStart;
    const colour = contacts.colour;
    for (let k = 0; k <= COLOUR_COUNT; k++) start[k + 1] += start[k];
    contacts.homes = homes;
    contacts.borderRows = false;
    const frontier = contacts.frontier;
    const listed = frontier.invalidate();
    const order = contacts.order;
    if (homes === 1) {
      // Row `order[i]` is the i-th in colour order.
      if (listed) {
        // The solver walked the frontier with the last order, so it will with this one: each
        // body's rows are listed here, reading the rows in memory order (row-frontier.ts).
        const { a, b } = contacts;
        frontier.reserve(end, n);
        for (let c = 0; c < n; c++) {
          const i = start[colour[c]]++;
          order[i] = c;
          frontier.push(i, a[c], b[c]);
        }
        frontier.built = true;
      } else {
        for (let c = 0; c < n; c++) order[start[colour[c]]++] = c;
      }
      for (let k = COLOUR_COUNT + 1; k > 0; k--) start[k] = start[k - 1];
      start[0] = 0;
      return;
    }
    // The same counting sort by key (colour, then home; `sortBlocks` counted the keys), the
    // overflow group last in row order.
    const key = this.key;
    const cursor = contacts.homeStart;
    const keys = COLOUR_COUNT * homes;
    for (let q = 0, at = 0; q <= keys; q++) {
      const count = cursor[q];
      cursor[q] = at;
      at += count;
    }
    for (let c = 0; c < n; c++) order[cursor[key[c]]++] = c;
    // Each cursor now stands where the next key starts: shift them back into starts.
    for (let q = keys; q > 0; q--) cursor[q] = cursor[q - 1];
    cursor[0] = 0;
  }
}

/** Marks the rows as never coloured and makes their order row order (buffers filled by hand, as in tests). */
export function useRowOrder(contacts: ContactBuffer): void {
  for (let c = 0; c < contacts.count; c++) contacts.order[c] = c;
  contacts.frontier.invalidate();
}

/** The solve's body copies back at the bodies' own numbers, where they were by home. */
function slotsByNumber(slots: BodySlots): void {
  if (slots.slotted[0] === 1) ownSlots(slots);
}

/**
 * The groups of the kernel's colouring by homes (wasm/colour-kernel.ts's COLOUR_HOME_ORDER, whose
 * group g = (k · homes + h) · 2 + (0 border, 1 interior) ends at `ends[g]`) as the rows' colour
 * groups, homes and border rows; writes how many rows each home holds to `perHome`, and returns
 * how many rows are border rows.
 */
function takeHomeGroups(contacts: ContactBuffer, ends: Int32Array, homes: number, perHome: Int32Array): number {
  const keys = COLOUR_COUNT * homes;
  if (contacts.homeStart.length < keys + 1) contacts.homeStart = new Int32Array(keys + 1);
  if (contacts.borderEnd.length < keys) contacts.borderEnd = new Int32Array(keys);
  const { colourStart, homeStart, borderEnd } = contacts;
  perHome.fill(0, 0, homes);
  let at = 0;
  let border = 0;
  for (let k = 0; k < COLOUR_COUNT; k++) {
    colourStart[k] = at;
    for (let h = 0; h < homes; h++) {
      const g = (k * homes + h) * 2;
      homeStart[k * homes + h] = at;
      borderEnd[k * homes + h] = ends[g];
      border += ends[g] - at;
      perHome[h] += ends[g + 1] - at;
      at = ends[g + 1];
    }
  }
  colourStart[COLOUR_COUNT] = at;
  colourStart[COLOUR_COUNT + 1] = ends[keys * 2];
  homeStart[keys] = at;
  contacts.homes = homes;
  contacts.borderRows = true;
  return border;
}
