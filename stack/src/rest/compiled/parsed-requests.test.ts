import { describe, expect, it } from "vitest";
import { parseRemembered, requestShapeKey } from "./parsed-requests.ts";

const context = { method: "GET", target: "relation" as const, schemas: ["public"] };

describe("parseRemembered", () => {
  it("answers a shape seen before under the same scope with the same parse", () => {
    const scope = {};
    const first = parseRemembered(scope, "select=id&id=eq.1", [["prefer", "count=exact"]], context);
    expect(parseRemembered(scope, "select=id&id=eq.1", [["Prefer", "count=exact"]], context)).toBe(first);
  });

  it("parses again under another scope (a reloaded schema cache)", () => {
    const first = parseRemembered({}, "select=id", [], context);
    const again = parseRemembered({}, "select=id", [], context);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it("keeps shapes apart that differ only in a deciding header, the method or the target", () => {
    const scope = {};
    const plain = parseRemembered(scope, "select=id", [], context);
    const counted = parseRemembered(scope, "select=id", [["prefer", "count=exact"]], context);
    const head = parseRemembered(scope, "select=id", [], { ...context, method: "HEAD" });
    const rpc = parseRemembered(scope, "select=id", [], { ...context, target: "rpc" });
    expect(new Set([plain, counted, head, rpc]).size).toBe(4);
    expect(counted.ok && counted.value.preferences.count).toBe("exact");
  });

  it("ignores headers the parse does not read", () => {
    expect(requestShapeKey("a=eq.1", [["x-request-id", "1"]], context)).toBe(
      requestShapeKey("a=eq.1", [["x-request-id", "2"]], context),
    );
    expect(requestShapeKey("a=eq.1", [["range", "0-1"]], context)).not.toBe(requestShapeKey("a=eq.1", [], context));
  });

  it("does not remember very long query strings", () => {
    const scope = {};
    const long = `select=id&id=in.(${Array.from({ length: 600 }, (_, i) => i).join(",")})`;
    expect(parseRemembered(scope, long, [], context)).not.toBe(parseRemembered(scope, long, [], context));
  });
});
