import { expect, message, test } from "./support/test";

test.describe("home page", () => {
  test("shows the backend as connected, in English", async ({ page }, testInfo) => {
    await page.goto("/en");

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "home.title"));
    await expect(page.getByRole("status")).toContainText(message("en", "backend.connected"));

    await page.screenshot({ path: testInfo.outputPath("home-en.png"), fullPage: true });
  });

  test("shows the backend as connected, in Arabic, right to left", async ({ page }, testInfo) => {
    await page.goto("/ar");

    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ar", "home.title"));
    await expect(page.getByRole("status")).toContainText(message("ar", "backend.connected"));

    await page.screenshot({ path: testInfo.outputPath("home-ar.png"), fullPage: true });
  });

  test("says when the backend cannot be reached, and connects on retry", async ({ page, stack }) => {
    await page.route(`${stack.API_URL}/**`, (route) => route.abort("connectionrefused"));
    await page.goto("/en");
    await expect(page.getByRole("status")).toContainText(message("en", "backend.unreachable"));

    await page.unroute(`${stack.API_URL}/**`);
    await page.getByRole("button", { name: message("en", "backend.retry") }).click();

    await expect(page.getByRole("status")).toContainText(message("en", "backend.connected"));
    await expect(page.getByRole("button", { name: message("en", "backend.retry") })).toHaveCount(0);
  });
});
