import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
let env: Record<string, string>;
beforeAll(async () => {
  t = await startFunctionsStack();
  const { data, error } = await testClient(t.url, t.stack.keys.publishableKey).functions.invoke<Record<string, string>>(
    "env",
  );
  if (error) throw error;
  env = data ?? {};
});
afterAll(() => t?.close());

describe("the environment hosted functions get", () => {
  it("points SUPABASE_URL at the stack's gateway and gives the project's keys", () => {
    const { keys } = t.stack;
    expect(env).toMatchObject({
      SUPABASE_URL: t.url,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_DB_URL: t.stack.db.url,
    });
    expect(JSON.parse(env.SUPABASE_PUBLISHABLE_KEYS ?? "")).toEqual({ default: keys.publishableKey });
    expect(JSON.parse(env.SUPABASE_SECRET_KEYS ?? "")).toEqual({ default: keys.secretKey });
    expect(JSON.parse(env.SUPABASE_JWKS ?? "")).toEqual(keys.jwks());
    expect(env.SB_EXECUTION_ID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("adds supabase/functions/.env and [edge_runtime.secrets], skipping SUPABASE_* names", () => {
    expect(env.GREETING).toBe("hello from .env");
    expect(env.FROM_CONFIG).toBe("config-secret");
    expect(env.SUPABASE_SNEAKY).toBeUndefined();
  });

  it("leaks nothing of the stack's own environment", () => {
    for (const name of ["HOME", "PATH", "PWD", "HOSTNAME", "DENO_DIR", "NO_COLOR", "DENO_NO_PACKAGE_JSON"])
      expect(env[name]).toBeUndefined();
    expect(
      Object.keys(env).filter(
        (name) => name.startsWith("PARLEY_") || name.startsWith("SUPABASE_INTERNAL_") || name.startsWith("VITEST"),
      ),
    ).toEqual([]);
  });
});
