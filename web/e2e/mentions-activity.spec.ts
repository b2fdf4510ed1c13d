import type { Browser, Page } from "@playwright/test";
import { createAccount, signInWithPassword, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import type { StackStatus } from "./support/environment";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const en = (id: string) => message("en", id);

/** A 1×1 PNG, Ben's profile picture. */
const onePixelPng = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

type Team = { slug: string; workspaceId: string; ana: Account; ben: Account; benHandle: string };

/** A fresh workspace owned by Ana, which Ben joins as accepting an invitation does (with the secret key). */
async function newTeam(stack: StackStatus): Promise<Team> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const benHandle = `ben${stamp}`;
  const ana = await createAccount(stack, "Ana");
  const ben = await createAccount(stack, "Ben", { username: benHandle });
  const slug = `mentions-${stamp}`;
  const { data: workspace, error } = await (
    await signedInClient(stack, ana)
  ).rpc("create_workspace", { name: `Mentions ${stamp}`, slug });
  if (error) throw error;
  const joined = await fetch(`${stack.API_URL}/rest/v1/workspace_members`, {
    method: "POST",
    headers: { apikey: stack.SECRET_KEY ?? "", "content-type": "application/json" },
    body: JSON.stringify({ workspace_id: workspace.id, user_id: ben.id }),
  });
  if (joined.status !== 201) throw new Error(`adding Ben answered ${joined.status}`);
  return { slug, workspaceId: workspace.id, ana, ben, benHandle };
}

async function asPeople(browser: Browser, accounts: Account[], run: (pages: Page[]) => Promise<void>) {
  const contexts = await Promise.all(accounts.map(() => browser.newContext()));
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all(pages.map((page, i) => signInWithPassword(page, accounts[i] as Account)));
    await run(pages);
  } finally {
    for (const context of contexts) await context.close();
  }
}

