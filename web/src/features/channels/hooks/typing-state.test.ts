import { describe, expect, it } from "vitest";
import {
  activeTypists,
  applyTypingSignal,
  shouldSendTyping,
  typingExpiryMs,
  typingSignalFrom,
  typingThrottleMs,
  typistNames,
} from "./typing-state";

const people = new Map([
  ["a", "Ada"],
  ["j", "Jonas"],
]);
const nameOf = (userId: string) => people.get(userId);

describe("typing state", () => {
  it("keeps each person once, refreshing their expiry, and drops them when they stop", () => {
    let typists = applyTypingSignal([], { userId: "a", stopped: false }, 0);
    typists = applyTypingSignal(typists, { userId: "j", stopped: false }, 1000);
    typists = applyTypingSignal(typists, { userId: "a", stopped: false }, 2000);
    expect(typists.map((typist) => [typist.userId, typist.until])).toEqual([
      ["j", 1000 + typingExpiryMs],
      ["a", 2000 + typingExpiryMs],
    ]);
    expect(typistNames(applyTypingSignal(typists, { userId: "j", stopped: true }, 3000), nameOf)).toEqual(["Ada"]);
  });

  it("expires people whose last signal is older than the expiry", () => {
    const typists = applyTypingSignal([], { userId: "a", stopped: false }, 0);
    expect(activeTypists(typists, typingExpiryMs - 1)).toHaveLength(1);
    expect(activeTypists(typists, typingExpiryMs)).toHaveLength(0);
  });

  it("throttles sends to one per interval", () => {
    expect(shouldSendTyping(0, typingThrottleMs - 1)).toBe(false);
    expect(shouldSendTyping(0, typingThrottleMs)).toBe(true);
  });
});

describe("who is shown typing", () => {
  it("names the sender by the user_id the database stamped, never by a name in the payload", () => {
    const signal = typingSignalFrom({ user_id: "j", name: "Ada", stopped: false }, "me");
    expect(signal).toEqual({ userId: "j", stopped: false });
    expect(typistNames(applyTypingSignal([], signal!, 0), nameOf)).toEqual(["Jonas"]);
  });

  it("shows no one for a user_id that is not someone we know", () => {
    const signal = typingSignalFrom({ user_id: "stranger", name: "Ada", stopped: false }, "me");
    expect(typistNames(applyTypingSignal([], signal!, 0), nameOf)).toEqual([]);
  });

  it("ignores my own signal and payloads without a user_id", () => {
    expect(typingSignalFrom({ user_id: "me", stopped: false }, "me")).toBeNull();
    expect(typingSignalFrom({ name: "Ada" }, "me")).toBeNull();
    expect(typingSignalFrom("typing", "me")).toBeNull();
  });
});
