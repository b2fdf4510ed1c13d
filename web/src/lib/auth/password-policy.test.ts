import { describe, expect, it } from "vitest";
import { checkPassword, parsePasswordPolicy } from "./password-policy";

describe("parsePasswordPolicy", () => {
  it("reads the configured rules and falls back to GoTrue's floor", () => {
    expect(parsePasswordPolicy("8", "letters_digits")).toEqual({ minLength: 8, requirements: "letters_digits" });
    expect(parsePasswordPolicy(undefined, undefined)).toEqual({ minLength: 6, requirements: "" });
    expect(parsePasswordPolicy("3", "nonsense")).toEqual({ minLength: 6, requirements: "" });
  });
});

describe("checkPassword", () => {
  const strict = { minLength: 8, requirements: "lower_upper_letters_digits_symbols" } as const;

  it("checks each rule of the policy", () => {
    expect(checkPassword("abcdefgh", strict).checks).toEqual([
      { rule: "length", met: true },
      { rule: "lowercase", met: true },
      { rule: "uppercase", met: false },
      { rule: "digits", met: false },
      { rule: "symbols", met: false },
    ]);
    expect(checkPassword("Abcdefg1!", strict).acceptable).toBe(true);
  });

  it("scores nothing until the policy is met, then more for length and variety", () => {
    const loose = { minLength: 8, requirements: "" } as const;
    expect(checkPassword("short", loose).score).toBe(0);
    expect(checkPassword("abcdefgh", loose).score).toBe(1);
    expect(checkPassword("abcdefghijkl", loose).score).toBe(2);
    expect(checkPassword("Abcdefghijkl-2024", loose).score).toBe(4);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkPassword("😀😀😀😀😀😀", { minLength: 6, requirements: "" }).acceptable).toBe(true);
  });
});
