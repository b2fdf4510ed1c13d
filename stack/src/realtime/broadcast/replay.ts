import type { Database } from "../../db/index.ts";
import { replayFailed } from "../errors.ts";
import type { BroadcastBody } from "../protocol/message.ts";

/**
 * Stored private broadcasts of a topic since `since` (ms epoch), newest `limit` picked and pushed
 * oldest first with `meta: {replayed: true, id}`.
 */
export async function replayMessages(
  db: Database,
  subTopic: string,
  replay: { since: number; limit: number },
): Promise<BroadcastBody[]> {
  try {
    const { rows } = await db.admin.query<{
      id: string;
      event: string | null;
      payload: unknown;
      binary_payload: Buffer | null;
    }>(
      `select * from (
         select id, event, payload, binary_payload, inserted_at from realtime.messages
         where topic = $1 and private is true and extension = 'broadcast'
           and inserted_at >= (to_timestamp($2::double precision / 1000) at time zone 'utc')
         order by inserted_at desc limit $3
       ) newest order by inserted_at asc`,
      [subTopic, replay.since, replay.limit],
    );
    return rows.map((row) => ({
      origin: "user",
      event: row.event ?? "",
      encoding: row.binary_payload ? "binary" : "json",
      payload: row.binary_payload ?? Buffer.from(JSON.stringify(row.payload)),
      meta: { replayed: true, id: row.id },
    }));
  } catch {
    throw replayFailed();
  }
}
