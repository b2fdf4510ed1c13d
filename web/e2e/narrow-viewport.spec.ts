import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword } from "./support/accounts";
import { expect, message, test } from "./support/test";

const phoneWidth = 360;

/** Nothing on the page is wider than the phone: no horizontal scroll in either direction. */
async function expectNoHorizontalScroll(page: Page, screen: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${screen} is ${scrollWidth}px wide`).toBeLessThanOrEqual(phoneWidth);
}

test.use({ viewport: { width: phoneWidth, height: 740 } });

for (const locale of ["en", "ar"]) {
  test.describe(`a 360 px wide screen, in ${locale}`, () => {
    test("sign-in and sign-up fit without horizontal scrolling", async ({ page }) => {
      await page.goto(`/${locale}/sign-in`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "auth.signIn.title"));
      await expectNoHorizontalScroll(page, "sign-in");

      await page.goto(`/${locale}/sign-up`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "auth.signUp.title"));
      await expectNoHorizontalScroll(page, "sign-up");
    });

    test("every account screen, and the delete dialog, fit without horizontal scrolling", async ({ page, stack }) => {
      const account = await createAccount(stack, `narrow-${locale}`, { locale });
      await signInWithPassword(page, account, locale, "/account/profile");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "account.profile.title"));
      await expect(page.getByLabel(message(locale, "account.profile.language"))).toBeVisible();
      await expectNoHorizontalScroll(page, "profile");

      for (const [path, title] of [
        ["security", "account.security.title"],
        ["sessions", "account.sessions.title"],
      ] as const) {
        await page.goto(`/${locale}/account/${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, title));
        await expectNoHorizontalScroll(page, path);
      }

      await page.goto(`/${locale}/account/security`);
      await page.getByRole("button", { name: message(locale, "account.delete.action") }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expectNoHorizontalScroll(page, "delete dialog");
      // A fixed dialog never makes the page scroll: check that it lies inside the screen itself.
      const box = await dialog.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(phoneWidth);
    });
  });
}
