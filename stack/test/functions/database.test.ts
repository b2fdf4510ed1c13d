import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { nowSeconds, signWithStackKey } from "../support/tokens.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startFunctionsStack();
});
afterAll(() => t?.close());

const USER_A = "00000000-0000-0000-0000-00000000000a";
const USER_B = "00000000-0000-0000-0000-00000000000b";

async function clientAs(sub: string | undefined) {
  if (sub === undefined) return testClient(t.url, t.stack.keys.publishableKey);
  const token = await signWithStackKey(t.stack, { sub, role: "authenticated", exp: nowSeconds() + 600 });
  return testClient(t.url, t.stack.keys.publishableKey, { global: { headers: { Authorization: `Bearer ${token}` } } });
}

describe("a function reading the database through SUPABASE_DB_URL (npm:pg)", () => {
  // (actor, path, expected rows): RLS decides what the calling user sees.
  const table: [string, string | undefined, string, string[]][] = [
    ["user a", USER_A, "db", ["note of a", "second note of a"]],
    ["user b", USER_B, "db", ["note of b"]],
    ["anon (publishable key)", undefined, "db", []],
    ["service role", USER_B, "db/admin", ["note of a", "second note of a", "note of b"]],
  ];
  it.each(table)("as %s", async (_actor, sub, path, rows) => {
    const { data, error } = await (await clientAs(sub)).functions.invoke(path, { method: "GET" });
    expect(error).toBeNull();
    expect(data).toEqual(rows);
  });
});

describe("supabase-js inside a function", () => {
  // (actor, path, expected rows): the function queries /rest/v1 through supabase-js.
  const rest: [string, string | undefined, string, string[]][] = [
    ["user a, forwarding the caller's Authorization", USER_A, "invoker/notes", ["note of a", "second note of a"]],
    ["user b, forwarding the caller's Authorization", USER_B, "invoker/notes", ["note of b"]],
    ["the service role key", USER_B, "invoker/notes-admin", ["note of a", "second note of a", "note of b"]],
  ];
  it.each(rest)("reads a table through REST as %s, RLS deciding", async (_actor, sub, path, rows) => {
    const { data, error } = await (
      await clientAs(sub)
    ).functions.invoke<{ data: { body: string }[]; error: unknown }>(path, { method: "GET" });
    expect(error).toBeNull();
    expect(data).toEqual({ data: rows.map((body) => ({ body })), error: null });
  });

  it("calls another function as the calling user and reaches the gateway at SUPABASE_URL", async () => {
    const token = await signWithStackKey(t.stack, { sub: USER_A, role: "authenticated", exp: nowSeconds() + 600 });
    const client = testClient(t.url, t.stack.keys.publishableKey, {
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const { data, error } = await client.functions.invoke("invoker", { method: "GET" });
    expect(error).toBeNull();
    expect(data).toEqual({ invoked: { authorization: `Bearer ${token}` }, error: null, keys: 1 });
  });
});
