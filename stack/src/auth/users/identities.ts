import { randomUUID } from "node:crypto";
import type { Sql } from "./user-queries.ts";
import { listIdentities, updateUser } from "./user-queries.ts";
import type { IdentityRow, UserRow } from "./user-row.ts";

/**
 * Creates or replaces the user's identity for a provider. Email/phone identities use the user id as
 * provider_id.
 */
export async function upsertIdentity(
  sql: Sql,
  userId: string,
  provider: string,
  identityData: Record<string, unknown>,
): Promise<IdentityRow> {
  const { rows } = await sql.query<IdentityRow>(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $5, $3, $4, now(), now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()
     returning *`,
    [randomUUID(), userId, JSON.stringify(identityData), provider, userId],
  );
  return rows[0] as IdentityRow;
}

/** Merges keys into an identity's data (e.g. `email_verified: true` on confirmation). */
export async function patchIdentityData(
  sql: Sql,
  userId: string,
  provider: string,
  patch: Record<string, unknown>,
): Promise<void> {
  await sql.query(
    "update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now() where user_id = $1 and provider = $2",
    [userId, provider, JSON.stringify(patch)],
  );
}

/**
 * Recomputes `app_metadata.provider`/`providers` from the identities, in creation order, keeping
 * custom keys (auth: models.User.UpdateAppMetaDataProviders).
 */
export async function syncProviders(sql: Sql, user: UserRow): Promise<UserRow> {
  const identities = await listIdentities(sql, user.id);
  const providers = [...new Set(identities.map((identity) => identity.provider))];
  const app = { ...(user.raw_app_meta_data ?? {}) };
  if (providers.length > 0) {
    app.provider = providers[0];
    app.providers = providers;
  }
  return updateUser(sql, user.id, { raw_app_meta_data: app });
}
