import { expect, message, test } from "./support/test";

test.describe("locale routing", () => {
  test.describe("for a browser preferring German", () => {
    test.use({ locale: "de-DE" });

    test("/ redirects to the best supported locale", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/de$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("de", "home.title"));
    });

    test("an unknown locale prefix is replaced, keeping the rest of the path", async ({ page }) => {
      await page.goto("/pt/some/page?x=1");
      await expect(page).toHaveURL(/\/de\/some\/page\?x=1$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("de", "notFound.title"));
    });
  });

  test.describe("for a browser preferring a language Parley lacks", () => {
    test.use({ locale: "pt-BR" });

    test("/ falls back to English", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/en$/);
    });
  });

  test("switching language keeps the page and the focus", async ({ page }) => {
    await page.goto("/en/some/page?tab=2");
    const language = page.getByLabel(message("en", "language.label"));

    await language.focus();
    await language.selectOption("ar");

    await expect(page).toHaveURL(/\/ar\/some\/page\?tab=2$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ar", "notFound.title"));
    await expect(page.getByLabel(message("ar", "language.label"))).toBeFocused();

    await page.getByLabel(message("ar", "language.label")).selectOption("fr");
    await expect(page).toHaveURL(/\/fr\/some\/page\?tab=2$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });

  test("following a link moves focus to the new page's heading", async ({ page }) => {
    await page.goto("/ja/missing");
    await page.getByRole("link", { name: message("ja", "notFound.backHome") }).click();
    await expect(page).toHaveURL(/\/ja$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});

test.describe("theme", () => {
  test.use({ colorScheme: "light" });

  test("follows the system, and a chosen theme survives a reload", async ({ page }) => {
    await page.goto("/en");
    await expect(page.locator("html")).not.toHaveAttribute("data-theme");

    await page.getByRole("button", { name: message("en", "theme.switchToDark") }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: message("en", "theme.switchToLight") })).toBeVisible();
  });
});
