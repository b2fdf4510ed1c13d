import { DOMParser } from "@xmldom/xmldom";
import { NAME_ID_FORMAT } from "./name-id-formats.ts";
import type { AttributeMapping } from "./provider-store.ts";

const ASSERTION_NS = "urn:oasis:names:tc:SAML:2.0:assertion";
const SUBJECT_ID_ATTRIBUTE = "urn:oasis:names:tc:SAML:attribute:subject-id";
const EMAIL_ATTRIBUTES = [
  "urn:oid:0.9.2342.19200300.100.1.3",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "http://schemas.xmlsoap.org/claims/EmailAddress",
  "mail",
  "Mail",
  "email",
];

/** What GoTrue reads from a verified assertion (auth: internal/api/samlassertion.go). */
export interface AssertionFacts {
  /** subject-id attribute, else a non-transient NameID (lower-cased for emailAddress); "" when none. */
  userId: string;
  /** The mapped email, else the usual email attributes, else an emailAddress NameID; "" when none. */
  email: string;
  /** attribute_mapping applied: claim → value (or values with `array`). */
  claims: Record<string, unknown>;
  /** The assertion's ID and the end of its validity (Conditions, else SubjectConfirmationData), for replay checks. */
  assertionId: string;
  notOnOrAfter: Date | undefined;
}

interface Attribute {
  name: string;
  friendlyName: string;
  values: string[];
}

function readAttributes(assertion: Element): Attribute[] {
  const nodes = assertion.getElementsByTagNameNS(ASSERTION_NS, "Attribute");
  const attributes: Attribute[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes.item(i);
    if (!node) continue;
    const valueNodes = node.getElementsByTagNameNS(ASSERTION_NS, "AttributeValue");
    const values: string[] = [];
    for (let j = 0; j < valueNodes.length; j++) values.push(valueNodes.item(j)?.textContent ?? "");
    attributes.push({
      name: node.getAttribute("Name") ?? "",
      friendlyName: node.getAttribute("FriendlyName") ?? "",
      values,
    });
  }
  return attributes;
}

/**
 * Reads the user id, email and mapped claims from the assertion XML that node-saml verified, with
 * GoTrue's rules: attribute names match Name or FriendlyName case-insensitively; a mapping key takes
 * the first non-empty value of `name`, then `names`, or `default`; `array` collects all values.
 * @example const { userId, email, claims } = assertionFacts(profile.getAssertionXml(), provider.attribute_mapping);
 */
export function assertionFacts(assertionXml: string, mapping: AttributeMapping | null): AssertionFacts {
  const assertion = new DOMParser().parseFromString(assertionXml, "text/xml").documentElement;
  if (!assertion) return { userId: "", email: "", claims: {}, assertionId: "", notOnOrAfter: undefined };
  const attributes = readAttributes(assertion);
  const valuesOf = (name: string) =>
    attributes
      .filter((a) => a.name.toLowerCase() === name.toLowerCase() || a.friendlyName.toLowerCase() === name.toLowerCase())
      .flatMap((a) => a.values);

  const subject = assertion.getElementsByTagNameNS(ASSERTION_NS, "Subject").item(0);
  const nameIdNode = subject?.getElementsByTagNameNS(ASSERTION_NS, "NameID").item(0);
  const nameIdFormat = nameIdNode?.getAttribute("Format") ?? "";
  const nameId = nameIdNode?.textContent?.trim() ?? "";

  let userId = valuesOf(SUBJECT_ID_ATTRIBUTE)[0] ?? "";
  if (userId === "" && nameId !== "" && nameIdFormat !== NAME_ID_FORMAT.transient) {
    userId = nameIdFormat === NAME_ID_FORMAT.emailAddress ? nameId.toLowerCase() : nameId;
  }

  const claims: Record<string, unknown> = {};
  for (const [key, mapper] of Object.entries(mapping?.keys ?? {})) {
    const names = [...(mapper.name ? [mapper.name] : []), ...(mapper.names ?? [])];
    for (const name of names) {
      const values = valuesOf(name).filter((value) => value !== "");
      if (values.length === 0) continue;
      claims[key] = mapper.array ? values : values[0];
      break;
    }
    if (claims[key] === undefined && mapper.default !== undefined && mapper.default !== null)
      claims[key] = mapper.default;
  }

  let email = typeof claims.email === "string" ? claims.email : "";
  if (email === "")
    email = EMAIL_ATTRIBUTES.map((name) => valuesOf(name).find((v) => v !== "")).find((v) => v !== undefined) ?? "";
  if (email === "" && nameIdFormat === NAME_ID_FORMAT.emailAddress) email = nameId;
  const until = [
    assertion.getElementsByTagNameNS(ASSERTION_NS, "Conditions").item(0),
    assertion.getElementsByTagNameNS(ASSERTION_NS, "SubjectConfirmationData").item(0),
  ]
    .map((node) => node?.getAttribute("NotOnOrAfter") ?? "")
    .map((value) => new Date(value))
    .find((date) => !Number.isNaN(date.getTime()));
  return { userId, email, claims, assertionId: assertion.getAttribute("ID") ?? "", notOnOrAfter: until };
}
