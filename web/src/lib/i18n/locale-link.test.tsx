import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../test/render-in-locale";
import { LocaleLink } from "./locale-link";
import { useLocaleNavigate } from "./use-locale-navigate";

describe("LocaleLink", () => {
  it.each([
    ["/de/channels", "/settings", "/de/settings"],
    ["/ar/channels/42", "/", "/ar"],
    ["/ja", "/search?q=hi#top", "/ja/search?q=hi#top"],
    ["/fr/channels/42", "members", "/fr/channels/42/members"],
  ])("on %s, a link to %s points to %s", async (page, to, expected) => {
    renderInLocale(<LocaleLink to={to}>go</LocaleLink>, page);
    expect((await screen.findByRole("link", { name: "go" })).getAttribute("href")).toBe(expected);
  });

  it("navigates within the current locale when followed", async () => {
    renderInLocale(<LocaleLink to={{ pathname: "/settings", search: "?tab=profile" }}>settings</LocaleLink>, "/es");
    await userEvent.click(await screen.findByRole("link", { name: "settings" }));
    expect(screen.getByTestId("location").textContent).toBe("/es/settings?tab=profile");
  });
});

describe("useLocaleNavigate", () => {
  function GoToSettings() {
    const navigate = useLocaleNavigate();
    return (
      <button type="button" onClick={() => navigate("/settings")}>
        settings
      </button>
    );
  }

  it("keeps the current locale", async () => {
    renderInLocale(<GoToSettings />, "/ja/channels");
    await userEvent.click(await screen.findByRole("button", { name: "settings" }));
    expect(screen.getByTestId("location").textContent).toBe("/ja/settings");
  });
});
