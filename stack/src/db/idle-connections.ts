import type pg from "pg";

/**
 * Closes every connection `pool` holds idle right now; those in use stay and return to the pool as
 * usual, and the next query opens a connection again (a few milliseconds). pg's pool would close
 * them itself after `idleTimeoutMillis`; this does it at once, for connections a burst of work
 * (the stack's start) opened and nothing needs now.
 * @example await closeIdleConnections(db.admin); // after start-up
 */
export async function closeIdleConnections(pool: pg.Pool): Promise<void> {
  const taken: pg.PoolClient[] = [];
  // The pool hands out an idle client whenever it has one, so this takes exactly the idle ones.
  while (pool.idleCount > 0) taken.push(await pool.connect());
  for (const client of taken) client.release(true);
}
