import type { Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";
const ada = { email: "ada@parley.test", password: demoPassword };
const jonas = { email: "jonas@parley.test", password: demoPassword };
const layla = { email: "layla@parley.test", password: demoPassword };

function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

type Demo = { slug: string; channels: Map<string, string> };

/** The demo workspace's slug and the channels `client`'s person can see, by name. */
async function demoWorkspace(client: SupabaseClient): Promise<Demo> {
  const workspace = await client
    .from("workspaces")
    .select("id, slug")
    .eq("name", "Parley Demo")
    .single()
    .throwOnError();
  const channels = await client
    .from("channels")
    .select("id, name")
    .eq("workspace_id", workspace.data.id)
    .throwOnError();
  return {
    slug: workspace.data.slug as string,
    channels: new Map((channels.data as { id: string; name: string }[]).map((row) => [row.name, row.id])),
  };
}

function channelId(demo: Demo, name: string): string {
  const id = demo.channels.get(name);
  if (!id) throw new Error(`no channel #${name} in the demo workspace`);
  return id;
}

/** Opens a channel by URL and waits until its timeline shows. */
async function openChannel(page: Page, demo: Demo, name: string, locale = "en") {
  await page.goto(`/${locale}/w/${demo.slug}/c/${channelId(demo, name)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${name}`);
  await expect(
    page.getByRole("log", { name: text(locale, "channels.messages.label", { channel: name }) }),
  ).toBeVisible();
}

const switcher = (page: Page) => page.getByRole("dialog", { name: message("en", "keyboard.switcher.title") });
const combobox = (page: Page) => page.getByRole("combobox", { name: message("en", "keyboard.switcher.label") });
const announcement = (page: Page, value: string) => page.getByRole("status").filter({ hasText: value });

test.describe("quick switcher and keyboard shortcuts", () => {
  test.slow(); // sign-ins, an axe scan per dialog and several navigations on a shared two-core machine

  test("Ctrl-K finds a channel and a person by keyboard only, recent places first", async ({ page, stack }) => {
    const demo = await demoWorkspace(await signedInClient(stack, ada));
    await signInWithPassword(page, ada);
    await openChannel(page, demo, "design");

    await page.keyboard.press("Control+k");
    await expect(switcher(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await expectNoSeriousViolations(page);
    await page.keyboard.type("engnr");
    await expect(page.getByRole("option", { selected: true })).toContainText("engineering");
    await page.keyboard.press("Enter");
    await expect(switcher(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#engineering");

    // Reopened from inside the composer (Ctrl-K works while typing): the places just visited come first.
    await page
      .getByRole("textbox", { name: text("en", "channels.composer.label", { channel: "engineering" }) })
      .focus();
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("option").nth(0)).toContainText("engineering");
    await expect(page.getByRole("option").nth(1)).toContainText("design");

    // The person Jonas comes first (his @handle matches exactly), then Ada's DM with him (seeded).
    await page.keyboard.type("jonas");
    await expect(page.getByRole("option").nth(0)).toContainText("@jonas");
    await expect(page.getByRole("option").nth(1)).toContainText(message("en", "keyboard.switcher.kind.dm"));
    await expect(page.getByRole("option").nth(1)).toContainText("Jonas Weber");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("option", { selected: true })).toContainText("@jonas");
    await page.keyboard.press("Enter");
    // Choosing the person opens the DM with him: a conversation named by him.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jonas Weber");
    await expect(page).toHaveURL(/\/w\/demo\/c\/[0-9a-f-]{36}/);
  });

  test("? opens the help sheet listing the shortcuts, and types a question mark in the composer", async ({
    page,
    stack,
  }) => {
    const demo = await demoWorkspace(await signedInClient(stack, ada));
    await signInWithPassword(page, ada);
    await openChannel(page, demo, "random");

    await page.getByRole("log").focus();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: message("en", "keyboard.help.title") });
    await expect(help).toBeVisible();
    for (const action of ["quickSwitcher", "nextUnread", "previousUnread", "markRead", "focusComposer", "openThread"]) {
      await expect(help.getByRole("rowheader", { name: message("en", `keyboard.action.${action}`) })).toBeVisible();
    }
    await expect(
      help.getByRole("row", { name: new RegExp(message("en", "keyboard.action.nextUnread")) }),
    ).toContainText("Alt + Shift + ↓");
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    const composer = page.getByRole("textbox", { name: text("en", "channels.composer.label", { channel: "random" }) });
    await composer.focus();
    await page.keyboard.press("?");
    await expect(composer).toHaveValue("?");
    await expect(help).toBeHidden();
    await page.keyboard.press("Control+/");
    await expect(help).toBeVisible();
  });

  test("Alt-Shift-↓ and ↑ go to the next and previous unread conversation; none left is said", async ({
    page,
    stack,
  }, testInfo) => {
    const adaApi = await signedInClient(stack, ada);
    const demo = await demoWorkspace(adaApi);
    for (const id of demo.channels.values()) await adaApi.rpc("mark_channel_read", { channel_id: id }).throwOnError();
    const jonasApi = await signedInClient(stack, jonas);
    for (const name of ["announcements", "random"]) {
      const body = `Unread in #${name} ${testInfo.testId}`;
      await jonasApi
        .from("messages")
        .insert({ channel_id: channelId(demo, name), body })
        .throwOnError();
    }

    // Straight to #design: signing in otherwise lands on the conversation Ada had open last (#random after the
    // test before), which would read it before the shortcut is pressed.
    await signInWithPassword(page, ada, "en", `/w/${demo.slug}/c/${channelId(demo, "design")}`);
    await openChannel(page, demo, "design"); // sidebar order: announcements, design, engineering, general, …, random
    // Viewing a conversation marks it read once its messages have shown; leaving before that keeps it unread. So
    // each step waits until the visit has been recorded before pressing the next key.
    const markedRead = (name: string) =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith("/rest/v1/rpc/mark_channel_read") &&
          response.request().postDataJSON()?.channel_id === channelId(demo, name) &&
          response.ok(),
      );
    const randomRead = markedRead("random");
    await page.keyboard.press("Alt+Shift+ArrowDown");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#random");
    await randomRead;
    const announcementsRead = markedRead("announcements");
    await page.keyboard.press("Alt+Shift+ArrowUp");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#announcements");
    await announcementsRead;
    await page.keyboard.press("Alt+Shift+ArrowDown");
    await expect(announcement(page, message("en", "keyboard.announce.noUnread"))).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#announcements");
  });

  test("Esc marks the open conversation as read", async ({ page, stack }) => {
    const demo = await demoWorkspace(await signedInClient(stack, ada));
    await signInWithPassword(page, ada);
    await openChannel(page, demo, "engineering");
    await page.getByRole("log").focus();

    const marked = page.waitForRequest(
      (request) =>
        request.url().endsWith("/rest/v1/rpc/mark_channel_read") &&
        request.postDataJSON()?.channel_id === channelId(demo, "engineering"),
    );
    await page.keyboard.press("Escape");
    await marked;
    await expect(
      announcement(page, text("en", "keyboard.announce.markedRead", { channel: "engineering" })),
    ).toBeVisible();
  });

  test("jump to the composer, ↑ in it edits the last message, and the thread opens and closes from the keyboard", async ({
    page,
    stack,
  }, testInfo) => {
    const demo = await demoWorkspace(await signedInClient(stack, ada));
    await signInWithPassword(page, ada);
    await openChannel(page, demo, "general");
    await page.getByRole("log").focus();

    await page.keyboard.press("Alt+Shift+C");
    const composer = page.getByRole("textbox", { name: text("en", "channels.composer.label", { channel: "general" }) });
    await expect(composer).toBeFocused();
    const body = `Shortcut check ${testInfo.testId}`;
    await page.keyboard.type(body);
    await page.keyboard.press("Enter");
    const sent = page.getByRole("log").getByRole("article").filter({ hasText: body });
    await expect(sent).toHaveCount(1);

    await page.keyboard.press("ArrowUp");
    const editor = page.getByRole("textbox", { name: message("en", "channels.edit.label") });
    await expect(editor).toHaveValue(body);
    await page.keyboard.press("Escape"); // cancels the edit and leaves the conversation's read state alone
    await expect(editor).toBeHidden();

    await page.getByRole("log").focus();
    await page.keyboard.press("Alt+Shift+T");
    const thread = page.getByRole("complementary", { name: message("en", "channels.thread.title") });
    await expect(thread).toBeVisible();
    await expect(thread).toContainText(body);
    await page.keyboard.press("Alt+Shift+ArrowLeft");
    await expect(thread).toBeHidden();
    await page.keyboard.press("Alt+Shift+ArrowRight");
    await expect(thread).toBeVisible();
  });

  test("in Arabic the forward arrow that opens a thread is ←", async ({ page, stack }) => {
    const demo = await demoWorkspace(await signedInClient(stack, layla));
    await signInWithPassword(page, layla, "ar");
    await openChannel(page, demo, "general", "ar");
    await page.getByRole("log").focus();

    await page.keyboard.press("Alt+Shift+ArrowLeft");
    const thread = page.getByRole("complementary", { name: message("ar", "channels.thread.title") });
    await expect(thread).toBeVisible();
    await page.keyboard.press("Alt+Shift+ArrowRight");
    await expect(thread).toBeHidden();

    await page.getByRole("log").focus();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: message("ar", "keyboard.help.title") });
    await expect(
      help.getByRole("row", { name: new RegExp(message("ar", "keyboard.action.openThread")) }),
    ).toContainText("Alt + Shift + ←");
    await expectNoSeriousViolations(page);
  });
});
