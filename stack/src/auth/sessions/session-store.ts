import { randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  factor_id: string | null;
  aal: string | null;
  not_after: Date | null;
  refreshed_at: Date | null;
  user_agent: string | null;
  ip: string | null;
}

/** `refreshed_at` is `timestamp without time zone` (as hosted); read it as UTC whatever Node's TZ is. */
export const SESSION_COLUMNS = `id, user_id, created_at, updated_at, factor_id, aal, not_after,
  refreshed_at at time zone 'UTC' as refreshed_at, user_agent, host(ip) as ip`;

/** A session row read as JSON (`to_jsonb` of `SESSION_COLUMNS`), its timestamps as Dates. */
export function sessionRowFromJson(json: Record<keyof SessionRow, string | null>): SessionRow {
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    id: json.id as string,
    user_id: json.user_id as string,
    created_at: date(json.created_at) as Date,
    updated_at: date(json.updated_at) as Date,
    factor_id: json.factor_id,
    aal: json.aal,
    not_after: date(json.not_after),
    refreshed_at: date(json.refreshed_at),
    user_agent: json.user_agent,
    ip: json.ip,
  };
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A new aal1 session with its first amr claim (auth: models.NewSession, AddClaimToSession). */
export async function insertSession(sql: Sql, userId: string, method: string, client: ClientInfo): Promise<SessionRow> {
  const { rows } = await sql.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, created_at, updated_at)
     values ($1, $2, 'aal1', $3, $4, now(), now()) returning ${SESSION_COLUMNS}`,
    [randomUUID(), userId, client.userAgent, client.ip],
  );
  const session = rows[0] as SessionRow;
  await addAmrClaim(sql, session.id, method);
  return session;
}

export async function addAmrClaim(sql: Sql, sessionId: string, method: string): Promise<void> {
  await sql.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values ($1, $2, $3, now(), now())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

export async function findSession(sql: Sql, id: string, lock = false): Promise<SessionRow | undefined> {
  const { rows } = await sql.query<SessionRow>(
    `select ${SESSION_COLUMNS} from auth.sessions where id = $1${lock ? " for update" : ""}`,
    [id],
  );
  return rows[0];
}

/** Methods that make a session a "recovery session". */
export const RECOVERY_METHODS = new Set(["otp", "magiclink", "recovery"]);
