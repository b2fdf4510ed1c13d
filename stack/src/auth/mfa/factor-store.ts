import { randomUUID } from "node:crypto";
import { ErrorCode, notFound } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import type { FactorRow } from "../users/factor-json.ts";
import type { Sql } from "../users/user-queries.ts";

/** A factor row with its secret, for the MFA domain only (never serialised). */
export interface FactorWithSecret extends FactorRow {
  secret: string | null;
}

/** matches GoTrue's MFA.FactorExpiryDuration and ChallengeExpiryDuration (server-fixed, 300 s). */
export const FACTOR_EXPIRY_SECONDS = 300;
export const CHALLENGE_EXPIRY_SECONDS = 300;

/** The user's factors, oldest first (GET /user `factors`, session JSON, admin list). */
export async function listFactors(sql: Sql, userId: string): Promise<FactorWithSecret[]> {
  const { rows } = await sql.query<FactorWithSecret>(
    "select * from auth.mfa_factors where user_id = $1 order by created_at",
    [userId],
  );
  return rows;
}

/**
 * The caller's own factor from the path, as GoTrue's loadFactor: not a UUID → 404
 * `validation_failed`, someone else's or unknown → 404 `mfa_factor_not_found`.
 */
export async function findOwnedFactor(sql: Sql, userId: string, factorId: string): Promise<FactorWithSecret> {
  if (!isUuid(factorId)) throw notFound(ErrorCode.validation_failed, "factor_id must be an UUID");
  const { rows } = await sql.query<FactorWithSecret>("select * from auth.mfa_factors where id = $1 and user_id = $2", [
    factorId,
    userId,
  ]);
  const factor = rows[0];
  if (!factor) throw notFound(ErrorCode.mfa_factor_not_found, "Factor not found");
  return factor;
}

/** matches GoTrue's DeleteExpiredFactors: unverified factors older than the expiry with no challenge. */
export async function deleteExpiredFactors(sql: Sql): Promise<void> {
  await sql.query(
    `delete from auth.mfa_factors f where f.status = 'unverified'
       and f.created_at < now() - make_interval(secs => $1)
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
    [FACTOR_EXPIRY_SECONDS],
  );
}

export async function insertFactor(
  sql: Sql,
  input: {
    userId: string;
    type: "totp" | "phone" | "webauthn";
    friendlyName: string;
    secret: string | null;
    phone: string | null;
  },
): Promise<FactorWithSecret> {
  const { rows } = await sql.query<FactorWithSecret>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, phone, created_at, updated_at)
     values ($1, $2, $3, $4, 'unverified', $5, $6, now(), now()) returning *`,
    [randomUUID(), input.userId, input.friendlyName, input.type, input.secret, input.phone],
  );
  return rows[0] as FactorWithSecret;
}
