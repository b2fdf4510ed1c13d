import type { AuthCore } from "../core.ts";
import { AuthError, ErrorCode, notFound, unprocessable, validation } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import { isProviderEnabled } from "./provider-json.ts";
import { findProviderByEntityId, findProviderById, type SsoProvider } from "./provider-store.ts";
import { parseStrictXml } from "./strict-xml.ts";

/** Which flow a SAMLResponse belongs to, found from its RelayState (samlacs.go handleSamlAcs). */
export interface AcsFlow {
  provider: SsoProvider;
  initiatedBy: "sp" | "idp";
  /** SP-initiated: the AuthnRequest ID the response must answer, and when it was made. */
  requestId?: string;
  requestCreatedAt?: Date;
  redirectTo: string | undefined;
  flowStateId: string | null;
}

interface RelayStateRow {
  sso_provider_id: string;
  request_id: string;
  redirect_to: string | null;
  flow_state_id: string | null;
  created_at: Date;
}

const isAbsoluteUrl = (value: string) => URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value);

function enabled(provider: SsoProvider): SsoProvider {
  if (!isProviderEnabled(provider))
    throw notFound(ErrorCode.sso_provider_disabled, "SSO Provider assigned for this domain is currently disabled");
  return provider;
}

/**
 * A UUID RelayState is an SP-initiated flow: its relay state is destroyed on first use, so the same
 * SAMLResponse cannot be used twice (unknown → 404 `saml_relay_state_not_found`; older than the
 * validity period → 422 `saml_relay_state_expired`). An empty or URL RelayState is IdP-initiated:
 * the provider is found from the response's Issuer (unknown → 404 `saml_idp_not_found`).
 */
export async function resolveAcsFlow(
  core: AuthCore,
  relayState: string,
  samlResponse: string | undefined,
): Promise<AcsFlow> {
  if (isUuid(relayState)) {
    const { rows } = await core.pool.query<RelayStateRow>(
      "delete from auth.saml_relay_states where id = $1 returning *",
      [relayState],
    );
    const relay = rows[0];
    if (!relay)
      throw notFound(ErrorCode.saml_relay_state_not_found, "SAML RelayState does not exist, try logging in again?");
    if (Date.now() - relay.created_at.getTime() >= core.sso.settings.relayStateValidityMs) {
      throw unprocessable(ErrorCode.saml_relay_state_expired, "SAML RelayState has expired. Try logging in again?");
    }
    const provider = await findProviderById(core.pool, relay.sso_provider_id);
    if (!provider)
      throw new AuthError(500, ErrorCode.unexpected_failure, "Unable to find SSO Provider from SAML RelayState");
    return {
      provider: enabled(provider),
      initiatedBy: "sp",
      requestId: relay.request_id,
      requestCreatedAt: relay.created_at,
      redirectTo: relay.redirect_to ?? undefined,
      flowStateId: relay.flow_state_id,
    };
  }
  if (relayState !== "" && !isAbsoluteUrl(relayState)) throw validation("SAML RelayState is not a valid UUID or URL");
  if (!samlResponse) throw validation("SAMLResponse is missing");
  if (!/^[A-Za-z0-9+/=\s]+$/.test(samlResponse)) throw validation("SAMLResponse is not a valid Base64 string");
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  const { root, error } = parseStrictXml(xml);
  const issuer =
    root && error === undefined && root.localName === "Response"
      ? Array.from({ length: root.childNodes.length }, (_, i) => root.childNodes.item(i))
          .find((node) => node?.nodeType === 1 && (node as Element).localName === "Issuer")
          ?.textContent?.trim()
      : undefined;
  if (issuer === undefined) throw validation("SAMLResponse is not a valid XML SAML assertion");
  const provider = await findProviderByEntityId(core.pool, issuer);
  if (!provider)
    throw notFound(
      ErrorCode.saml_idp_not_found,
      "A SAML connection has not been established with this Identity Provider",
    );
  return { provider: enabled(provider), initiatedBy: "idp", redirectTo: relayState || undefined, flowStateId: null };
}
