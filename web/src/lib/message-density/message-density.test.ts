import { afterEach, describe, expect, it } from "vitest";
import { readMessageDensity, saveMessageDensity } from "./message-density";

describe("message density", () => {
  afterEach(() => localStorage.clear());

  it("is comfortable until the person chooses compact, and each person keeps their own", () => {
    expect(readMessageDensity("ada")).toBe("comfortable");
    saveMessageDensity("ada", "compact");
    expect(readMessageDensity("ada")).toBe("compact");
    expect(readMessageDensity("jonas")).toBe("comfortable");
    saveMessageDensity("ada", "comfortable");
    expect(readMessageDensity("ada")).toBe("comfortable");
  });
});
