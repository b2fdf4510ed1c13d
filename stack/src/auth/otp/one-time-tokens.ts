import { randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";
import { updateUser } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { newOtp, tokenHash } from "../tokens/random.ts";

/** The token slots of a user (auth: models.OneTimeTokenType) with their column and sent-at column. */
export const TOKEN_SLOTS = {
  confirmation: { column: "confirmation_token", sentAt: "confirmation_sent_at", type: "confirmation_token" },
  recovery: { column: "recovery_token", sentAt: "recovery_sent_at", type: "recovery_token" },
  email_change_new: {
    column: "email_change_token_new",
    sentAt: "email_change_sent_at",
    type: "email_change_token_new",
  },
  email_change_current: {
    column: "email_change_token_current",
    sentAt: "email_change_sent_at",
    type: "email_change_token_current",
  },
  reauthentication: {
    column: "reauthentication_token",
    sentAt: "reauthentication_sent_at",
    type: "reauthentication_token",
  },
  phone_change: { column: "phone_change_token", sentAt: "phone_change_sent_at", type: "phone_change_token" },
} as const;

export type TokenSlot = keyof typeof TOKEN_SLOTS;

export interface IssuedToken {
  otp: string;
  /** What is stored and put in links: hex SHA-224, `pkce_`-prefixed for PKCE flows. */
  hash: string;
  user: UserRow;
}

/**
 * Issues a fresh OTP in a slot: stores its hash on the user row and in `auth.one_time_tokens`
 * (one per user and type, `relates_to` = the address it goes to) and stamps `<slot>_sent_at`.
 * @example const { otp, hash } = await issueToken(client, user, "confirmation", user.email, 6, false);
 */
export async function issueToken(
  sql: Sql,
  user: UserRow,
  slot: TokenSlot,
  relatesTo: string,
  length: number,
  pkce: boolean,
): Promise<IssuedToken> {
  const otp = newOtp(length);
  const hash = `${pkce ? "pkce_" : ""}${tokenHash(relatesTo, otp)}`;
  const { column, sentAt, type } = TOKEN_SLOTS[slot];
  await sql.query("delete from auth.one_time_tokens where user_id = $1 and token_type = $2", [user.id, type]);
  await sql.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())`,
    [randomUUID(), user.id, type, hash, relatesTo],
  );
  const updated = await updateUser(sql, user.id, { [column]: hash, [sentAt]: new Date() });
  return { otp, hash, user: updated };
}

/** Clears one slot (column and one_time_tokens row). */
export async function clearToken(sql: Sql, userId: string, slot: TokenSlot): Promise<void> {
  const { column, type } = TOKEN_SLOTS[slot];
  await sql.query(`update auth.users set ${column} = '' where id = $1`, [userId]);
  await sql.query("delete from auth.one_time_tokens where user_id = $1 and token_type = $2", [userId, type]);
}

/** Any confirmation, recovery or password change invalidates every pending token. */
export async function clearAllTokens(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
       email_change_token_current = '', reauthentication_token = '', phone_change_token = '' where id = $1`,
    [userId],
  );
  await sql.query("delete from auth.one_time_tokens where user_id = $1", [userId]);
}

export interface TokenMatch {
  user: UserRow;
  slot: TokenSlot;
  relatesTo: string;
}

/** Finds a pending token by its stored hash (with or without `pkce_`), in the given slots. */
export async function findByHash(sql: Sql, hash: string, slots: readonly TokenSlot[]): Promise<TokenMatch | undefined> {
  const types = slots.map((slot) => TOKEN_SLOTS[slot].type);
  const { rows } = await sql.query<{ user_id: string; token_type: string; relates_to: string }>(
    `select user_id, token_type::text, relates_to from auth.one_time_tokens
     where (token_hash = $1 or token_hash = 'pkce_' || $1) and token_type::text = any($2) limit 1`,
    [hash.replace(/^pkce_/, ""), types],
  );
  const row = rows[0];
  if (!row) return undefined;
  const user = (await sql.query<UserRow>("select * from auth.users where id = $1 for update", [row.user_id])).rows[0];
  const slot = (Object.keys(TOKEN_SLOTS) as TokenSlot[]).find((key) => TOKEN_SLOTS[key].type === row.token_type);
  return user && slot ? { user, slot, relatesTo: row.relates_to } : undefined;
}

/** Whether the slot's token is still within its expiry (`<slot>_sent_at + otp_exp`). */
export function tokenFresh(user: UserRow, slot: TokenSlot, expirySeconds: number, now = Date.now()): boolean {
  const sentAt = user[TOKEN_SLOTS[slot].sentAt] as Date | null;
  return sentAt !== null && now <= sentAt.getTime() + expirySeconds * 1000;
}
