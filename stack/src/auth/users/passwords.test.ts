import { describe, expect, it } from "vitest";
import type { StackConfig } from "../../config/index.ts";
import { readAuthSettings } from "../config/settings.ts";
import { AuthError } from "../errors.ts";
import { BCRYPT_COST, checkPasswordStrength, hashPassword, timingEqualiserHash, verifyPassword } from "./passwords.ts";

const settings = (auth: Record<string, unknown>) =>
  readAuthSettings({ auth } as unknown as StackConfig, "http://127.0.0.1:54321");
const failure = (auth: Record<string, unknown>, password: string) => {
  try {
    checkPasswordStrength(settings(auth), password);
    return undefined;
  } catch (error) {
    return error instanceof AuthError
      ? { status: error.status, code: error.code, message: error.message, reasons: error.reasons }
      : error;
  }
};

describe("password policy (GoTrue's checkPasswordStrength)", () => {
  it.each([
    [{}, "abcdef", undefined],
    [
      { minimum_password_length: 8 },
      "abc",
      { status: 422, code: "weak_password", reasons: ["length"], message: "Password should be at least 8 characters." },
    ],
    [
      { password_requirements: "letters_digits" },
      "abcdefgh",
      { status: 422, code: "weak_password", reasons: ["characters"] },
    ],
    [{ password_requirements: "lower_upper_letters_digits_symbols" }, "Abcdefg1!", undefined],
    [
      {},
      "x".repeat(73),
      { status: 400, code: "validation_failed", message: "Password cannot be longer than 72 characters" },
    ],
  ])("%o / %s", (auth, password, expected) => {
    const result = failure(auth, password);
    if (expected === undefined) expect(result).toBeUndefined();
    else expect(result).toMatchObject(expected);
  });
});

describe("bcrypt hashes", () => {
  it("makes an unknown account cost a real verification at the same cost as stored hashes", async () => {
    expect(timingEqualiserHash.slice(0, 7)).toBe(`$2a$${String(BCRYPT_COST).padStart(2, "0")}$`);
    expect(await verifyPassword("parley-stack-timing-equaliser", timingEqualiserHash)).toBe(true);
  });

  it("writes $2a$10$ like GoTrue and verifies $2a$, $2b$ and $2y$ hashes", async () => {
    const hash = await hashPassword("secret-1");
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword("secret-1", hash)).toBe(true);
    expect(await verifyPassword("secret-2", hash)).toBe(false);
    const fromGoTrueTests = "$2y$10$srNl09aPtc2qr.0Vl.NtjekJRt/NxRxYQm3qd3OvfcKsJgVnr6.Ve"; // password "test"
    expect(await verifyPassword("test", fromGoTrueTests)).toBe(true);
    expect(await verifyPassword("test", "")).toBe(false);
    expect(await verifyPassword("test", "$argon2id$v=19$m=32,t=3,p=2$abc$def")).toBe(false);
  });
});
