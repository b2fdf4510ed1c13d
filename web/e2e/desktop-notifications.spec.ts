import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import type { StackStatus } from "./support/environment";
import { signedInClient } from "./support/node-client";
import {
  clickNotification,
  joinedTopic,
  recordNotifications,
  recordedNotifications,
  setTabHidden,
} from "./support/notifications";
import { expect, message, test } from "./support/test";

/** A catalog message with its plain `{name}` arguments filled in. */
const say = (locale: string, id: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), message(locale, id));

type Team = { slug: string; workspaceId: string; ana: Account; ben: Account };

/** A fresh workspace owned by Ana, which Ben (who reads Parley in German) joins. */
async function newTeam(stack: StackStatus): Promise<Team> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const ana = await createAccount(stack, "Ana");
  const ben = await createAccount(stack, "Ben", { username: `ben${stamp}`, locale: "de" });
  const slug = `notify-${stamp}`;
  const { data: workspace, error } = await (
    await signedInClient(stack, ana)
  ).rpc("create_workspace", { name: `Notify ${stamp}`, slug });
  if (error) throw error;
  const joined = await fetch(`${stack.API_URL}/rest/v1/workspace_members`, {
    method: "POST",
    headers: { apikey: stack.SECRET_KEY ?? "", "content-type": "application/json" },
    body: JSON.stringify({ workspace_id: workspace.id, user_id: ben.id }),
  });
  if (joined.status !== 201) throw new Error(`adding Ben answered ${joined.status}`);
  return { slug, workspaceId: workspace.id, ana, ben };
}

/** The next answer the page gets from should_announce_activity (true: show a notification). */
async function decisionOn(page: Page): Promise<unknown> {
  const response = await page.waitForResponse((r) => r.url().includes("/rest/v1/rpc/should_announce_activity"));
  return response.json();
}

const general = (page: Page) => page.getByRole("log", { name: "Messages in #general" });

