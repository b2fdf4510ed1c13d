import { describe, expect, it } from "vitest";
import { directionOf, isLocale, supportedLocales } from "./locales";

describe("locales", () => {
  it("ships English, German, French, Spanish, Japanese and Arabic", () => {
    expect(supportedLocales).toEqual(["en", "de", "fr", "es", "ja", "ar"]);
  });

  it("writes Arabic right to left and the others left to right", () => {
    expect(supportedLocales.filter((locale) => directionOf(locale) === "rtl")).toEqual(["ar"]);
  });

  it("recognises only supported locale codes", () => {
    expect(isLocale("ar")).toBe(true);
    expect(isLocale("toString")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
