import { randomUUID } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { ErrorCode, signupDisabled, unprocessable } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { insertUser } from "./user-queries.ts";

/**
 * POST /signup without email or phone (auth: internal/api/anonymous.go): an anonymous user with
 * no identities and `app_metadata: {}`, signed in with amr `anonymous`.
 */
export async function signInAnonymously(
  core: AuthCore,
  data: Record<string, unknown>,
  client: ClientInfo,
): Promise<SessionJson> {
  const settings = core.settings();
  if (!settings.enable_anonymous_sign_ins)
    throw unprocessable(ErrorCode.anonymous_provider_disabled, "Anonymous sign-ins are disabled");
  if (!settings.enable_signup) throw signupDisabled();
  core.limits.check("anonymous_users", client.ip);
  return inTransaction(core.pool, async (sql) => {
    const user = await insertUser(sql, {
      id: randomUUID(),
      email: null,
      phone: null,
      encrypted_password: "",
      raw_app_meta_data: {},
      raw_user_meta_data: data,
      is_anonymous: true,
    });
    await recordAudit(sql, {
      actor: user,
      action: "user_signedup",
      logType: "team",
      ip: client.ip,
      traits: { provider: "anonymous" },
    });
    return startSession(core, sql, user, "anonymous", client);
  });
}
