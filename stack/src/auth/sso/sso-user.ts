import { randomUUID } from "node:crypto";
import { AuthError, ErrorCode, userBanned } from "../errors.ts";
import { insertIdentity } from "../external/identity-store.ts";
import { findUserById, insertUser, updateUser, type Sql } from "../users/user-queries.ts";
import { isBanned, type UserRow } from "../users/user-row.ts";

/** Claims with a field of their own in GoTrue's provider.Claims; others go under `custom_claims`. */
const STANDARD_CLAIMS = new Set([
  "iss",
  "sub",
  "aud",
  "iat",
  "exp",
  "name",
  "family_name",
  "given_name",
  "middle_name",
  "nickname",
  "preferred_username",
  "profile",
  "picture",
  "website",
  "gender",
  "birthdate",
  "zoneinfo",
  "locale",
  "updated_at",
  "email",
  "email_verified",
  "phone",
  "phone_verified",
  "full_name",
  "avatar_url",
  "slug",
  "provider_id",
  "user_name",
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
export function ssoIdentityData(input: SsoIdentityInput): Record<string, unknown> & { sub: string } {
  const standard: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.claims)) (STANDARD_CLAIMS.has(key) ? standard : custom)[key] = value;
  const data = {
    ...standard,
    iss: input.entityId,
    sub: input.userId,
    email: input.email,
    email_verified: true,
    phone_verified: false,
  };
  return Object.keys(custom).length > 0 ? { ...data, custom_claims: custom } : data;
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
    await sql.query(
      "update auth.identities set identity_data = $3, updated_at = now() where provider = $1 and provider_id = $2",
      [provider, input.userId, JSON.stringify(identityData)],
    );
    return updateUser(sql, user.id, {
      raw_user_meta_data: { ...(user.raw_user_meta_data ?? {}), ...identityData },
      ...(user.email_confirmed_at === null ? { email_confirmed_at: new Date() } : {}),
    });
  }
  const id = randomUUID();
  try {
    const user = await insertUser(sql, {
      id,
      email: input.email.toLowerCase(),
      phone: null,
      encrypted_password: "",
      raw_app_meta_data: { provider, providers: [provider] },
      raw_user_meta_data: identityData,
      is_sso_user: true,
      email_confirmed_at: new Date(),
    });
    await insertIdentity(sql, id, provider, identityData);
    return user;
  } catch (error) {
    throw new AuthError(500, ErrorCode.unexpected_failure, "Database error saving new user", undefined, error);
  }
}
