import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest, unprocessable } from "../errors.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { clearAllTokens } from "../otp/one-time-tokens.ts";
import { consumeReauthenticationNonce } from "../otp/reauthenticate.ts";
import type { SessionRow } from "../sessions/session-store.ts";
import { checkPasswordStrength, hashPassword, verifyPassword } from "./passwords.ts";
import { updateUser, type Sql } from "./user-queries.ts";
import type { UserRow } from "./user-row.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A password change through PUT /user (auth: internal/api/user.go): with secure password change a
 * session older than 24 h needs the reauthentication nonce; the policy applies; the same password
 * is refused; pending tokens are cleared and every other session is signed out.
 */
export async function changePassword(
  core: AuthCore,
  sql: Sql,
  user: UserRow,
  session: SessionRow | undefined,
  password: string,
  nonce: string | undefined,
  ip: string | null,
): Promise<UserRow> {
  const settings = core.settings();
  if (settings.email.secure_password_change && (!session || Date.now() > session.created_at.getTime() + DAY_MS)) {
    if (!nonce) throw badRequest(ErrorCode.reauthentication_needed, "Password update requires reauthentication");
    await consumeReauthenticationNonce(core, sql, user, nonce);
  }
  checkPasswordStrength(settings, password);
  if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
    throw unprocessable(ErrorCode.same_password, "New password should be different from the old password.");
  }
  await clearAllTokens(sql, user.id);
  if (session) await sql.query("delete from auth.sessions where user_id = $1 and id <> $2", [user.id, session.id]);
  else await sql.query("delete from auth.sessions where user_id = $1", [user.id]);
  await recordAudit(sql, { actor: user, action: "user_updated_password", logType: "user", ip });
  return updateUser(sql, user.id, { encrypted_password: await hashPassword(password) });
}
