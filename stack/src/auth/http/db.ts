import type pg from "pg";

/**
 * Runs `work` in one transaction on the pool (auth's own tables, as supabase_auth_admin would).
 * @example const user = await inTransaction(pool, (client) => insertUser(client, row));
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
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
