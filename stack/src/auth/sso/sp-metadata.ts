import type { AuthCore } from "../core.ts";
import { NAME_ID_FORMAT } from "./name-id-formats.ts";
import { serviceProvider } from "./service-provider.ts";

/**
 * The stack's SP metadata (auth: internal/api/saml.go SAMLMetadata): entity ID
 * `<external URL>/sso/saml/metadata`, ACS `<external URL>/sso/saml/acs` (HTTP-POST), the signing
 * certificate; with `download` it is valid for 5 years, as GoTrue writes it.
 */
export async function spMetadataXml(core: AuthCore, download: boolean): Promise<string> {
  const keys = await core.sso.spKeys();
  const sp = await serviceProvider({ settings: core.settings(), keys, clockSkewMs: core.sso.settings.clockSkewMs });
  // As GoTrue advertises it: both NameID formats it accepts, no AuthnRequestsSigned attribute.
  const xml = sp
    .generateServiceProviderMetadata(null, keys.certificate)
    .replace(
      /<NameIDFormat>[^<]*<\/NameIDFormat>/,
      `<NameIDFormat>${NAME_ID_FORMAT.emailAddress}</NameIDFormat>\n    <NameIDFormat>${NAME_ID_FORMAT.persistent}</NameIDFormat>`,
    )
    .replace(/ AuthnRequestsSigned="true"/, "");
  if (!download) return xml;
  const validUntil = new Date();
  validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 5);
  return xml.replace(/<(\w+:)?EntityDescriptor\b/, (match) => `${match} validUntil="${validUntil.toISOString()}"`);
}
