/**
 * A Node worker pool for one test file: started before its tests, ended after them. Returns a
 * getter, as the pool exists only once `beforeAll` has run.
 */
import { afterAll, beforeAll } from 'vitest';
import { createNodePool, type NodePool } from './node-pool';

export function poolForFile(size: number): () => NodePool {
  let pool: NodePool | undefined;
  beforeAll(async () => {
    pool = await createNodePool(size);
  });
  afterAll(async () => {
    await pool?.close();
  });
  return () => {
    if (pool === undefined) throw new Error('poolForFile: the pool starts in beforeAll; use it inside a test');
    return pool;
  };
}
