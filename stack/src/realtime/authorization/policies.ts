import type pg from "pg";
import type { Database } from "../../db/index.ts";
import type { Claims } from "../channel/token.ts";

export type Extension = "broadcast" | "presence";

export interface ReadPermissions {
  broadcast: boolean;
  presence: boolean;
}

/**
 * Asks the project's policies on `realtime.messages` whether a private channel may receive, the
 * way upstream's `authorization.ex` does: probe rows are inserted as the service, then selected as
 * the caller (role, claims, `realtime.topic`) and everything is rolled back. A policy that errors
 * counts as denied.
 * @example const read = await readPermissions(db, claims, "room-1");
 */
export async function readPermissions(db: Database, claims: Claims, subTopic: string): Promise<ReadPermissions> {
  return probe(
    db,
    claims,
    subTopic,
    async (client) => {
      const inserted = await client.query<{ id: string; extension: Extension }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)
       returning id, extension`,
        [subTopic],
      );
      await actAs(client, claims, subTopic);
      const visible = await client.query<{ extension: Extension }>(
        "select extension from realtime.messages where id = any($1::uuid[])",
        [inserted.rows.map((row) => row.id)],
      );
      const seen = new Set(visible.rows.map((row) => row.extension));
      return { broadcast: seen.has("broadcast"), presence: seen.has("presence") };
    },
    { broadcast: false, presence: false },
  );
}

/** Whether the caller may send (`broadcast`) or track (`presence`) on a private topic: an INSERT as the caller. */
export async function canWrite(db: Database, claims: Claims, subTopic: string, extension: Extension): Promise<boolean> {
  return probe(
    db,
    claims,
    subTopic,
    async (client) => {
      await actAs(client, claims, subTopic);
      await client.query("insert into realtime.messages (topic, extension, private) values ($1, $2, true)", [
        subTopic,
        extension,
      ]);
      return true;
    },
    false,
  );
}

async function probe<T>(
  db: Database,
  claims: Claims,
  subTopic: string,
  work: (client: pg.PoolClient) => Promise<T>,
  denied: T,
): Promise<T> {
  const client = await db.admin.connect();
  try {
    await client.query("begin");
    return await work(client);
  } catch {
    return denied;
  } finally {
    await client.query("rollback").catch(() => undefined);
    client.release();
  }
}

async function actAs(client: pg.PoolClient, claims: Claims, subTopic: string): Promise<void> {
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
            set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', $1, true),
            set_config('request.headers', '{}', true)`,
    [claims.role, subTopic, JSON.stringify(claims), typeof claims.sub === "string" ? claims.sub : ""],
  );
}
