import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import { AuthError, badRequest, ErrorCode, notFound, unprocessable, validation } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { resolveRedirect } from "../redirects/redirect-url.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { assertionFacts } from "./assertion-claims.ts";
import { currentIdpMetadata } from "./metadata-refresh.ts";
import { isProviderEnabled } from "./provider-json.ts";
import { findProviderById } from "./provider-store.ts";
import { serviceProvider } from "./service-provider.ts";
import { findOrCreateSsoUser } from "./sso-user.ts";

export type AcsOutcome = { kind: "pkce"; redirectTo: string; code: string } | { kind: "implicit"; redirectTo: string; session: SessionJson };

interface RelayStateRow {
  id: string;
  sso_provider_id: string;
  request_id: string;
  redirect_to: string | null;
  flow_state_id: string | null;
  created_at: Date;
}

/**
 * Takes the relay state of an SP-initiated flow and destroys it, so a SAMLResponse can be used
 * once (samlacs.go): unknown → 404 `saml_relay_state_not_found`, older than the validity period →
 * 422 `saml_relay_state_expired`.
 */
async function consumeRelayState(core: AuthCore, value: string): Promise<RelayStateRow> {
  if (!isUuid(value)) {
    // GoTrue also accepts IdP-initiated responses (RelayState empty or a URL); the stack does not.
    throw validation("SAML RelayState is not a valid UUID; IdP-initiated sign-in is not supported by Parley Stack");
  }
  const { rows } = await core.pool.query<RelayStateRow>("delete from auth.saml_relay_states where id = $1 returning *", [value]);
  const relay = rows[0];
  if (!relay) throw notFound(ErrorCode.saml_relay_state_not_found, "SAML RelayState does not exist, try logging in again?");
  if (Date.now() - relay.created_at.getTime() >= core.sso.settings.relayStateValidityMs) {
    throw unprocessable(ErrorCode.saml_relay_state_expired, "SAML RelayState has expired. Try logging in again?");
  }
  return relay;
}

/**
 * POST /sso/saml/acs (auth: internal/api/samlacs.go): verifies the IdP's SAMLResponse (signature by
 * a certificate of the provider's metadata, audience, NotBefore/NotOnOrAfter with clock skew,
 * InResponseTo = this flow's AuthnRequest ID), finds or creates the `sso:<id>` user, then either
 * puts the user on the PKCE flow (the client exchanges `?code=`) or starts an `sso/saml` session.
 */
export async function completeSamlSignIn(core: AuthCore, form: { SAMLResponse?: string; RelayState?: string }, client: ClientInfo): Promise<AcsOutcome> {
  await core.sso.ensureEmulatorProvider();
  const relay = await consumeRelayState(core, form.RelayState ?? "");
  const provider = await findProviderById(core.pool, relay.sso_provider_id);
  if (!provider) throw new AuthError(500, ErrorCode.unexpected_failure, "Unable to find SSO Provider from SAML RelayState");
  if (!isProviderEnabled(provider)) throw notFound(ErrorCode.sso_provider_disabled, "SSO Provider assigned for this domain is currently disabled");
  if (!form.SAMLResponse) throw validation("SAMLResponse is missing");

  const idp = await currentIdpMetadata(core.pool, provider, core.logger);
  let assertionXml: string;
  try {
    if (idp.signingCertificates.length === 0) throw new Error("the IdP metadata has no signing certificate");
    const sp = serviceProvider({ settings: core.settings(), keys: await core.sso.spKeys(), idp, requestId: relay.request_id, requestCreatedAt: relay.created_at, clockSkewMs: core.sso.settings.clockSkewMs });
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse });
    assertionXml = profile?.getAssertionXml?.() ?? "";
    if (assertionXml === "") throw new Error("no assertion in the SAML response");
  } catch (error) {
    core.logger.info({ err: error, sso_provider_id: provider.id }, "auth: SAML assertion refused");
    throw new AuthError(400, ErrorCode.validation_failed, "SAML Assertion is not valid", undefined, error);
  }

  const facts = assertionFacts(assertionXml, provider.attribute_mapping);
  if (facts.userId === "") {
    throw badRequest(
      ErrorCode.saml_assertion_no_user_id,
      "SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user",
    );
  }
  if (facts.email === "") throw badRequest(ErrorCode.saml_assertion_no_email, "SAML Assertion does not contain an email address");

  const settings = core.settings();
  const redirectTo = resolveRedirect(settings.site_url, settings.additional_redirect_urls, relay.redirect_to ?? undefined);
  return inTransaction(core.pool, async (sql): Promise<AcsOutcome> => {
    const user = await findOrCreateSsoUser(sql, { providerId: provider.id, entityId: provider.entity_id, userId: facts.userId, email: facts.email, claims: facts.claims });
    const { rows } = relay.flow_state_id
      ? await sql.query<{ user_id: string | null; auth_code: string | null }>("select user_id, auth_code from auth.flow_state where id = $1 for update", [relay.flow_state_id])
      : { rows: [] };
    const flow = rows[0];
    if (flow?.auth_code) {
      if (flow.user_id !== null) throw badRequest(ErrorCode.flow_state_already_used, "State has already been used");
      await sql.query("update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now() where id = $1", [relay.flow_state_id, user.id]);
      return { kind: "pkce", redirectTo, code: flow.auth_code };
    }
    await recordAudit(sql, { actor: user, action: "login", logType: "account", ip: client.ip, traits: { provider: `sso:${provider.id}` } });
    return { kind: "implicit", redirectTo, session: await startSession(core, sql, user, "sso/saml", client) };
  });
}
