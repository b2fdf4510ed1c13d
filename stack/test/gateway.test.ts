import { request as httpRequest } from "node:http";
import { testClient } from "./support/client.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./support/test-stack.ts";
import { nowSeconds, signWithForeignKey, signWithStackKey, unsignedToken } from "./support/tokens.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("basic");
});
afterAll(() => t?.close());

describe("gateway routing", () => {
  it("routes /functions/v1 to the functions service", async () => {
    const response = await fetch(`${t.url}/functions/v1/hello`, { headers: { apikey: t.stack.keys.publishableKey } });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Function not found");
  });

  it("routes /rest/v1 to the REST service", async () => {
    const response = await fetch(`${t.url}/rest/v1/notes`, { headers: { apikey: t.stack.keys.publishableKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([expect.objectContaining({ id: 1, body: "seeded note" })]);
  });

  it("answers an unknown path with Kong's 404 body", async () => {
    const response = await fetch(`${t.url}/nowhere/v9`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "no Route matched with those values" });
  });

  it("gives every response a request id", async () => {
    const response = await fetch(`${t.url}/nowhere`);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the public signing key as a JWKS that verifies the stack's tokens", async () => {
    const response = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    const key = jwks.keys[0];
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", key_ops: ["verify"] });
    expect(key).not.toHaveProperty("d");
    const token = await signWithStackKey(t.stack, { sub: "x", role: "authenticated" });
    const header = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()) as { kid: string };
    expect(header.kid).toBe(key?.kid);
  });
});

describe("api keys", () => {
  const path = "/rest/v1/notes";
  const get = (headers: Record<string, string>, query = "") => fetch(`${t.url}${path}${query}`, { headers });

  it.each([
    ["the publishable key", () => ({ apikey: t.stack.keys.publishableKey })],
    ["the secret key", () => ({ apikey: t.stack.keys.secretKey })],
    ["the legacy anon key", () => ({ apikey: t.stack.keys.anonKey })],
    ["the legacy service_role key", () => ({ apikey: t.stack.keys.serviceRoleKey })],
    [
      "the publishable key as apikey and bearer (supabase-js)",
      () => ({ apikey: t.stack.keys.publishableKey, authorization: `Bearer ${t.stack.keys.publishableKey}` }),
    ],
    ["no key at all (local CLI behaviour)", () => ({})],
  ])("lets a request with %s through", async (_name, headers) => {
    expect((await get(headers())).status).toBe(200);
  });

  it("accepts the key as the apikey query parameter", async () => {
    // The key never reaches the filter parser (it would be a malformed filter otherwise).
    expect((await get({}, `?apikey=${t.stack.keys.publishableKey}`)).status).toBe(200);
  });

  it.each([
    ["an unknown sb_ key", "sb_publishable_notarealkeyatall000000"],
    ["a malformed key", "not-a-key"],
    ["a JWT signed with another secret", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl"],
  ])("refuses %s with 401 and hosted's body", async (_name, apikey) => {
    const response = await get({ apikey });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: "Invalid API key",
      hint: "Double check your Supabase `anon` or `service_role` API key.",
    });
  });

  it("answers supabase-js the same way", async () => {
    const client = testClient(t.url, t.stack.keys.publishableKey);
    const { error, status } = await client.from("notes").select();
    expect(status).toBe(200);
    expect(error).toBeNull();
  });
});

