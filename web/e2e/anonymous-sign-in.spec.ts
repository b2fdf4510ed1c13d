import { expectSignedIn, expectSignedOut, signOut } from "./support/accounts";
import { newPageIn, startDedicatedEnvironment } from "./support/dedicated-environment";
import { expect, message, test } from "./support/test";

// The project's config leaves anonymous sign-ins off (the shared environment's sign-in screen
// must not offer "try it"); a project that turns them on (`[auth] enable_anonymous_sign_ins`)
// reports `anonymous_users` in /auth/v1/settings and the sign-in screen offers a guest session.
const environment = startDedicatedEnvironment({ SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS: "true" });

test.describe('anonymous "try it"', () => {
  test("is offered when the backend enables it and opens the app with a guest session", async ({ browser }) => {
    const page = await newPageIn(browser, environment());
    await page.goto("/en/sign-in");
    const tryIt = page.getByRole("button", { name: message("en", "auth.anonymous.try") });
    await tryIt.click();
    await expect(page).toHaveURL(/\/en$/);
    await expectSignedIn(page);
    const isAnonymous = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith("-auth-token"));
      const stored = key
        ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { user?: { is_anonymous?: boolean } })
        : {};
      return stored.user?.is_anonymous;
    });
    expect(isAnonymous).toBe(true);

    await signOut(page, "en");
    await expectSignedOut(page);
    await page.context().close();
  });

  test("is not offered by a backend that leaves it off", async ({ page }) => {
    // Only once the screen has read /settings does the missing button mean "not offered".
    const settings = page.waitForResponse((response) => response.url().endsWith("/auth/v1/settings") && response.ok());
    await page.goto("/en/sign-in");
    await settings;
    await expect(page.getByRole("button", { name: message("en", "auth.signIn.submit"), exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: message("en", "auth.anonymous.try") })).toHaveCount(0);
  });
});
