import { describe, expect, it } from "vitest";
import { localizePath, switchLocalePath } from "./localize-path";

describe("localizePath", () => {
  it.each([
    ["/", "/de"],
    ["/?q=1", "/de?q=1"],
    ["/#top", "/de#top"],
    ["/channels/1", "/de/channels/1"],
    ["channels", "channels"],
  ])("prefixes %s as %s", (path, expected) => {
    expect(localizePath("de", path)).toBe(expected);
  });
});

describe("switchLocalePath", () => {
  it.each([
    ["/de/channels/42", "/fr/channels/42"],
    ["/de", "/fr"],
    ["/de/", "/fr/"],
  ])("moves %s to %s", (path, expected) => {
    expect(switchLocalePath(path, "fr")).toBe(expected);
  });
});
