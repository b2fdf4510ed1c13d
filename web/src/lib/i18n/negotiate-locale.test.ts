import { describe, expect, it } from "vitest";
import { matchLocale, negotiateLocale, resolveLocalePath } from "./negotiate-locale";

describe("negotiateLocale", () => {
  it.each([
    [["de-CH", "en"], "de"],
    [["pt-BR", "es-MX", "en"], "es"],
    [["AR"], "ar"],
    [["ja_JP"], "ja"],
    [["zh-Hant", "ko"], "en"],
    [[], "en"],
  ])("picks the first supported preference of %j → %s", (preferred, expected) => {
    expect(negotiateLocale(preferred)).toBe(expected);
  });
});

describe("matchLocale", () => {
  it("matches exact, case-insensitive and regional tags, and nothing else", () => {
    expect(matchLocale("fr")).toBe("fr");
    expect(matchLocale("FR-ca")).toBe("fr");
    expect(matchLocale("pt")).toBeUndefined();
    expect(matchLocale("english")).toBeUndefined();
  });
});

describe("resolveLocalePath", () => {
  it.each([
    ["/", ["fr-FR"], "/fr"],
    ["", ["de"], "/de"],
    ["/?invite=1#top", ["ja"], "/ja?invite=1#top"],
    ["/DE/channels", ["en"], "/de/channels"],
    ["/fr-CA/channels/42", ["en"], "/fr/channels/42"],
    ["/pt/channels", ["es", "en"], "/es/channels"],
    ["/zh-Hant", ["ar"], "/ar"],
    ["/settings/profile?tab=2", ["de"], "/de/settings/profile?tab=2"],
    ["/faq", [], "/en/faq"],
  ])("sends %s (preferring %j) to %s", (path, preferred, expected) => {
    expect(resolveLocalePath(path, preferred)).toBe(expected);
  });
});
