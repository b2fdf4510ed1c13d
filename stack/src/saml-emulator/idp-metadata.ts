import { certificateBody } from "../gateway/x509-key-pair.ts";

/** The emulator's entity ID: stable whatever port the stack listens on, so a registration survives restarts. */
export const EMULATOR_ENTITY_ID = "urn:parley-stack:saml-emulator";

/**
 * The IdP's SAML metadata: one IDPSSODescriptor with the signing certificate and the SSO endpoint
 * for both the HTTP-Redirect and HTTP-POST bindings.
 */
export function idpMetadataXml(ssoUrl: string, certificatePem: string): string {
  const cert = certificateBody(certificatePem);
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${EMULATOR_ENTITY_ID}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}
