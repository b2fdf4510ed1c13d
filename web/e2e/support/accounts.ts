/**
 * People for browser tests: a confirmed account made through the admin API (as an operator would),
 * and signing in through the app's own screens.
 */
import { expect, type Page } from "@playwright/test";
import type { StackStatus } from "./environment";
import { uniqueEmail } from "./mailbox";
import { message } from "./test";

export type Account = { id: string; email: string; password: string };

export const defaultPassword = "correct horse battery staple";

/** A confirmed email + password account, created with the secret key (`POST /auth/v1/admin/users`). */
export async function createAccount(
  stack: StackStatus,
  label: string,
  data: Record<string, unknown> = {},
): Promise<Account> {
  const email = uniqueEmail(label);
  const response = await fetch(`${stack.API_URL}/auth/v1/admin/users`, {
    method: "POST",
    headers: { apikey: stack.SECRET_KEY ?? "", "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: defaultPassword,
      email_confirm: true,
      user_metadata: { display_name: label, ...data },
    }),
  });
  if (!response.ok) throw new Error(`creating ${email} answered ${response.status}: ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  return { id: user.id, email, password: defaultPassword };
}

/**
 * Submits email and password on `/:locale/sign-in` (`?next=` when given), without waiting for the outcome (an MFA step,
 * an error). It submits with Enter in the password field, as a keyboard user does (the button's click has its own
 * cases in auth-screens and mfa). Why not the click: twice a click on that button below the fold waited its whole
 * timeout in Playwright's stability check, which counts the page's animation frames, while the trace showed the page
 * answering and the button enabled: headless Chromium had produced no frame since the fills scrolled the page.
 * A key press needs no frame.
 */
export async function submitPassword(
  page: Page,
  account: Pick<Account, "email" | "password">,
  locale = "en",
  next = "",
) {
  await page.goto(`/${locale}/sign-in${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel(message(locale, "auth.field.email")).fill(account.email);
  const password = page.getByLabel(message(locale, "auth.field.password"));
  await password.fill(account.password);
  await password.press("Enter");
}

/** Signs in on `/:locale/sign-in` with email and password and waits until the app shows it. */
export async function signInWithPassword(
  page: Page,
  account: Pick<Account, "email" | "password">,
  locale = "en",
  next = "",
) {
  await submitPassword(page, account, locale, next);
  await expectSignedIn(page, locale);
}

/** The user menu's button (its name holds the person's name, whoever they are). */
export function userMenuButton(page: Page, locale = "en") {
  const [before = "", after = ""] = message(locale, "userMenu.open")
    .replace(/<\/?hidden>/g, "")
    .split("{name}");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("button", { name: new RegExp(`^${escape(before.trim())}.+${escape(after.trim())}$`) });
}

/** The user menu (account, language, theme, sign-out) is there once a session exists; sign-in is not. */
export async function expectSignedIn(page: Page, locale = "en") {
  await expect(userMenuButton(page, locale)).toBeVisible();
  await expect(page.getByRole("link", { name: message(locale, "header.signIn") })).toHaveCount(0);
}

/** The header offers sign-in and nothing of an account. */
export async function expectSignedOut(page: Page, locale = "en") {
  await expect(page.getByRole("link", { name: message(locale, "header.signIn") })).toBeVisible();
  await expect(userMenuButton(page, locale)).toHaveCount(0);
}

/**
 * Opens the user menu and signs out there. The menu closes when the page changes, so a page still
 * arriving (a redirect after sign-in) may close it again: open it until its sign-out is there.
 * Returns once the app shows nobody signed in: sign-out asks the auth service before it forgets the
 * session, and a page load started before that would still find the session.
 */
export async function signOut(page: Page, locale = "en") {
  const toggle = userMenuButton(page, locale);
  const signOutButton = page.getByRole("button", { name: message(locale, "header.signOut"), exact: true });
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(signOutButton).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await signOutButton.click();
  await expect(toggle).toHaveCount(0);
}
