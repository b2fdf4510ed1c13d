import { describe, expect, it } from "vitest";
import { slugFromName, workspaceSchema } from "./workspace-schema";

describe("workspace form", () => {
  it("suggests a slug the database accepts", () => {
    expect(slugFromName("Café Ops!")).toBe("cafe-ops");
    expect(slugFromName("  --Team  Süd-- ")).toBe("team-sud");
    expect(workspaceSchema.safeParse({ name: "x", slug: slugFromName("a".repeat(60)) }).success).toBe(true);
  });

  it("rejects slugs the table's check would refuse", () => {
    for (const slug of ["", "-a", "a-", "A", "a_b"]) {
      expect(workspaceSchema.safeParse({ name: "x", slug }).success, slug).toBe(false);
    }
  });
});
