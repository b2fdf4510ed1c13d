import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword, userMenuButton, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import type { StackStatus } from "./support/environment";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const fill = (locale: string, id: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), message(locale, id));

type Team = { account: Account; slug: string; name: string; designId: string };

/** A new person who owns a new workspace with #general and #design (made through the API). */
async function personWithWorkspace(stack: StackStatus, label: string, data: Record<string, unknown> = {}) {
  const account = await createAccount(stack, label, data);
  const api = await signedInClient(stack, account);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Shell ${stamp}`;
  const { data: workspace, error } = await api.rpc("create_workspace", { name, slug: `shell-${stamp}` });
  if (error) throw error;
  const { id: workspaceId, slug } = workspace as { id: string; slug: string };
  const { data: design } = await api
    .from("channels")
    .insert({ workspace_id: workspaceId, name: "design", topic: "Pixels and people" })
    .select("id")
    .single()
    .throwOnError();
  return { team: { account, slug, name, designId: (design as { id: string }).id } satisfies Team, api };
}

const sidebar = (page: Page) => page.getByRole("navigation");
const channelLink = (page: Page, name: string) => sidebar(page).getByRole("link", { name: new RegExp(`^${name}`) });

test.describe("where a person lands", () => {
  test("after sign-in and at /, the conversation they had open last, on another device too", async ({
    page,
    browser,
    stack,
  }) => {
    const { team, api } = await personWithWorkspace(stack, "lands");
    await signInWithPassword(page, team.account);
    // Nothing opened yet: their workspace.
    await expect(page).toHaveURL(new RegExp(`/en/w/${team.slug}$`));
    await channelLink(page, "design").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#design");
    await expect
      .poll(async () => (await api.from("last_conversations").select("channel_id").maybeSingle()).data?.channel_id)
      .toBe(team.designId);

    await page.goto("/en");
    await expect(page).toHaveURL(new RegExp(`/en/w/${team.slug}/c/${team.designId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#design");
    await expectNoSeriousViolations(page);

    const laptop = await browser.newContext();
    try {
      const other = await laptop.newPage();
      await signInWithPassword(other, team.account);
      await expect(other).toHaveURL(new RegExp(`/en/w/${team.slug}/c/${team.designId}$`));
      await expect(other.getByRole("heading", { level: 1 })).toHaveText("#design");
    } finally {
      await laptop.close();
    }
  });

  test("a first-time person without a workspace gets the onboarding: an invitation link, or a new workspace", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "onboarding");
    await signInWithPassword(page, account);
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "onboarding.title"));
    await expectNoSeriousViolations(page);

    const link = page.getByLabel(message("en", "onboarding.invite.link"));
    await link.fill("https://example.com/en/w/demo");
    await page.getByRole("button", { name: message("en", "onboarding.invite.submit") }).click();
    await expect(page.getByText(message("en", "onboarding.invite.invalid"))).toBeVisible();
    await expect(link).toBeFocused();

    const name = `First ${Date.now()}`;
    await page.getByLabel(message("en", "workspaces.create.name")).fill(name);
    await page.getByRole("button", { name: message("en", "workspaces.create.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(channelLink(page, "general")).toBeVisible();

    await page.goto("/en");
    await expect(page).toHaveURL(/\/en\/w\/first-/);
  });

  test("a pasted invitation link opens the invitation", async ({ page, stack }) => {
    const account = await createAccount(stack, "paste-invite");
    await signInWithPassword(page, account);
    await page
      .getByLabel(message("en", "onboarding.invite.link"))
      .fill("https://chat.example.com/en/invite?token=t0k3n");
    await page.getByRole("button", { name: message("en", "onboarding.invite.submit") }).click();
    await expect(page).toHaveURL(/\/en\/invite\?token=t0k3n$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "acceptInvite.title"));
  });
});

