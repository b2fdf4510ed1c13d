import { afterEach, describe, expect, it, vi } from "vitest";
import { readMessageDensity, saveMessageDensity, subscribeToMessageDensity } from "./message-density";

describe("message density", () => {
  afterEach(() => localStorage.clear());

  it("is comfortable until the person chooses compact, and each person keeps their own", () => {
    expect(readMessageDensity("ada")).toBe("comfortable");
    saveMessageDensity("ada", "compact");
    expect(readMessageDensity("ada")).toBe("compact");
    expect(readMessageDensity("jonas")).toBe("comfortable");
  });

  it("tells subscribers when it changes, until they unsubscribe", () => {
    const notify = vi.fn();
    const stop = subscribeToMessageDensity(notify);
    saveMessageDensity("ada", "compact");
    stop();
    saveMessageDensity("ada", "comfortable");
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
