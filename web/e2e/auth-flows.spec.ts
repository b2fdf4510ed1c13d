import {
  createAccount,
  defaultPassword,
  expectSignedIn,
  expectSignedOut,
  signInWithPassword,
  signOut,
  submitPassword,
} from "./support/accounts";
import { listEmails, uniqueEmail, waitForEmail } from "./support/mailbox";
import { expect, message, test } from "./support/test";

/** A catalog message with simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`{${name}}`, value),
    message(locale, id),
  );
}

test.describe("getting in", () => {
  test("sign up → confirmation email → its link → signed in where they were going", async ({ page, stack }) => {
    const email = uniqueEmail("sign-up");
    await page.goto("/en/sign-up?next=%2Faccount%2Fprofile");
    await page.getByLabel(message("en", "auth.field.displayName")).fill("Ada Lovelace");
    await page.getByLabel(message("en", "auth.field.email")).fill(email);
    await page.getByLabel(message("en", "auth.field.newPassword")).fill(defaultPassword);
    await page.getByRole("button", { name: message("en", "auth.signUp.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.checkEmail.title"));

    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: email, subject: "Confirm your Parley account" });
    expect(mail.code).toMatch(/^\d{6}$/);
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/en\/account\/profile$/);
    await expectSignedIn(page);
    await expect(page.getByLabel(message("en", "auth.field.displayName"))).toHaveValue("Ada Lovelace");
  });

  test("resend the confirmation: a visible cooldown, and the newest email's link signs in", async ({ page, stack }) => {
    const email = uniqueEmail("resend");
    await page.goto("/en/sign-up");
    await page.getByLabel(message("en", "auth.field.displayName")).fill("Resend");
    await page.getByLabel(message("en", "auth.field.email")).fill(email);
    await page.getByLabel(message("en", "auth.field.newPassword")).fill(defaultPassword);
    await page.getByRole("button", { name: message("en", "auth.signUp.submit") }).click();
    const first = await waitForEmail(stack.INBUCKET_URL ?? "", { to: email, subject: "Confirm your Parley account" });

    // The backend may still refuse (max_frequency since the first email): the app then shows its
    // wait as a countdown and offers the button again once it is over.
    const sent = page.getByRole("status").filter({ hasText: message("en", "auth.resend.sent") });
    await expect(async () => {
      await page.getByRole("button", { name: message("en", "auth.resend.action") }).click({ timeout: 5_000 });
      await expect(sent).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: /\d+/ })).toBeDisabled();
    const second = await waitForEmail(stack.INBUCKET_URL ?? "", {
      to: email,
      subject: "Confirm your Parley account",
      seen: [first.id],
    });
    await page.goto(second.link);
    await expectSignedIn(page);
  });

  test("sign in with a password, then sign out: pages that need a session send them back to sign-in", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "password");
    await signInWithPassword(page, account);
    await expect(page).toHaveURL(/\/en$/);
    await signOut(page, "en");
    await expect(page).toHaveURL(/\/en\/sign-in$/);
    await expectSignedOut(page);
    await page.goto("/en/account/profile");
    await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Faccount%2Fprofile$/);
  });

  test("a wrong password is refused beside the password field", async ({ page, stack }) => {
    const account = await createAccount(stack, "wrong-password");
    await submitPassword(page, { email: account.email, password: "not the password at all" });
    const password = page.getByLabel(message("en", "auth.field.password"));
    await expect(password).toHaveAccessibleDescription(message("en", "auth.error.invalidCredentials"));
    await expect(password).toBeFocused();
  });

  test("magic link: the emailed link signs in", async ({ page, stack }) => {
    const account = await createAccount(stack, "magic-link");
    await page.goto("/en/sign-in?next=%2Faccount%2Fsecurity");
    await page.getByRole("button", { name: message("en", "auth.signIn.withEmail") }).click();
    await page.getByLabel(message("en", "auth.field.email")).fill(account.email);
    await page.getByRole("button", { name: message("en", "auth.signIn.sendLink") }).click();
    await expect(page.getByLabel(message("en", "auth.code.label"))).toBeVisible();

    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "sign-in link" });
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await expectSignedIn(page);
  });

  test("email sign-in never tells whether an account exists: the same screen for an unknown address, and no email", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "enumeration");
    const unknown = uniqueEmail("no-such-account");
    const screens: string[] = [];
    for (const email of [account.email, unknown]) {
      await page.goto("/en/sign-in");
      await page.getByRole("button", { name: message("en", "auth.signIn.withEmail") }).click();
      await page.getByLabel(message("en", "auth.field.email")).fill(email);
      await page.getByRole("button", { name: message("en", "auth.signIn.sendLink") }).click();
      await expect(page.getByText(text("en", "auth.checkEmail.sentIfAccount", { email }))).toBeVisible();
      await expect(page.getByLabel(message("en", "auth.code.label"))).toBeVisible();
      await expect(
        page.getByRole("alert").filter({ hasText: message("en", "auth.error.noAccountForEmail") }),
      ).toHaveCount(0);
      screens.push((await page.locator("main").innerText()).replace(email, "<email>"));
    }
    expect(screens[1]).toBe(screens[0]);
    await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "sign-in link" });
    expect(await listEmails(stack.INBUCKET_URL ?? "", unknown)).toEqual([]);
  });

  test("6-digit email code: typed on the sign-in screen, it signs in", async ({ page, stack }) => {
    const account = await createAccount(stack, "email-code");
    await page.goto("/ar/sign-in");
    await page.getByRole("button", { name: message("ar", "auth.signIn.withEmail") }).click();
    await page.getByLabel(message("ar", "auth.field.email")).fill(account.email);
    await page.getByRole("button", { name: message("ar", "auth.signIn.sendLink") }).click();

    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "sign-in link" });
    expect(mail.code).toMatch(/^\d{6}$/);
    await page.getByLabel(message("ar", "auth.code.label")).fill(mail.code ?? "");
    await page.getByRole("button", { name: message("ar", "auth.code.submit") }).click();
    await expect(page).toHaveURL(/\/ar$/);
    await expectSignedIn(page, "ar");
  });

  test("a wrong email code says so beside the code field", async ({ page, stack }) => {
    const account = await createAccount(stack, "bad-code");
    await page.goto("/en/sign-in");
    await page.getByRole("button", { name: message("en", "auth.signIn.withEmail") }).click();
    await page.getByLabel(message("en", "auth.field.email")).fill(account.email);
    await page.getByRole("button", { name: message("en", "auth.signIn.sendLink") }).click();
    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "sign-in link" });
    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel(message("en", "auth.code.label")).fill(wrong);
    await page.getByRole("button", { name: message("en", "auth.code.submit") }).click();
    await expect(page.getByText(message("en", "auth.error.otpExpired"))).toBeVisible();
    await expectSignedOut(page);
  });

  test("recovery: emailed link → new-password screen (PASSWORD_RECOVERY) → new password → signed in with it", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "recovery");
    await page.goto("/en/sign-in");
    await page.getByRole("link", { name: message("en", "auth.signIn.forgotPassword") }).click();
    // Wait for the new screen: the sign-in form's email field is still there while it loads.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.forgot.title"));
    await page.getByLabel(message("en", "auth.field.email")).fill(account.email);
    await page.getByRole("button", { name: message("en", "auth.forgot.submit") }).click();
    await expect(page.getByText(account.email)).toBeVisible();

    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", {
      to: account.email,
      subject: "Reset your Parley password",
    });
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/en\/reset-password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.reset.title"));
    const newPassword = "a brand new passphrase";
    await page.getByLabel(message("en", "auth.field.newPassword")).fill(newPassword);
    await page.getByRole("button", { name: message("en", "auth.reset.submit") }).click();
    await expect(page.getByText(message("en", "auth.reset.done"))).toBeVisible();
    await page.getByRole("link", { name: message("en", "auth.reset.continue") }).click();
    await expectSignedIn(page);

    await signOut(page, "en");
    await signInWithPassword(page, { email: account.email, password: newPassword });
  });
});

test.describe("links that no longer work", () => {
  test("a confirmation link used once shows the invalid-link screen the second time", async ({ page, stack }) => {
    const email = uniqueEmail("used-link");
    await page.goto("/en/sign-up");
    await page.getByLabel(message("en", "auth.field.displayName")).fill("Used Link");
    await page.getByLabel(message("en", "auth.field.email")).fill(email);
    await page.getByLabel(message("en", "auth.field.newPassword")).fill(defaultPassword);
    await page.getByRole("button", { name: message("en", "auth.signUp.submit") }).click();
    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: email, subject: "Confirm your Parley account" });
    await page.goto(mail.link);
    await expectSignedIn(page);
    await signOut(page, "en");
    await expect(page).toHaveURL(/\/en\/sign-in$/);

    await page.goto(mail.link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.link.invalidTitle"));
    await expect(page.getByRole("alert")).toContainText(message("en", "auth.error.otpExpired"));
    await expectSignedOut(page);
  });

  test("a tampered confirmation link shows the invalid-link screen", async ({ page, stack }) => {
    const email = uniqueEmail("tampered-link");
    await page.goto("/en/sign-up");
    await page.getByLabel(message("en", "auth.field.displayName")).fill("Tampered Link");
    await page.getByLabel(message("en", "auth.field.email")).fill(email);
    await page.getByLabel(message("en", "auth.field.newPassword")).fill(defaultPassword);
    await page.getByRole("button", { name: message("en", "auth.signUp.submit") }).click();
    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: email, subject: "Confirm your Parley account" });
    const link = new URL(mail.link);
    const token = link.searchParams.get("token") ?? "";
    link.searchParams.set("token", `${token.slice(0, -4)}${token.slice(-4) === "0000" ? "1111" : "0000"}`);
    await page.goto(link.toString());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.link.invalidTitle"));
    await expect(page.getByRole("link", { name: message("en", "auth.action.requestNewLink") })).toBeVisible();
    await expectSignedOut(page);
  });
});

test.describe("account & security", () => {
  test("email change: pending state shown, both addresses confirm, then the new one is the email", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "email-change");
    const newEmail = uniqueEmail("email-changed");
    await signInWithPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await page.getByLabel(message("en", "account.email.new")).fill(newEmail);
    await page.getByRole("button", { name: message("en", "account.email.submit") }).click();
    await expect(page.getByText(text("en", "account.email.pending", { email: newEmail }))).toBeVisible();
    await page.reload();
    await expect(page.getByText(text("en", "account.email.pending", { email: newEmail }))).toBeVisible();

    const toCurrent = await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "new Parley email" });
    const toNew = await waitForEmail(stack.INBUCKET_URL ?? "", { to: newEmail, subject: "new Parley email" });

    await page.goto(toCurrent.link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth.link.halfDoneTitle"));
    await page.goto(toNew.link);
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await expect(page.getByText(text("en", "account.email.current", { email: newEmail }))).toBeVisible();
    await expect(page.getByText(text("en", "account.email.pending", { email: newEmail }))).toHaveCount(0);

    await signOut(page, "en");
    await signInWithPassword(page, { email: newEmail, password: account.password });
  });

  test("sign out everywhere also signs out another browser", async ({ browser, page, stack }) => {
    const account = await createAccount(stack, "everywhere");
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await signInWithPassword(otherPage, account, "en", "/account/profile");
      await signInWithPassword(page, account, "en", "/account/sessions");

      await page.getByRole("button", { name: message("en", "account.sessions.signOutEverywhere") }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: message("en", "account.sessions.signOutEverywhere") })
        .click();
      await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Faccount%2Fsessions$/);

      // The other browser learns it when it next talks to the backend (here: opening another page).
      await otherPage.getByRole("link", { name: message("en", "account.nav.security") }).click();
      await expect(otherPage).toHaveURL(/\/en\/sign-in/);
      await expectSignedOut(otherPage);
    } finally {
      await other.close();
    }
  });
});
