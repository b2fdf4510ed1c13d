import { randomUUID } from "node:crypto";
import { AuthError, ErrorCode } from "../errors.ts";
import { upsertIdentity } from "./identities.ts";
import { insertUser, type Sql } from "./user-queries.ts";
import type { UserRow } from "./user-row.ts";

export interface CreateUserInput {
  email?: string;
  phone?: string;
  passwordHash: string;
  data: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  aud?: string;
  id?: string;
  invitedAt?: Date;
  bannedUntil?: Date | null;
  /**
   * `identity` (sign-up, also through /otp and magic links): the caller's data goes into the
   * identity too, and the identity's data becomes user_metadata (GoTrue's RemoveUnconfirmedIdentities).
   * `caller` (invite, generated sign-up links): user_metadata is the caller's data alone and the
   * identity holds only its claims.
   */
  metadataFrom?: "identity" | "caller";
}

/**
 * Creates a user the way GoTrue's signup does: one identity (`email` or `phone`,
 * provider_id = user id) whose identity_data becomes user_metadata (see `metadataFrom`), app_metadata
 * `{provider, providers}`. The row is inserted by SQL and re-read, so project triggers behave as
 * on hosted; a failing trigger answers 500 "Database error saving new user".
 */
export async function createUserWithIdentity(sql: Sql, input: CreateUserInput): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const provider = input.email ? "email" : "phone";
  const fromCaller = input.metadataFrom === "caller";
  const identityData: Record<string, unknown> = {
    ...(fromCaller ? {} : input.data),
    sub: id,
    ...(input.email ? { email: input.email } : { phone: input.phone }),
    email_verified: false,
    phone_verified: false,
  };
  try {
    await sql.query("savepoint create_user");
    await insertUser(sql, {
      id,
      email: input.email ?? null,
      phone: input.phone ?? null,
      encrypted_password: input.passwordHash,
      raw_app_meta_data: { provider, providers: [provider], ...input.appMetadata },
      raw_user_meta_data: fromCaller ? input.data : identityData,
      role: input.role,
      aud: input.aud,
      invited_at: input.invitedAt ?? null,
      banned_until: input.bannedUntil ?? null,
    });
    await upsertIdentity(sql, id, provider, identityData);
    await sql.query("release savepoint create_user");
  } catch (error) {
    await sql.query("rollback to savepoint create_user");
    const code = (error as { code?: string }).code;
    if (code === "23505") {
      throw new AuthError(422, ErrorCode.email_exists, "A user with this email address has already been registered");
    }
    throw new AuthError(500, ErrorCode.unexpected_failure, "Database error saving new user", undefined, error);
  }
  const { rows } = await sql.query<UserRow>("select * from auth.users where id = $1", [id]);
  return rows[0] as UserRow;
}
