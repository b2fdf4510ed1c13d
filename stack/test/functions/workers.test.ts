import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { capturingLogger } from "../support/capturing-logger.ts";
import { functionsDir, startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
const captured = capturingLogger();
const logLines = captured.lines;
beforeAll(async () => {
  t = await startFunctionsStack({ logger: captured.logger });
});
afterAll(() => t?.close());

const text = async (name: string) => (await fetch(`${t.url}/functions/v1/${name}`)).text();
const json = async (name: string) => (await fetch(`${t.url}/functions/v1/${name}`)).json() as Promise<unknown>;

describe("workers", () => {
  it("starts a function once and reuses its worker for later requests", async () => {
    const first = await text("throws/ok");
    for (let i = 0; i < 5; i += 1) expect(await text("throws/ok")).toBe(first);
    const ids = new Set<unknown>();
    for (let i = 0; i < 3; i += 1) ids.add(((await json("env")) as Record<string, string>).SB_EXECUTION_ID);
    expect(ids.size).toBe(1);
  });

  it("reloads a function when its file changes", async () => {
    expect(await json("hello")).toEqual({ message: "Hello world!" });
    await writeFile(
      path.join(functionsDir(t), "hello", "index.ts"),
      'Deno.serve(() => Response.json({ message: "edited" }));\n',
    );
    await expect.poll(() => json("hello"), { timeout: 15_000, interval: 100 }).toEqual({ message: "edited" });
  });

  it("reloads functions that import shared code when _shared changes", async () => {
    expect(await json("mapped")).toMatchObject({ message: "Hello import map!" });
    await writeFile(
      path.join(functionsDir(t), "_shared", "greeting.ts"),
      "export const greet = (name: string) => `Hi ${name}.`;\n",
    );
    await expect
      .poll(() => json("mapped"), { timeout: 15_000, interval: 100 })
      .toMatchObject({ message: "Hi import map." });
  });

  it("serves a function folder created while the stack runs", async () => {
    expect(await text("fresh")).toBe("Function not found");
    await mkdir(path.join(functionsDir(t), "fresh"));
    await writeFile(path.join(functionsDir(t), "fresh", "index.ts"), 'Deno.serve(() => new Response("fresh"));\n');
    // verify_jwt defaults to true for a function absent from config.toml.
    const call = () =>
      fetch(`${t.url}/functions/v1/fresh`, { headers: { apikey: t.stack.keys.publishableKey } }).then((r) => r.text());
    await expect.poll(call, { timeout: 15_000, interval: 100 }).toBe("fresh");
  });

  it("finishes EdgeRuntime.waitUntil work after the response", async () => {
    const response = await fetch(`${t.url}/functions/v1/background?marker=w1`);
    expect(response.status).toBe(202);
    await expect
      .poll(() => logLines.some((line) => line.function === "background" && line.msg === "background done w1"), {
        timeout: 5_000,
      })
      .toBe(true);
  });

  it("tells a retired worker why it is unloaded and lets its background work finish", async () => {
    expect((await fetch(`${t.url}/functions/v1/background?marker=w2`)).status).toBe(202);
    await writeFile(path.join(functionsDir(t), "background", "notes.txt"), "any change reloads\n");
    const logged = () => logLines.filter((line) => line.function === "background").map((line) => line.msg);
    await expect
      .poll(logged, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["beforeunload termination", "background done w2"]));
  });

  it("cancels the function's stream when the client goes away", async () => {
    const controller = new AbortController();
    const response = await fetch(`${t.url}/functions/v1/forever`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("data: tick");
    controller.abort();
    await expect
      .poll(
        () => logLines.some((line) => line.function === "forever" && line.msg === "stream cancelled by the client"),
        { timeout: 5_000 },
      )
      .toBe(true);
  });

  it("logs a function's output in the stack's log under its name", async () => {
    await writeFile(
      path.join(functionsDir(t), "echo", "index.ts"),
      'Deno.serve((req) => { console.log("log line", new URL(req.url).search); console.error("error line"); return new Response("logged"); });\n',
    );
    await expect.poll(() => text("echo?marker=42"), { timeout: 15_000, interval: 100 }).toBe("logged");
    await expect
      .poll(() => logLines.filter((line) => line.function === "echo").map((line) => [line.level, line.msg]), {
        timeout: 5_000,
      })
      .toEqual(
        expect.arrayContaining([
          [30, "log line ?marker=42"],
          [50, "error line"],
        ]),
      );
  });
});
