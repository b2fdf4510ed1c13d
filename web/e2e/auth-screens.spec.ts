import { expectNoSeriousViolations } from "./support/axe";
import { submitPassword } from "./support/accounts";
import { expect, message, test } from "./support/test";

const screens = [
  { path: "/sign-in", title: "auth.signIn.title" },
  { path: "/sign-up", title: "auth.signUp.title" },
  { path: "/forgot-password", title: "auth.forgot.title" },
  {
    path: "/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    title: "auth.link.invalidTitle",
  },
];

for (const locale of ["en", "ar"]) {
  test.describe(`auth screens in ${locale}`, () => {
    for (const screen of screens) {
      test(`${screen.path.split("#")[0]} has its title, no serious axe violation, and a screenshot`, async ({
        page,
      }, testInfo) => {
        await page.goto(`/${locale}${screen.path}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, screen.title));
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expectNoSeriousViolations(page);
        const name = screen.path.split(/[#?]/)[0]?.replace(/\//g, "-").replace(/^-/, "");
        await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}.png`), fullPage: true });
      });
    }
  });
}

test.describe("getting in, before the auth service exists", () => {
  test("a page that needs a session sends a signed-out person to sign-in, remembering where they were going", async ({
    page,
  }) => {
    await page.goto("/de/account/security");
    await expect(page).toHaveURL(/\/de\/sign-in\?next=%2Faccount%2Fsecurity$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("de", "auth.signIn.title"));
  });

  test("a used or tampered link shows the invalid-link screen with a way to get a new one", async ({ page }) => {
    await page.goto(
      "/en/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.link.invalidTitle"));
    await expect(page.getByRole("alert")).toContainText(message("en", "auth.error.otpExpired"));
    await page.getByRole("link", { name: message("en", "auth.action.requestNewLink") }).click();
    await expect(page).toHaveURL(/\/en\/sign-in$/);
  });

  test("a code link opened in another browser (no PKCE verifier) says so instead of failing silently", async ({
    page,
  }) => {
    await page.goto("/fr/auth/callback?code=00000000-0000-0000-0000-000000000000");
    await expect(page.getByRole("alert")).toContainText(message("fr", "auth.error.linkOtherBrowser"));
  });

  test("field errors sit beside their field, are announced with it, and focus moves to the first", async ({ page }) => {
    await page.goto("/en/sign-in");
    await page.getByRole("button", { name: message("en", "auth.signIn.submit"), exact: true }).click();
    const email = page.getByLabel(message("en", "auth.field.email"));
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(message("en", "validation.emailRequired"));
    await expect(page.getByLabel(message("en", "auth.field.password"))).toHaveAccessibleDescription(
      message("en", "validation.passwordRequired"),
    );
  });

  test("the sign-up password meter checks the backend's rules as the person types", async ({ page }) => {
    await page.goto("/en/sign-up");
    const password = page.getByLabel(message("en", "auth.field.newPassword"));
    await password.fill("short");
    await expect(
      page.getByText(message("en", "password.rule.unmet").replace("{rule}", "at least 8 characters")),
    ).toBeVisible();
    await password.fill("long enough passphrase");
    await expect(
      page.getByText(message("en", "password.rule.met").replace("{rule}", "at least 8 characters")),
    ).toBeVisible();
  });

  test("an auth answer the app cannot use becomes a localized message, never raw server text", async ({
    page,
    stack,
  }) => {
    // Pinned to the 501 a backend without the auth service answers, whatever /auth/v1 does today.
    await page.route(`${stack.API_URL}/auth/v1/token**`, (route) =>
      route.fulfill({ status: 501, contentType: "application/json", body: '{"message":"Not Implemented"}' }),
    );
    await submitPassword(page, { email: "ana@example.com", password: "whatever-it-is" }, "es");
    await expect(page.getByRole("alert")).toContainText(message("es", "auth.error.unavailable"));
    await expect(page.getByRole("alert")).not.toContainText("Not Implemented");
  });
});
