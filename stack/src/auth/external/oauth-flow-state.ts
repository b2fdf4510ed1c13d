import { randomUUID } from "node:crypto";
import { badRequest, ErrorCode } from "../errors.ts";
import { FLOW_STATE_TTL_MS, type PkceParams } from "../pkce/flow-state.ts";
import type { Sql } from "../users/user-queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OAuthFlowRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge: string | null;
  provider_type: string;
  referrer: string | null;
  linking_target_id: string | null;
  invite_token: string | null;
  email_optional: boolean;
  created_at: Date;
}

export interface NewOAuthFlow {
  provider: string;
  pkce: PkceParams | undefined;
  referrer: string;
  linkingTargetId?: string;
  inviteToken?: string;
  emailOptional: boolean;
}

/** Every /authorize creates a flow (PKCE or implicit); its id is the `state` sent to the provider. */
export async function createOAuthFlow(sql: Sql, flow: NewOAuthFlow): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method,
       referrer, linking_target_id, invite_token, email_optional, created_at, updated_at)
     values ($1, null, $2, $3, $4, $5, 'oauth', $6, $7, $8, $9, now(), now())`,
    [
      id,
      randomUUID(),
      flow.pkce?.method ?? null,
      flow.pkce?.codeChallenge ?? null,
      flow.provider,
      flow.referrer,
      flow.linkingTargetId ?? null,
      flow.inviteToken ?? null,
      flow.emailOptional,
    ],
  );
  return id;
}

/**
 * GoTrue's loadExternalState: `bad_oauth_callback` without state, `bad_oauth_state` when not a UUID,
 * unknown or expired, `flow_state_already_used` when a PKCE flow already has its user.
 */
export async function loadOAuthFlow(
  sql: Sql,
  state: string,
  lock = false,
): Promise<OAuthFlowRow & { isPkce: boolean }> {
  if (state === "") throw badRequest(ErrorCode.bad_oauth_callback, "OAuth state parameter missing");
  if (!UUID.test(state)) throw badRequest(ErrorCode.bad_oauth_state, "OAuth state parameter is invalid");
  const { rows } = await sql.query<OAuthFlowRow>(
    `select * from auth.flow_state where id = $1${lock ? " for update" : ""}`,
    [state],
  );
  const flow = rows[0];
  if (!flow) throw badRequest(ErrorCode.bad_oauth_state, "OAuth state not found or expired");
  if (Date.now() > flow.created_at.getTime() + FLOW_STATE_TTL_MS)
    throw badRequest(ErrorCode.bad_oauth_state, "OAuth state has expired");
  const isPkce = (flow.code_challenge ?? "") !== "";
  if (isPkce && flow.user_id !== null)
    throw badRequest(ErrorCode.flow_state_already_used, "State has already been used");
  return { ...flow, isPkce };
}

/** PKCE: the flow gets its user and the provider's tokens; /token?grant_type=pkce finishes it. */
export async function completePkceFlow(
  sql: Sql,
  flowId: string,
  userId: string,
  providerToken: string,
  providerRefreshToken: string,
): Promise<string> {
  const { rows } = await sql.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4, auth_code_issued_at = now(), updated_at = now()
     where id = $1 returning auth_code`,
    [flowId, userId, providerToken, providerRefreshToken],
  );
  return rows[0]?.auth_code ?? "";
}

export async function deleteFlow(sql: Sql, flowId: string): Promise<void> {
  await sql.query("delete from auth.flow_state where id = $1", [flowId]);
}
