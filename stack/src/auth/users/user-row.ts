/** A row of `auth.users` as pg returns it. Text columns may be NULL when seeded by SQL. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  banned_until: Date | null;
  is_sso_user: boolean;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
}

export const isBanned = (user: UserRow, now = new Date()) => user.banned_until !== null && user.banned_until > now;
export const isEmailConfirmed = (user: UserRow) => user.email_confirmed_at !== null;
export const isPhoneConfirmed = (user: UserRow) => user.phone_confirmed_at !== null;
export const hasPassword = (user: UserRow) => (user.encrypted_password ?? "") !== "";

/** The `timestamptz` columns of `auth.users`, which JSON (`to_jsonb(u)`) carries as ISO strings. */
const USER_TIME_COLUMNS = [
  "email_confirmed_at",
  "invited_at",
  "confirmation_sent_at",
  "recovery_sent_at",
  "email_change_sent_at",
  "last_sign_in_at",
  "created_at",
  "updated_at",
  "phone_confirmed_at",
  "phone_change_sent_at",
  "confirmed_at",
  "reauthentication_sent_at",
  "banned_until",
  "deleted_at",
] as const satisfies readonly (keyof UserRow)[];

/**
 * A user row read as JSON (`to_jsonb(u)`) with its timestamps as Dates, as pg parses a `select u.*` row.
 * @example const user = userRowFromJson(row.refresh_user);
 */
export function userRowFromJson(json: Record<string, unknown>): UserRow {
  const row: Record<string, unknown> = { ...json };
  for (const column of USER_TIME_COLUMNS) {
    const value = row[column];
    row[column] = typeof value === "string" ? new Date(value) : null;
  }
  return row as unknown as UserRow;
}
