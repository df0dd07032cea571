/**
 * The prepared rows' impacts and the rows that may bounce (wasm/row-scans.ts's `lists`), listed
 * on a team's threads: each thread scans the share of the rows it just prepared (the
 * preparation cuts its rows as `shareStart` does), into the lists' own places from the share's
 * first row, and the calling thread then joins the shares' lists, which are few rows. The same
 * rows in the same order as one scan over every row, so the same bits.
 */
import type { RowKernels } from '../wasm/row-kernels.js';
import type { ContactBuffer } from '../contacts.js';
import { bouncerLimit } from '../restitution.js';
import { JOB_LIST_ROWS, P_GX, P_GY, P_H, P_LIST_SHARES, P_ROW_COUNT, P_THRESHOLD, shareStart, type StepRunner } from './jobs.js';

/**
 * Rows from which the scan is shared: about where a job's handshake (a few microseconds) costs
 * what half the scan saves, so mid-sized piles share it too (and the threads' tests, whose
 * piles hold some 3,000 rows, run it).
 */
export const MIN_SHARED_LIST_ROWS = 2048;

/**
 * `RowKernels.lists` over the resident rows [0, n) on the runner's threads, a share each, with
 * restitution's limit (`bouncerLimit(n)`); returns the impacts' count.
 */
export function listRowsShared(runner: StepRunner, kernels: RowKernels, n: number, dt: number, gravityX: number, gravityY: number, threshold: number): number {
  const shares = runner.threads;
  const params = runner.params;
  params[P_H] = dt;
  params[P_GX] = gravityX;
  params[P_GY] = gravityY;
  params[P_THRESHOLD] = threshold;
  params[P_ROW_COUNT] = n;
  params[P_LIST_SHARES] = shares;
  runner.run(JOB_LIST_ROWS, 0, shares);
  return kernels.joinLists(shares, n, bouncerLimit(n));
}

/** JOB_LIST_ROWS over shares [from, to), with restitution's limit (`bouncerLimit`). */
export function listRowShares(contacts: ContactBuffer, params: Float64Array, from: number, to: number): void {
  const kernels = contacts.kernels as RowKernels;
  const n = params[P_ROW_COUNT];
  const limit = bouncerLimit(n);
  const shares = params[P_LIST_SHARES];
  for (let s = from; s < to; s++) {
    kernels.listShare(s, shareStart(n, s, shares), shareStart(n, s + 1, shares), params[P_H], params[P_GX], params[P_GY], params[P_THRESHOLD], limit);
  }
}
