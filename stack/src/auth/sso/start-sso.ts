import { randomUUID } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import { badRequest, ErrorCode, internal, notFound, validation } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { allowedRedirect } from "../redirects/redirect-url.ts";
import { parseIdpMetadata } from "./idp-metadata.ts";
import { isProviderEnabled } from "./provider-json.ts";
import { findProviderByDomain, findProviderById } from "./provider-store.ts";
import { serviceProvider } from "./service-provider.ts";

export interface StartSsoInput {
  providerId?: string;
  domain?: string;
  redirectTo?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

/**
 * POST /sso (auth: internal/api/sso.go): finds the provider by `provider_id` or `domain`, records a
 * flow state (always; PKCE when a challenge is given) and a relay state bound to the AuthnRequest
 * ID, and returns the IdP URL carrying the signed AuthnRequest (HTTP-Redirect) and the relay state.
 */
export async function startSso(core: AuthCore, input: StartSsoInput): Promise<string> {
  const raw = input.providerId ?? "";
  if (raw !== "" && !isUuid(raw)) {
    // GoTrue decodes provider_id into a UUID while reading the body.
    const reason = raw.length === 36 ? "incorrect UUID format" : `incorrect UUID length ${raw.length}`;
    throw badRequest(
      ErrorCode.bad_json,
      `Could not parse request body as JSON: uuid: ${reason} in string ${JSON.stringify(raw)}`,
    );
  }
  const hasProviderId = (input.providerId ?? "") !== "" && input.providerId !== "00000000-0000-0000-0000-000000000000";
  const hasDomain = (input.domain ?? "") !== "";
  if (hasProviderId && hasDomain) throw validation("Only one of provider_id or domain supported");
  if (!hasProviderId && !hasDomain) throw validation("A provider_id or domain needs to be provided");
  await core.sso.ensureEmulatorProvider();

  const provider = hasProviderId
    ? await findProviderById(core.pool, raw)
    : await findProviderByDomain(core.pool, input.domain ?? "");
  if (!provider)
    throw notFound(
      ErrorCode.sso_provider_not_found,
      hasProviderId ? "No such SSO provider" : "No SSO provider assigned for this domain",
    );
  if (!isProviderEnabled(provider))
    throw notFound(ErrorCode.sso_provider_disabled, "SSO Provider is currently disabled");
  const pkce = parsePkce(input.codeChallenge, input.codeChallengeMethod);

  let idp;
  try {
    idp = parseIdpMetadata(provider.metadata_xml);
  } catch (error) {
    throw internal(`Error parsing SAML Metadata for SAML provider: ${(error as Error).message}`);
  }
  const requestId = `_${randomUUID()}`;
  const relayStateId = randomUUID();
  // Checked here as well as at the ACS: a refused redirect is kept as none, so the ACS uses site_url.
  const settings = core.settings();
  const redirectTo =
    allowedRedirect(settings.site_url, settings.additional_redirect_urls, input.redirectTo ?? "") ?? "";
  await inTransaction(core.pool, async (sql) => {
    const flowId = randomUUID();
    await sql.query(
      `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, referrer, created_at, updated_at)
       values ($1, $2, $3, $4, 'sso/saml', 'sso/saml', $5, now(), now())`,
      [flowId, pkce ? randomUUID() : null, pkce?.method ?? null, pkce?.codeChallenge ?? null, redirectTo],
    );
    await sql.query(
      `insert into auth.saml_relay_states (id, sso_provider_id, request_id, redirect_to, flow_state_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now())`,
      [relayStateId, provider.id, requestId, redirectTo, flowId],
    );
  });
  const sp = await serviceProvider({
    settings,
    keys: await core.sso.spKeys(),
    idp,
    nameIdFormat: provider.name_id_format,
    requestId,
    clockSkewMs: core.sso.settings.clockSkewMs,
  });
  return sp.getAuthorizeUrlAsync(relayStateId, undefined, {});
}
