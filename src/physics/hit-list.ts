/** Query results of the R-trees (body-tree.ts, flat-tree.ts): body indices, reused by every query. */
import { grown } from './grown.js';

/** Body indices, reused by every query (no allocation once grown). */
export class HitList {
  ids: Int32Array = new Int32Array(64);
  count = 0;

  /** Makes room for `rows` ids, keeping the first `count`. */
  reserve(rows: number): Int32Array {
    if (rows <= this.ids.length) return this.ids;
    let n = this.ids.length * 2;
    while (n < rows) n *= 2;
    this.ids = grown(this.ids, n);
    return this.ids;
  }

  /** Sorts the ids ascending: sorted hits make pair order independent of the tree's shape. */
  sort(): void {
    const h = this.ids;
    const count = this.count;
    // Most queries hit a few bodies, some many.
    if (count > 32) {
      h.subarray(0, count).sort();
      return;
    }
    for (let k = 1; k < count; k++) {
      const v = h[k];
      let j = k - 1;
      while (j >= 0 && h[j] > v) {
        h[j + 1] = h[j];
        j--;
      }
      h[j + 1] = v;
    }
  }
}
