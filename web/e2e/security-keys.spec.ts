import type { Browser, Page, TestInfo } from "@playwright/test";
import { createAccount, expectSignedIn, signOut, submitPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { startDedicatedEnvironment } from "./support/dedicated-environment";
import type { RunningEnvironment } from "./support/environment";
import { expect, message, test } from "./support/test";
import { addVirtualAuthenticator } from "./support/virtual-authenticator";

// Browsers refuse an IP address as WebAuthn relying party: the app is opened on localhost, and the
// stack's relying party is that origin.
const environment = startDedicatedEnvironment(
  ({ url }) => ({
    SUPABASE_AUTH_PASSKEY_ENABLED: "true",
    SUPABASE_AUTH_WEBAUTHN_RP_ID: "localhost",
    SUPABASE_AUTH_WEBAUTHN_RP_ORIGINS: url,
    SUPABASE_AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: "true",
    SUPABASE_AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: "true",
  }),
  {},
  { appHostName: "localhost" },
);

async function newPage(browser: Browser, running: RunningEnvironment, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: running.appUrl, locale: "en-US", viewport });
  return context.newPage();
}

/** Scans the screen with axe and keeps a screenshot as a test artifact. */
async function keepScreen(page: Page, testInfo: TestInfo, name: string, locale: string) {
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}.png`), fullPage: true });
}

function withName(text: string, name: string): string {
  return text.replace("{name}", name);
}

test.describe("passkeys with Chromium's virtual authenticator", () => {
  test.setTimeout(120_000);
  test("a passkey added in the account centre signs its owner in", async ({ browser }, testInfo) => {
    const running = environment();
    const page = await newPage(browser, running);
    const authenticator = await addVirtualAuthenticator(page);
    const account = await createAccount(running.stack, "passkey-en", { locale: "en" });
    await submitPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);

    await page.getByRole("button", { name: message("en", "passkeys.add") }).click();
    await expect(page.getByText(message("en", "passkeys.addedNotice"))).toBeVisible();
    const passkeys = page.getByRole("list", { name: message("en", "passkeys.list") });
    await expect(passkeys.getByRole("listitem")).toHaveCount(1);
    expect(await authenticator.credentials()).toEqual([
      expect.objectContaining({ isResidentCredential: true, rpId: "localhost" }),
    ]);
    await keepScreen(page, testInfo, "passkey-added", "en");

    await signOut(page, "en");
    await page.goto("/en/sign-in");
    await page.getByRole("button", { name: message("en", "auth.passkey.signIn") }).click();
    await expectSignedIn(page, "en");
  });
});

for (const { locale, viewport } of [
  { locale: "en", viewport: { width: 1280, height: 800 } },
  { locale: "ar", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`a security key as the second factor, in ${locale}`, () => {
    test.setTimeout(150_000);
    test("enrol a security key, pass the two-step sign-in with it, then remove it", async ({ browser }, testInfo) => {
      const running = environment();
      const page = await newPage(browser, running, viewport);
      await addVirtualAuthenticator(page, { transport: "usb" });
      const account = await createAccount(running.stack, `security-key-${locale}`, { locale });
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/security$`));
      await expect(page.getByText(message(locale, "mfa.status.off"))).toBeVisible();

      // Enrol: a name (the kind, unless changed), then the browser asks the key.
      const keyName = message(locale, "mfa.kind.securityKey");
      await page.getByRole("button", { name: message(locale, "mfa.add.securityKey") }).click();
      await expect(page.getByRole("heading", { name: message(locale, "mfa.enrol.securityKeyTitle") })).toBeFocused();
      await expect(page.getByLabel(message(locale, "mfa.enrol.name"))).toHaveValue(keyName);
      await keepScreen(page, testInfo, "security-key-enrol", locale);
      await page.getByRole("button", { name: message(locale, "mfa.enrol.useSecurityKey") }).click();
      await expect(page.getByText(message(locale, "mfa.done.added"))).toBeVisible();
      await expect(page.getByText(message(locale, "mfa.status.on"))).toBeVisible();
      const factors = page.getByRole("list", { name: message(locale, "mfa.factors.label") });
      await expect(factors.getByRole("listitem")).toHaveCount(1);
      await expect(factors.getByRole("listitem")).toContainText(keyName);
      await keepScreen(page, testInfo, "security-key-enrolled", locale);

      // The same key cannot be added twice: the browser refuses, the page says why, nothing is left half-made.
      await page.getByRole("button", { name: message(locale, "mfa.add.securityKey") }).click();
      await page.getByLabel(message(locale, "mfa.enrol.name")).fill(`${keyName} 2`);
      await page.getByRole("button", { name: message(locale, "mfa.enrol.useSecurityKey") }).click();
      await expect(page.getByRole("alert")).toContainText(message(locale, "webauthn.error.alreadyRegistered"));
      await page.getByRole("button", { name: message(locale, "account.cancel"), exact: true }).click();
      await expect(factors.getByRole("listitem")).toHaveCount(1);

      // Sign out, sign in: the password opens only the second step, which asks for the key.
      await signOut(page, locale);
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/sign-in/mfa\\?next=%2Faccount%2Fsecurity$`));
      await expect(page.getByText(withName(message(locale, "mfa.securityKey.hint"), keyName))).toBeVisible();
      await keepScreen(page, testInfo, "security-key-challenge", locale);
      await page.getByRole("button", { name: message(locale, "mfa.challenge.submit") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/security$`));
      await expectSignedIn(page, locale);

      // Remove: the dialog asks for the key first.
      await page.getByRole("button", { name: withName(message(locale, "mfa.remove.buttonFor"), keyName) }).click();
      const dialog = page.getByRole("dialog", { name: withName(message(locale, "mfa.remove.title"), keyName) });
      await expect(dialog).toBeVisible();
      await keepScreen(page, testInfo, "security-key-remove", locale);
      await dialog.getByRole("button", { name: message(locale, "mfa.remove.confirm") }).click();
      await expect(page.getByText(message(locale, "mfa.done.removed"))).toBeVisible();
      await expect(page.getByText(message(locale, "mfa.status.off"))).toBeVisible();

      // Without a factor, the password alone signs in again.
      await signOut(page, locale);
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/security$`));
    });
  });
}

test.describe("at an IP address", () => {
  test("adding a passkey explains that this address cannot use passkeys", async ({ page, stack }) => {
    // The shared app is served on 127.0.0.1, which no browser accepts as relying party (the stack's is localhost).
    const account = await createAccount(stack, "passkey-ip", { locale: "en" });
    await submitPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await page.getByRole("button", { name: message("en", "passkeys.add") }).click();
    await expect(page.getByRole("alert")).toContainText(message("en", "webauthn.error.wrongAddress"));
    await expect(page.getByRole("list", { name: message("en", "passkeys.list") })).toHaveCount(0);
  });
});
