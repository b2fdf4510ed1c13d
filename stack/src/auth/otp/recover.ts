import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { createFlowState, type PkceParams } from "../pkce/flow-state.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { findUserByEmail } from "../users/user-queries.ts";
import { sendEmailToken } from "./send-email-token.ts";

/**
 * POST /recover (auth: internal/api/recover.go): a recovery mail for a known address, nothing for
 * an unknown one — both answer `{}`, so addresses cannot be enumerated.
 */
export async function requestRecovery(
  core: AuthCore,
  email: string,
  pkce: PkceParams | undefined,
  redirectTo: string,
  client: ClientInfo,
): Promise<void> {
  if (!core.settings().email.enable_signup)
    throw badRequest(ErrorCode.email_provider_disabled, "Email logins are disabled");
  await inTransaction(core.pool, async (sql) => {
    const user = await findUserByEmail(sql, email);
    if (!user) return;
    if (pkce) await createFlowState(sql, user.id, pkce, "recovery");
    await sendEmailToken(core, sql, user, {
      kind: "recovery",
      slot: "recovery",
      to: email,
      redirectTo,
      pkce: pkce !== undefined,
    });
    await recordAudit(sql, { actor: user, action: "user_recovery_requested", logType: "user", ip: client.ip });
  });
}
