import { describe, expect, it } from "vitest";
import { activeTypists, applyTypingSignal, shouldSendTyping, typingExpiryMs, typingThrottleMs } from "./typing-state";

describe("typing state", () => {
  it("keeps each person once, refreshing their expiry, and drops them when they stop", () => {
    let typists = applyTypingSignal([], { userId: "a", name: "Ada", stopped: false }, 0);
    typists = applyTypingSignal(typists, { userId: "j", name: "Jonas", stopped: false }, 1000);
    typists = applyTypingSignal(typists, { userId: "a", name: "Ada", stopped: false }, 2000);
    expect(typists.map((typist) => [typist.name, typist.until])).toEqual([
      ["Jonas", 1000 + typingExpiryMs],
      ["Ada", 2000 + typingExpiryMs],
    ]);
    expect(applyTypingSignal(typists, { userId: "j", name: "Jonas", stopped: true }, 3000).map((typist) => typist.name)).toEqual(["Ada"]);
  });

  it("expires people whose last signal is older than the expiry", () => {
    const typists = applyTypingSignal([], { userId: "a", name: "Ada", stopped: false }, 0);
    expect(activeTypists(typists, typingExpiryMs - 1)).toHaveLength(1);
    expect(activeTypists(typists, typingExpiryMs)).toHaveLength(0);
  });

  it("throttles sends to one per interval", () => {
    expect(shouldSendTyping(0, typingThrottleMs - 1)).toBe(false);
    expect(shouldSendTyping(0, typingThrottleMs)).toBe(true);
  });
});
