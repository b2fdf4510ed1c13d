import type pg from "pg";
import type { QueuedRequest, RecordedResponse } from "./perform-request.ts";

/** How many queued requests one round claims (pg_net's `pg_net.batch_size` default). */
export const BATCH_SIZE = 200;

/**
 * Takes up to `limit` requests off `net.http_request_queue`, oldest first, as pg_net does: a claimed
 * request is deleted, so it is performed at most once. Only committed requests are visible here.
 */
export async function claimRequests(pool: pg.Pool, limit = BATCH_SIZE): Promise<QueuedRequest[]> {
  const result = await pool.query<QueuedRequest>(
    `delete from net.http_request_queue
      where id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
      returning id::text as id, method, url, headers, body, timeout_milliseconds, params`,
    [limit],
  );
  return result.rows.sort((a, b) => Number(a.id) - Number(b.id));
}

export async function recordResponses(pool: pg.Pool, responses: readonly RecordedResponse[]): Promise<void> {
  if (responses.length === 0) return;
  await pool.query(
    `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
     select id, status_code, content_type, headers, content, timed_out, error_msg
       from jsonb_to_recordset($1::jsonb) as r(
         id bigint, status_code integer, content_type text, headers jsonb, content text, timed_out bool, error_msg text)`,
    [JSON.stringify(responses)],
  );
}

/** pg_net's clean-up: responses older than `pg_net.ttl` (default 6 hours) are deleted. */
export async function deleteExpiredResponses(pool: pg.Pool): Promise<void> {
  await pool.query(
    `delete from net._http_response
      where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval`,
  );
}

/** Whether the `net` tables exist (pg_net installed). */
export async function netInstalled(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query("select 1 from pg_catalog.pg_extension where extname = 'pg_net'");
  return result.rowCount === 1;
}
