import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { capturingLogger } from "../support/capturing-logger.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
const captured = capturingLogger();
const logLines = captured.lines;
beforeAll(async () => {
  t = await startFunctionsStack({ logger: captured.logger });
});
afterAll(() => t?.close());

const url = (path: string) => `${t.url}/functions/v1/${path}`;
const version = async () =>
  (await (await fetch(url("ticker/version"))).json()) as { deno: string; executionId: string };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("functions run on edge-runtime's Deno", () => {
  it("is Deno 2.1.4, the version Supabase's edge-runtime embeds", async () => {
    expect((await version()).deno).toBe("2.1.4");
  });

  it("keeps the worker of Supabase's streams example alive after the client disconnects", async () => {
    const before = await version();
    const aborting = new AbortController();
    const response = await fetch(url("ticker"), { signal: aborting.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("data: tick");
    aborting.abort();
    await expect
      .poll(() => logLines.some((line) => line.function === "ticker" && line.msg === "ticker stream cancelled"))
      .toBe(true);
    // Several ticks of the 50 ms interval: on a Deno whose setInterval returns an object the example
    // cannot clear it, and the next tick's enqueue on the cancelled stream kills the worker.
    await sleep(500);
    expect(await version()).toEqual(before);
    expect(logLines.filter((line) => line.function === "ticker" && line.msg === "function worker exited")).toEqual([]);
  });
});

describe("function logs", () => {
  it("keeps a multi-line console.error as one error entry, and console.log as one info entry", async () => {
    expect(await (await fetch(url("logs"))).text()).toBe("logged");
    const fromLogs = () => logLines.filter((line) => line.function === "logs" && String(line.msg).startsWith("logs:"));
    await expect.poll(() => fromLogs().length).toBe(2);
    expect(fromLogs()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 50, msg: "logs: first error line\nlogs: second error line" }),
        expect.objectContaining({ level: 30, msg: "logs: first info line\nlogs: second info line" }),
      ]),
    );
  });
});

describe("Database Webhooks", () => {
  it("boots the functions they call at start, before any event or request", async () => {
    const booted = () => logLines.some((line) => line.function === "echo" && line.msg === "function worker booted");
    await expect.poll(booted, { timeout: 30_000 }).toBe(true);
    expect(logLines).toContainEqual(
      expect.objectContaining({ functions: ["echo"], msg: "booting the functions Database Webhooks call" }),
    );
  });
});
