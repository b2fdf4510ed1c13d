import type pg from "pg";
import { SESSION_COLUMNS, type SessionRow } from "./session-store.ts";
import {
  sessionSubjectColumns,
  sessionSubjectFromRow,
  type SessionSubject,
  type SessionSubjectRow,
} from "./session-subject.ts";

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: Date;
}

/** What a refresh decides on, read after both locks are held. */
export interface RefreshState {
  subject: SessionSubject;
  session: SessionRow | undefined;
  /** The session's newest live token (the successor a lost response should get back). */
  active: { token: string; parent: string | null } | undefined;
}

/**
 * Locks the refresh token and then its session, in that order, in one round trip; concurrent
 * refreshes of one session queue here (matches GoTrue: the token row, then the session row, `FOR UPDATE`).
 */
export async function lockRefreshToken(sql: pg.PoolClient, token: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await sql.query<RefreshTokenRow & { refresh_session_locked: boolean | null }>({
    name: "auth-refresh-lock",
    text: `with locked as (
       select id, token, user_id, revoked, parent, session_id, updated_at
       from auth.refresh_tokens where token = $1 for update)
     select locked.*,
       (select true from auth.sessions s where s.id = locked.session_id for update) as refresh_session_locked
     from locked`,
    values: [token],
  });
  const row = rows[0];
  if (!row) return undefined;
  const { refresh_session_locked: _locked, ...tokenRow } = row;
  return tokenRow;
}

/**
 * The user (with identities, factors and the session's amr), the session and its live token in one
 * query. Runs as its own statement after `lockRefreshToken`, so it sees what a refresh that held
 * the locks before us committed.
 */
export async function loadRefreshState(sql: pg.PoolClient, token: RefreshTokenRow): Promise<RefreshState | undefined> {
  const { rows } = await sql.query<
    SessionSubjectRow & { refresh_session: SessionJsonRow | null; refresh_active: RefreshState["active"] | null }
  >({
    name: "auth-refresh-load",
    text: `select ${sessionSubjectColumns(2)},
       (select to_jsonb(s) from (select ${SESSION_COLUMNS} from auth.sessions where id = $2) s) as refresh_session,
       (select jsonb_build_object('token', r.token, 'parent', r.parent) from auth.refresh_tokens r
         where r.session_id = $2 and r.revoked = false order by r.id desc limit 1) as refresh_active
     from auth.users u where u.id = $1`,
    values: [token.user_id, token.session_id],
  });
  const row = rows[0];
  if (!row) return undefined;
  return {
    subject: sessionSubjectFromRow(row),
    session: row.refresh_session ? sessionFromJson(row.refresh_session) : undefined,
    active: row.refresh_active ?? undefined,
  };
}

type SessionJsonRow = Record<keyof SessionRow, string | null>;

function sessionFromJson(json: SessionJsonRow): SessionRow {
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
