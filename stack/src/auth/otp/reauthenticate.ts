import type { AuthCore } from "../core.ts";
import { ErrorCode, unprocessable, validation } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { safeEqual } from "../../gateway/index.ts";
import { tokenHash } from "../tokens/random.ts";
import type { UserRow } from "../users/user-row.ts";
import { sendEmailToken } from "./send-email-token.ts";
import { sendSmsToken } from "./send-sms-token.ts";
import { clearToken, tokenFresh } from "./one-time-tokens.ts";

/**
 * GET /reauthenticate (auth: internal/api/reauthenticate.go): sends a nonce to the confirmed email
 * (template `reauthentication`), or by SMS when the user has no email.
 */
export async function sendReauthentication(core: AuthCore, user: UserRow, client: ClientInfo): Promise<void> {
  const email = user.email ?? "";
  const phone = user.phone ?? "";
  if (email === "" && phone === "")
    throw validation("Reauthentication requires the user to have an email or a phone number");
  if (email !== "" && user.email_confirmed_at === null)
    throw unprocessable(ErrorCode.email_not_confirmed, "Please verify your email first.");
  if (email === "" && user.phone_confirmed_at === null)
    throw unprocessable(ErrorCode.phone_not_confirmed, "Please verify your phone first.");
  await inTransaction(core.pool, async (sql) => {
    if (email !== "")
      await sendEmailToken(core, sql, user, {
        kind: "reauthentication",
        slot: "reauthentication",
        to: email,
        redirectTo: "",
        pkce: false,
      });
    else await sendSmsToken(core, sql, user, "reauthentication", phone);
    await recordAudit(sql, { actor: user, action: "user_reauthenticate_requested", logType: "user", ip: client.ip });
  });
}

/**
 * Checks and consumes the reauthentication nonce of a password change (auth: user.go
 * verifyReauthentication): 422 `reauthentication_not_valid` when wrong or expired.
 */
export async function consumeReauthenticationNonce(
  core: AuthCore,
  sql: Parameters<typeof clearToken>[0],
  user: UserRow,
  nonce: string,
): Promise<void> {
  const identifier = user.email || user.phone || "";
  const stored = user.reauthentication_token ?? "";
  const expiry = user.email ? core.settings().email.otp_expiry : 6000;
  if (
    stored === "" ||
    !safeEqual(tokenHash(identifier, nonce), stored) ||
    !tokenFresh(user, "reauthentication", expiry)
  ) {
    throw unprocessable(ErrorCode.reauthentication_not_valid, "Nonce has expired or is invalid");
  }
  await clearToken(sql, user.id, "reauthentication");
}
