import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartupStep } from "../../src/runtime/startup-profile.ts";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

// [storage] and [realtime] turned off the way a project would, through the CLI's SUPABASE_* overrides.
const steps: StartupStep[] = [];
let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("basic", {
    env: { ...process.env, SUPABASE_STORAGE_ENABLED: "false", SUPABASE_REALTIME_ENABLED: "false" },
    onStartupStep: (step) => steps.push(step),
  });
});
afterAll(() => t?.close());

describe("a start with services switched off in config.toml", () => {
  it.each([
    ["/storage/v1/bucket", "[storage] enabled"],
    ["/realtime/v1/api/broadcast", "[realtime] enabled"],
  ])("answers %s with 503 naming %s", async (path, setting) => {
    const response = await fetch(`${t.url}${path}`, { headers: { apikey: t.stack.keys.publishableKey } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: `${path.split("/").slice(0, 3).join("/")} is not served: ${setting} = false in supabase/config.toml`,
    });
  });

  it("still serves what stays on", async () => {
    const { data, error } = await testClient(t.url, t.stack.keys.publishableKey).from("notes").select("id, body");
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, body: "seeded note" }]);
  });

  it("keeps the platform schema of a switched-off service, so migrations that use it still apply", async () => {
    const { rows } = await t.stack.db.admin.query("select to_regclass('storage.buckets') is not null as present");
    expect(rows).toEqual([{ present: true }]);
  });

  it("reports each named start-up step once, in the order they finish", () => {
    const names = steps.map((step) => step.name);
    expect(new Set(names)).toEqual(
      new Set([
        "config",
        "ports and data folder",
        "postgres",
        "service code",
        "mail",
        "migrations",
        "services",
        "gateway",
        "background workers",
      ]),
    );
    expect(names).toHaveLength(9);
    expect(names.slice(-4)).toEqual(["migrations", "services", "gateway", "background workers"]);
  });
});
