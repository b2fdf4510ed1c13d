import { describe, expect, it } from "vitest";
import { rememberedKeyKind, rememberKeyKind } from "./connection-api-keys.ts";
import type { KeyRing } from "./keys/index.ts";

const ring = {} as KeyRing;

describe("the project key remembered per connection", () => {
  it("recognises only the very key the connection sent, against the ring it was recognised with", () => {
    const connection = {};
    rememberKeyKind(connection, ring, "sb_secret_abc", "secret");
    expect(rememberedKeyKind(connection, ring, "sb_secret_abc")).toBe("secret");
    expect(rememberedKeyKind(connection, ring, "sb_secret_abd")).toBeUndefined();
    expect(rememberedKeyKind(connection, ring, "sb_secret_ab")).toBeUndefined();
    expect(rememberedKeyKind(connection, {} as KeyRing, "sb_secret_abc")).toBeUndefined();
    expect(rememberedKeyKind({}, ring, "sb_secret_abc")).toBeUndefined();
  });

  it("keeps one key per connection: the one it sent last", () => {
    const connection = {};
    rememberKeyKind(connection, ring, "sb_secret_abc", "secret");
    rememberKeyKind(connection, ring, "sb_publishable_xyz", "publishable");
    expect(rememberedKeyKind(connection, ring, "sb_publishable_xyz")).toBe("publishable");
    expect(rememberedKeyKind(connection, ring, "sb_secret_abc")).toBeUndefined();
  });
});
