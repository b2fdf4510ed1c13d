/**
 * A conversation's past, arranged in the database: no API lets a client choose when its message
 * was written, and a timeline's grouping, day headings and paging depend on exactly that. Tests
 * still assert only what the app shows.
 */
import pg from "pg";

/**
 * Writes `bodies` into the channel as `authorId`'s, oldest first, `minutesApart` minutes apart,
 * the newest `minutesApart` minutes ago (the platform may set `created_at`; clients may not).
 */
export async function writeHistory(
  databaseUrl: string,
  channel: { channelId: string; authorId: string },
  bodies: readonly string[],
  minutesApart = 1,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into public.messages (channel_id, author_id, body, created_at)
       select $1, $2, body, now() - make_interval(mins => ($4 * (count - ordinality + 1))::int)
       from unnest($3::text[]) with ordinality as history(body, ordinality), (select cardinality($3::text[]) as count) as n`,
      [channel.channelId, channel.authorId, bodies, minutesApart],
    );
  } finally {
    await client.end();
  }
}

/** Moves messages `minutes` into the past, as if they had been written then. */
export async function backdateMessages(databaseUrl: string, ids: readonly string[], minutes: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      "update public.messages set created_at = created_at - make_interval(mins => $2) where id = any($1::uuid[])",
      [ids, minutes],
    );
  } finally {
    await client.end();
  }
}
