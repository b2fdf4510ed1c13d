import { describe, expect, it } from "vitest";
import { safeReturnPath, withoutLocale } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["?next=%2Faccount%2Fprofile", "/account/profile"],
    ["?next=/channels?x=1", "/channels?x=1"],
    ["?next=//evil.example", "/"],
    ["?next=https://evil.example", "/"],
    ["?next=/\\evil.example", "/"],
    ["", "/"],
  ])("reads %s as %s", (search, expected) => {
    expect(safeReturnPath(search)).toBe(expected);
  });
});

describe("withoutLocale", () => {
  it.each([
    ["/de/account/profile?tab=1", "/account/profile?tab=1"],
    ["/de", "/"],
    ["/ar?x=1", "/?x=1"],
  ])("turns %s into %s", (path, expected) => {
    expect(withoutLocale(path)).toBe(expected);
  });
});
