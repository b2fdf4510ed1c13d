import type { Page, TestInfo } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createAccount, expectSignedIn, signInWithPassword, signOut, submitPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { waitForEmail } from "./support/mailbox";
import { signedInClient } from "./support/node-client";
import { containing, expect, message, test } from "./support/test";
import { totpCode, wrongTotpCode } from "./support/totp";

/** Scans the screen with axe and keeps a screenshot as a test artifact. */
async function keepScreen(page: Page, testInfo: TestInfo, name: string, locale: string) {
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}.png`), fullPage: true });
}

for (const locale of ["en", "ar"]) {
  test.describe(`two-step verification, in ${locale}`, () => {
    // One long journey (enrol, sign out, sign in with the code, remove) on a shared two-core machine.
    test.setTimeout(120_000);
    test("enrol an authenticator app, sign in again through the code step, then remove it", async ({
      page,
      stack,
      context,
    }, testInfo) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const account = await createAccount(stack, `mfa-${locale}`, { locale });
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/security$`));
      await expect(page.getByText(message(locale, "mfa.status.off"))).toBeVisible();

      // The only identity cannot be unlinked, and the page says why.
      const unlink = page.getByRole("button", {
        name: message(locale, "identities.unlinkFor").replace("{provider}", message(locale, "identities.email")),
      });
      await expect(unlink).toBeDisabled();
      await expect(unlink).toHaveAccessibleDescription(message(locale, "identities.lastOne"));

      // Enrol: a name, then the QR code and the key, then a code from the app.
      await page.getByRole("button", { name: message(locale, "mfa.add.totp") }).click();
      await page.getByRole("button", { name: message(locale, "mfa.enrol.continue") }).click();
      const qr = page.getByRole("img", { name: message(locale, "mfa.enrol.qrAlt") });
      await expect(qr).toBeVisible();
      // The QR code really renders (a broken image is visible too, with no natural size).
      await expect
        .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      const secret = (await page.locator(".mfa-secret__value").textContent()) ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await page.getByRole("button", { name: message(locale, "mfa.enrol.copy") }).click();
      await expect(page.getByRole("status").filter({ hasText: message(locale, "mfa.enrol.copied") })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await keepScreen(page, testInfo, "mfa-enrol-qr", locale);

      const enrolCode = page.getByLabel(message(locale, "mfa.code.label"));
      await enrolCode.fill(wrongTotpCode(secret));
      await page.getByRole("button", { name: message(locale, "mfa.enrol.verify") }).click();
      await expect(enrolCode).toHaveAccessibleDescription(containing(message(locale, "auth.error.mfaCodeInvalid")));
      await expect(enrolCode).toBeFocused();
      await enrolCode.fill(totpCode(secret));
      await page.getByRole("button", { name: message(locale, "mfa.enrol.verify") }).click();
      await expect(page.getByText(message(locale, "mfa.done.added"))).toBeVisible();
      await expect(page.getByText(message(locale, "mfa.status.on"))).toBeVisible();
      await keepScreen(page, testInfo, "mfa-enrolled", locale);

      // Sign out, sign in: the password alone opens only the code step, and the guards hold.
      await signOut(page, locale);
      await expect(page.getByRole("link", { name: message(locale, "header.signIn") })).toBeVisible();
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/sign-in/mfa\\?next=%2Faccount%2Fsecurity$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "mfa.challenge.title"));
      await page.goto(`/${locale}/account/profile`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/sign-in/mfa\\?next=%2Faccount%2Fprofile$`));
      await keepScreen(page, testInfo, "mfa-challenge", locale);

      const challengeCode = page.getByLabel(message(locale, "mfa.code.label"));
      await challengeCode.fill(wrongTotpCode(secret));
      await page.getByRole("button", { name: message(locale, "mfa.challenge.submit") }).click();
      await expect(challengeCode).toHaveAccessibleDescription(containing(message(locale, "auth.error.mfaCodeInvalid")));
      await challengeCode.fill(totpCode(secret));
      await page.getByRole("button", { name: message(locale, "mfa.challenge.submit") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/profile$`));
      await expectSignedIn(page, locale);

      // Remove: the dialog asks for a code first.
      await page.goto(`/${locale}/account/security`);
      const name = message(locale, "mfa.kind.totp");
      await page.getByRole("button", { name: message(locale, "mfa.remove.buttonFor").replace("{name}", name) }).click();
      const dialog = page.getByRole("dialog", { name: message(locale, "mfa.remove.title").replace("{name}", name) });
      await expect(dialog).toBeVisible();
      await keepScreen(page, testInfo, "mfa-remove-dialog", locale);
      await dialog.getByLabel(message(locale, "mfa.code.label")).fill(totpCode(secret));
      await dialog.getByRole("button", { name: message(locale, "mfa.remove.confirm") }).click();
      await expect(page.getByText(message(locale, "mfa.done.removed"))).toBeVisible();
      await expect(page.getByText(message(locale, "mfa.status.off"))).toBeVisible();

      // Without a factor, signing in needs the password only.
      await signOut(page, locale);
      await expect(page.getByRole("link", { name: message(locale, "header.signIn") })).toBeVisible();
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/security$`));
    });
  });
}

/** Enrols and verifies an authenticator app for the signed-in client's user; returns its secret. */
async function enrolVerifiedTotp(api: SupabaseClient): Promise<string> {
  const enrolled = await api.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
  const secret = (enrolled.data as { totp: { secret: string } }).totp.secret;
  expect(
    (await api.auth.mfa.challengeAndVerify({ factorId: enrolled.data?.id ?? "", code: totpCode(secret) })).error,
  ).toBeNull();
  return secret;
}

/** A new workspace of the client's user, with `body` posted in its #general. */
async function workspaceWithMessage(api: SupabaseClient, name: string, slug: string, body: string) {
  const created = await api.rpc("create_workspace", { name, slug });
  expect(created.error).toBeNull();
  const general = await api
    .from("channels")
    .select("id")
    .eq("workspace_id", (created.data as { id: string }).id)
    .eq("name", "general")
    .single();
  const channelId = (general.data as { id: string }).id;
  expect((await api.from("messages").insert({ channel_id: channelId, body })).error).toBeNull();
  return { channelId };
}

test.describe("the second factor before any chat, whatever the first step was", () => {
  test.setTimeout(120_000);
  test("a person with an authenticator app who signs in by emailed link gives the code before the workspace opens, then sees their chat live", async ({
    page,
    stack,
  }) => {
    // Arranged through the API as the person: a workspace with a message, then TOTP enrolled and verified.
    const account = await createAccount(stack, "mfa-link", { locale: "en" });
    const api = await signedInClient(stack, account);
    const slug = `mfa-${crypto.randomUUID().slice(0, 8)}`;
    const earlier = `Plans for the launch ${crypto.randomUUID().slice(0, 8)}`;
    const { channelId } = await workspaceWithMessage(api, "Second step", slug, earlier);
    const secret = await enrolVerifiedTotp(api);

    // The chat asks to sign in; an emailed link signs in at aal1, which opens only the code step.
    await page.goto(`/en/w/${slug}/c/${channelId}`);
    await expect(page).toHaveURL(/\/en\/sign-in\?next=/);
    await page.getByRole("button", { name: message("en", "auth.signIn.withEmail") }).click();
    await page.getByLabel(message("en", "auth.field.email")).fill(account.email);
    await page.getByRole("button", { name: message("en", "auth.signIn.sendLink") }).click();
    await expect(page.getByLabel(message("en", "auth.code.label"))).toBeVisible();
    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: account.email, subject: "sign-in link" });
    await page.goto(mail.link);
    await expect(page).toHaveURL(
      new RegExp(`/en/sign-in/mfa\\?next=${encodeURIComponent(`/w/${slug}/c/${channelId}`)}$`),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "mfa.challenge.title"));
    await expect(page.getByText(earlier)).toHaveCount(0);

    // The code opens the chat, without a reload (so realtime still holds the token it was given).
    const code = page.getByLabel(message("en", "mfa.code.label"));
    await expect(code).toBeVisible();
    await code.fill(totpCode(secret));
    await page.getByRole("button", { name: message("en", "mfa.challenge.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/en/w/${slug}/c/${channelId}$`));
    await expect(page.getByText(earlier)).toBeVisible();

    // Realtime was handed the aal2 token too: a message sent elsewhere appears live.
    const later = `Live after the code ${crypto.randomUUID().slice(0, 8)}`;
    expect((await api.from("messages").insert({ channel_id: channelId, body: later })).error).toBeNull();
    await expect(page.getByText(later)).toBeVisible();
    await expectSignedIn(page);
  });
});

