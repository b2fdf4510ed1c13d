import { describe, expect, it } from "vitest";
import { applyEnvOverrides } from "./env-overrides.ts";
import { baseConfigSchema } from "./schema/config.ts";

describe("SUPABASE_<KEY> variables override config values, as viper's AutomaticEnv in the CLI", () => {
  it.each([
    ["a key the file does not write", {}, { SUPABASE_AUTH_SITE_URL: "http://x" }, { auth: { site_url: "http://x" } }],
    ["a key the file writes", { api: { port: 1 } }, { SUPABASE_API_PORT: "6000" }, { api: { port: "6000" } }],
    ["a deeply nested key", {}, { SUPABASE_DB_SEED_ENABLED: "false" }, { db: { seed: { enabled: "false" } } }],
    [
      "a key the file writes in a user-named table",
      { functions: { hello: { verify_jwt: true } } },
      { SUPABASE_FUNCTIONS_HELLO_VERIFY_JWT: "false" },
      { functions: { hello: { verify_jwt: "false" } } },
    ],
    [
      "nothing for a key the file does not write in a user-named table",
      { functions: { hello: {} } },
      { SUPABASE_FUNCTIONS_HELLO_VERIFY_JWT: "false" },
      { functions: { hello: {} } },
    ],
    ["nothing for a user-named table the file lacks", {}, { SUPABASE_FUNCTIONS_HELLO_VERIFY_JWT: "false" }, {}],
    ["nothing inside an optional table the file lacks", {}, { SUPABASE_AUTH_CAPTCHA_ENABLED: "true" }, {}],
    [
      "a written key inside an optional table",
      { auth: { captcha: { enabled: false } } },
      { SUPABASE_AUTH_CAPTCHA_ENABLED: "true" },
      { auth: { captcha: { enabled: "true" } } },
    ],
    ["nothing for an empty variable", {}, { SUPABASE_AUTH_SITE_URL: "" }, {}],
    ["nothing for unrelated variables", {}, { SUPABASE_URL: "http://x", PORT: "1" }, {}],
  ])("%s", (_name, raw, env, expected) => {
    expect(applyEnvOverrides(baseConfigSchema, raw, env)).toEqual(expected);
  });
});
