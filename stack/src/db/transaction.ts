import type pg from "pg";

/**
 * Runs `work` in one transaction on a client from `pool`: committed when it resolves, rolled back
 * when it throws, and the client always released.
 * @example const user = await inTransaction(db.admin, (client) => insertUser(client, row));
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  beginStatement = "begin",
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(beginStatement);
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
