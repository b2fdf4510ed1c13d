import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { issueAuthCode } from "../pkce/flow-state.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { applyVerification, EMAIL_CHANGE_PENDING_MESSAGE } from "./apply-verification.ts";
import { findVerification, type VerificationProof } from "./find-verification.ts";
import { FLOW_METHOD_BY_TYPE } from "./verification-types.ts";

export type VerifyResult =
  { kind: "session"; session: SessionJson } | { kind: "pending"; message: string } | { kind: "pkce"; code: string };

/**
 * Verifies a token (POST /verify, or GET /verify's link) and signs the user in with amr `otp`.
 * For a GET link whose stored token is `pkce_`-prefixed, stamps the newest flow for the user and
 * method instead and returns its auth code.
 * @example const result = await verify(core, { form: "token", type: "email", token, identifier: email }, client, false);
 */
export async function verify(
  core: AuthCore,
  proof: VerificationProof,
  client: ClientInfo,
  viaLink: boolean,
): Promise<VerifyResult> {
  return inTransaction(core.pool, async (sql) => {
    const found = await findVerification(core, sql, proof);
    const outcome = await applyVerification(core, sql, found, proof.type);
    if (outcome.kind === "email_change_pending") return { kind: "pending", message: EMAIL_CHANGE_PENDING_MESSAGE };
    if (viaLink && found.pkce) {
      const code = await issueAuthCode(sql, outcome.user.id, FLOW_METHOD_BY_TYPE[proof.type]);
      if (!code) throw badRequest(ErrorCode.flow_state_not_found, "No associated flow state found. ");
      return { kind: "pkce", code };
    }
    await recordAudit(sql, {
      actor: outcome.user,
      action: "login",
      logType: "account",
      ip: client.ip,
      traits: { provider: proof.type },
    });
    return { kind: "session", session: await startSession(core, sql, outcome.user, "otp", client) };
  });
}
