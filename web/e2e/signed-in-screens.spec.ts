import type { Page, TestInfo } from "@playwright/test";
import { createAccount, defaultPassword, signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { uniqueEmail, waitForEmail } from "./support/mailbox";
import { expect, message, test } from "./support/test";

/** Checks the screen in its language and direction, scans it with axe and keeps a screenshot. */
async function checkScreen(page: Page, testInfo: TestInfo, locale: string, name: string, title: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, title));
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}.png`), fullPage: true });
}

for (const locale of ["en", "ar"]) {
  test.describe(`screens with a session, in ${locale}`, () => {
    test("home and the account center (profile, security with a pending email, sessions and its dialog)", async ({
      page,
      stack,
    }, testInfo) => {
      const account = await createAccount(stack, `screens-${locale}`, { locale });
      await signInWithPassword(page, account, locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`home-signed-in-${locale}.png`), fullPage: true });

      await page.goto(`/${locale}/account/profile`);
      await checkScreen(page, testInfo, locale, "account-profile", "account.profile.title");

      await page.goto(`/${locale}/account/security`);
      const pendingEmail = uniqueEmail("pending");
      await page.getByLabel(message(locale, "account.email.new")).fill(pendingEmail);
      await page.getByRole("button", { name: message(locale, "account.email.submit") }).click();
      await expect(page.getByText(pendingEmail)).toBeVisible();
      await checkScreen(page, testInfo, locale, "account-security", "account.security.title");

      await page.goto(`/${locale}/account/sessions`);
      await checkScreen(page, testInfo, locale, "account-sessions", "account.sessions.title");
      await page.getByRole("button", { name: message(locale, "account.sessions.signOutEverywhere") }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`account-sessions-dialog-${locale}.png`), fullPage: true });
    });

    test("check-your-email after sign-up, and the email code step of sign-in", async ({ page, stack }, testInfo) => {
      await page.goto(`/${locale}/sign-up`);
      await page.getByLabel(message(locale, "auth.field.displayName")).fill("Screens");
      await page.getByLabel(message(locale, "auth.field.email")).fill(uniqueEmail(`check-${locale}`));
      await page.getByLabel(message(locale, "auth.field.newPassword")).fill(defaultPassword);
      await page.getByRole("button", { name: message(locale, "auth.signUp.submit") }).click();
      await checkScreen(page, testInfo, locale, "sign-up-check-email", "auth.checkEmail.title");

      const account = await createAccount(stack, `code-${locale}`);
      await page.goto(`/${locale}/sign-in`);
      await page.getByRole("button", { name: message(locale, "auth.signIn.withEmail") }).click();
      await page.getByLabel(message(locale, "auth.field.email")).fill(account.email);
      await page.getByRole("button", { name: message(locale, "auth.signIn.sendLink") }).click();
      await expect(page.getByLabel(message(locale, "auth.code.label"))).toBeVisible();
      await checkScreen(page, testInfo, locale, "sign-in-email-code", "auth.signIn.title");
    });

    test("the new-password screen a recovery link opens, and the half-done email change screen", async ({
      page,
      stack,
    }, testInfo) => {
      const account = await createAccount(stack, `reset-${locale}`);
      await page.goto(`/${locale}/forgot-password`);
      await page.getByLabel(message(locale, "auth.field.email")).fill(account.email);
      await page.getByRole("button", { name: message(locale, "auth.forgot.submit") }).click();
      await expect(page.getByText(account.email)).toBeVisible();
      await checkScreen(page, testInfo, locale, "forgot-password-sent", "auth.forgot.title");
      const recovery = await waitForEmail(stack.INBUCKET_URL ?? "", {
        to: account.email,
        subject: "Reset your Parley password",
      });
      await page.goto(recovery.link);
      await expect(page).toHaveURL(new RegExp(`/${locale}/reset-password$`));
      await checkScreen(page, testInfo, locale, "reset-password", "auth.reset.title");

      await page.goto(`/${locale}/account/security`);
      const newEmail = uniqueEmail(`half-${locale}`);
      await page.getByLabel(message(locale, "account.email.new")).fill(newEmail);
      await page.getByRole("button", { name: message(locale, "account.email.submit") }).click();
      const toCurrent = await waitForEmail(stack.INBUCKET_URL ?? "", {
        to: account.email,
        subject: "new Parley email",
      });
      await page.goto(toCurrent.link);
      await checkScreen(page, testInfo, locale, "email-change-half-done", "auth.link.halfDoneTitle");
    });
  });
}
