import type { Response } from "@playwright/test";
import { createAccount, expectSignedIn, signInWithPassword } from "./support/accounts";
import { newPageIn, startDedicatedEnvironment } from "./support/dedicated-environment";
import { expect, message, test } from "./support/test";

// Access tokens that live 5 s. The client keeps its defaults: a 30 s auto-refresh tick that
// refreshes once a token has 3 ticks (90 s) or less to live — so with a 5 s token every tick
// refreshes, and between ticks every call first refreshes the expired token on its own.
const jwtExpirySeconds = 5;
const environment = startDedicatedEnvironment({ SUPABASE_AUTH_JWT_EXPIRY: String(jwtExpirySeconds) });

const isRefresh = (response: Response) => response.url().includes("/auth/v1/token?grant_type=refresh_token");

test.describe(`a session with ${jwtExpirySeconds} s access tokens`, () => {
  test("stays signed in across many token lifetimes: the client's ticks refresh it, and the app keeps working", async ({
    browser,
  }) => {
    // Three 30 s ticks: about eighteen token lifetimes.
    test.setTimeout(180_000);
    const { stack } = environment();
    const page = await newPageIn(browser, environment());
    const account = await createAccount(stack, "keepalive");
    const refreshes: number[] = [];
    page.on("response", (response) => {
      if (isRefresh(response)) refreshes.push(response.status());
    });

    await signInWithPassword(page, account, "en", "/account/profile");
    await expect(page).toHaveURL(/\/en\/account\/profile$/);
    const signedInAt = Date.now();

    // Wait for refreshes the client makes on its own (nothing on the page asks for them).
    for (let tick = 0; tick < 3; tick += 1) {
      const response = await page.waitForResponse(isRefresh, { timeout: 45_000 });
      expect(response.status()).toBe(200);
    }
    expect(Date.now() - signedInAt).toBeGreaterThan(5 * jwtExpirySeconds * 1000);

    // Still signed in, and calls that need a valid token still succeed.
    await expect(page).toHaveURL(/\/en\/account\/profile$/);
    await expectSignedIn(page);
    await page.getByRole("link", { name: message("en", "account.nav.security") }).click();
    // The email section reads the user from the backend with the current token.
    const emailSection = page.getByRole("region", { name: message("en", "account.email.title") });
    await expect(emailSection.getByText(account.email)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await expect(emailSection.getByText(account.email)).toBeVisible();
    expect(refreshes.length).toBeGreaterThanOrEqual(3);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);
    await page.context().close();
  });
});
