// POST /auth/v1/token over raw HTTP on both gateway paths: the native one (an ordinary request
// target, as supabase-js sends) and the Hono one it leaves absolute-form targets to. Both run the
// same grant code and must answer alike: sessions, CORS, GoTrue's error shapes, rate limits, keys.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustedProxies } from "../../src/gateway/index.ts";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { uniqueEmail } from "./support/auth-api.ts";

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

const ORIGIN = "http://localhost:5173";
const PASSWORD = "correct-horse-battery-1";

// The test client's loopback address is a trusted proxy, so each test names its own client address
// in X-Forwarded-For and gets its own per-IP refresh bucket.
let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-token-limit", { trustedProxies: parseTrustedProxies("127.0.0.1/32") });
});
afterAll(() => t?.close());

let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

/** One POST to /auth/v1/token; `absolute` sends an absolute-form target, which the native path leaves to Hono. */
function postToken(
  absolute: boolean,
  query: string,
  body: string,
  headers: Record<string, string> = {},
  method = "POST",
): Promise<Exchange> {
  const port = Number(new URL(t.url).port);
  const path = `/auth/v1/token${query}`;
  const target = absolute ? `http://127.0.0.1:${port}${path}` : path;
  const sent = {
    apikey: t.stack.keys.publishableKey,
    "content-type": "application/json;charset=UTF-8",
    "x-forwarded-for": freshAddress(),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path: target, headers: sent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function signedUpRefreshToken(): Promise<string> {
  const { data, error } = await testClient(t.url, t.stack.keys.publishableKey).auth.signUp({
    email: uniqueEmail("token-endpoint"),
    password: PASSWORD,
  });
  if (error || !data.session) throw error ?? new Error("no session");
  return data.session.refresh_token;
}

describe.each([
  ["the native path", false],
  ["the Hono path", true],
])("POST /auth/v1/token on %s", (_name, absolute) => {
  const version = { "x-supabase-api-version": "2024-01-01" };

  it("rotates a refresh token and answers the session as JSON with CORS headers for the page", async () => {
    const refreshToken = await signedUpRefreshToken();
    const response = await postToken(
      absolute,
      "?grant_type=refresh_token",
      JSON.stringify({ refresh_token: refreshToken }),
      { ...version, origin: ORIGIN, "x-request-id": "refresh-1" },
    );
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
    expect(response.headers.vary).toBe("Origin");
    expect(response.headers["x-request-id"]).toBe("refresh-1");
    expect(response.body).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { aud: "authenticated" } });
    expect(response.body.refresh_token).not.toBe(refreshToken);
    expect(typeof response.body.access_token).toBe("string");
  });

  it("signs in with a password", async () => {
    const email = uniqueEmail("token-password");
    await testClient(t.url, t.stack.keys.publishableKey).auth.signUp({ email, password: PASSWORD });
    const response = await postToken(absolute, "?grant_type=password", JSON.stringify({ email, password: PASSWORD }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: "bearer", user: { email } });
  });

  it("answers body that is not JSON with GoTrue's 400 bad_json, in the 2024 and the legacy shape", async () => {
    const current = await postToken(absolute, "?grant_type=refresh_token", "{not json", { ...version, origin: ORIGIN });
    expect(current.status).toBe(400);
    expect(current.body).toMatchObject({ code: "bad_json" });
    expect(String(current.body.message)).toMatch(/^Could not parse request body as JSON: /);
    expect(current.headers["x-sb-error-code"]).toBe("bad_json");
    expect(current.headers["x-supabase-api-version"]).toBe("2024-01-01");
    expect(current.headers["access-control-allow-origin"]).toBe(ORIGIN);
    const legacy = await postToken(absolute, "?grant_type=refresh_token", "{not json");
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject({ code: 400, error_code: "bad_json" });
    expect(legacy.headers["x-supabase-api-version"]).toBeUndefined();
  });

  it.each([
    [
      "an unknown refresh token",
      "?grant_type=refresh_token",
      { refresh_token: "not-a-refresh-token" },
      400,
      "refresh_token_not_found",
      "Invalid Refresh Token: Refresh Token Not Found",
    ],
    [
      "a wrong password",
      "?grant_type=password",
      { email: "nobody@example.com", password: "x" },
      400,
      "invalid_credentials",
      "Invalid login credentials",
    ],
    ["an unsupported grant", "?grant_type=magic", {}, 400, "invalid_credentials", "unsupported_grant_type"],
    [
      "a body of the wrong type",
      "?grant_type=refresh_token",
      { refresh_token: 7 },
      400,
      "validation_failed",
      undefined,
    ],
  ])("answers %s with GoTrue's error", async (_case, query, body, status, code, message) => {
    const response = await postToken(absolute, query, JSON.stringify(body), version);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    if (message !== undefined) expect(response.body.message).toBe(message);
    expect(response.headers["x-sb-error-code"]).toBe(code);
  });

  it("answers an OAuth-style error for identity linking without a user token", async () => {
    const response = await postToken(
      absolute,
      "?grant_type=id_token",
      JSON.stringify({ provider: "google", id_token: "x", link_identity: true }),
      version,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "invalid request",
      error_description: "Linking requires a valid user access token in Authorization",
    });
  });

  it("answers 429 over_request_rate_limit once the client's refresh bucket (burst 30) is spent", async () => {
    const client = { ...version, origin: ORIGIN, "x-forwarded-for": freshAddress() };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const spent = await postToken(
        absolute,
        "?grant_type=refresh_token",
        JSON.stringify({ refresh_token: "x" }),
        client,
      );
      statuses.push(spent.status);
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
    const limited = await postToken(
      absolute,
      "?grant_type=refresh_token",
      JSON.stringify({ refresh_token: "x" }),
      client,
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: "over_request_rate_limit", message: "Request rate limit reached" });
    expect(limited.headers["x-sb-error-code"]).toBe("over_request_rate_limit");
    expect(limited.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });

  it("refuses an unknown api key with the gateway's 401 before any grant runs", async () => {
    const response = await postToken(absolute, "?grant_type=refresh_token", "{}", { apikey: "nope", origin: ORIGIN });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: "Invalid API key" });
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });

  it("answers a preflight allowing what supabase-js sends", async () => {
    const response = await postToken(
      absolute,
      "?grant_type=refresh_token",
      "",
      {
        origin: ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, authorization, content-type, x-client-info, x-supabase-api-version",
      },
      "OPTIONS",
    );
    expect(response.status).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(response.headers["access-control-allow-headers"]).toContain("x-supabase-api-version");
  });

  it("leaves the JWKS route beside it to the gateway", async () => {
    const port = Number(new URL(t.url).port);
    const path = "/auth/v1/.well-known/jwks.json";
    const response = await fetch(absolute ? `${t.url}${path}` : `http://127.0.0.1:${port}${path}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });
});

// GoTrue's Token handler (auth: internal/api/token.go) takes one token from the client's
// token_refresh bucket for every grant it serves but web3, which has a bucket of its own, before
// it reads the body; an unsupported grant_type is refused before either.
describe("POST /auth/v1/token rate limits, wired as GoTrue's", () => {
  const grants: [string, Record<string, unknown>][] = [
    ["password", { email: "nobody@example.com", password: "wrong" }],
    ["refresh_token", { refresh_token: "not-a-refresh-token" }],
    ["pkce", { auth_code: "", code_verifier: "" }],
    ["id_token", { provider: "google", id_token: "x" }],
  ];
  const post = (address: string, grantType: string, body: Record<string, unknown> = {}) =>
    postToken(false, `?grant_type=${grantType}`, JSON.stringify(body), {
      "x-forwarded-for": address,
      "x-supabase-api-version": "2024-01-01",
    });

  it("spends one token_refresh bucket for password, refresh_token, pkce and id_token grants alike", async () => {
    const address = freshAddress();
    const spending: string[] = [];
    for (let i = 0; i < 30; i++) {
      const [grantType, body] = grants[i % grants.length]!;
      spending.push(`${grantType} ${(await post(address, grantType, body)).status}`);
    }
    expect(spending.filter((answer) => answer.endsWith(" 429"))).toEqual([]);
    const refused: string[] = [];
    for (const [grantType, body] of grants) {
      const { status, body: answer } = await post(address, grantType, body);
      refused.push(`${grantType} ${status} ${String(answer.code)}`);
    }
    expect(refused).toEqual(grants.map(([grantType]) => `${grantType} 429 over_request_rate_limit`));
  });

  it("gives the web3 grant a bucket of its own", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) await post(address, "refresh_token", { refresh_token: "not-a-refresh-token" });
    expect((await post(address, "refresh_token", { refresh_token: "not-a-refresh-token" })).status).toBe(429);
    const web3: number[] = [];
    for (let i = 0; i < 30; i++) web3.push((await post(address, "web3")).status);
    expect(new Set(web3)).toEqual(new Set([422]));
    expect(await post(address, "web3")).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
  });

  it("refuses an unsupported grant type without spending a bucket", async () => {
    const address = freshAddress();
    const answers = new Set<string>();
    for (let i = 0; i < 31; i++) {
      const { status, body } = await post(address, "magic");
      answers.add(`${status} ${String(body.code)}`);
    }
    expect(answers).toEqual(new Set(["400 invalid_credentials"]));
    expect((await post(address, "refresh_token", { refresh_token: "not-a-refresh-token" })).status).toBe(400);
  });
});
