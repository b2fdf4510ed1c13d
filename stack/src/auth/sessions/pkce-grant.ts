import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound, userBanned } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { consumeFlowState } from "../pkce/flow-state.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { findUserById } from "../users/user-queries.ts";
import { isBanned } from "../users/user-row.ts";
import { startSession, type SessionJson } from "./issue-session.ts";
import type { ClientInfo } from "./session-store.ts";

/**
 * `grant_type=pkce` (auth: internal/api/token.go PKCE): exchanges the auth code and verifier for a
 * session whose amr is the flow's method (`email/signup`, `magiclink`, `recovery`, `oauth`, …).
 */
export async function pkceGrant(
  core: AuthCore,
  authCode: string,
  verifier: string,
  client: ClientInfo,
): Promise<SessionJson & { provider_token?: string; provider_refresh_token?: string }> {
  return inTransaction(core.pool, async (sql) => {
    const flow = await consumeFlowState(sql, authCode, verifier);
    const user = await findUserById(sql, flow.user_id);
    if (!user) throw notFound(ErrorCode.flow_state_not_found, "invalid flow state, no valid flow state found");
    if (isBanned(user)) throw userBanned(400);
    await recordAudit(sql, {
      actor: user,
      action: "login",
      logType: "account",
      ip: client.ip,
      traits: { provider_type: flow.provider_type },
    });
    const session = await startSession(core, sql, user, flow.authentication_method, client);
    // OAuth flows hand back the provider's tokens (auth: token.go PKCE, flow_state.provider_*_token).
    if (!flow.provider_access_token) return session;
    return {
      ...session,
      provider_token: flow.provider_access_token,
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    };
  });
}
