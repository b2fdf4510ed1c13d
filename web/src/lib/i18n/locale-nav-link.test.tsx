import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../test/render-in-locale";
import { LocaleNavLink } from "./locale-nav-link";

describe("LocaleNavLink", () => {
  it.each([
    ["/de/account/profile", "/account/profile", "page"],
    ["/de/account/profile/photo", "/account/profile", "page"],
    ["/de/account/profiles", "/account/profile", null],
    ["/de/account/security", "/account/profile", null],
    ["/fr/account/profile", "/account/profile", "page"],
  ])("on %s, a link to %s has aria-current %s", async (page, to, expected) => {
    renderInLocale(<LocaleNavLink to={to}>profile</LocaleNavLink>, page);
    const link = await screen.findByRole("link", { name: "profile" });
    expect(link.getAttribute("aria-current")).toBe(expected);
    expect(link.getAttribute("href")).toBe(`/${page.split("/")[1]}${to}`);
  });
});
