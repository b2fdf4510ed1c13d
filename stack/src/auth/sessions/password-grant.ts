import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest, invalidCredentials, unprocessable, userBanned, validation } from "../errors.ts";
import { normalizeEmail } from "../users/identifiers.ts";
import { passwordProblems, timingEqualiserHash, verifyPassword } from "../users/passwords.ts";
import { findUserByEmail, findUserByPhone } from "../users/user-queries.ts";
import { isBanned } from "../users/user-row.ts";
import { withHookTransaction } from "./hook-transaction.ts";
import { startSession, type SessionJson } from "./issue-session.ts";
import type { ClientInfo } from "./session-store.ts";

export interface PasswordGrantInput {
  email?: string;
  phone?: string;
  password: string;
}

/**
 * `grant_type=password` (auth: internal/api/token.go): unknown user, no password and wrong password
 * all answer "Invalid login credentials"; a banned user `user_banned` (checked before the password,
 * as upstream); unconfirmed answers `email_not_confirmed` only after the password matched. A
 * password that fails the current policy signs in with `weak_password`.
 */
export async function passwordGrant(
  core: AuthCore,
  input: PasswordGrantInput,
  client: ClientInfo,
): Promise<SessionJson> {
  const settings = core.settings();
  if (input.email && input.phone)
    throw validation("Only an email address or phone number should be provided on login.");
  if (!input.email && !input.phone) throw validation("missing email or phone");
  const viaEmail = input.email !== undefined;
  if (viaEmail && !settings.email.enable_signup)
    throw unprocessable(ErrorCode.email_provider_disabled, "Email logins are disabled");
  if (!viaEmail && !settings.sms.enable_signup)
    throw unprocessable(ErrorCode.phone_provider_disabled, "Phone logins are disabled");
  const user = viaEmail
    ? await findUserByEmail(core.pool, safeEmail(input.email ?? ""))
    : await findUserByPhone(core.pool, safePhone(input.phone ?? ""));
  if (!user || !user.encrypted_password) {
    // Spend a bcrypt comparison anyway so timing does not reveal which addresses exist.
    await verifyPassword(input.password, timingEqualiserHash);
    throw invalidCredentials();
  }
  // matches GoTrue's order: banned before the password check, confirmation after it
  if (isBanned(user)) throw userBanned(400);
  if (!(await verifyPassword(input.password, user.encrypted_password))) throw invalidCredentials();
  if (viaEmail && user.email_confirmed_at === null)
    throw badRequest(ErrorCode.email_not_confirmed, "Email not confirmed");
  if (!viaEmail && user.phone_confirmed_at === null)
    throw badRequest(ErrorCode.phone_not_confirmed, "Phone not confirmed");
  const weak = safeProblems(settings, input.password);
  const session = await withHookTransaction(core, (sql) =>
    startSession(core, sql, user, "password", client, {
      actor: user,
      action: "login",
      logType: "account",
      ip: client.ip,
      traits: { provider: viaEmail ? "email" : "phone" },
    }),
  );
  return weak ? { ...session, weak_password: weak } : session;
}

const safeEmail = (email: string) => {
  try {
    return normalizeEmail(email);
  } catch {
    return email.toLowerCase();
  }
};
const safePhone = (phone: string) => phone.trim().replace(/^\+/, "").replace(/\s/g, "");
const safeProblems = (settings: Parameters<typeof passwordProblems>[0], password: string) => {
  try {
    return passwordProblems(settings, password);
  } catch {
    return undefined;
  }
};
