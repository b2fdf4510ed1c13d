import { afterEach, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const text = async (path: string) => (await fetch(`${t!.url}/functions/v1/${path}`)).text();

describe("[edge_runtime] settings", () => {
  it("gives every request a fresh worker with policy = oneshot", async () => {
    t = await startFunctionsStack({ env: { ...process.env, SUPABASE_EDGE_RUNTIME_POLICY: "oneshot" } });
    const pids = new Set([await text("throws/ok"), await text("throws/ok"), await text("throws/ok")]);
    expect(pids.size).toBe(3);
  });

  it("serves no function with enabled = false", async () => {
    t = await startFunctionsStack({ env: { ...process.env, SUPABASE_EDGE_RUNTIME_ENABLED: "false" } });
    const response = await fetch(`${t.url}/functions/v1/hello`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: expect.stringContaining("[edge_runtime] enabled = false") });
  });
});