test.describe("a session from before a factor was added on another device", () => {
  test.setTimeout(120_000);
  test("is not taken at its word on the next load: sign in again, with the code, and the chat is back", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "mfa-elsewhere", { locale: "en" });
    const api = await signedInClient(stack, account);
    const slug = `mfa-old-${crypto.randomUUID().slice(0, 8)}`;
    const words = `Written before the factor ${crypto.randomUUID().slice(0, 8)}`;
    const { channelId } = await workspaceWithMessage(api, "Older session", slug, words);
    await signInWithPassword(page, account, "en", `/w/${slug}/c/${channelId}`);
    await expect(page.getByText(words)).toBeVisible();

    // Another device adds an authenticator app; the auth service ends this browser's aal1 session.
    const secret = await enrolVerifiedTotp(api);

    // Its stored token still looks valid, and knows of no factor; the app asks the auth service.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/en/sign-in\\?next=${encodeURIComponent(`/w/${slug}/c/${channelId}`)}$`));
    await page.getByLabel(message("en", "auth.field.email")).fill(account.email);
    await page.getByLabel(message("en", "auth.field.password")).fill(account.password);
    await page.getByRole("button", { name: message("en", "auth.signIn.submit"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "mfa.challenge.title"));
    await page.getByLabel(message("en", "mfa.code.label")).fill(totpCode(secret));
    await page.getByRole("button", { name: message("en", "mfa.challenge.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/en/w/${slug}/c/${channelId}$`));
    await expect(page.getByText(words)).toBeVisible();
  });
});

test.describe("an invitation to a person with an authenticator app", () => {
  test.setTimeout(120_000);
  test("its sign-in link asks for the code on the way, then accepts and opens the workspace", async ({
    page,
    stack,
    baseURL,
  }) => {
    const owner = await createAccount(stack, "mfa-inviter", { locale: "en" });
    const ownerApi = await signedInClient(stack, owner);
    const slug = `mfa-inv-${crypto.randomUUID().slice(0, 8)}`;
    const created = await ownerApi.rpc("create_workspace", { name: "Invited with a code", slug });
    expect(created.error).toBeNull();
    const invitee = await createAccount(stack, "mfa-invitee", { locale: "en" });
    const inviteeApi = await signedInClient(stack, invitee);
    const secret = await enrolVerifiedTotp(inviteeApi);
    const invited = await ownerApi.functions.invoke("invite-member", {
      body: {
        workspace_id: (created.data as { id: string }).id,
        email: invitee.email,
        redirect_to: `${baseURL}/en/invite`,
      },
    });
    expect(invited.error).toBeNull();

    // The link signs in at aal1 on the invitation page itself: the code comes first, then the invitation.
    const mail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: invitee.email });
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/en\/sign-in\/mfa\?next=%2Finvite%3Ftoken%3D/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "mfa.challenge.title"));
    await page.getByLabel(message("en", "mfa.code.label")).fill(totpCode(secret));
    await page.getByRole("button", { name: message("en", "mfa.challenge.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/en/w/${slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invited with a code");
  });
});