describe("bearer tokens", () => {
  const get = (token: string) =>
    fetch(`${t.url}/rest/v1/notes`, {
      headers: { apikey: t.stack.keys.publishableKey, authorization: `Bearer ${token}` },
    });

  it("accepts a valid user token", async () => {
    const token = await signWithStackKey(t.stack, { sub: "u1", role: "authenticated", exp: nowSeconds() + 60 });
    expect((await get(token)).status).toBe(200);
  });

  it.each([
    [
      "an expired token",
      async () => signWithStackKey(t.stack, { role: "authenticated", exp: nowSeconds() - 120 }),
      "JWT expired",
    ],
    [
      "a token signed with a foreign key",
      async () => signWithForeignKey(t.stack, { role: "authenticated" }),
      "No suitable key or wrong key type",
    ],
    [
      "an unsigned alg:none token",
      async () => unsignedToken({ role: "service_role" }),
      "Wrong or unsupported encoding algorithm",
    ],
    ["a token without three parts", async () => "abc.def", "Expected 3 parts in JWT; got 2"],
    [
      "a token not valid yet",
      async () => signWithStackKey(t.stack, { role: "authenticated", nbf: nowSeconds() + 600 }),
      "JWT not yet valid",
    ],
  ])("refuses %s with 401", async (_name, makeToken, message) => {
    const response = await get(await makeToken());
    expect(response.status).toBe(401);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.message).toBe(message);
    expect(body.code).toMatch(/^PGRST30[13]$/);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("hosted api-key behaviour", () => {
  it("refuses requests without a key when asked to behave as hosted", async () => {
    const hosted = await startTestStack("basic", { requireApiKey: true });
    try {
      const response = await fetch(`${hosted.url}/rest/v1/notes`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
      // /verify is an open route: a browser navigation without headers reaches auth (which redirects).
      expect((await fetch(`${hosted.url}/auth/v1/verify?token=x&type=signup`, { redirect: "manual" })).status).not.toBe(
        401,
      );
    } finally {
      await hosted.close();
    }
  });
});

describe("CORS", () => {
  it("answers a preflight as hosted does, allowing what supabase-js sends", async () => {
    const response = await fetch(`${t.url}/rest/v1/notes`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "apikey, authorization, x-client-info, content-type, prefer, accept-profile, x-custom",
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(response.headers.get("access-control-allow-methods")).toContain("PATCH");
    const allowed = response.headers.get("access-control-allow-headers") ?? "";
    for (const header of [
      "apikey",
      "authorization",
      "x-client-info",
      "content-type",
      "prefer",
      "accept-profile",
      "x-custom",
    ]) {
      expect(allowed).toContain(header);
    }
  });

  it("exposes Content-Range and the auth API version header on responses", async () => {
    const response = await fetch(`${t.url}/rest/v1/notes`, { headers: { origin: "http://localhost:5173" } });
    const exposed = response.headers.get("access-control-expose-headers") ?? "";
    expect(exposed).toContain("Content-Range");
    expect(exposed).toContain("X-Supabase-Api-Version");
  });
});

describe("REST through the gateway's node:http path", () => {
  const origin = "http://localhost:5173";

  /** A raw exchange, so the request target can be absolute-form or hold dot segments. */
  const raw = (target: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const url = new URL(t.url);
      const outgoing = httpRequest({ host: url.hostname, port: url.port, path: target, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      outgoing.on("error", reject);
      outgoing.end();
    });

  it("refuses a bad token in PostgREST's shape with the CORS headers and the request id", async () => {
    const response = await fetch(`${t.url}/rest/v1/notes`, {
      headers: { apikey: t.stack.keys.publishableKey, authorization: "Bearer a.b", origin, "x-request-id": "r-1" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "PGRST301" });
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
    expect(response.headers.get("x-request-id")).toBe("r-1");
  });

  it("answers HEAD with the count and no body", async () => {
    const response = await fetch(`${t.url}/rest/v1/notes?select=id`, {
      method: "HEAD",
      headers: { apikey: t.stack.keys.publishableKey, prefer: "count=exact" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-range")).toBe("0-0/1");
    expect(await response.text()).toBe("");
  });

  it("answers an absolute-form request target (left to Hono) as it answers the ordinary one", async () => {
    const headers = { apikey: t.stack.keys.publishableKey, origin };
    const ordinary = await raw("/rest/v1/notes?select=id,body", headers);
    const absolute = await raw(`${t.url}/rest/v1/notes?select=id,body`, headers);
    expect(absolute.status).toBe(200);
    expect(absolute.body).toBe(ordinary.body);
    const comparable = (h: Record<string, unknown>) => ({ ...h, date: undefined, "x-request-id": undefined });
    expect(comparable(absolute.headers)).toEqual(comparable(ordinary.headers));
  });

  it("routes a target whose dot segments leave /rest/v1 to where they lead", async () => {
    const response = await raw("/rest/v1/../../auth/v1/health", { apikey: t.stack.keys.publishableKey });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ name: "GoTrue" });
  });
});
