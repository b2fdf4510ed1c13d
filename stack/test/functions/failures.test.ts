import { FunctionsHttpError } from "@supabase/supabase-js";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { capturingLogger } from "../support/capturing-logger.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
const captured = capturingLogger();
const logLines = captured.lines;
beforeAll(async () => {
  // Small limits so the limit cases answer quickly (upstream: 150 s idle timeout, 256 MB heap, 2 s CPU).
  process.env.PARLEY_STACK_FUNCTIONS_IDLE_TIMEOUT_MS = "5000";
  process.env.PARLEY_STACK_FUNCTIONS_MEMORY_MB = "64";
  process.env.PARLEY_STACK_FUNCTIONS_CPU_MS = "500";
  try {
    t = await startFunctionsStack({ logger: captured.logger });
  } finally {
    delete process.env.PARLEY_STACK_FUNCTIONS_IDLE_TIMEOUT_MS;
    delete process.env.PARLEY_STACK_FUNCTIONS_MEMORY_MB;
    delete process.env.PARLEY_STACK_FUNCTIONS_CPU_MS;
  }
});
afterAll(() => t?.close());

const url = (path: string) => `${t.url}/functions/v1/${path}`;

async function expectError(path: string, status: number, sbErrorCode: string, body: unknown) {
  const response = await fetch(url(path));
  expect(response.status).toBe(status);
  expect(response.headers.get("sb-error-code")).toBe(sbErrorCode);
  expect(response.headers.get("x-relay-error")).toBeNull();
  expect(await response.json()).toEqual(body);
}

describe("failures around a function answer as upstream and never take the stack down", () => {
  it("answers 500 Internal Server Error when the handler throws, and keeps the worker", async () => {
    const before = await (await fetch(url("throws/ok"))).text();
    const response = await fetch(url("throws"));
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Internal Server Error");
    expect(await (await fetch(url("throws/ok"))).text()).toBe(before);
  });

  it("answers 500 WORKER_ERROR when the worker dies mid-request, and restarts it at once", async () => {
    const before = await (await fetch(url("throws/ok"))).text();
    await expectError("throws/crash", 500, "EDGE_FUNCTION_ERROR", {
      code: "WORKER_ERROR",
      message: "Function exited due to an error (please check logs)",
    });
    await expect
      .poll(
        () =>
          logLines.some(
            (line) =>
              line.function === "throws" &&
              line.msg === "function worker booted" &&
              line.pid !== Number(before.slice(4)),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const after = await fetch(url("throws/ok"));
    expect(after.status).toBe(200);
    expect(await after.text()).not.toBe(before);
  });

  it("answers 503 BOOT_ERROR for a function that fails while it boots", async () => {
    await expectError("boot-fail", 503, "BOOT_ERROR", {
      code: "BOOT_ERROR",
      message: "Worker failed to boot (please check logs)",
    });
    const { error } = await testClient(t.url, t.stack.keys.publishableKey).functions.invoke("boot-fail");
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(503);
  });

  it("names a jsr: or https:// import that needs the network when the worker cannot boot offline", async () => {
    // The test machine has no network: Deno cannot fetch these, so the boot fails and the log says why.
    const cases = [
      { name: "remote-jsr", specifier: "jsr:@std/assert", host: "jsr.io" },
      { name: "remote-url", specifier: "https://deno.land/std@0.224.0/async/delay.ts", host: "deno.land" },
    ];
    for (const { name, specifier, host } of cases) {
      // Upstream's BOOT_ERROR code and message, followed by which import needs the network.
      await expectError(name, 503, "BOOT_ERROR", {
        code: "BOOT_ERROR",
        message: `Worker failed to boot (please check logs): the import ${specifier} needs the network (${host}) and could not be downloaded`,
      });
      const explained = logLines.find((line) => line.function === name && line.import === specifier);
      expect(explained?.msg).toContain(`the import ${specifier}`);
      expect(explained?.msg).toContain(`needs the network (${host})`);
      expect(explained?.msg).toContain("npm:");
    }
    // Deno's cache (where a download would have gone) is the stack's data folder, not the user's home.
    expect(await readdir(path.join(t.project.dataDir, "deno"))).not.toEqual([]);
  });

  it("answers 504 IDLE_TIMEOUT when the function does not respond in time, and keeps serving", async () => {
    await expectError("slow", 504, "IDLE_TIMEOUT", {
      code: "IDLE_TIMEOUT",
      message: "Function did not respond within the request idle timeout (please check logs)",
    });
    expect(await (await fetch(url("slow/fast"))).text()).toBe("fast");
  });

  it("answers 546 WORKER_LIMIT when the function runs out of memory, then restarts it", async () => {
    await expectError("memory", 546, "WORKER_RESOURCE_LIMIT", {
      code: "WORKER_LIMIT",
      message: "Worker failed to respond due to a resource limit (please check logs)",
    });
    await expectError("memory", 546, "WORKER_RESOURCE_LIMIT", {
      code: "WORKER_LIMIT",
      message: "Worker failed to respond due to a resource limit (please check logs)",
    });
  });

  it("answers 546 WORKER_LIMIT when the function's event loop is stuck burning CPU, then restarts it", async () => {
    expect(await (await fetch(url("spin/ok"))).text()).toBe("ok");
    await expectError("spin", 546, "WORKER_RESOURCE_LIMIT", {
      code: "WORKER_LIMIT",
      message: "Worker failed to respond due to a resource limit (please check logs)",
    });
    expect(await (await fetch(url("spin/ok"))).text()).toBe("ok");
  });

  it("still serves other functions after all of that", async () => {
    const { data } = await testClient(t.url, t.stack.keys.publishableKey).functions.invoke("hello", { method: "GET" });
    expect(data).toEqual({ message: "Hello world!" });
  });
});