test.describe("desktop notifications", () => {
  test("Ben's hidden tab shows one notification for Ana's mention, in German; clicking opens the message; muted and snoozed stay silent; the tab title counts the mention until it is read", async ({
    browser,
    stack,
  }) => {
    test.slow(); // two people, several steps each
    const team = await newTeam(stack);
    const de = "de";
    const anaContext = await browser.newContext();
    const benContext = await browser.newContext({ permissions: ["notifications"] });
    try {
      // The granted permission, as the page reads it: this headless Chromium build answers "denied"
      // to Notification.permission even in a context granted "notifications".
      await recordNotifications(benContext, { permission: "granted" });
      const [ana, ben] = [await anaContext.newPage(), await benContext.newPage()];
      await signInWithPassword(ana, team.ana);
      const listening = joinedTopic(ben, `activity-notifications:${team.ben.id}`);
      await signInWithPassword(ben, team.ben, de, `/w/${team.slug}/activity`);
      await expect(ben.getByRole("heading", { level: 1, name: message(de, "activity.title") })).toBeVisible();
      await listening;
      await setTabHidden(ben, true);
      const pageTitle = await ben.title();

      // Ana mentions Ben through the autocomplete.
      await ana.goto(`/en/w/${team.slug}`);
      await ana.getByRole("link", { name: /^general/ }).click();
      const box = ana.getByRole("textbox", { name: "Message #general" });
      await box.click();
      await box.pressSequentially("**Lunch?** @Be");
      await ana
        .getByRole("listbox", { name: message("en", "mentions.suggestions") })
        .getByRole("option", { name: /Ben/ })
        .click();
      await box.press("Enter");
      await expect(general(ana).getByText("@Ben", { exact: true })).toBeVisible();

      // Exactly one notification, in Ben's language, tagged with his inbox item.
      const benClient = await signedInClient(stack, team.ben);
      await expect.poll(async () => (await recordedNotifications(ben)).length).toBe(1);
      const { data: items } = await benClient.from("activity").select("id, message_id").eq("kind", "mention");
      const item = items?.[0];
      expect(await recordedNotifications(ben)).toEqual([
        {
          title: say(de, "desktopNotifications.notification.mention", { actor: "Ana", channel: "general" }),
          body: "Lunch? @Ben",
          tag: `activity:${item?.id}`,
          lang: de,
        },
      ]);
      await expect(ben).toHaveTitle(`(1) ${pageTitle}`);
      await expect(ben.locator('link[rel="icon"][data-badge="1"]')).toHaveCount(1);

      // Clicking it opens the message in its channel; reading it clears the count.
      await clickNotification(ben, 0);
      await setTabHidden(ben, false);
      await expect(ben).toHaveURL(new RegExp(`/de/w/${team.slug}/c/[^?]+\\?message=${item?.message_id}`));
      await expect(ben.locator(`[data-message-id="${item?.message_id}"]`)).toBeVisible();
      await expect(ben).not.toHaveTitle(/^\(/);
      await expect(
        ben.getByRole("link", { name: new RegExp(`^${message(de, "activity.title")}`) }),
      ).toHaveAccessibleName(message(de, "activity.title"));
      await expect(ben.locator('link[rel="icon"][data-badge=""]')).toHaveCount(1);

      // Ben mutes #general, then snoozes: the database answers "stay quiet" for a mention there and for a DM.
      await ben.getByRole("link", { name: new RegExp(`^${message(de, "activity.title")}`) }).click();
      await expect(ben.getByRole("heading", { level: 1, name: message(de, "activity.title") })).toBeVisible();
      await setTabHidden(ben, true);
      const generalId = new URL(ana.url()).pathname.split("/c/")[1] ?? "";
      const anaClient = await signedInClient(stack, team.ana);
      const muted = await benClient
        .from("conversation_preferences")
        .upsert({ user_id: team.ben.id, channel_id: generalId, muted: true });
      expect(muted.error).toBeNull();
      let decision = decisionOn(ben);
      const quietMention = await anaClient
        .from("messages")
        .insert({ channel_id: generalId, body: `muted <@${team.ben.id}>` });
      expect(quietMention.error).toBeNull();
      expect(await decision).toBe(false);

      const snoozed = await benClient
        .from("notification_preferences")
        .upsert({ user_id: team.ben.id, snoozed_until: new Date(Date.now() + 3_600_000).toISOString() });
      expect(snoozed.error).toBeNull();
      const { data: dm, error: dmError } = await anaClient.rpc("open_direct_conversation", {
        workspace_id: team.workspaceId,
        member_ids: [team.ben.id],
      });
      expect(dmError).toBeNull();
      decision = decisionOn(ben);
      expect((await anaClient.from("messages").insert({ channel_id: dm, body: "snoozed" })).error).toBeNull();
      expect(await decision).toBe(false);

      // The snooze ends; the next DM is the only notification since the first.
      const awake = await benClient
        .from("notification_preferences")
        .update({ snoozed_until: null })
        .eq("user_id", team.ben.id);
      expect(awake.error).toBeNull();
      expect((await anaClient.from("messages").insert({ channel_id: dm, body: "awake?" })).error).toBeNull();
      await expect.poll(async () => (await recordedNotifications(ben)).length).toBe(2);
      expect((await recordedNotifications(ben)).map(({ title, body }) => ({ title, body }))).toEqual([
        {
          title: say(de, "desktopNotifications.notification.mention", { actor: "Ana", channel: "general" }),
          body: "Lunch? @Ben",
        },
        { title: say(de, "desktopNotifications.notification.direct_message", { actor: "Ana" }), body: "awake?" },
      ]);
    } finally {
      await anaContext.close();
      await benContext.close();
    }
  });
});

/** Nothing on the page is wider than the phone. */
async function expectFits(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test.describe("the desktop notifications setting, on a 390 px screen", () => {
  for (const locale of ["en", "de", "fr", "es", "ja", "ar"]) {
    test(`asks the browser only when clicked, then says how to allow again (${locale})`, async ({ browser, stack }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
      try {
        await recordNotifications(context, { permission: "default", answer: "denied" });
        const page = await context.newPage();
        const account = await createAccount(stack, `notify-${locale}`, { locale });
        await signInWithPassword(page, account, locale, "/account/notifications");
        const section = page.getByRole("region", { name: message(locale, "desktopNotifications.title") });
        await expect(section.getByRole("status")).toHaveText(message(locale, "desktopNotifications.state.default"));
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        expect(await page.evaluate(() => window.__permissionRequests)).toBe(0);
        await expectNoSeriousViolations(page);
        await expectFits(page, 390);

        await section.getByRole("button", { name: message(locale, "desktopNotifications.allow") }).click();
        await expect(section.getByRole("status")).toHaveText(message(locale, "desktopNotifications.state.denied"));
        await expect(section.getByText(message(locale, "desktopNotifications.reallow"))).toBeVisible();
        expect(await page.evaluate(() => window.__permissionRequests)).toBe(1);
        await expectNoSeriousViolations(page);
        await expectFits(page, 390);
      } finally {
        await context.close();
      }
    });
  }

  test("says so where the browser has no notifications, and shows when they are allowed", async ({
    browser,
    stack,
  }) => {
    const account = await createAccount(stack, "notify-states");
    for (const [options, state] of [
      [{ supported: false }, "desktopNotifications.state.unsupported"],
      [{ permission: "granted" as const }, "desktopNotifications.state.granted"],
    ] as const) {
      const context = await browser.newContext();
      try {
        await recordNotifications(context, options);
        const page = await context.newPage();
        await signInWithPassword(page, account, "en", "/account/notifications");
        const section = page.getByRole("region", { name: message("en", "desktopNotifications.title") });
        await expect(section.getByRole("status")).toHaveText(message("en", state));
        await expect(section.getByRole("button")).toHaveCount(0);
      } finally {
        await context.close();
      }
    }
  });
});
