import { describe, expect, it } from "vitest";
import { nextUnread } from "./next-unread";

const order = ["announcements", "design", "engineering", "general", "random"];

describe("nextUnread", () => {
  it("goes down the sidebar to the next unread conversation", () => {
    expect(nextUnread(order, new Set(["engineering", "random"]), "design", 1)).toBe("engineering");
  });

  it("goes up the sidebar to the previous unread conversation", () => {
    expect(nextUnread(order, new Set(["announcements", "random"]), "general", -1)).toBe("announcements");
  });

  it("wraps around either end", () => {
    expect(nextUnread(order, new Set(["announcements"]), "random", 1)).toBe("announcements");
    expect(nextUnread(order, new Set(["random"]), "announcements", -1)).toBe("random");
  });

  it("never picks the conversation already open", () => {
    expect(nextUnread(order, new Set(["design"]), "design", 1)).toBeNull();
  });

  it("answers null when nothing is unread", () => {
    expect(nextUnread(order, new Set(), "design", 1)).toBeNull();
    expect(nextUnread([], new Set(), null, 1)).toBeNull();
  });

  it("starts from the top (or the bottom) outside any conversation", () => {
    const unread = new Set(["design", "general"]);
    expect(nextUnread(order, unread, null, 1)).toBe("design");
    expect(nextUnread(order, unread, null, -1)).toBe("general");
  });
});
