// `Accept: application/vnd.pgrst.plan` (supabase-js `.explain()`): the EXPLAIN of the request's main
// statement, only while `pgrst.db_plan_enabled` is on; PGRST107 (406) otherwise, as PostgREST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPgrstSetting, until } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

interface JsonPlan {
  Plan: Record<string, unknown>;
  Settings?: Record<string, string>;
}

const planOf = (data: unknown) => (data as JsonPlan[])[0] as JsonPlan;

describe("while pgrst.db_plan_enabled is off", () => {
  it("answers PGRST107 with the plan media type named as PostgREST names it", async () => {
    const { error, status } = await s.anon.from("users").select("id").explain();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: "PGRST107",
      message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      details: null,
      hint: null,
    });
  });
});

describe("while pgrst.db_plan_enabled is on", () => {
  beforeAll(async () => {
    await setPgrstSetting(s.t, "db_plan_enabled", "true");
    await until(async () => (await s.anon.from("users").select("id").explain()).status === 200, "plans are enabled");
  });

  it("explains a read as text", async () => {
    const { data, error } = await s.anon.from("users").select("id").eq("username", "alice").explain();
    expect(error).toBeNull();
    expect(data).toMatch(/Scan .*on users/);
    expect(data).not.toMatch(/actual time/);
  });

  it("explains as JSON with analyze, verbose, settings and buffers", async () => {
    const { data, error } = await s.anon
      .from("users")
      .select("id")
      .explain({ format: "json", analyze: true, verbose: true, settings: true, buffers: true });
    expect(error).toBeNull();
    const plan = planOf(data);
    expect(plan.Plan).toHaveProperty("Actual Rows");
    expect(plan.Plan).toHaveProperty("Output");
    expect(plan.Plan).toHaveProperty("Shared Hit Blocks");
    expect(plan).toHaveProperty("Settings");
  });

  it("names the plan, its for= type and options in Content-Type", async () => {
    const response = await s.http("/users?select=id", {
      headers: {
        accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|wal',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|wal; charset=utf-8',
    );
    const plan = planOf(await response.json());
    expect(plan.Plan).toHaveProperty("WAL Records");
  });

  it("explains calls and writes without writing", async () => {
    const call = await s.anon.rpc("channel_messages", { channel: 1 }).explain({ format: "json" });
    expect(call.error).toBeNull();
    expect(planOf(call.data).Plan).toHaveProperty("Node Type");

    const write = await s.anon.from("kv").insert({ k: "explained" }).select().explain({ format: "json" });
    expect(write.error).toBeNull();
    expect(planOf(write.data).Plan).toHaveProperty("Node Type");
    const { data } = await s.anon.from("kv").select("k").eq("k", "explained");
    expect(data).toEqual([]);
  });

  it("still refuses a for= type the resource cannot produce", async () => {
    const response = await s.http("/users", { headers: { accept: 'application/vnd.pgrst.plan+json; for="text/xml"' } });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({
      code: "PGRST107",
      message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="text/xml"',
    });
  });
});
