import { beforeAll, describe, expect, it } from "vitest";
import { createKeyRing, generateSigningKey, type KeyRing } from "../gateway/index.ts";
import { checkFunctionJwt, kongAuthorization } from "./verify-function-jwt.ts";

let ring: KeyRing;
beforeAll(async () => {
  ring = await createKeyRing({
    signingKeys: [await generateSigningKey()],
    jwtSecret: "a-test-secret-of-at-least-thirty-two-characters",
    publishableKey: "sb_publishable_test",
    secretKey: "sb_secret_test",
    legacyKeysUseSigningKey: false,
  });
});

describe("kongAuthorization (the CLI's BearerToken expression)", () => {
  it.each([
    [
      "keeps a user's bearer",
      { authorization: "Bearer user.jwt.x", apikey: "sb_secret_test" },
      "Bearer user.jwt.x",
      false,
    ],
    ["maps the secret key", { authorization: "Bearer sb_secret_test", apikey: "sb_secret_test" }, "service_role", true],
    ["maps the publishable key", { apikey: "sb_publishable_test" }, "anon", true],
    ["copies a legacy key as is", { apikey: "legacy.jwt.key" }, "legacy.jwt.key", false],
    ["drops Bearer sb_… without a key", { authorization: "Bearer sb_publishable_test" }, undefined, false],
  ])("%s", (_name, headers, expected, mapped) => {
    const result = kongAuthorization(ring, headers);
    const want =
      expected === "service_role"
        ? `Bearer ${ring.serviceRoleKey}`
        : expected === "anon"
          ? `Bearer ${ring.anonKey}`
          : expected;
    expect(result).toEqual({ header: want, mappedFromApiKey: mapped });
  });
});

describe("checkFunctionJwt (the main service's verify_jwt)", () => {
  const body = async (response: Response | undefined) =>
    response ? [response.status, await response.json()] : "passed";

  it("accepts HS256 legacy keys and ES256 user tokens", async () => {
    expect(await body(await checkFunctionJwt(ring, `Bearer ${ring.anonKey}`))).toBe("passed");
    expect(await body(await checkFunctionJwt(ring, `Bearer ${await ring.sign({ role: "authenticated" })}`))).toBe(
      "passed",
    );
  });

  it("allows no clock skew on exp, as jose's jwtVerify", async () => {
    const expired = await ring.sign({ exp: Math.floor(Date.now() / 1000) - 1 });
    expect(await body(await checkFunctionJwt(ring, `Bearer ${expired}`))).toEqual([401, { msg: "Invalid JWT" }]);
  });

  it("requires exactly `Bearer <token>`", async () => {
    expect(await body(await checkFunctionJwt(ring, undefined))).toEqual([
      401,
      { msg: "Error: Missing authorization header" },
    ]);
    expect(await body(await checkFunctionJwt(ring, `bearer ${ring.anonKey}`))).toEqual([
      401,
      { msg: "Error: Auth header is not 'Bearer {token}'" },
    ]);
  });
});
