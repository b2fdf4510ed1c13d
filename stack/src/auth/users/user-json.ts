import type { IdentityRow, UserRow } from "./user-row.ts";

const time = (value: Date | null) => (value === null ? undefined : value.toISOString());

/** An identity as GoTrue serialises it (auth: internal/models/identity.go). */
export function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: time(identity.last_sign_in_at),
    created_at: time(identity.created_at),
    updated_at: time(identity.updated_at),
    ...(identity.email ? { email: identity.email } : {}),
  };
}

/**
 * A user as GoTrue serialises it (auth: internal/models/user.go): identifiers as "",
 * optional timestamps only when set, no hashes or tokens.
 */
export function userJson(user: UserRow, identities: readonly IdentityRow[]) {
  const optional: Record<string, unknown> = {
    email_confirmed_at: time(user.email_confirmed_at),
    phone_confirmed_at: time(user.phone_confirmed_at),
    confirmation_sent_at: time(user.confirmation_sent_at),
    recovery_sent_at: time(user.recovery_sent_at),
    email_change_sent_at: time(user.email_change_sent_at),
    new_email: user.email_change || undefined,
    phone_change_sent_at: time(user.phone_change_sent_at),
    new_phone: user.phone_change || undefined,
    reauthentication_sent_at: time(user.reauthentication_sent_at),
    invited_at: time(user.invited_at),
    confirmed_at: time(user.confirmed_at),
    last_sign_in_at: time(user.last_sign_in_at),
    banned_until: time(user.banned_until),
    deleted_at: time(user.deleted_at),
  };
  return {
    id: user.id,
    aud: user.aud ?? "",
    role: user.role ?? "",
    email: user.email ?? "",
    phone: user.phone ?? "",
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: time(user.created_at),
    updated_at: time(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;
