import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { newPageIn, startDedicatedEnvironment } from "./support/dedicated-environment";
import { uniqueEmail } from "./support/mailbox";
import { expect, message, test } from "./support/test";

// GitHub and Google enabled without credentials: the stack serves both from its provider emulator.
const environment = startDedicatedEnvironment({
  SUPABASE_AUTH_EXTERNAL_GITHUB_ENABLED: "true",
  SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: "true",
  SUPABASE_AUTH_ENABLE_MANUAL_LINKING: "true",
});

/** On the emulator's sign-in page: create a test account and sign in with it. */
async function signInAtEmulator(page: Page, email: string, name: string) {
  await expect(page.getByRole("heading", { name: "Create a test account" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
}

const text = (locale: string, id: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{${key}}`, value), message(locale, id));

test.describe("OAuth providers and linked identities, through the provider emulator", () => {
  test.setTimeout(120_000);

  test("sign in with GitHub, link Google, unlink it; the only identity cannot be unlinked", async ({
    browser,
  }, testInfo) => {
    const page = await newPageIn(browser, environment());
    await page.goto("/en/sign-in?next=%2Faccount%2Fsecurity");
    const github = page.getByRole("button", { name: text("en", "auth.oauth.continueWith", { provider: "GitHub" }) });
    await expect(github).toBeVisible();
    await expect(
      page.getByRole("button", { name: text("en", "auth.oauth.continueWith", { provider: "Google" }) }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath("sign-in-providers-en.png"), fullPage: true });

    await github.click();
    await signInAtEmulator(page, uniqueEmail("octo"), "Octo Cat");
    await expect(page).toHaveURL(/\/en\/account\/security$/);

    const identities = page.getByRole("list", { name: message("en", "identities.list") });
    await expect(identities.getByRole("listitem")).toHaveCount(1);
    const unlinkGithub = page.getByRole("button", { name: text("en", "identities.unlinkFor", { provider: "GitHub" }) });
    await expect(unlinkGithub).toBeDisabled();
    await expect(unlinkGithub).toHaveAccessibleDescription(message("en", "identities.lastOne"));

    await page.getByRole("button", { name: text("en", "identities.link", { provider: "Google" }) }).click();
    await signInAtEmulator(page, uniqueEmail("goo"), "Goo Gle");
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await expect(identities.getByRole("listitem")).toHaveCount(2);
    await expect(unlinkGithub).toBeEnabled();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath("account-identities-en.png"), fullPage: true });

    await page.getByRole("button", { name: text("en", "identities.unlinkFor", { provider: "Google" }) }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: message("en", "identities.unlink") })
      .click();
    await expect(page.getByText(text("en", "identities.unlinked", { provider: "Google" }))).toBeVisible();
    await expect(identities.getByRole("listitem")).toHaveCount(1);
    await expect(unlinkGithub).toBeDisabled();
    await page.context().close();
  });

  test("one-tap style: an ID token for the emulated Google account signs in without a redirect (signInWithIdToken with a nonce)", async ({
    browser,
  }) => {
    const page = await newPageIn(browser, environment());
    await page.goto("/en/sign-in?next=%2Faccount%2Fsecurity");
    const oneTap = page.getByRole("region", { name: message("en", "oneTap.title") });
    const email = uniqueEmail("onetap");
    await oneTap.getByLabel(message("en", "oneTap.email")).fill(email);
    await oneTap.getByRole("button", { name: message("en", "oneTap.submit") }).click();
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    const identities = page.getByRole("list", { name: message("en", "identities.list") });
    await expect(identities.getByRole("listitem")).toHaveCount(1);
    await expect(identities).toContainText("Google");
    await expect(identities).toContainText(email);
    await page.context().close();
  });

  test("denying access at the provider comes back as a localized explanation, in Arabic too", async ({
    browser,
  }, testInfo) => {
    const page = await newPageIn(browser, environment());
    await page.goto("/ar/sign-in");
    await page.getByRole("button", { name: text("ar", "auth.oauth.continueWith", { provider: "GitHub" }) }).click();
    await page.getByRole("button", { name: "Deny access" }).click();
    await expect(page).toHaveURL(/\/ar\/auth\/callback/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ar", "identities.callback.title"));
    await expect(page.getByRole("alert")).toContainText(message("ar", "identities.error.denied"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath("oauth-denied-ar.png"), fullPage: true });
    await page.context().close();
  });
});
