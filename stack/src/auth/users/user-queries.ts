import type pg from "pg";
import type { IdentityRow, UserRow } from "./user-row.ts";
import { quoteIdent } from "../../db/index.ts";

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Sql = Pick<pg.ClientBase, "query">;

export async function findUserById(sql: Sql, id: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(`select * from auth.users where id = $1${lock ? " for update" : ""}`, [id]);
  return rows[0];
}

/** Email lookups ignore SSO users, as GoTrue's FindUserByEmailAndAudience does. */
export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(
    "select * from auth.users where lower(email) = lower($1) and aud = 'authenticated' and is_sso_user = false limit 1",
    [email],
  );
  return rows[0];
}

export async function findUserByPhone(sql: Sql, phone: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(
    "select * from auth.users where phone = $1 and aud = 'authenticated' limit 1",
    [phone],
  );
  return rows[0];
}

export async function listIdentities(sql: Sql, userId: string): Promise<IdentityRow[]> {
  const { rows } = await sql.query<IdentityRow>(
    "select * from auth.identities where user_id = $1 order by created_at, id",
    [userId],
  );
  return rows;
}

/** Columns a domain function may set; `updated_at` is always stamped. */
export type UserChanges = Partial<Omit<UserRow, "id" | "confirmed_at" | "created_at" | "updated_at">>;

/**
 * Updates columns of one user and re-reads the row (triggers may change it, as on hosted).
 * @example await updateUser(client, user.id, { last_sign_in_at: new Date() });
 */
export async function updateUser(sql: Sql, id: string, changes: UserChanges): Promise<UserRow> {
  const names = Object.keys(changes);
  const sets = names.map((name, i) => `${quoteIdent(name)} = $${i + 2}`);
  const values = names.map((name) => {
    const value = (changes as Record<string, unknown>)[name];
    return name.startsWith("raw_") ? JSON.stringify(value ?? {}) : value;
  });
  const { rows } = await sql.query<UserRow>(
    `update auth.users set ${[...sets, "updated_at = now()"].join(", ")} where id = $1 returning *`,
    [id, ...values],
  );
  const row = rows[0];
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

export interface NewUser {
  id: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  role?: string;
  aud?: string;
  is_anonymous?: boolean;
  /** SSO users may share an email with other users (the unique email index skips them). */
  is_sso_user?: boolean;
  email_confirmed_at?: Date | null;
  phone_confirmed_at?: Date | null;
  invited_at?: Date | null;
  banned_until?: Date | null;
}

/** Inserts a user with GoTrue's column defaults ('' for tokens, never NULL) and re-reads it. */
export async function insertUser(sql: Sql, user: NewUser): Promise<UserRow> {
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data, raw_user_meta_data,
       is_anonymous, is_sso_user, email_confirmed_at, phone_confirmed_at, invited_at, banned_until, confirmation_token, recovery_token,
       email_change_token_new, email_change, email_change_token_current, phone_change, phone_change_token,
       reauthentication_token, is_super_admin, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
       '', '', '', '', '', '', '', '', false, now(), now())`,
    [
      user.id,
      user.aud ?? "authenticated",
      user.role ?? "authenticated",
      user.email,
      user.phone,
      user.encrypted_password,
      JSON.stringify(user.raw_app_meta_data),
      JSON.stringify(user.raw_user_meta_data),
      user.is_anonymous ?? false,
      user.is_sso_user ?? false,
      user.email_confirmed_at ?? null,
      user.phone_confirmed_at ?? null,
      user.invited_at ?? null,
      user.banned_until ?? null,
    ],
  );
  const row = await findUserById(sql, user.id);
  if (!row) throw new Error("inserted user not found");
  return row;
}
