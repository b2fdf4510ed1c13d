import { FunctionsHttpError, FunctionsRelayError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { nowSeconds, signWithForeignKey, signWithStackKey } from "../support/tokens.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
let goodToken: string;
let expiredToken: string;
let foreignToken: string;
beforeAll(async () => {
  t = await startFunctionsStack();
  const claims = { sub: "00000000-0000-0000-0000-00000000000a", role: "authenticated" };
  goodToken = await signWithStackKey(t.stack, { ...claims, exp: nowSeconds() + 3600 });
  expiredToken = await signWithStackKey(t.stack, { ...claims, exp: nowSeconds() - 5 });
  foreignToken = await signWithForeignKey(t.stack, { ...claims, exp: nowSeconds() + 3600 });
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const call = (name: string, headers: Headers, method = "POST") =>
  fetch(`${t.url}/functions/v1/${name}`, { method, headers });

describe("verify_jwt = true (the default) answers as the CLI's main service", () => {
  // (request, its headers, expected status, expected body); the 200 bodies are what the function saw.
  const cases: [string, () => Headers, number, () => unknown][] = [
    ["no key and no token", () => ({}), 401, () => ({ msg: "Error: Missing authorization header" })],
    [
      "a scheme other than Bearer",
      () => ({ Authorization: `Token ${goodToken}` }),
      401,
      () => ({ msg: "Error: Auth header is not 'Bearer {token}'" }),
    ],
    ["an expired token", () => ({ Authorization: `Bearer ${expiredToken}` }), 401, () => ({ msg: "Invalid JWT" })],
    [
      "a token signed by another key",
      () => ({ Authorization: `Bearer ${foreignToken}` }),
      401,
      () => ({ msg: "Invalid JWT" }),
    ],
    ["a malformed token", () => ({ Authorization: "Bearer not-a-jwt" }), 401, () => ({ msg: "Invalid JWT" })],
    [
      "a good user token",
      () => ({ Authorization: `Bearer ${goodToken}` }),
      200,
      () => ({ authorization: `Bearer ${goodToken}` }),
    ],
    [
      "the legacy anon key as bearer",
      () => ({ Authorization: `Bearer ${t.stack.keys.anonKey}` }),
      200,
      () => ({ authorization: `Bearer ${t.stack.keys.anonKey}` }),
    ],
    // The CLI's Kong maps the new API keys to the legacy JWTs, so these pass locally (not on hosted).
    [
      "only the publishable key",
      () => ({ apikey: t.stack.keys.publishableKey }),
      200,
      () => ({ authorization: `Bearer ${t.stack.keys.anonKey}` }),
    ],
    [
      "the secret key as apikey and bearer",
      () => ({ apikey: t.stack.keys.secretKey, Authorization: `Bearer ${t.stack.keys.secretKey}` }),
      200,
      () => ({ authorization: `Bearer ${t.stack.keys.serviceRoleKey}` }),
    ],
  ];
  it.each(cases)("with %s → %i", async (_name, headers, status, body) => {
    const response = await call("secure", headers());
    expect(response.status).toBe(status);
    expect(response.headers.get("x-relay-error")).toBeNull();
    expect(await response.json()).toEqual(body());
  });

  it("lets OPTIONS through without a token", async () => {
    expect((await call("secure", {}, "OPTIONS")).status).toBe(200);
  });

  it("reaches supabase-js as a FunctionsHttpError, never a relay error", async () => {
    const expired = testClient(t.url, t.stack.keys.publishableKey, {
      global: { headers: { Authorization: `Bearer ${expiredToken}` } },
    });
    const { data, error } = await expired.functions.invoke("secure");
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error).not.toBeInstanceOf(FunctionsRelayError);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ msg: "Invalid JWT" });

    const signedIn = testClient(t.url, t.stack.keys.publishableKey, {
      global: { headers: { Authorization: `Bearer ${goodToken}` } },
    });
    expect((await signedIn.functions.invoke("secure")).data).toEqual({ authorization: `Bearer ${goodToken}` });
  });
});

describe("a signed-in user's session", () => {
  it("passes verify_jwt with the access token the auth service issued", async () => {
    const client = testClient(t.url, t.stack.keys.publishableKey);
    const { data: signUp, error: signUpError } = await client.auth.signUp({
      email: "fn-user@example.com",
      password: "a-long-password-1",
    });
    expect(signUpError).toBeNull();
    const token = signUp.session?.access_token;
    expect(token).toBeTruthy();
    const { data, error } = await client.functions.invoke("secure");
    expect(error).toBeNull();
    expect(data).toEqual({ authorization: `Bearer ${token}` });
  });
});

describe("verify_jwt = false", () => {
  it.each([
    ["no token", {}],
    ["an expired token", { Authorization: "Bearer expired" }],
  ] as [string, Headers][])("runs the function with %s", async (_name, headers) => {
    const response = await call("echo", headers);
    expect(response.status).toBe(200);
  });

  it("passes an expired token on to the function untouched", async () => {
    const response = await call("echo", { Authorization: `Bearer ${expiredToken}` });
    expect(((await response.json()) as { headers: Headers }).headers.authorization).toBe(`Bearer ${expiredToken}`);
  });
});
