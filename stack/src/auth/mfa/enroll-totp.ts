import type { AuthCore } from "../core.ts";
import { internal } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import type { UserRow } from "../users/user-row.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { insertFactor } from "./factor-store.ts";
import { newTotpSecret, totpQrSvg, totpUri } from "./totp.ts";
import { validateEnrolment } from "./validate-enrolment.ts";

export interface EnrolTotpInput {
  user: UserRow;
  session: SessionRow | undefined;
  friendlyName: string;
  issuer: string;
  ip: string | null;
}

/** The enrolment answer GoTrue sends for TOTP (auth: internal/api/mfa.go EnrollFactorResponse). */
export interface TotpEnrolment {
  id: string;
  type: "totp";
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

/** Issuer: the body's `issuer`, else `site_url`'s host with port, as GoTrue's enrollTOTPFactor. */
function issuerFor(core: AuthCore, requested: string): string {
  if (requested !== "") return requested;
  try {
    return new URL(core.settings().site_url).host;
  } catch {
    throw internal("site url is improperly formatted");
  }
}

/**
 * Enrols an unverified TOTP factor and returns its secret, key URI and QR code (shown only now).
 * @example const enrolment = await enrolTotpFactor(core, { user, session, friendlyName: "phone", issuer: "", ip });
 */
export async function enrolTotpFactor(core: AuthCore, input: EnrolTotpInput): Promise<TotpEnrolment> {
  const issuer = issuerFor(core, input.issuer);
  // matches GoTrue: the account name is the email; without one the key (and QR code) cannot be made
  if (!input.user.email) throw internal("Error generating QR Code");
  const secret = newTotpSecret();
  const uri = totpUri(issuer, input.user.email, secret);
  const qrCode = await totpQrSvg(uri);
  const factor = await inTransaction(core.pool, async (sql) => {
    await validateEnrolment(sql, core.settings(), input.user.id, input.friendlyName, input.session);
    const created = await insertFactor(sql, {
      userId: input.user.id,
      type: "totp",
      friendlyName: input.friendlyName,
      secret,
      phone: null,
    });
    await recordAudit(sql, {
      actor: input.user,
      action: "factor_in_progress",
      logType: "factor",
      ip: input.ip,
      traits: { factor_id: created.id, factor_type: "totp" },
    });
    return created;
  });
  return { id: factor.id, type: "totp", friendly_name: input.friendlyName, totp: { qr_code: qrCode, secret, uri } };
}
