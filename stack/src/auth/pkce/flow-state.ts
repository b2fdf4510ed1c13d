import { createHash, randomUUID } from "node:crypto";
import type { Sql } from "../users/user-queries.ts";
import { safeEqual } from "../../gateway/index.ts";
import { badRequest, ErrorCode, notFound, unprocessable, validation } from "../errors.ts";

/** Flow states expire 300 s after creation (magic link: after the code was issued). */
export const FLOW_STATE_TTL_MS = 300_000;

export interface PkceParams {
  codeChallenge: string;
  method: "s256" | "plain";
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: "s256" | "plain";
  code_challenge: string;
  provider_type: string;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  created_at: Date;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
}

/**
 * Validates `code_challenge`/`code_challenge_method` as GoTrue does: both or neither, challenge of
 * 43–128 `[A-Za-z0-9._~-]`, method s256 or plain (any case). Undefined for the implicit flow.
 */
export function parsePkce(challenge: string | undefined, method: string | undefined): PkceParams | undefined {
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw validation("PKCE flow requires code_challenge_method and code_challenge");
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain") throw validation("code challenge method not supported");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw validation("code challenge has to be between 43 and 128 characters");
  }
  return { codeChallenge: challenge, method: normalized };
}

/** A flow for an email flow (`email/signup`, `magiclink`, `recovery`, `email_change`, `invite`). */
export async function createFlowState(sql: Sql, userId: string, pkce: PkceParams, method: string): Promise<void> {
  await sql.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.codeChallenge, method],
  );
}

/** GET /verify with a `pkce_` token: the newest flow for (user, method) gets its code issued. */
export async function issueAuthCode(sql: Sql, userId: string, method: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
     returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code;
}

/**
 * `grant_type=pkce`: finds the flow by code, checks expiry and verifier, deletes it (single use).
 * 404 `flow_state_not_found`, 422 `flow_state_expired`, 400 `bad_code_verifier`.
 */
export async function consumeFlowState(
  sql: Sql,
  authCode: string,
  verifier: string,
): Promise<FlowStateRow & { user_id: string }> {
  const { rows } = await sql.query<FlowStateRow>("select * from auth.flow_state where auth_code = $1 for update", [
    authCode,
  ]);
  const flow = rows[0];
  if (!flow || flow.user_id === null)
    throw notFound(ErrorCode.flow_state_not_found, "invalid flow state, no valid flow state found");
  const started = (flow.authentication_method === "magiclink" ? flow.auth_code_issued_at : null) ?? flow.created_at;
  if (Date.now() > started.getTime() + FLOW_STATE_TTL_MS) {
    throw unprocessable(ErrorCode.flow_state_expired, "invalid flow state, flow state has expired");
  }
  const computed =
    flow.code_challenge_method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  if (!safeEqual(computed, flow.code_challenge)) {
    throw badRequest(ErrorCode.bad_code_verifier, "code challenge does not match previously saved code verifier");
  }
  await sql.query("delete from auth.flow_state where id = $1", [flow.id]);
  return flow as FlowStateRow & { user_id: string };
}
