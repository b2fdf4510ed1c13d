import { describe, expect, it } from "vitest";
import { onlineStampMs, onlineUserFrom, onlineUsers, stampOnline } from "./online-state";

describe("who is shown online", () => {
  it("shows a presence key only while the database has announced that user", () => {
    const stamps = new Map<string, number>();
    stampOnline(stamps, "ada", 0);
    expect(onlineUsers(["ada"], stamps, 1000)).toEqual(new Set(["ada"]));
    expect(onlineUsers(["ada"], stamps, onlineStampMs)).toEqual(new Set());
  });

  it("does not show a member whose presence key someone else tracks without their announcement", () => {
    const stamps = new Map<string, number>();
    stampOnline(stamps, "mallory", 0);
    expect(onlineUsers(["mallory", "jonas"], stamps, 1000)).toEqual(new Set(["mallory"]));
  });

  it("does not show an announced user who has left the presence topic", () => {
    const stamps = new Map<string, number>();
    stampOnline(stamps, "ada", 0);
    expect(onlineUsers([], stamps, 1000)).toEqual(new Set());
  });

  it("reads only the user_id of an announcement and says when someone is new", () => {
    expect(onlineUserFrom({ user_id: "ada", name: "Jonas" })).toBe("ada");
    expect(onlineUserFrom({ name: "Jonas" })).toBeNull();
    const stamps = new Map<string, number>();
    expect(stampOnline(stamps, "ada", 0)).toBe(true);
    expect(stampOnline(stamps, "ada", 1000)).toBe(false);
    expect(stampOnline(stamps, "ada", 1000 + onlineStampMs + 1)).toBe(true);
  });
});
