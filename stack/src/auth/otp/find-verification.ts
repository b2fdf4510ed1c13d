import type { AuthCore } from "../core.ts";
import { otpExpired, userBanned } from "../errors.ts";
import { safeEqual } from "../../gateway/index.ts";
import { tokenHash } from "../tokens/random.ts";
import type { Sql } from "../users/user-queries.ts";
import { isBanned, type UserRow } from "../users/user-row.ts";
import { findByHash, tokenFresh, type TokenSlot } from "./one-time-tokens.ts";
import { isPhoneType, SLOTS_BY_TYPE, type VerificationType } from "./verification-types.ts";

/** SMS OTPs expire after 6000 s in the CLI's stack. */
const SMS_OTP_EXPIRY_SECONDS = 6000;

export type VerificationProof =
  | { form: "token"; type: VerificationType; token: string; identifier: string }
  | { form: "hash"; type: VerificationType; hash: string };

export interface FoundVerification {
  user: UserRow;
  slot: TokenSlot;
  /** The stored hash carried `pkce_`. */
  pkce: boolean;
}

/**
 * Finds the user and slot a token or token hash belongs to, checking expiry and bans: 403
 * `otp_expired` ("Token has expired or is invalid" / "Email link is invalid or has expired"),
 * 403 `user_banned`. SMS test numbers accept their fixed code.
 */
export async function findVerification(core: AuthCore, sql: Sql, proof: VerificationProof): Promise<FoundVerification> {
  const settings = core.settings();
  const viaLink = proof.form === "hash";
  const slots = SLOTS_BY_TYPE[proof.type];
  let found: { user: UserRow; slot: TokenSlot; hash: string } | undefined;
  if (proof.form === "token" && isPhoneType(proof.type)) {
    const testCode = settings.sms.test_otp[proof.identifier];
    if (testCode !== undefined && safeEqual(testCode, proof.token))
      found = await findTestNumberUser(sql, proof.identifier, proof.type, slots);
  }
  if (!found) {
    const hash = proof.form === "hash" ? proof.hash : tokenHash(proof.identifier, proof.token);
    for (const slot of slots) {
      const match = await findByHash(sql, hash, [slot]);
      if (match && (proof.form === "hash" || match.relatesTo.toLowerCase() === proof.identifier.toLowerCase())) {
        found = { user: match.user, slot, hash: match.user[slotColumn(slot)] as string };
        break;
      }
    }
  }
  if (!found) throw otpExpired(viaLink);
  if (isBanned(found.user)) throw userBanned(403);
  const expiry = isPhoneType(proof.type) ? SMS_OTP_EXPIRY_SECONDS : settings.email.otp_expiry;
  const isTestNumber = proof.form === "token" && settings.sms.test_otp[proof.identifier] !== undefined;
  if (!isTestNumber && !tokenFresh(found.user, found.slot, expiry)) throw otpExpired(viaLink);
  return { user: found.user, slot: found.slot, pkce: (found.hash ?? "").startsWith("pkce_") };
}

const slotColumn = (slot: TokenSlot): keyof UserRow =>
  ({
    confirmation: "confirmation_token",
    recovery: "recovery_token",
    email_change_new: "email_change_token_new",
    email_change_current: "email_change_token_current",
    reauthentication: "reauthentication_token",
    phone_change: "phone_change_token",
  })[slot] as keyof UserRow;

async function findTestNumberUser(sql: Sql, phone: string, type: VerificationType, slots: readonly TokenSlot[]) {
  const column = type === "phone_change" ? "phone_change" : "phone";
  const { rows } = await sql.query<UserRow>(`select * from auth.users where ${column} = $1 for update`, [phone]);
  const user = rows[0];
  return user ? { user, slot: slots[0] as TokenSlot, hash: "" } : undefined;
}
