import { randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";

/** GoTrue's audit actions (auth: internal/models/audit_log_entry.go). */
export type AuditAction =
  | "login"
  | "logout"
  | "user_signedup"
  | "user_confirmation_requested"
  | "user_recovery_requested"
  | "user_reauthenticate_requested"
  | "user_invited"
  | "user_updated_password"
  | "user_modified"
  | "user_deleted"
  | "token_refreshed"
  | "token_revoked"
  | "user_repeated_signup"
  | "factor_in_progress"
  | "factor_unenrolled"
  | "challenge_created"
  | "verification_attempted"
  | "identity_linked"
  | "identity_unlinked"
  | "invite_accepted"
  | "passkey_created"
  | "passkey_updated"
  | "passkey_deleted";

export interface AuditEntry {
  actor: Pick<UserRow, "id" | "email" | "phone">;
  action: AuditAction;
  logType: "account" | "team" | "token" | "user" | "factor";
  ip: string | null;
  traits?: Record<string, unknown>;
}

/** One `auth.audit_log_entries` row with GoTrue's payload shape. */
export async function recordAudit(sql: Sql, entry: AuditEntry): Promise<void> {
  const row = auditRow(entry);
  await sql.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, now(), $3)`,
    [row.id, row.payload, row.ipAddress],
  );
}

/** The values of an audit row, for statements that write it together with other changes. */
export function auditRow(entry: AuditEntry): { id: string; payload: string; ipAddress: string } {
  const payload = {
    actor_id: entry.actor.id,
    actor_username: entry.actor.email || entry.actor.phone || "",
    actor_via_sso: false,
    action: entry.action,
    log_type: entry.logType,
    ...(entry.traits ? { traits: entry.traits } : {}),
  };
  return { id: randomUUID(), payload: JSON.stringify(payload), ipAddress: entry.ip ?? "" };
}