test.describe("the workspace frame on a desktop", () => {
  for (const locale of ["en", "ar"]) {
    test(`fills the window, sidebar at the start edge, user menu inside, resizable thread (${locale})`, async ({
      page,
      stack,
    }, testInfo) => {
      const { team, api } = await personWithWorkspace(stack, `frame-${locale}`, { locale });
      await api.from("messages").insert({ channel_id: team.designId, body: "Start a thread here" }).throwOnError();
      const { data: me } = await api.auth.getUser();
      await api
        .from("channel_members")
        .insert({ channel_id: team.designId, user_id: me.user?.id ?? "" })
        .throwOnError();
      await signInWithPassword(page, team.account, locale);
      await channelLink(page, "design").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("#design");

      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      const nav = await sidebar(page).boundingBox();
      const composer = await page
        .getByRole("textbox", { name: fill(locale, "channels.composer.label", { channel: "design" }) })
        .boundingBox();
      // The sidebar is on the start side: left in English, right in Arabic; the composer is at the bottom.
      if (locale === "ar") expect(Math.round((nav?.x ?? 0) + (nav?.width ?? 0))).toBe(viewport.width);
      else expect(nav?.x).toBe(0);
      expect((composer?.y ?? 0) + (composer?.height ?? 0)).toBeGreaterThan(viewport.height - 120);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
      await expect(page.getByText("Pixels and people")).toBeVisible();

      // The header says who has joined the channel: its one member (joined above), listed in a dialog.
      await page.getByRole("button", { name: locale === "ar" ? "عضو واحد" : "1 member" }).click();
      const members = page.getByRole("dialog", { name: fill(locale, "channels.members.title", { channel: "design" }) });
      await expect(members.getByRole("listitem")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(members).toBeHidden();

      // Account, language and theme live in the user menu.
      await userMenuButton(page, locale).click();
      await expect(page.getByRole("link", { name: message(locale, "header.account") })).toBeVisible();
      await expect(page.getByLabel(message(locale, "language.label"))).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.keyboard.press("Escape");
      await expect(userMenuButton(page, locale)).toBeFocused();
      await expect(page.getByLabel(message(locale, "language.label"))).toBeHidden();

      const starter = page.getByRole("article").filter({ hasText: "Start a thread here" });
      await starter.hover();
      await starter.getByRole("button", { name: message(locale, "channels.actions.reply") }).click();
      const handle = page.getByRole("separator", { name: message(locale, "channels.thread.resize") });
      const before = Number(await handle.getAttribute("aria-valuenow"));
      await handle.focus();
      // Widening is towards the middle of the window: ← in English, → in Arabic.
      await page.keyboard.press(locale === "ar" ? "ArrowRight" : "ArrowLeft");
      await expect(handle).toHaveAttribute("aria-valuenow", String(before + 16));
      await page.keyboard.press("Home");
      await expect(handle).toHaveAttribute("aria-valuenow", "280");
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`frame-${locale}.png`) });
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ["en", "ar"]) {
    test(`the list and a conversation are two screens; Back returns, in-app and the browser's (${locale})`, async ({
      page,
      stack,
    }, testInfo) => {
      const { team } = await personWithWorkspace(stack, `phone-${locale}`, { locale });
      await signInWithPassword(page, team.account, locale);
      await expect(page).toHaveURL(new RegExp(`/${locale}/w/${team.slug}$`));
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");

      // The list screen: conversations, not a conversation.
      await expect(channelLink(page, "design")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
      for (const target of [channelLink(page, "design"), channelLink(page, "general"), userMenuButton(page, locale)]) {
        expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      }
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`phone-list-${locale}.png`) });

      await channelLink(page, "design").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("#design");
      await expect(sidebar(page)).toBeHidden();
      const composer = page.getByRole("textbox", {
        name: fill(locale, "channels.composer.label", { channel: "design" }),
      });
      await expect(composer).toBeInViewport();
      const back = page.getByRole("link", { name: message(locale, "workspaces.shell.backToConversations") });
      expect((await back.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`phone-conversation-${locale}.png`) });

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/${locale}/w/${team.slug}$`));
      await expect(channelLink(page, "design")).toBeVisible();

      await channelLink(page, "general").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("#general");
      await back.click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/w/${team.slug}$`));
      await expect(channelLink(page, "general")).toBeVisible();
    });
  }

  test("a thread opens full screen and closes back to the conversation", async ({ page, stack }) => {
    const { team, api } = await personWithWorkspace(stack, "phone-thread");
    await api.from("messages").insert({ channel_id: team.designId, body: "Thread on a phone" }).throwOnError();
    await signInWithPassword(page, team.account);
    await channelLink(page, "design").click();
    const starter = page.getByRole("article").filter({ hasText: "Thread on a phone" });
    await starter.hover();
    await starter.getByRole("button", { name: message("en", "channels.actions.reply") }).click();

    const thread = page.getByRole("complementary", { name: message("en", "channels.thread.title") });
    await expect(thread.getByRole("heading", { name: message("en", "channels.thread.title") })).toBeFocused();
    const box = await thread.boundingBox();
    expect(box?.width).toBeGreaterThan(360);
    expect(box?.y).toBeLessThan(20);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800);
    await expect(page.getByRole("separator", { name: message("en", "channels.thread.resize") })).toBeHidden();
    await expectNoSeriousViolations(page);

    await thread.getByRole("button", { name: message("en", "channels.thread.close") }).click();
    await expect(thread).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#design");
  });
});
