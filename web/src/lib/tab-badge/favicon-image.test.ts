import { describe, expect, it } from "vitest";
import { faviconUrl } from "./favicon-image";

const svgOf = (url: string) => {
  expect(url.startsWith("data:image/svg+xml,")).toBe(true);
  return new DOMParser().parseFromString(decodeURIComponent(url.slice("data:image/svg+xml,".length)), "image/svg+xml");
};

describe("faviconUrl", () => {
  it("draws the badge with its text", () => {
    expect(svgOf(faviconUrl("9+")).querySelector("text")?.textContent).toBe("9+");
  });

  it("draws no badge without text", () => {
    expect(svgOf(faviconUrl("")).querySelector("text")).toBeNull();
  });

  it("never puts markup into the image", () => {
    expect(svgOf(faviconUrl("<script>")).querySelector("script, text")).toBeNull();
  });
});
