import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch } from "./support/auth-api.ts";
import { ssoAdmin } from "./support/saml.ts";

let t: TestStack;
let emulatorMetadata: string;
beforeAll(async () => {
  t = await startTestStack("auth-sso");
  emulatorMetadata = await (await fetch(`${t.url}/emulators/saml/metadata`)).text();
});
afterAll(() => t?.close());

/** IdP metadata for another entity ID, with the emulator's certificate and endpoints. */
const metadataFor = (entityId: string) => emulatorMetadata.replace(/entityID="[^"]+"/, `entityID="${entityId}"`);
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

describe("admin SSO providers", () => {
  it("lists the IdP emulator registered for the demo domain, without metadata XML", async () => {
    const { status, body } = await ssoAdmin(t, "GET", "");
    expect(status).toBe(200);
    const items = body.items as Record<string, unknown>[];
    const emulator = items.find((item) => item.resource_id === "parley-saml-emulator");
    expect(emulator).toMatchObject({
      disabled: null,
      saml: { entity_id: "urn:parley-stack:saml-emulator", metadata_url: `${t.url}/emulators/saml/metadata` },
      domains: [{ domain: "sso.parley.test" }],
    });
    expect(emulator?.saml).not.toHaveProperty("metadata_xml");
  });

  it("creates, reads, updates and deletes a provider from metadata XML", async () => {
    const created = await ssoAdmin(t, "POST", "", {
      type: "saml",
      metadata_xml: metadataFor("https://idp.acme.test/metadata"),
      domains: ["acme.test"],
      attribute_mapping: { keys: { name: { name: "displayName" }, groups: { name: "groups", array: true } } },
      name_id_format: EMAIL_FORMAT,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      disabled: null,
      saml: {
        entity_id: "https://idp.acme.test/metadata",
        metadata_xml: expect.stringContaining("IDPSSODescriptor"),
        attribute_mapping: { keys: { name: { name: "displayName" }, groups: { name: "groups", array: true } } },
        name_id_format: EMAIL_FORMAT,
      },
      domains: [{ domain: "acme.test" }],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id as string;
    expect((await ssoAdmin(t, "GET", `/${id}`)).body).toMatchObject({
      id,
      saml: { entity_id: "https://idp.acme.test/metadata" },
    });

    const updated = await ssoAdmin(t, "PUT", `/${id}`, {
      domains: ["acme.test", "acme-eu.test"],
      attribute_mapping: { keys: { name: { names: ["cn", "displayName"], default: "Unknown" } } },
      name_id_format: PERSISTENT,
      resource_id: "acme",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      resource_id: "acme",
      saml: {
        attribute_mapping: { keys: { name: { names: ["cn", "displayName"], default: "Unknown" } } },
        name_id_format: PERSISTENT,
      },
      domains: [{ domain: "acme.test" }, { domain: "acme-eu.test" }],
    });
    expect((await ssoAdmin(t, "GET", "/resource_acme")).body).toMatchObject({ id });
    expect((await ssoAdmin(t, "PUT", `/${id}`, { domains: ["acme-eu.test"], disabled: true })).body).toMatchObject({
      disabled: true,
      domains: [{ domain: "acme-eu.test" }],
    });

    expect(await authFetch(t, "/sso", { body: { domain: "acme-eu.test" } })).toMatchObject({
      status: 404,
      body: { code: "sso_provider_disabled", message: "SSO Provider is currently disabled" },
    });

    const deleted = await ssoAdmin(t, "DELETE", `/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id } });
    expect(await ssoAdmin(t, "GET", `/${id}`)).toMatchObject({
      status: 404,
      body: { error_code: "sso_provider_not_found", msg: "SSO Identity Provider not found" },
    });
  });

  it("refuses a second provider for an entity ID or a domain already taken", async () => {
    const again = await ssoAdmin(t, "POST", "", { type: "saml", metadata_xml: emulatorMetadata });
    expect(again).toMatchObject({
      status: 422,
      body: {
        error_code: "saml_idp_already_exists",
        msg: "SAML Identity Provider with this EntityID (urn:parley-stack:saml-emulator) already exists",
      },
    });
    const domain = await ssoAdmin(t, "POST", "", {
      type: "saml",
      metadata_xml: metadataFor("https://idp.other.test/metadata"),
      domains: ["sso.parley.test"],
    });
    expect(domain).toMatchObject({ status: 400, body: { error_code: "sso_domain_already_exists" } });
  });

  it("refuses metadata of another entity on update", async () => {
    const { body } = await ssoAdmin(t, "POST", "", {
      type: "saml",
      metadata_xml: metadataFor("https://idp.mismatch.test/metadata"),
    });
    const mismatch = await ssoAdmin(t, "PUT", `/${body.id as string}`, {
      metadata_xml: metadataFor("https://idp.elsewhere.test/metadata"),
    });
    expect(mismatch).toMatchObject({ status: 400, body: { error_code: "saml_entity_id_mismatch" } });
  });

  it.each([
    [{ metadata_xml: "<x/>" }, "Only 'saml' supported for SSO provider type"],
    [{ type: "saml" }, "Either metadata_xml or metadata_url must be set"],
    [
      { type: "saml", metadata_xml: "<x/>", metadata_url: "https://idp.test/m" },
      "Only one of metadata_xml or metadata_url needs to be set",
    ],
    [{ type: "saml", metadata_url: "not a url" }, "metadata_url is not a valid URL"],
    [{ type: "saml", metadata_url: "http://idp.test/metadata" }, "metadata_url is not a HTTPS URL"],
    [
      { type: "saml", metadata_xml: "<x/>", name_id_format: "urn:bogus" },
      `name_id_format must be unspecified or one of ${PERSISTENT}, ${EMAIL_FORMAT}, urn:oasis:names:tc:SAML:2.0:nameid-format:transient, urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified`,
    ],
    [
      {
        type: "saml",
        metadata_xml:
          '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.test"/>',
      },
      "SAML Metadata does not contain any IDPSSODescriptor",
    ],
    [
      {
        type: "saml",
        metadata_xml:
          '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"><md:IDPSSODescriptor/></md:EntityDescriptor>',
      },
      "SAML Metadata does not contain an EntityID",
    ],
  ])("answers 400 validation_failed for %j", async (body, message) => {
    expect(await ssoAdmin(t, "POST", "", body)).toMatchObject({
      status: 400,
      body: { error_code: "validation_failed", msg: message },
    });
  });

  it("answers 404 for an unknown or malformed id and 403 to a non-admin", async () => {
    expect(await ssoAdmin(t, "GET", "/not-a-uuid")).toMatchObject({
      status: 404,
      body: { error_code: "sso_provider_not_found" },
    });
    expect(await ssoAdmin(t, "DELETE", "/0b7c9a36-4a5e-4b0e-9f57-1f6f5e2f0e11")).toMatchObject({
      status: 404,
      body: { error_code: "sso_provider_not_found" },
    });
    expect(await ssoAdmin(t, "GET", "", undefined, t.stack.keys.publishableKey)).toMatchObject({
      status: 403,
      body: { error_code: "not_admin" },
    });
  });
});
