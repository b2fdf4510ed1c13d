import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expireInvitation } from "./support/database";
import { uniqueEmail, waitForEmail } from "./support/mailbox";
import { expect, message, test } from "./support/test";

const text = (locale: string, id: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{${name}}`, value), message(locale, id));

/** The app's invitation token inside an email link (the auth service's verify URL redirects to the app with it). */
function invitationToken(link: string): string {
  const url = new URL(link);
  const token = new URL(url.searchParams.get("redirect_to") ?? link).searchParams.get("token");
  if (!token) throw new Error(`no invitation token in ${link}`);
  return token;
}

async function createWorkspace(page: Page, locale: string, name: string) {
  await page.goto(`/${locale}/w`);
  await page.getByLabel(text(locale, "workspaces.create.name")).fill(name);
  await page.getByRole("button", { name: text(locale, "workspaces.create.submit") }).click();
  // The new workspace opens: its name heads the sidebar (on a phone the sidebar is the whole screen).
  await expect(
    page.getByRole("button", { name: text(locale, "workspaces.switcher.open", { workspace: name }) }),
  ).toBeVisible();
}

test.describe("managing a workspace's people", () => {
  test("a new address is invited, the invitation resent and accepted; the owner changes the role and removes; another invitation is revoked", async ({
    browser,
    stack,
  }) => {
    test.setTimeout(120_000);
    const owner = await createAccount(stack, "owner");
    const newcomer = uniqueEmail("newcomer");
    const unwanted = uniqueEmail("unwanted");
    const ownerContext = await browser.newContext();
    const newcomerContext = await browser.newContext();
    const page = await ownerContext.newPage();
    try {
      await signInWithPassword(page, owner);
      const workspaceName = `Team ${Date.now().toString(36)}`;
      await createWorkspace(page, "en", workspaceName);
      await page.getByRole("link", { name: text("en", "shell.members") }).click();

      for (const email of [newcomer, unwanted]) {
        await page.getByLabel(text("en", "invites.email")).fill(email);
        await page.getByRole("button", { name: text("en", "invites.submit") }).click();
        await expect(page.getByText(text("en", "invites.sent", { email }))).toBeVisible();
      }
      const first = await waitForEmail(stack.INBUCKET_URL ?? "", { to: newcomer });

      // Someone else signed in opens the newcomer's invitation: it names the problem and offers to sign out.
      const membersUrl = page.url();
      await page.goto(`/en/invite?token=${encodeURIComponent(invitationToken(first.link))}`);
      await expect(page.getByRole("alert")).toContainText(text("en", "acceptInvite.error.email_mismatch"));
      await expect(
        page.getByRole("alert").getByRole("button", { name: text("en", "acceptInvite.signOut") }),
      ).toBeVisible();
      await expectNoSeriousViolations(page);

      // An expired invitation says so, and the members page marks it expired.
      await expireInvitation(stack.DB_URL ?? "", unwanted);
      const unwantedMail = await waitForEmail(stack.INBUCKET_URL ?? "", { to: unwanted });
      await page.goto(`/en/invite?token=${encodeURIComponent(invitationToken(unwantedMail.link))}`);
      await expect(page.getByRole("alert")).toContainText(text("en", "acceptInvite.error.invitation_expired"));
      await page.goto(membersUrl);
      await expect(page.getByRole("listitem").filter({ hasText: unwanted })).toContainText("expired");

      // Resending rotates the token and mails a new link. (The auth service allows one email per
      // address per second — config.toml max_frequency — which the steps above leave behind.)
      await page.getByRole("button", { name: text("en", "invites.pending.resendTo", { email: newcomer }) }).click();
      await expect(page.getByText(text("en", "invites.pending.resent", { email: newcomer }))).toBeVisible();
      const resent = await waitForEmail(stack.INBUCKET_URL ?? "", { to: newcomer, seen: [first.id] });

      await page.getByRole("button", { name: text("en", "invites.pending.revokeTo", { email: unwanted }) }).click();
      await expect(page.getByText(text("en", "invites.pending.revoked", { email: unwanted }))).toBeVisible();
      await expect(
        page.getByRole("button", { name: text("en", "invites.pending.revokeTo", { email: unwanted }) }),
      ).toHaveCount(0);

      // The newcomer follows the newest link; it signs them in and opens the workspace.
      const newcomerPage = await newcomerContext.newPage();
      await newcomerPage.goto(resent.link);
      await expect(newcomerPage.getByRole("heading", { level: 1 })).toHaveText(workspaceName);

      // The owner's members page follows without a reload: the newcomer is in, their invitation gone.
      // The two changes arrive as separate realtime events, so wait for the invitation to go first;
      // until then its row also carries the address.
      await expect(
        page.getByRole("button", { name: text("en", "invites.pending.revokeTo", { email: newcomer }) }),
      ).toHaveCount(0);
      const row = page.getByRole("listitem").filter({ hasText: newcomer });
      await expect(row).toBeVisible();
      await row.getByRole("combobox").selectOption("admin");
      await row.getByRole("button", { name: text("en", "members.saveRole") }).click();
      await expect(page.getByRole("status").filter({ hasText: "was saved" })).toBeVisible();
      await expect(row.getByRole("combobox")).toHaveValue("admin");
      await expectNoSeriousViolations(page);

      await row.getByRole("button", { name: /^Remove / }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: text("en", "members.remove") })
        .click();
      await expect(page.getByRole("status").filter({ hasText: "was removed from the workspace" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: newcomer })).toHaveCount(0);
    } finally {
      await ownerContext.close();
      await newcomerContext.close();
    }
  });

  test("the owner cannot demote themselves while they are the only owner", async ({ page, stack }) => {
    const owner = await createAccount(stack, "solo");
    await signInWithPassword(page, owner);
    await createWorkspace(page, "en", `Solo ${Date.now().toString(36)}`);
    await page.getByRole("link", { name: text("en", "shell.members") }).click();
    await page.getByRole("listitem").filter({ hasText: owner.email }).getByRole("combobox").selectOption("member");
    await page.getByRole("button", { name: text("en", "members.saveRole") }).click();
    await expect(page.getByRole("alert")).toHaveText(text("en", "members.error.lastOwner"));
  });
});

test.describe("the new screens at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const locale of ["en", "ar"]) {
    test(`members, search, channel settings and the invite screen fit and follow the direction, in ${locale}`, async ({
      page,
      stack,
    }) => {
      const account = await createAccount(stack, `narrow-people-${locale}`, { locale });
      await signInWithPassword(page, account, locale);
      await createWorkspace(page, locale, `Narrow ${Date.now().toString(36)}`);
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      const screens: [string, string][] = [
        ["shell.members", "members.title"],
        ["shell.search", "search.title"],
      ];
      // On a phone the conversation list is a screen of its own: each screen leads back to it.
      const backToList = page.getByRole("link", { name: text(locale, "workspaces.shell.backToConversations") });
      for (const [link, title] of screens) {
        if (await backToList.isVisible()) await backToList.click();
        await page.getByRole("link", { name: text(locale, link) }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, title));
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${title} is ${width}px wide`).toBeLessThanOrEqual(360);
      }
      await page.getByRole("searchbox").fill("nothing-matches-this");
      await page.getByRole("button", { name: text(locale, "search.submit") }).click();
      await expect(
        page.getByRole("heading", { level: 2, name: text(locale, "search.empty", { query: "nothing-matches-this" }) }),
      ).toBeVisible();
      await expectNoSeriousViolations(page);

      await backToList.click();
      await page
        .getByRole("navigation")
        .getByRole("link", { name: /^general/ })
        .click();
      await page.getByRole("link", { name: text(locale, "shell.channelSettings", { channel: "general" }) }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        text(locale, "channelSettings.title", { channel: "general" }),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.goto(`/${locale}/invite?token=unknown-token`);
      await expect(page.getByRole("alert")).toContainText(text(locale, "acceptInvite.error.invitation_not_found"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousViolations(page);
    });
  }
});
