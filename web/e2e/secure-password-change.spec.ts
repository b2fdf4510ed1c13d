import { createAccount, expectSignedIn, signInWithPassword, signOut } from "./support/accounts";
import { ageSessions } from "./support/database";
import { newPageIn, startDedicatedEnvironment } from "./support/dedicated-environment";
import { waitForEmail } from "./support/mailbox";
import { containing, expect, message, test } from "./support/test";

// The project's config leaves secure password change off; a project that turns it on
// (`[auth.email] secure_password_change = true`) asks a session older than 24 h for the code
// GoTrue emails with `reauthenticate()`.
const environment = startDedicatedEnvironment({ SUPABASE_AUTH_EMAIL_SECURE_PASSWORD_CHANGE: "true" });

test.describe("password change with secure password change on", () => {
  test("a day-old session is asked for the emailed code; a wrong code is refused beside it; the right one changes the password", async ({
    browser,
  }) => {
    const { stack } = environment();
    const page = await newPageIn(browser, environment());
    const account = await createAccount(stack, "reauth");
    await signInWithPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await ageSessions(stack.DB_URL ?? "", account.id, 25);

    const newPassword = "a fresh reauthenticated passphrase";
    await page.getByLabel(message("en", "auth.field.newPassword")).fill(newPassword);
    await page.getByRole("button", { name: message("en", "account.password.submit") }).click();
    const code = page.getByLabel(message("en", "account.password.codeLabel"));
    await expect(code).toBeFocused();
    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "verification code" });
    expect(mail.code).toMatch(/^\d{6}$/);

    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, "0");
    await code.fill(wrong);
    await page.getByRole("button", { name: message("en", "account.password.submit") }).click();
    await expect(code).toHaveAccessibleDescription(containing(message("en", "auth.error.reauthenticationInvalid")));
    await expect(code).toBeFocused();

    await code.fill(mail.code ?? "");
    await page.getByRole("button", { name: message("en", "account.password.submit") }).click();
    await expect(page.getByText(message("en", "account.password.changed"))).toBeVisible();

    await signOut(page, "en");
    await signInWithPassword(page, { email: account.email, password: newPassword });
    await expectSignedIn(page);
    await page.context().close();
  });

  test("a fresh session changes the password without a code, as GoTrue allows within 24 h", async ({ browser }) => {
    const { stack } = environment();
    const page = await newPageIn(browser, environment());
    const account = await createAccount(stack, "fresh-session");
    await signInWithPassword(page, account, "en", "/account/security");
    await page.getByLabel(message("en", "auth.field.newPassword")).fill("another fresh passphrase");
    await page.getByRole("button", { name: message("en", "account.password.submit") }).click();
    await expect(page.getByText(message("en", "account.password.changed"))).toBeVisible();
    await expect(page.getByLabel(message("en", "account.password.codeLabel"))).toHaveCount(0);
    await page.context().close();
  });
});
