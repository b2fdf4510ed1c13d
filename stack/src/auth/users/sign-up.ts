import { randomUUID } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest, signupDisabled, unprocessable, validation } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { sendEmailToken } from "../otp/send-email-token.ts";
import { sendSmsToken } from "../otp/send-sms-token.ts";
import { createFlowState, type PkceParams } from "../pkce/flow-state.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { confirmEmail, confirmPhone } from "./confirm.ts";
import { createUserWithIdentity } from "./create-user.ts";
import { normalizeEmail, normalizePhone } from "./identifiers.ts";
import { checkPasswordStrength, hashPassword } from "./passwords.ts";
import { findUserByEmail, findUserByPhone, listIdentities } from "./user-queries.ts";
import { userJson, type UserJson } from "./user-json.ts";
import type { UserRow } from "./user-row.ts";

export interface SignUpInput {
  email?: string;
  phone?: string;
  password?: string;
  data: Record<string, unknown>;
  pkce?: PkceParams;
  redirectTo: string;
}

/** The obfuscated user GoTrue answers for a confirmed address when confirmations are on (no enumeration). */
function obfuscatedUser(provider: string, data: Record<string, unknown>, email: string, phone: string) {
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    is_anonymous: false,
  };
}

/**
 * POST /signup with email or phone (auth: internal/api/signup.go): a session when
 * autoconfirmed, else the user with a confirmation sent.
 */
export async function signUp(
  core: AuthCore,
  input: SignUpInput,
  client: ClientInfo,
): Promise<SessionJson | UserJson | ReturnType<typeof obfuscatedUser>> {
  const settings = core.settings();
  if (!settings.enable_signup) throw signupDisabled();
  if (input.email && input.phone)
    throw validation("Only an email address or phone number should be provided on signup.");
  if (!input.password) throw validation("Signup requires a valid password");
  const viaEmail = input.email !== undefined;
  if (viaEmail && !settings.email.enable_signup)
    throw badRequest(ErrorCode.email_provider_disabled, "Email signups are disabled");
  if (!viaEmail && !settings.sms.enable_signup)
    throw badRequest(ErrorCode.phone_provider_disabled, "Phone signups are disabled");
  const email = viaEmail ? normalizeEmail(input.email ?? "") : undefined;
  const phone = viaEmail ? undefined : normalizePhone(input.phone ?? "");
  if (input.pkce && !viaEmail) throw validation("PKCE not supported for phone signups");
  checkPasswordStrength(settings, input.password);
  const autoconfirm = viaEmail ? settings.mailerAutoconfirm : settings.smsAutoconfirm;
  const passwordHash = await hashPassword(input.password);

  return inTransaction(core.pool, async (sql) => {
    const existing = email ? await findUserByEmail(sql, email) : await findUserByPhone(sql, phone ?? "");
    let user: UserRow;
    if (existing) {
      const confirmed = viaEmail ? existing.email_confirmed_at !== null : existing.phone_confirmed_at !== null;
      if (confirmed) {
        if (settings.mailerAutoconfirm || settings.smsAutoconfirm)
          throw unprocessable(ErrorCode.user_already_exists, "User already registered");
        await recordAudit(sql, { actor: existing, action: "user_repeated_signup", logType: "user", ip: client.ip });
        return obfuscatedUser(viaEmail ? "email" : "phone", input.data, email ?? "", phone ?? "");
      }
      user = existing;
    } else {
      user = await createUserWithIdentity(sql, { email, phone, passwordHash, data: input.data });
      await recordAudit(sql, { actor: user, action: "user_signedup", logType: "team", ip: client.ip });
    }
    if (autoconfirm) {
      user = email ? await confirmEmail(sql, user) : await confirmPhone(sql, user);
      await recordAudit(sql, { actor: user, action: "login", logType: "account", ip: client.ip });
      return startSession(core, sql, user, "password", client);
    }
    if (email) {
      if (input.pkce) await createFlowState(sql, user.id, input.pkce, "email/signup");
      user = await sendEmailToken(core, sql, user, {
        kind: "confirmation",
        slot: "confirmation",
        to: email,
        redirectTo: input.redirectTo,
        pkce: input.pkce !== undefined,
      });
    } else {
      user = await sendSmsToken(core, sql, user, "confirmation", phone ?? "");
    }
    await recordAudit(sql, { actor: user, action: "user_confirmation_requested", logType: "user", ip: client.ip });
    return userJson(user, await listIdentities(sql, user.id));
  });
}