test.describe("renaming a verified authenticator app", () => {
  test.setTimeout(120_000);
  test("sets it up again under the new name; the old entry goes once the new one works; a taken name is refused beside the field", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "mfa-rename", { locale: "en" });
    await submitPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);

    await page.getByRole("button", { name: message("en", "mfa.add.totp") }).click();
    await page.getByLabel(message("en", "mfa.enrol.name")).fill("Old phone");
    await page.getByRole("button", { name: message("en", "mfa.enrol.continue") }).click();
    const oldSecret = (await page.locator(".mfa-secret__value").textContent()) ?? "";
    await page.getByLabel(message("en", "mfa.code.label")).fill(totpCode(oldSecret));
    await page.getByRole("button", { name: message("en", "mfa.enrol.verify") }).click();
    await expect(page.getByText(message("en", "mfa.done.added"))).toBeVisible();

    await page.getByRole("button", { name: "Rename Old phone" }).click();
    await expect(page.getByText(message("en", "mfa.rename.explanation"))).toBeVisible();
    const newName = page.getByLabel(message("en", "mfa.rename.newName"));
    await newName.fill("Old phone");
    await page.getByRole("button", { name: message("en", "mfa.enrol.continue") }).click();
    await expect(newName).toHaveAccessibleDescription(containing(message("en", "auth.error.mfaNameTaken")));

    await newName.fill("New phone");
    await page.getByRole("button", { name: message("en", "mfa.enrol.continue") }).click();
    const newSecret = (await page.locator(".mfa-secret__value").textContent()) ?? "";
    expect(newSecret).not.toBe(oldSecret);
    await page.getByLabel(message("en", "mfa.code.label")).fill(totpCode(newSecret));
    await page.getByRole("button", { name: message("en", "mfa.enrol.verify") }).click();
    await expect(page.getByText(message("en", "mfa.done.renamed"))).toBeVisible();
    const factors = page.getByRole("list", { name: message("en", "mfa.factors.label") });
    await expect(factors.getByRole("listitem")).toHaveCount(1);
    await expect(factors).toContainText("New phone");
    await expect(factors).not.toContainText("Old phone");
  });
});

