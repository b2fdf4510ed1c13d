// One exchange (`one-sync-exchange.ts`) on a connection borrowed from a pool, for a service that
// runs a hot statement of its own outside a caller's transaction (auth's token refresh): the
// statement commits by itself at the Sync, a name is parsed once per connection and then only
// bound, its rows are built from the remembered row description, and its messages go to the
// socket in one write — where `pool.query` sends Describe every time, spreads a template object
// per row and writes each message through the stream's cork.

import type pg from "pg";
import { sendInOneSync, type ExchangeStatement } from "./one-sync-exchange.ts";

export type { ExchangeStatement } from "./one-sync-exchange.ts";

/**
 * Sends `statements` under one Sync on a connection of `pool` and gives the connection back: one
 * result per statement, or the first statement's error (then nothing of them was kept). As
 * `pool.query` does, a connection whose exchange failed is closed rather than reused.
 * @example const [result] = await sendOnPool(pool, [{ name: "auth_refresh", text, values }]);
 */
export async function sendOnPool(pool: pg.Pool, statements: readonly ExchangeStatement[]): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  try {
    const results = await sendInOneSync(client, statements);
    client.release();
    return results;
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
