import { randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";
import type { IdentityRow } from "../users/user-row.ts";

export async function findIdentity(sql: Sql, providerId: string, provider: string): Promise<IdentityRow | undefined> {
  const { rows } = await sql.query<IdentityRow>(
    "select * from auth.identities where provider_id = $1 and provider = $2",
    [providerId, provider],
  );
  return rows[0];
}

/** GoTrue's createNewIdentity: provider_id is the identity data's `sub`. */
export async function insertIdentity(
  sql: Sql,
  userId: string,
  provider: string,
  data: Record<string, unknown> & { sub: string },
): Promise<IdentityRow> {
  const { rows } = await sql.query<IdentityRow>(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now()) returning *`,
    [randomUUID(), data.sub, userId, JSON.stringify(data), provider],
  );
  return rows[0] as IdentityRow;
}

/** A returning sign-in refreshes the identity's data (auth: AccountExists → identity_data, last_sign_in_at). */
export async function refreshIdentity(sql: Sql, identityId: string, data: Record<string, unknown>): Promise<void> {
  await sql.query(
    "update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1",
    [identityId, JSON.stringify(data)],
  );
}
