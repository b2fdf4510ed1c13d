import { createHash, randomUUID } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { EMULATOR_ENTITY_ID } from "./idp-metadata.ts";
import { escapeXml } from "./xml-escape.ts";

export interface TestAccount {
  email: string;
  name: string;
}

export interface ResponseInput {
  account: TestAccount;
  /** The AuthnRequest ID this answers (InResponseTo); omitted for an IdP-initiated response. */
  inResponseTo?: string;
  /** The service provider's entity ID (the audience). */
  audience: string;
  /** The SP's ACS URL (Destination and Recipient). */
  acsUrl: string;
  privateKey: string;
  certificate: string;
  /** Issue time; defaults to now. */
  now?: Date;
  /** How long the assertion may be used; 5 minutes unless given. */
  lifetimeSeconds?: number;
}

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";

/** A stable persistent NameID for a test account: the same email always maps to the same subject. */
export const subjectFor = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);

function sign(xml: string, element: "Assertion" | "Response", privateKey: string, certificate: string): string {
  const signer = new SignedXml({
    privateKey,
    publicCert: certificate,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  const target = `/*[local-name(.)='Response']${element === "Assertion" ? "/*[local-name(.)='Assertion']" : ""}`;
  signer.addReference({ xpath: target, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  signer.computeSignature(xml, { location: { reference: `${target}/*[local-name(.)='Issuer']`, action: "after" } });
  return signer.getSignedXml();
}

function attribute(name: string, value: string): string {
  return `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
}

/**
 * A SAML 2.0 Response for the test account, as a real IdP sends it: an assertion with a persistent
 * NameID, `email`/`name` attributes, audience and time conditions, signed (RSA-SHA256, exclusive
 * C14N), inside a Response that is signed too. Returns the XML, not yet base64-encoded.
 * @example const xml = signedResponse({ account, inResponseTo: request.id, audience, acsUrl, privateKey, certificate });
 */
export function signedResponse(input: ResponseInput): string {
  const now = input.now ?? new Date();
  const until = new Date(now.getTime() + (input.lifetimeSeconds ?? 300) * 1000);
  const issued = now.toISOString();
  const notOnOrAfter = until.toISOString();
  const notBefore = new Date(now.getTime() - 1000).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${escapeXml(input.inResponseTo)}"` : "";
  const acs = escapeXml(input.acsUrl);
  const issuer = `<saml:Issuer>${EMULATOR_ENTITY_ID}</saml:Issuer>`;
  const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${issued}">${issuer}<saml:Subject><saml:NameID Format="${PERSISTENT}">${subjectFor(input.account.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${acs}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute("email", input.account.email)}${attribute("name", input.account.name)}</saml:AttributeStatement></saml:Assertion>`;
  const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${issued}" Destination="${acs}"${inResponseTo}>${issuer}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  const withSignedAssertion = sign(response, "Assertion", input.privateKey, input.certificate);
  return sign(withSignedAssertion, "Response", input.privateKey, input.certificate);
}

/**
 * A signed Response without assertion saying the user did not sign in (status Responder /
 * AuthnFailed), as an IdP answers a cancelled sign-in.
 */
export function failedResponse(input: Omit<ResponseInput, "account" | "audience" | "lifetimeSeconds">): string {
  const issued = (input.now ?? new Date()).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${escapeXml(input.inResponseTo)}"` : "";
  const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${issued}" Destination="${escapeXml(input.acsUrl)}"${inResponseTo}><saml:Issuer>${EMULATOR_ENTITY_ID}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode><samlp:StatusMessage>The user cancelled the sign-in</samlp:StatusMessage></samlp:Status></samlp:Response>`;
  return sign(response, "Response", input.privateKey, input.certificate);
}
