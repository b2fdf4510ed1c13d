import type { CacheProvider, SAML } from "@node-saml/node-saml";
import type { AuthSettings } from "../config/settings.ts";
import type { X509KeyPair } from "../../gateway/x509-key-pair.ts";
import type { IdpMetadata } from "./idp-metadata.ts";
import { NAME_ID_FORMAT } from "./name-id-formats.ts";

/** The stack's SAML service-provider endpoints, as GoTrue names them under `<external URL>/sso/`. */
export function spEndpoints(settings: AuthSettings) {
  const base = `${settings.externalUrl}/sso/saml`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs` };
}

export interface ServiceProviderInput {
  settings: AuthSettings;
  keys: X509KeyPair;
  /** Absent only when generating SP metadata. */
  idp?: IdpMetadata;
  nameIdFormat?: string | null;
  /** The AuthnRequest ID this flow uses / expects back in InResponseTo. */
  requestId?: string;
  /** When that request was made (the relay state's creation): node-saml reads it as the cache value. */
  requestCreatedAt?: Date;
  /** IdP-initiated: no request to answer, so InResponseTo is checked only when present (and then fails). */
  idpInitiated?: boolean;
  clockSkewMs: number;
}

/**
 * node-saml configured like GoTrue's crewjam service provider (auth: internal/api/saml.go): signed
 * AuthnRequests by HTTP-Redirect, persistent NameID unless the provider asks otherwise, audience =
 * SP entity ID, clock skew, the response or the assertion signed by a certificate from the IdP's
 * metadata, and InResponseTo required to be this flow's request ID.
 */
export async function serviceProvider(input: ServiceProviderInput): Promise<SAML> {
  // node-saml and its XML signature libraries load with the first SAML flow: most stacks never run one.
  const saml = await import("@node-saml/node-saml");
  const { entityId, acsUrl } = spEndpoints(input.settings);
  const requestId = input.requestId;
  const cacheProvider: CacheProvider = {
    saveAsync: async (key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) =>
      requestId !== undefined && key === requestId ? (input.requestCreatedAt ?? new Date()).toISOString() : null,
    removeAsync: async (key) => key,
  };
  return new saml.SAML({
    issuer: entityId,
    callbackUrl: acsUrl,
    audience: entityId,
    entryPoint: input.idp?.ssoUrl,
    idpIssuer: input.idp?.entityId,
    // Only metadata generation runs without an IdP; the ACS refuses an IdP without certificates first.
    idpCert: input.idp ? input.idp.signingCertificates : input.keys.certificate,
    privateKey: input.keys.privateKey,
    publicCert: input.keys.certificate,
    signatureAlgorithm: "sha256",
    identifierFormat: input.nameIdFormat ?? NAME_ID_FORMAT.persistent,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: input.clockSkewMs,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: input.idpInitiated ? saml.ValidateInResponseTo.ifPresent : saml.ValidateInResponseTo.always,
    cacheProvider,
    generateUniqueId: () => requestId ?? `_${crypto.randomUUID()}`,
  });
}
