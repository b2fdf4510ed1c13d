import pino from "pino";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { bundledDeno, chooseDeno } from "./deno-binary.ts";

function warnings(): { logger: pino.Logger; messages: string[] } {
  const messages: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        messages.push((JSON.parse(line) as { msg: string }).msg);
      done();
    },
  });
  return { logger: pino({ level: "warn" }, sink), messages };
}

describe("chooseDeno", () => {
  it("runs edge-runtime's Deno 2.1.4 for deno_version = 2, silently", async () => {
    const { logger, messages } = warnings();
    expect(await chooseDeno(2, logger, {})).toEqual({ executable: bundledDeno(), version: "2.1.4" });
    expect(messages).toEqual([]);
  });

  it("says in one line that deno_version = 1 has no Deno 1 here", async () => {
    const { logger, messages } = warnings();
    expect((await chooseDeno(1, logger, {})).version).toBe("2.1.4");
    expect(messages).toEqual([
      "[edge_runtime] deno_version = 1 is not available: functions run on Deno 2.1.4 (edge-runtime's Deno 2); set deno_version = 2 to silence this",
    ]);
  });

  it("uses PARLEY_STACK_FUNCTIONS_DENO when it is a Deno 2, and falls back with a warning otherwise", async () => {
    const { logger, messages } = warnings();
    const chosen = await chooseDeno(2, logger, { PARLEY_STACK_FUNCTIONS_DENO: bundledDeno() });
    expect(chosen).toEqual({ executable: bundledDeno(), version: "2.1.4" });
    expect(messages).toEqual([]);
    const missing = "/nonexistent/deno";
    expect(await chooseDeno(2, logger, { PARLEY_STACK_FUNCTIONS_DENO: missing })).toEqual({
      executable: bundledDeno(),
      version: "2.1.4",
    });
    expect(messages).toEqual([
      `PARLEY_STACK_FUNCTIONS_DENO=${missing} does not run as deno --version; functions need Deno 2 here and run on the bundled Deno 2.1.4`,
    ]);
  });
});
