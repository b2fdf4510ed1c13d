import { validation, badRequest, ErrorCode } from "../errors.ts";
import { parseStrictXml } from "./strict-xml.ts";

const MD_NS = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS_NS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

/** What the service provider needs from an IdP's metadata. */
export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService location, HTTP-Redirect preferred (GoTrue sends AuthnRequests by redirect). */
  ssoUrl: string;
  /** PEM certificates the IdP signs with. */
  signingCertificates: string[];
  /** `validUntil` of the EntityDescriptor, when given. */
  validUntil?: Date;
  /** `cacheDuration` of the EntityDescriptor in milliseconds, when given. */
  cacheDurationMs?: number;
}

/** An xs:duration such as `PT1H` or `P7D` in milliseconds (years and months as 365 and 30 days). */
export function durationMs(value: string): number | undefined {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value.trim(),
  );
  if (!match || value.trim() === "P" || value.trim().endsWith("T")) return undefined;
  const [years, months, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return (
    ((((years ?? 0) * 365 + (months ?? 0) * 30 + (days ?? 0)) * 24 + (hours ?? 0)) * 60 + (minutes ?? 0)) * 60_000 +
    (seconds ?? 0) * 1000
  );
}

const pem = (body: string) =>
  `-----BEGIN CERTIFICATE-----\n${body
    .replace(/\s+/g, "")
    .replace(/(.{64})/g, "$1\n")
    .replace(/\n$/, "")}\n-----END CERTIFICATE-----\n`;

/**
 * Parses IdP metadata with GoTrue's checks (auth: internal/api/ssoadmin.go parseSAMLMetadata): valid
 * UTF-8, an EntityDescriptor with an entityID and exactly one IDPSSODescriptor, each failure a 400
 * `validation_failed`.
 * @example const { entityId, ssoUrl } = parseIdpMetadata(xml);
 */
export function parseIdpMetadata(raw: string): IdpMetadata {
  if (raw.includes("\uFFFD")) {
    throw validation("SAML Metadata XML contains invalid UTF-8 characters, which are not supported at this time");
  }
  const { root, error } = parseStrictXml(raw);
  if (error !== undefined || !root) throw validation(`SAML Metadata is not valid XML: ${error ?? "empty document"}`);
  const descriptor =
    root.localName === "EntityDescriptor" && root.namespaceURI === MD_NS
      ? root
      : root.getElementsByTagNameNS(MD_NS, "EntityDescriptor").item(0);
  if (!descriptor) throw validation("SAML Metadata does not contain an EntityDescriptor");
  const entityId = descriptor.getAttribute("entityID") ?? "";
  if (entityId === "") throw validation("SAML Metadata does not contain an EntityID");
  const idps = descriptor.getElementsByTagNameNS(MD_NS, "IDPSSODescriptor");
  if (idps.length < 1) throw validation("SAML Metadata does not contain any IDPSSODescriptor");
  if (idps.length > 1) throw validation("SAML Metadata contains multiple IDPSSODescriptors");
  const idp = idps.item(0);
  if (!idp) throw validation("SAML Metadata does not contain any IDPSSODescriptor");

  const services = Array.from({ length: idp.getElementsByTagNameNS(MD_NS, "SingleSignOnService").length }, (_, i) =>
    idp.getElementsByTagNameNS(MD_NS, "SingleSignOnService").item(i),
  );
  const location = (binding: string) =>
    services.find((s) => s?.getAttribute("Binding") === binding)?.getAttribute("Location") ?? "";
  const ssoUrl = location(REDIRECT_BINDING) || location(POST_BINDING);

  const signingCertificates: string[] = [];
  const keyDescriptors = idp.getElementsByTagNameNS(MD_NS, "KeyDescriptor");
  for (let i = 0; i < keyDescriptors.length; i++) {
    const kd = keyDescriptors.item(i);
    const use = kd?.getAttribute("use") ?? "";
    if (!kd || (use !== "" && use !== "signing")) continue;
    const certs = kd.getElementsByTagNameNS(DS_NS, "X509Certificate");
    for (let j = 0; j < certs.length; j++) {
      const body = certs.item(j)?.textContent?.trim();
      if (body) signingCertificates.push(pem(body));
    }
  }
  const validUntil = descriptor.getAttribute("validUntil")
    ? new Date(descriptor.getAttribute("validUntil") ?? "")
    : undefined;
  const cacheDurationMs = durationMs(descriptor.getAttribute("cacheDuration") ?? "");
  return {
    entityId,
    ssoUrl,
    signingCertificates,
    ...(validUntil && !Number.isNaN(validUntil.getTime()) ? { validUntil } : {}),
    ...(cacheDurationMs ? { cacheDurationMs } : {}),
  };
}

/**
 * Fetches metadata from `metadata_url` as GoTrue does; a non-200 answer is 400
 * `saml_metadata_fetch_failed` "HTTP <status> error fetching SAML Metadata from URL '<url>'".
 */
export async function fetchIdpMetadata(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/xml;charset=UTF-8", "accept-charset": "UTF-8" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw badRequest(
      ErrorCode.saml_metadata_fetch_failed,
      `Error fetching SAML Metadata from URL '${url}': ${(error as Error).message}`,
    );
  }
  if (response.status !== 200) {
    throw badRequest(
      ErrorCode.saml_metadata_fetch_failed,
      `HTTP ${response.status} error fetching SAML Metadata from URL '${url}'`,
    );
  }
  return response.text();
}
