import { expectSignedIn } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { containing, expect, message, test } from "./support/test";

// The stack registers its SAML IdP emulator for the domain sso.parley.test (see the README).
test.describe("single sign-on with a work email, through the SAML emulator", () => {
  test("a work email at the emulated domain signs in through the identity provider and back", async ({
    page,
  }, testInfo) => {
    await page.goto("/en/sign-in?next=%2Faccount%2Fsecurity");
    await page.getByRole("button", { name: message("en", "sso.method") }).click();
    const workEmail = `worker-${crypto.randomUUID().slice(0, 8)}@sso.parley.test`;
    await page.getByLabel(message("en", "sso.email")).fill(workEmail);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath("sign-in-sso-en.png"), fullPage: true });
    await page.getByRole("button", { name: message("en", "sso.submit") }).click();

    await expect(page.getByRole("heading", { name: "Sign in with SAML SSO" })).toBeVisible();
    await page.getByLabel("Email").fill(workEmail);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await expectSignedIn(page);
  });

  test("a domain without single sign-on is refused beside the email field, in Arabic", async ({ page }) => {
    await page.goto("/ar/sign-in");
    await page.getByRole("button", { name: message("ar", "sso.method") }).click();
    const email = page.getByLabel(message("ar", "sso.email"));
    await email.fill("someone@no-sso.example");
    await page.getByRole("button", { name: message("ar", "sso.submit") }).click();
    await expect(email).toHaveAccessibleDescription(containing(message("ar", "auth.error.ssoNotFound")));
    await expect(email).toBeFocused();
  });
});
