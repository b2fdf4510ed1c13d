import { expect, message, test } from "./support/test";

test.describe("home page", () => {
  for (const locale of ["en", "ar"]) {
    test(`welcomes someone signed out, and says nothing of a backend that answers (${locale})`, async ({
      page,
    }, testInfo) => {
      const health = page.waitForResponse((response) => response.url().endsWith("/auth/v1/health"));
      await page.goto(`/${locale}`);

      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "home.title"));
      await expect(page.getByRole("link", { name: message(locale, "home.signInLink") })).toBeVisible();
      await health;
      await expect(page.getByRole("status")).toHaveText("");

      await page.screenshot({ path: testInfo.outputPath(`home-${locale}.png`), fullPage: true });
    });
  }

  test("says when the backend cannot be reached, and reconnects by itself", async ({ page, stack }) => {
    await page.route(`${stack.API_URL}/**`, (route) => route.abort("connectionrefused"));
    await page.goto("/en");
    const retry = page.getByRole("button", { name: message("en", "backend.retry") });
    await expect(retry).toBeVisible();
    await expect(page.getByRole("status")).toContainText(stack.API_URL);

    await page.unroute(`${stack.API_URL}/**`);
    // Nobody clicks: the app asks again on its own.
    await expect(retry).toHaveCount(0);
    await expect(page.getByRole("status")).toHaveText(message("en", "backend.reconnected"));
  });
});
