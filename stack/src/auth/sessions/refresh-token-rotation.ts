import type pg from "pg";
import { auditRow, type AuditEntry } from "../audit/audit-log.ts";
import { newRefreshToken } from "../tokens/random.ts";
import type { ClientInfo, SessionRow } from "./session-store.ts";

/** What a successful refresh writes; the token decisions are `refreshTokenGrant`'s. */
export interface RefreshWrites {
  session: Pick<SessionRow, "id" | "user_id">;
  /** The presented token's row id when it was live and is now spent. */
  revokeId: string | undefined;
  /** The presented token when it gets a new child; undefined when an existing successor is returned. */
  childOf: string | undefined;
  client: ClientInfo;
  audit: AuditEntry;
}

/**
 * Spends the presented token, issues its child, stamps the session's `refreshed_at`, user agent and
 * IP, and writes the `token_refreshed` audit row — one statement, so one round trip.
 * Returns the new refresh token, or undefined when no child was issued.
 */
export async function writeRefresh(sql: pg.PoolClient, writes: RefreshWrites): Promise<string | undefined> {
  const child = writes.childOf === undefined ? null : newRefreshToken();
  const audit = auditRow(writes.audit);
  await sql.query({
    name: "auth-refresh-write",
    text: `with spent as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint
     ), issued as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', $2::text, $3::text, false, $4::text, $5::uuid, now(), now()
       where $2::text is not null
     ), touched as (
       update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $6, ip = $7
       where id = $5::uuid
     )
     insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $8, $9, now(), $10)`,
    values: [
      writes.revokeId ?? null,
      child,
      writes.session.user_id,
      writes.childOf ?? null,
      writes.session.id,
      writes.client.userAgent,
      writes.client.ip,
      audit.id,
      audit.payload,
      audit.ipAddress,
    ],
  });
  return child ?? undefined;
}
