import type { AuthCore } from "../core.ts";
import { inTransaction } from "../../db/index.ts";
import { AuthError, badRequest, ErrorCode, validation } from "../errors.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { resolveRedirect, type CheckedRedirect } from "../redirects/redirect-url.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { resolveAcsFlow } from "./acs-flow.ts";
import { assertionFacts } from "./assertion-claims.ts";
import { currentIdpMetadata } from "./metadata-refresh.ts";
import { serviceProvider } from "./service-provider.ts";
import { findOrCreateSsoUser } from "./sso-user.ts";

export type AcsOutcome =
  | { kind: "pkce"; redirectTo: CheckedRedirect; code: string }
  | { kind: "implicit"; redirectTo: CheckedRedirect; session: SessionJson };

/**
 * POST /sso/saml/acs (auth: internal/api/samlacs.go): verifies the IdP's SAMLResponse (signature by
 * a certificate of the provider's metadata, audience, NotBefore/NotOnOrAfter with clock skew,
 * InResponseTo = this flow's AuthnRequest ID), finds or creates the `sso:<id>` user, then either
 * puts the user on the PKCE flow (the client exchanges `?code=`) or starts an `sso/saml` session.
 */
export async function completeSamlSignIn(
  core: AuthCore,
  form: { SAMLResponse?: string; RelayState?: string },
  client: ClientInfo,
): Promise<AcsOutcome> {
  await core.sso.ensureEmulatorProvider();
  const flow = await resolveAcsFlow(core, form.RelayState ?? "", form.SAMLResponse);
  const provider = flow.provider;
  if (!form.SAMLResponse) throw validation("SAMLResponse is missing");

  const idp = await currentIdpMetadata(core.pool, provider, core.logger);
  let assertionXml: string;
  try {
    if (idp.signingCertificates.length === 0) throw new Error("the IdP metadata has no signing certificate");
    const sp = await serviceProvider({
      settings: core.settings(),
      keys: await core.sso.spKeys(),
      idp,
      requestId: flow.requestId,
      requestCreatedAt: flow.requestCreatedAt,
      idpInitiated: flow.initiatedBy === "idp",
      clockSkewMs: core.sso.settings.clockSkewMs,
    });
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse });
    assertionXml = profile?.getAssertionXml?.() ?? "";
    if (assertionXml === "") throw new Error("no assertion in the SAML response");
  } catch (error) {
    core.logger.info({ err: error, sso_provider_id: provider.id }, "auth: SAML assertion refused");
    throw new AuthError(400, ErrorCode.validation_failed, "SAML Assertion is not valid", undefined, error);
  }

  const facts = assertionFacts(assertionXml, provider.attribute_mapping);
  // IdP-initiated responses have no relay state to burn: remember each assertion until it expires.
  if (!core.sso.firstUseOfAssertion(facts.assertionId, facts.notOnOrAfter))
    throw validation("SAML Assertion has already been used");
  if (facts.userId === "") {
    throw badRequest(
      ErrorCode.saml_assertion_no_user_id,
      "SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user",
    );
  }
  if (facts.email === "")
    throw badRequest(ErrorCode.saml_assertion_no_email, "SAML Assertion does not contain an email address");

  const settings = core.settings();
  const redirectTo = resolveRedirect(settings.site_url, settings.additional_redirect_urls, flow.redirectTo);
  return inTransaction(core.pool, async (sql): Promise<AcsOutcome> => {
    const user = await findOrCreateSsoUser(sql, {
      providerId: provider.id,
      entityId: provider.entity_id,
      userId: facts.userId,
      email: facts.email,
      claims: facts.claims,
    });
    const { rows } = flow.flowStateId
      ? await sql.query<{ user_id: string | null; auth_code: string | null }>(
          "select user_id, auth_code from auth.flow_state where id = $1 for update",
          [flow.flowStateId],
        )
      : { rows: [] };
    const state = rows[0];
    if (state?.auth_code) {
      if (state.user_id !== null) throw badRequest(ErrorCode.flow_state_already_used, "State has already been used");
      await sql.query(
        "update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now() where id = $1",
        [flow.flowStateId, user.id],
      );
      return { kind: "pkce", redirectTo, code: state.auth_code };
    }
    await recordAudit(sql, {
      actor: user,
      action: "login",
      logType: "account",
      ip: client.ip,
      traits: { provider: `sso:${provider.id}` },
    });
    return { kind: "implicit", redirectTo, session: await startSession(core, sql, user, "sso/saml", client) };
  });
}