test.describe("phone factors where the server has them off", () => {
  test("a bad number is refused beside the field; the server's refusal is explained and the phone option goes away", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "mfa-phone-off", { locale: "en" });
    await submitPassword(page, account, "en", "/account/security");
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await page.getByRole("button", { name: message("en", "mfa.add.phone") }).click();
    const phone = page.getByLabel(message("en", "mfa.enrol.phone"));
    await phone.fill("0123");
    await page.getByRole("button", { name: message("en", "mfa.enrol.sendCode") }).click();
    await expect(phone).toHaveAccessibleDescription(containing(message("en", "mfa.error.phoneInvalid")));
    await expect(phone).toBeFocused();

    await phone.fill("+44 20 7946 0958");
    await page.getByRole("button", { name: message("en", "mfa.enrol.sendCode") }).click();
    await expect(page.getByRole("alert")).toContainText(message("en", "mfa.error.phoneOff"));
    await expect(page.getByRole("button", { name: message("en", "mfa.add.phone") })).toHaveCount(0);
    await expect(page.getByRole("button", { name: message("en", "mfa.add.totp") })).toBeVisible();
  });
});

test.describe("two-step verification on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.setTimeout(120_000);

  for (const locale of ["en", "ar"]) {
    test(`the QR step and the code step fit without horizontal scrolling, in ${locale}`, async ({ page, stack }) => {
      const widthOf = () => page.evaluate(() => document.documentElement.scrollWidth);
      const account = await createAccount(stack, `mfa-narrow-${locale}`, { locale });
      await submitPassword(page, account, locale, "/account/security");
      await expect(page).toHaveURL(new RegExp(`/${locale}/account/security$`));
      await page.getByRole("button", { name: message(locale, "mfa.add.totp") }).click();
      await page.getByRole("button", { name: message(locale, "mfa.enrol.continue") }).click();
      await expect(page.getByRole("img", { name: message(locale, "mfa.enrol.qrAlt") })).toBeVisible();
      expect(await widthOf()).toBeLessThanOrEqual(360);

      const secret = (await page.locator(".mfa-secret__value").textContent()) ?? "";
      await page.getByLabel(message(locale, "mfa.code.label")).fill(totpCode(secret));
      await page.getByRole("button", { name: message(locale, "mfa.enrol.verify") }).click();
      await expect(page.getByText(message(locale, "mfa.done.added"))).toBeVisible();
      await signOut(page, locale);
      await expect(page.getByRole("link", { name: message(locale, "header.signIn") })).toBeVisible();
      await submitPassword(page, account, locale, "/account/security");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "mfa.challenge.title"));
      expect(await widthOf()).toBeLessThanOrEqual(360);
    });
  }
});
