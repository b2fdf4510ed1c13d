import { describe, expect, it } from "vitest";
import { assertionFacts } from "./assertion-claims.ts";

const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
const EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

function assertion(
  nameId: { format: string; value: string },
  attributes: { name: string; friendlyName?: string; values: string[] }[],
): string {
  const attrs = attributes
    .map(
      (a) =>
        `<saml:Attribute Name="${a.name}"${a.friendlyName ? ` FriendlyName="${a.friendlyName}"` : ""}>${a.values.map((v) => `<saml:AttributeValue>${v}</saml:AttributeValue>`).join("")}</saml:Attribute>`,
    )
    .join("");
  return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"><saml:Subject><saml:NameID Format="${nameId.format}">${nameId.value}</saml:NameID></saml:Subject><saml:AttributeStatement>${attrs}</saml:AttributeStatement></saml:Assertion>`;
}

describe("assertionFacts (GoTrue's SAMLAssertion rules)", () => {
  it("takes a persistent NameID as user id and the email attribute", () => {
    const facts = assertionFacts(
      assertion({ format: PERSISTENT, value: "abc-123" }, [{ name: "mail", values: ["ada@corp.test"] }]),
      null,
    );
    expect(facts).toEqual({
      userId: "abc-123",
      email: "ada@corp.test",
      claims: {},
      assertionId: "",
      notOnOrAfter: undefined,
    });
  });

  it("prefers the subject-id attribute, refuses a transient NameID, lower-cases an emailAddress NameID", () => {
    const subjectId = { name: "urn:oasis:names:tc:SAML:attribute:subject-id", values: ["subject-7"] };
    expect(assertionFacts(assertion({ format: TRANSIENT, value: "t-1" }, [subjectId]), null).userId).toBe("subject-7");
    expect(assertionFacts(assertion({ format: TRANSIENT, value: "t-1" }, []), null).userId).toBe("");
    const byEmail = assertionFacts(assertion({ format: EMAIL, value: "Ada@Corp.test" }, []), null);
    expect(byEmail).toMatchObject({ userId: "ada@corp.test", email: "Ada@Corp.test" });
  });

  it("maps attributes by Name or FriendlyName, first of names, arrays and defaults", () => {
    const xml = assertion({ format: PERSISTENT, value: "p" }, [
      { name: "urn:oid:2.16.840.1.113730.3.1.241", friendlyName: "displayName", values: ["Ada Lovelace"] },
      { name: "groups", values: ["admins", "", "staff"] },
      { name: "E-Mail", values: ["mapped@corp.test"] },
    ]);
    const facts = assertionFacts(xml, {
      keys: {
        name: { name: "DISPLAYNAME" },
        groups: { name: "groups", array: true },
        team: { names: ["department", "ou"], default: "none" },
        email: { names: ["missing", "e-mail"] },
      },
    });
    expect(facts.claims).toEqual({
      name: "Ada Lovelace",
      groups: ["admins", "staff"],
      team: "none",
      email: "mapped@corp.test",
    });
    expect(facts.email).toBe("mapped@corp.test");
  });
});
