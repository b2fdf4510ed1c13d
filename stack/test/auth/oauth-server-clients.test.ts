// The OAuth 2.1 server's client registry through supabase-js's auth.admin.oauth, dynamic client
// registration, and the feature switch (GoTrue oauthserver handlers.go).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { authFetch } from "./support/auth-api.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-oauth-server");
});
afterAll(() => t?.close());

const admin = () => testClient(t.url, t.stack.keys.secretKey).auth.admin.oauth;

describe("admin client registry", () => {
  it("creates, lists, gets, updates, regenerates the secret of and deletes a confidential client", async () => {
    const created = await admin().createClient({
      client_name: "Parley CLI",
      redirect_uris: ["https://app.example.com/callback"],
      client_uri: "https://app.example.com",
    });
    expect(created.error).toBeNull();
    const client = created.data;
    expect(client).toMatchObject({
      client_name: "Parley CLI",
      client_type: "confidential",
      token_endpoint_auth_method: "client_secret_basic",
      registration_type: "manual",
      redirect_uris: ["https://app.example.com/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });
    expect(client?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const id = client?.client_id ?? "";

    const listed = await admin().listClients();
    expect(listed.data?.clients.map((c) => c.client_id)).toContain(id);
    expect(listed.data?.clients.find((c) => c.client_id === id)).not.toHaveProperty("client_secret");

    expect((await admin().getClient(id)).data).toMatchObject({ client_id: id, client_name: "Parley CLI" });
    const updated = await admin().updateClient(id, {
      client_name: "Parley CLI 2",
      redirect_uris: ["http://localhost:8080/cb"],
    });
    expect(updated.data).toMatchObject({ client_name: "Parley CLI 2", redirect_uris: ["http://localhost:8080/cb"] });

    const regenerated = await admin().regenerateClientSecret(id);
    expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data?.client_secret).not.toBe(client?.client_secret);

    expect((await admin().deleteClient(id)).error).toBeNull();
    expect((await admin().getClient(id)).error).toMatchObject({ status: 404, code: "oauth_client_not_found" });
  });

  it("registers a public client without a secret, and refuses to regenerate one", async () => {
    const { data } = await admin().createClient({
      client_name: "Mobile",
      redirect_uris: ["com.example.app://callback"],
      token_endpoint_auth_method: "none",
    });
    expect(data).toMatchObject({ client_type: "public", token_endpoint_auth_method: "none" });
    expect(data).not.toHaveProperty("client_secret");
    expect((await admin().regenerateClientSecret(data?.client_id ?? "")).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Cannot regenerate secret for public client",
    });
  });

  it.each([
    [{ redirect_uris: [] }, "redirect_uris cannot be empty"],
    [
      { redirect_uris: ["http://app.example.com/cb"] },
      "invalid redirect_uri 'http://app.example.com/cb': HTTP scheme only allowed for localhost",
    ],
    [
      { redirect_uris: ["javascript:alert(1)"] },
      "invalid redirect_uri 'javascript:alert(1)': scheme 'javascript' is not allowed for security reasons",
    ],
    [
      { redirect_uris: ["https://app.example.com/cb#x"] },
      "invalid redirect_uri 'https://app.example.com/cb#x': fragment not allowed in redirect URI",
    ],
    [
      { redirect_uris: ["https://a.example.com/cb"], grant_types: ["password"] },
      "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    ],
    [
      {
        redirect_uris: ["https://a.example.com/cb"],
        client_type: "public",
        token_endpoint_auth_method: "client_secret_post",
      },
      "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
    ],
  ])("refuses %j with 400 validation_failed", async (body, message) => {
    expect(await authFetch(t, "/admin/oauth/clients", { body, token: t.stack.keys.serviceRoleKey })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message },
    });
  });

  it("answers an unknown or malformed client id as GoTrue", async () => {
    expect((await admin().getClient("6a4b1f5e-0000-4000-8000-000000000000")).error).toMatchObject({
      status: 404,
      code: "oauth_client_not_found",
    });
    expect((await admin().getClient("nope")).error).toMatchObject({ status: 400, code: "validation_failed" });
  });

  it("is for admins only", async () => {
    const { error } = await testClient(t.url, t.stack.keys.publishableKey).auth.admin.oauth.listClients();
    expect(error).toMatchObject({ status: 403 });
  });
});

describe("dynamic client registration", () => {
  it("registers a client without credentials when allow_dynamic_registration is on", async () => {
    const response = await authFetch(t, "/oauth/clients/register", {
      body: {
        client_name: "MCP tool",
        redirect_uris: ["http://127.0.0.1:7777/cb"],
        token_endpoint_auth_method: "none",
      },
    });
    expect(response).toMatchObject({
      status: 201,
      body: { registration_type: "dynamic", client_type: "public", client_name: "MCP tool" },
    });
  });
});
