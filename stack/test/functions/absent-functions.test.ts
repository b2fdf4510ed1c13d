import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturingLogger } from "../support/capturing-logger.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

let t: TestStack;
const captured = capturingLogger();
beforeAll(async () => {
  t = await startTestStack("functions-absent", { logger: captured.logger });
});
afterAll(() => t?.close());

describe("a project without supabase/functions", () => {
  it("starts with one plain line for the missing folder and one for each configured function", () => {
    const functionsLines = captured.lines.filter((line) => line.service === "functions");
    expect(functionsLines.filter((line) => line.err !== undefined)).toEqual([]);
    expect(functionsLines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        "no supabase/functions folder: no edge functions to serve",
        expect.stringMatching(/^function ghost is configured in config\.toml but .*ghost\/index\.ts does not exist$/),
      ]),
    );
    expect(functionsLines.filter((line) => String(line.msg).includes("ghost"))).toHaveLength(1);
  });

  it("answers calls to the configured function with the BOOT_ERROR of a function that cannot boot", async () => {
    const response = await fetch(`${t.url}/functions/v1/ghost`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "BOOT_ERROR" });
  });
});
