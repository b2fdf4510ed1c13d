import { describe, expect, it } from "vitest";
import { authStorageKey, beginsSignedOut } from "./stored-session";

function storageWith(...keys: string[]): Pick<Storage, "length" | "key"> {
  return { length: keys.length, key: (index) => keys[index] ?? null };
}

const key = "sb-127-auth-token";
const plainPage = { search: "", hash: "" };

describe("authStorageKey", () => {
  it("is supabase-js's default key for the API host", () => {
    expect(authStorageKey("http://127.0.0.1:54321")).toBe("sb-127-auth-token");
    expect(authStorageKey("https://abcdefgh.supabase.co/")).toBe("sb-abcdefgh-auth-token");
  });
});

describe("beginsSignedOut", () => {
  it.each([
    ["nothing stored, a plain URL", storageWith("parley.theme"), plainPage, true],
    ["a stored session", storageWith("parley.theme", key), plainPage, false],
    ["a PKCE verifier awaiting a code", storageWith(`${key}-code-verifier`), { search: "?code=x", hash: "" }, false],
    ["tokens in the fragment", storageWith(), { search: "", hash: "#access_token=a&refresh_token=b" }, false],
    [
      "an auth error in the query",
      storageWith(),
      { search: "?error=access_denied&error_code=otp_expired", hash: "" },
      false,
    ],
    ["an auth error in the fragment", storageWith(), { search: "", hash: "#error_description=Link+expired" }, false],
    ["another app's session on the same origin", storageWith("sb-other-auth-token"), plainPage, true],
    ["an unrelated query", storageWith(), { search: "?next=%2Faccount", hash: "" }, true],
  ])("%s → %s", (_case, storage, location, expected) => {
    expect(beginsSignedOut(storage, location, key)).toBe(expected);
  });
});
