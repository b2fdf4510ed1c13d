import { randomUUID } from "node:crypto";
import { AuthError, ErrorCode, userBanned } from "../errors.ts";
import type { Sql } from "../users/user-queries.ts";
import { findUserById, updateUser } from "../users/user-queries.ts";
import { isBanned, type UserRow } from "../users/user-row.ts";

/** Claims with a field of their own in GoTrue's provider.Claims; others go under `custom_claims`. */
const STANDARD_CLAIMS = new Set([
  "iss", "sub", "aud", "iat", "exp", "name", "family_name", "given_name", "middle_name", "nickname", "preferred_username", "profile",
  "picture", "website", "gender", "birthdate", "zoneinfo", "locale", "updated_at", "email", "email_verified", "phone", "phone_verified",
  "full_name", "avatar_url", "slug", "provider_id", "user_name",
]);

export interface SsoIdentityInput {
  providerId: string;
  entityId: string;
  userId: string;
  email: string;
  claims: Record<string, unknown>;
}

/**
 * identity_data as GoTrue builds it for SAML (samlacs.go → provider.Claims → structs.Map): iss =
 * IdP entity ID, sub = SAML user id, the email (verified), mapped standard claims at the top level,
 * other mapped claims under `custom_claims`.
 */
export function ssoIdentityData(input: SsoIdentityInput): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.claims)) (STANDARD_CLAIMS.has(key) ? data : custom)[key] = value;
  Object.assign(data, { iss: input.entityId, sub: input.userId, email: input.email, email_verified: true, phone_verified: false });
  if (Object.keys(custom).length > 0) data.custom_claims = custom;
  return data;
}

/**
 * The user behind an SSO identity (auth: createAccountFromExternalIdentity with provider
 * `sso:<provider id>`): SSO providers are their own linking domain, so only an identity of the same
 * provider and subject matches. Found → identity data refreshed and merged into user_metadata;
 * otherwise a new SSO user (`is_sso_user`, email confirmed, app_metadata `{provider, providers}`).
 */
export async function findOrCreateSsoUser(sql: Sql, input: SsoIdentityInput): Promise<UserRow> {
  const provider = `sso:${input.providerId}`;
  const identityData = ssoIdentityData(input);
  const { rows } = await sql.query<{ user_id: string }>(
    "select user_id from auth.identities where provider = $1 and provider_id = $2 for update",
    [provider, input.userId],
  );
  const existingId = rows[0]?.user_id;
  if (existingId) {
    const user = await findUserById(sql, existingId, true);
    if (!user) throw new AuthError(500, ErrorCode.unexpected_failure, "SSO identity without a user");
    if (isBanned(user)) throw userBanned(403);
    await sql.query("update auth.identities set identity_data = $3, updated_at = now() where provider = $1 and provider_id = $2", [
      provider,
      input.userId,
      JSON.stringify(identityData),
    ]);
    return updateUser(sql, user.id, {
      raw_user_meta_data: { ...(user.raw_user_meta_data ?? {}), ...identityData },
      ...(user.email_confirmed_at === null ? { email_confirmed_at: new Date() } : {}),
    });
  }
  const id = randomUUID();
  try {
    await sql.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, is_sso_user,
         is_anonymous, email_confirmed_at, confirmation_token, recovery_token, email_change_token_new, email_change,
         email_change_token_current, phone_change, phone_change_token, reauthentication_token, is_super_admin, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', $3, $4, true, false, now(),
         '', '', '', '', '', '', '', '', false, now(), now())`,
      [id, input.email.toLowerCase(), JSON.stringify({ provider, providers: [provider] }), JSON.stringify(identityData)],
    );
    await sql.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now(), now())`,
      [randomUUID(), input.userId, id, JSON.stringify(identityData), provider],
    );
  } catch (error) {
    throw new AuthError(500, ErrorCode.unexpected_failure, "Database error saving new user", undefined, error);
  }
  const user = await findUserById(sql, id);
  if (!user) throw new AuthError(500, ErrorCode.unexpected_failure, "Database error saving new user");
  return user;
}
