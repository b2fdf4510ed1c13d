import { describe, expect, it } from "vitest";
import { notificationSnippet } from "./notification-snippet";

const ana = "6f1c2a3b-0000-4000-8000-000000000001";
const names: Record<string, string> = { [ana]: "Ana" };
const mention = (id: string) => `@${names[id] ?? "someone"}`;

describe("notificationSnippet", () => {
  it("shows mentions as names and drops Markdown syntax", () => {
    expect(notificationSnippet(`**Ship** it, <@${ana}> — see [the plan](https://example.com)`, mention)).toBe(
      "Ship it, @Ana — see the plan",
    );
  });

  it("keeps a mention inside code as written", () => {
    expect(notificationSnippet(`\`<@${ana}>\``, mention)).toBe(`<@${ana}>`);
  });

  it("cuts long text with an ellipsis, never inside an emoji", () => {
    expect(notificationSnippet("abcdefgh", mention, 5)).toBe("abcd…");
    expect(notificationSnippet("👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", mention, 2)).toBe("👩‍👩‍👧…");
  });

  it("leaves short text whole", () => {
    expect(notificationSnippet("مرحبا", mention, 5)).toBe("مرحبا");
  });
});
