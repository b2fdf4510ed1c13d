import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable, validation } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import { normalizePhone } from "../users/identifiers.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { insertFactor, listFactors } from "./factor-store.ts";
import { validateEnrolment } from "./validate-enrolment.ts";

export interface EnrolPhoneInput {
  user: UserRow;
  session: SessionRow | undefined;
  friendlyName: string;
  /** As the client sent it; stored normalised (E.164 digits without `+`). */
  phone: string;
  ip: string | null;
}

/** GoTrue's EnrollFactorResponse for phone: `friendly_name` omitted when empty, `phone` as sent. */
export interface PhoneEnrolment {
  id: string;
  type: "phone";
  friendly_name?: string;
  phone: string;
}

/**
 * Enrols an unverified phone factor (matches GoTrue's enrollPhoneFactor): `phone` required and
 * E.164 (400 `validation_failed`); a verified factor with the same number → 422
 * `mfa_verified_factor_exists`; unverified ones with it are replaced; then the common checks.
 * @example const enrolment = await enrolPhoneFactor(core, { user, session, friendlyName: "", phone: "+15550001111", ip });
 */
export async function enrolPhoneFactor(core: AuthCore, input: EnrolPhoneInput): Promise<PhoneEnrolment> {
  if (input.phone === "") throw validation("Phone number required to enroll Phone factor");
  const phone = normalizePhone(input.phone);
  const factor = await inTransaction(core.pool, async (sql) => {
    const samePhone = (await listFactors(sql, input.user.id)).filter(
      (f) => f.factor_type === "phone" && f.phone === phone,
    );
    if (samePhone.some((f) => f.status === "verified")) {
      throw unprocessable(
        ErrorCode.mfa_verified_factor_exists,
        "A verified phone factor already exists, unenroll the existing factor to continue",
      );
    }
    for (const stale of samePhone) await sql.query("delete from auth.mfa_factors where id = $1", [stale.id]);
    await validateEnrolment(sql, core.settings(), input.user.id, input.friendlyName, input.session);
    const created = await insertFactor(sql, {
      userId: input.user.id,
      type: "phone",
      friendlyName: input.friendlyName,
      secret: null,
      phone,
    });
    await recordAudit(sql, {
      actor: input.user,
      action: "factor_in_progress",
      logType: "factor",
      ip: input.ip,
      traits: { factor_id: created.id, factor_type: "phone" },
    });
    return created;
  });
  return {
    id: factor.id,
    type: "phone",
    ...(input.friendlyName === "" ? {} : { friendly_name: input.friendlyName }),
    phone: input.phone,
  };
}
