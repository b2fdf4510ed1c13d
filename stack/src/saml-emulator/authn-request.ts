import { inflateRawSync } from "node:zlib";
import { DOMParser } from "@xmldom/xmldom";

/** What the emulator needs from a service provider's AuthnRequest. */
export interface AuthnRequestInfo {
  id: string;
  /** The service provider's entity ID: the audience of the assertion. */
  issuer: string;
  /** Where the response is posted (the SP's ACS URL). */
  acsUrl: string;
  /** Requested NameID format, when the SP asked for one. */
  nameIdFormat: string | undefined;
}

const PROTOCOL_NS = "urn:oasis:names:tc:SAML:2.0:protocol";
const ASSERTION_NS = "urn:oasis:names:tc:SAML:2.0:assertion";

export class AuthnRequestError extends Error {}

/**
 * Decodes a `SAMLRequest` of the HTTP-Redirect binding (base64 of raw DEFLATE) or of the HTTP-POST
 * binding (plain base64) and reads the fields the emulator answers with.
 * @example const request = decodeAuthnRequest(query.SAMLRequest, "redirect");
 */
export function decodeAuthnRequest(
  encoded: string,
  binding: "redirect" | "post",
): { xml: string; request: AuthnRequestInfo } {
  const bytes = Buffer.from(encoded, "base64");
  let xml: string;
  try {
    xml = binding === "redirect" ? inflateRawSync(bytes).toString("utf8") : bytes.toString("utf8");
  } catch {
    throw new AuthnRequestError("SAMLRequest is not a deflated, base64-encoded message");
  }
  return { xml, request: parseAuthnRequest(xml) };
}

export function parseAuthnRequest(xml: string): AuthnRequestInfo {
  const document = new DOMParser().parseFromString(xml, "text/xml");
  const root = document.documentElement;
  if (!root || root.localName !== "AuthnRequest" || root.namespaceURI !== PROTOCOL_NS) {
    throw new AuthnRequestError("SAMLRequest is not an AuthnRequest");
  }
  const id = root.getAttribute("ID") ?? "";
  const acsUrl = root.getAttribute("AssertionConsumerServiceURL") ?? "";
  const issuer = root.getElementsByTagNameNS(ASSERTION_NS, "Issuer").item(0)?.textContent?.trim() ?? "";
  if (id === "" || acsUrl === "" || issuer === "") {
    throw new AuthnRequestError("AuthnRequest needs an ID, an Issuer and an AssertionConsumerServiceURL");
  }
  if (!/^https?:\/\//.test(acsUrl)) throw new AuthnRequestError("AssertionConsumerServiceURL must be an http(s) URL");
  const policy = root.getElementsByTagNameNS(PROTOCOL_NS, "NameIDPolicy").item(0);
  return { id, issuer, acsUrl, nameIdFormat: policy?.getAttribute("Format") ?? undefined };
}