const activityLink = (page: Page) => page.getByRole("link", { name: /^Activity/ });
const general = (page: Page) => page.getByRole("log", { name: "Messages in #general" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message #general" });

test.describe("mentions and the activity inbox", () => {
  test("Ana mentions Ben with the keyboard; Ben's badge and inbox update live, the chip follows his name, threads and mark all read work", async ({
    browser,
    stack,
  }) => {
    test.slow(); // two people, several screens each
    const team = await newTeam(stack);
    await asPeople(browser, [team.ana, team.ben], async ([ana, ben]) => {
      if (!ana || !ben) throw new Error("no page");
      await ben.goto(`/en/w/${team.slug}/activity`);
      await expect(ben.getByRole("heading", { level: 1, name: en("activity.title") })).toBeVisible();
      await expect(ben.getByText(en("activity.empty"))).toBeVisible();
      await expect(activityLink(ben)).toHaveAccessibleName("Activity");
      await expectNoSeriousViolations(ben);

      // Ben has a profile picture; Ana's suggestions show it beside his name.
      const benClient = await signedInClient(stack, team.ben);
      const picturePath = `${team.ben.id}/avatar-e2e.png`;
      const uploaded = await benClient.storage
        .from("avatars")
        .upload(picturePath, Buffer.from(onePixelPng, "base64"), { contentType: "image/png" });
      expect(uploaded.error).toBeNull();
      const pictured = await benClient.from("profiles").update({ avatar_path: picturePath }).eq("id", team.ben.id);
      expect(pictured.error).toBeNull();

      // Ana types "@be", picks Ben from the suggestions with ↓ and Enter, and sends.
      await ana.goto(`/en/w/${team.slug}`);
      await ana.getByRole("link", { name: /^general/ }).click();
      await expect(general(ana)).toBeVisible();
      const box = composer(ana);
      await box.click();
      await box.pressSequentially("Lunch? @Be");
      const suggestions = ana.getByRole("listbox", { name: en("mentions.suggestions") });
      const benOption = suggestions.getByRole("option", { name: /Ben/ });
      await expect(benOption).toBeVisible();
      // The picture is decorative (his name is written beside it), and it has loaded.
      const avatar = benOption.locator("[data-avatar] img");
      await expect(avatar).toHaveAttribute("src", new RegExp(`/storage/v1/object/public/avatars/${picturePath}$`));
      await expect(avatar).toHaveAttribute("alt", "");
      await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
      // A screen reader hears his name first; the picture adds nothing to what is read.
      await expect(benOption).toHaveAccessibleName(/^Ben/);
      await expect(box).toHaveAttribute("aria-activedescendant", /option-0$/);
      await expectNoSeriousViolations(ana);
      await box.press("Enter");
      await expect(suggestions).toBeHidden();
      await expect(box).toHaveValue(`Lunch? @${team.benHandle} `);
      await box.press("Enter");
      await expect(general(ana).getByText("@Ben", { exact: true })).toBeVisible();

      // Ben's badge and inbox update without a reload; the item opens the message, highlighted for him.
      await expect(activityLink(ben)).toHaveAccessibleName("Activity, 1 unread");
      const item = ben.getByRole("link", { name: /Ana mentioned you/ });
      await expect(item).toBeVisible();
      await item.click();
      await expect(ben).toHaveURL(/\/c\/[^?]+\?message=/);
      const mention = general(ben).locator(".message--mentions-me");
      await expect(mention.locator(".mention-chip--mine")).toHaveText("@Ben");
      await expect(activityLink(ben)).toHaveAccessibleName("Activity");

      // Ben renames himself: the chip shows his new name, in Ana's view too after a reload.
      const client = await signedInClient(stack, team.ben);
      const renamed = await client.from("profiles").update({ display_name: "Benjamin" }).eq("id", team.ben.id);
      expect(renamed.error).toBeNull();
      await ana.reload();
      await expect(general(ana).getByText("@Benjamin", { exact: true })).toBeVisible();

      // Ben starts a thread under Ana's message, unfollows it; Ana's next reply does not reach him,
      // then he follows again and the one after does.
      const messageId = await mention.getAttribute("data-message-id");
      await mention.hover();
      await mention.getByRole("button", { name: en("channels.actions.reply") }).click();
      const thread = ben.getByRole("complementary", { name: en("channels.thread.title") });
      await thread.getByRole("textbox").fill("Sure, noon?");
      await thread.getByRole("textbox").press("Enter");
      await expect(thread.getByRole("button", { name: en("activity.unfollow") })).toBeVisible();
      await thread.getByRole("button", { name: en("activity.unfollow") }).click();
      await expect(thread.getByRole("button", { name: en("activity.follow") })).toBeVisible();
      const ana2 = await signedInClient(stack, team.ana);
      const channelId = new URL(ben.url()).pathname.split("/c/")[1] ?? "";
      const unheard = await ana2
        .from("messages")
        .insert({ channel_id: channelId, thread_parent_id: messageId, body: "unheard" });
      expect(unheard.error).toBeNull();
      await thread.getByRole("button", { name: en("activity.follow") }).click();
      await expect(thread.getByRole("button", { name: en("activity.unfollow") })).toBeVisible();
      const heard = await ana2
        .from("messages")
        .insert({ channel_id: channelId, thread_parent_id: messageId, body: "heard" });
      expect(heard.error).toBeNull();

      await activityLink(ben).click();
      await expect(ben.getByRole("link", { name: /Ana replied in a thread you follow/ })).toHaveCount(1);
      await expect(ben.getByText("unheard")).toHaveCount(0);
      await expect(activityLink(ben)).toHaveAccessibleName("Activity, 1 unread");
      await ben.getByRole("button", { name: en("activity.markAllRead") }).click();
      await expect(activityLink(ben)).toHaveAccessibleName("Activity");
      await expectNoSeriousViolations(ben);
    });
  });

  test("an admin restricts @channel and @here in a channel; a member's @channel is then refused", async ({
    browser,
    stack,
  }) => {
    const team = await newTeam(stack);
    await asPeople(browser, [team.ana, team.ben], async ([ana, ben]) => {
      if (!ana || !ben) throw new Error("no page");
      await ana.goto(`/en/w/${team.slug}`);
      await ana.getByRole("link", { name: /^general/ }).click();
      await expect(general(ana)).toBeVisible();
      const channelPath = new URL(ana.url()).pathname.replace(/^\/en/, "");
      await ana.goto(`/en${channelPath}/settings`);
      const rule = ana.getByRole("group", { name: en("channelSettings.broadcastMentions.legend") });
      await expect(rule.getByRole("radio", { name: en("channelSettings.broadcastMentions.members") })).toBeChecked();
      await rule.getByRole("radio", { name: en("channelSettings.broadcastMentions.admins") }).check();
      await expect(rule.getByRole("radio", { name: en("channelSettings.broadcastMentions.admins") })).toBeChecked();
      await expectNoSeriousViolations(ana);

      await ben.goto(`/en${channelPath}`);
      const box = composer(ben);
      await box.fill("@channel party");
      await box.press("Escape");
      await box.press("Enter");
      await expect(ben.getByText(en("channels.composer.sendFailed"))).toBeVisible();
      await expect(general(ben).getByText("party")).toHaveCount(0);
    });
  });
});
