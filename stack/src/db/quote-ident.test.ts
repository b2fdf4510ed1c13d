import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { quoteIdent, quoteQualified } from "./quote-ident.ts";

const stackSrc = fileURLToPath(new URL("../", import.meta.url));

describe("quoteIdent", () => {
  it("double-quotes a name and doubles the quotes inside it", () => {
    expect(quoteIdent("messages")).toBe('"messages"');
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
    expect(quoteIdent("Mixed Case")).toBe('"Mixed Case"');
    expect(quoteQualified("public", 'a"b')).toBe('"public"."a""b"');
  });

  it("is the stack's only identifier quoter", () => {
    const quoters = readdirSync(stackSrc, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .filter((file) => {
        const text = readFileSync(path.join(stackSrc, file), "utf8");
        return (
          /['"`]""['"`]/.test(text) || /function\s+(quoteIdent|ident)\s*\(|const\s+(quoteIdent|ident)\s*=/.test(text)
        );
      })
      .map((file) => file.split(path.sep).join("/"));
    expect(quoters).toEqual(["db/quote-ident.ts"]);
  });
});
