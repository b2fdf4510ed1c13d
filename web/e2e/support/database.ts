/**
 * Direct database access for what no API can arrange: making a session look old, as if the
 * person had signed in yesterday. Tests still assert only what the app and its API show.
 */
import pg from "pg";

/** Moves every session of `userId` `hours` into the past (GoTrue compares `auth.sessions.created_at`). */
export async function ageSessions(databaseUrl: string, userId: string, hours: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("update auth.sessions set created_at = created_at - make_interval(hours => $2) where user_id = $1", [userId, hours]);
  } finally {
    await client.end();
  }
}
