import type { AmrEntry } from "../tokens/access-token.ts";
import type { FactorRow } from "../users/factor-json.ts";
import type { Sql } from "../users/user-queries.ts";
import type { IdentityRow, UserRow } from "../users/user-row.ts";

/** Everything a session response needs about its user: the row, identities, factors and the session's amr. */
export interface SessionSubject {
  user: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
  amr: AmrEntry[];
}

/**
 * Columns for `from auth.users u`: the user row plus its identities, factors and the amr of the
 * session in parameter `$<sessionParam>`, aggregated as JSON so one round trip loads all four.
 */
export function sessionSubjectColumns(sessionParam: number): string {
  return `u.*,
    coalesce((select jsonb_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = u.id), '[]')
      as subject_identities,
    coalesce((select jsonb_agg(f order by f.created_at) from (
        select id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone, last_challenged_at
        from auth.mfa_factors where user_id = u.id) f), '[]')
      as subject_factors,
    coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method,
        'timestamp', floor(extract(epoch from c.updated_at))) order by c.updated_at desc)
        from auth.mfa_amr_claims c where c.session_id = $${sessionParam}), '[]')
      as subject_amr`;
}

/** A row selected with `sessionSubjectColumns`. */
export type SessionSubjectRow = UserRow & {
  subject_identities: JsonRow[];
  subject_factors: JsonRow[];
  subject_amr: AmrEntry[];
};

type JsonRow = Record<string, unknown>;

/**
 * The user with identities, factors and the session's amr, in one query.
 * @example const subject = await loadSessionSubject(client, user.id, session.id);
 */
export async function loadSessionSubject(
  sql: Sql,
  userId: string,
  sessionId: string,
): Promise<SessionSubject | undefined> {
  const { rows } = await sql.query<SessionSubjectRow>(
    `select ${sessionSubjectColumns(2)} from auth.users u where u.id = $1`,
    [userId, sessionId],
  );
  return rows[0] ? sessionSubjectFromRow(rows[0]) : undefined;
}

/** Splits a `sessionSubjectColumns` row; JSON timestamps become Dates as pg would have parsed them. */
export function sessionSubjectFromRow(row: SessionSubjectRow): SessionSubject {
  const { subject_identities, subject_factors, subject_amr, ...user } = row;
  return sessionSubjectFromParts(withoutExtraColumns(user), { subject_identities, subject_factors, subject_amr });
}

/** The aggregated columns of `sessionSubjectColumns`, as a statement answers them beside a user row. */
export type SessionSubjectParts = Pick<SessionSubjectRow, "subject_identities" | "subject_factors" | "subject_amr">;

/**
 * A subject from a user row that is already only `auth.users` columns (read as JSON, say) and the
 * aggregated columns beside it: no copy of the row to strip them again.
 * @example const subject = sessionSubjectFromParts(userRowFromJson(row.refresh_user), row);
 */
export function sessionSubjectFromParts(user: UserRow, parts: SessionSubjectParts): SessionSubject {
  return {
    user,
    identities: parts.subject_identities.map((identity) =>
      withDates(identity, ["last_sign_in_at", "created_at", "updated_at"]),
    ),
    factors: parts.subject_factors.map((factor) =>
      withDates(factor, ["created_at", "updated_at", "last_challenged_at"]),
    ),
    amr: parts.subject_amr.map((entry) => ({ method: entry.method, timestamp: Number(entry.timestamp) })),
  };
}

/** Keeps only `auth.users` columns when a query added its own next to `u.*`. */
function withoutExtraColumns(row: UserRow & JsonRow): UserRow {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !EXTRA_COLUMN.test(name))) as unknown as UserRow;
}

/** Columns the auth queries add beside `u.*` carry one of these prefixes. */
const EXTRA_COLUMN = /^(subject|refresh)_/;

function withDates<T>(row: JsonRow, names: readonly string[]): T {
  const copy: JsonRow = { ...row };
  for (const name of names) {
    const value = copy[name];
    copy[name] = typeof value === "string" ? new Date(value) : null;
  }
  return copy as T;
}
