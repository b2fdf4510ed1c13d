import type { AuthSettings } from "../config/settings.ts";
import { ErrorCode, forbidden, unprocessable } from "../errors.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { Sql } from "../users/user-queries.ts";
import { deleteExpiredFactors, listFactors } from "./factor-store.ts";

/** matches GoTrue's MFA.MaxVerifiedFactors (server-fixed). */
const MAX_VERIFIED_FACTORS = 10;

/**
 * GoTrue's validateFactors before any enrolment: stale unverified factors go first; then a name
 * equal to any existing factor's (the empty name included) → 422 `mfa_factor_name_conflict`; too
 * many factors → 422 `too_many_enrolled_mfa_factors`; a verified factor but an aal1 session → 403
 * `insufficient_aal`.
 */
export async function validateEnrolment(
  sql: Sql,
  settings: AuthSettings,
  userId: string,
  friendlyName: string,
  session: SessionRow | undefined,
): Promise<void> {
  await deleteExpiredFactors(sql);
  const factors = await listFactors(sql, userId);
  if (factors.some((factor) => (factor.friendly_name ?? "") === friendlyName)) {
    throw unprocessable(
      ErrorCode.mfa_factor_name_conflict,
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === "verified").length;
  if (factors.length >= settings.mfa.max_enrolled_factors || verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable(
      ErrorCode.too_many_enrolled_mfa_factors,
      "Maximum number of verified factors reached, unenroll to continue",
    );
  }
  if (verified > 0 && session && session.aal !== "aal2") {
    throw forbidden(ErrorCode.insufficient_aal, "AAL2 required to enroll a new factor");
  }
}
