import type { Browser, Page } from "@playwright/test";
import { createAccount, signInWithPassword, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import type { StackStatus } from "./support/environment";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const en = (id: string) => message("en", id);

type Team = { slug: string; workspaceId: string; ana: Account; ben: Account; cleo: Account };

/**
 * A fresh workspace: Ana owns it; Ben and Cleo join as accepting an invitation does (with the secret
 * key). Display names are the labels, so a DM is called "Ben", "Ana and Cleo"…
 */
async function newTeam(stack: StackStatus): Promise<Team> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const [ana, ben, cleo] = await Promise.all(["Ana", "Ben", "Cleo"].map((label) => createAccount(stack, label)));
  if (!ana || !ben || !cleo) throw new Error("accounts not created");
  const slug = `dm-${stamp}`;
  const { data: workspace, error } = await (
    await signedInClient(stack, ana)
  ).rpc("create_workspace", { name: `DMs ${stamp}`, slug });
  if (error) throw error;
  for (const person of [ben, cleo]) {
    const joined = await fetch(`${stack.API_URL}/rest/v1/workspace_members`, {
      method: "POST",
      headers: { apikey: stack.SECRET_KEY ?? "", "content-type": "application/json" },
      body: JSON.stringify({ workspace_id: workspace.id, user_id: person.id }),
    });
    if (joined.status !== 201) throw new Error(`adding a member answered ${joined.status}`);
  }
  return { slug, workspaceId: workspace.id, ana, ben, cleo };
}

/** Runs with one signed-in page per account, each in its own browser context. */
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

const sidebar = (page: Page) => page.getByRole("navigation");
const channelIdOf = (page: Page) => new URL(page.url()).pathname.split("/c/")[1] ?? "";

test.describe("direct messages", () => {
  test("a DM Ben starts from the member list arrives for Cleo with an unread badge; the workspace owner cannot open or query it", async ({
    browser,
    stack,
  }, testInfo) => {
    test.slow(); // three people sign in and use two or three screens each
    const team = await newTeam(stack);
    await asPeople(browser, [team.ben, team.cleo, team.ana], async ([ben, cleo, ana]) => {
      if (!ben || !cleo || !ana) throw new Error("no page");
      await cleo.goto(`/en/w/${team.slug}`);
      await expect(sidebar(cleo).getByRole("heading", { name: en("directMessages.sidebar.title") })).toBeVisible();

      await ben.goto(`/en/w/${team.slug}/members`);
      await ben.getByRole("link", { name: "Message Cleo" }).click();
      await expect(ben.getByRole("heading", { level: 1 })).toHaveText("Cleo");
      const text = `Just between us ${testInfo.testId} ${Date.now()}`;
      const composer = ben.getByRole("textbox", { name: "Message Cleo" });
      await composer.fill(text);
      await composer.press("Enter");
      await expect(ben.getByRole("log", { name: "Messages with Cleo" }).getByText(text)).toBeVisible();
      const dmId = channelIdOf(ben);

      const dmLink = sidebar(cleo).getByRole("link", { name: /^Ben/ });
      await expect(dmLink).toHaveAccessibleName(/1 unread message/);
      await dmLink.click();
      await expect(cleo.getByRole("heading", { level: 1 })).toHaveText("Ben");
      await expect(cleo.getByRole("log", { name: "Messages with Ben" }).getByText(text)).toBeVisible();
      await expectNoSeriousViolations(cleo);

      // Ana owns the workspace: the DM is not in her sidebar, its page says not found, the API gives nothing.
      await ana.goto(`/en/w/${team.slug}/c/${dmId}`);
      await expect(ana.getByText(en("channels.view.notFound"))).toBeVisible();
      await expect(sidebar(ana).getByRole("link", { name: /^Ben|^Cleo/ })).toHaveCount(0);
      const anaApi = await signedInClient(stack, team.ana);
      const messages = await anaApi.from("messages").select("id, body").eq("channel_id", dmId);
      expect(messages).toMatchObject({ error: null, data: [] });
      const channels = await anaApi.from("channels").select("id").eq("id", dmId);
      expect(channels).toMatchObject({ error: null, data: [] });
    });
  });

  test("a group DM from New message is named by its people for each of them, and choosing the same people again reopens it", async ({
    browser,
    stack,
  }) => {
    test.slow(); // three people sign in and use two or three screens each
    const team = await newTeam(stack);
    await asPeople(browser, [team.ana, team.ben], async ([ana, ben]) => {
      if (!ana || !ben) throw new Error("no page");
      await ana.goto(`/en/w/${team.slug}`);
      await sidebar(ana)
        .getByRole("link", { name: en("directMessages.sidebar.new") })
        .click();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText(en("directMessages.new.title"));
      await expectNoSeriousViolations(ana);
      await ana.getByLabel(en("directMessages.new.filter")).fill("be");
      await ana.getByRole("checkbox", { name: /^Ben/ }).check();
      await ana.getByLabel(en("directMessages.new.filter")).fill("");
      await ana.getByRole("checkbox", { name: /^Cleo/ }).check();
      await ana.getByRole("button", { name: "Start a conversation with 2 people" }).click();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText("Ben and Cleo");
      const groupId = channelIdOf(ana);
      await ana.getByRole("textbox", { name: "Message Ben and Cleo" }).fill("Group hello");
      await ana.getByRole("textbox", { name: "Message Ben and Cleo" }).press("Enter");

      await ben.goto(`/en/w/${team.slug}`);
      await sidebar(ben)
        .getByRole("link", { name: /^Ana and Cleo/ })
        .click();
      await expect(ben.getByRole("log", { name: "Messages with Ana and Cleo" }).getByText("Group hello")).toBeVisible();

      await sidebar(ana)
        .getByRole("link", { name: en("directMessages.sidebar.new") })
        .click();
      await ana.getByRole("checkbox", { name: /^Cleo/ }).check();
      await ana.getByRole("checkbox", { name: /^Ben/ }).check();
      await ana.getByRole("button", { name: "Start a conversation with 2 people" }).click();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText("Ben and Cleo");
      expect(channelIdOf(ana)).toBe(groupId);
      await expect(sidebar(ana).getByRole("link", { name: /^Ben and Cleo/ })).toHaveCount(1);
    });
  });
});

test.describe("channel directory", () => {
  test("create a channel from the directory, find it by its topic, and another member joins and leaves it", async ({
    browser,
    stack,
  }) => {
    test.slow(); // three people sign in and use two or three screens each
    const team = await newTeam(stack);
    const name = `roadmap-${Date.now().toString(36)}`;
    await asPeople(browser, [team.ana, team.ben], async ([ana, ben]) => {
      if (!ana || !ben) throw new Error("no page");
      await ana.goto(`/en/w/${team.slug}`);
      await sidebar(ana)
        .getByRole("link", { name: en("channelDirectory.sidebarLink") })
        .click();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText(en("channelDirectory.title"));
      await ana.getByLabel(en("channelDirectory.create.name"), { exact: true }).fill(name);
      await ana.getByLabel(en("channelDirectory.create.topic")).fill("Quarterly planning");
      await ana.getByRole("button", { name: en("channelDirectory.create.submit") }).click();
      await expect(ana.getByRole("heading", { level: 1 })).toHaveText(`#${name}`);
      await expect(sidebar(ana).getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();

      await ben.goto(`/en/w/${team.slug}/channels`);
      await ben.getByLabel(en("channelDirectory.search")).fill("quarterly");
      const row = ben
        .getByRole("list", { name: en("channelDirectory.title") })
        .getByRole("listitem")
        .filter({ hasText: name });
      await expect(ben.getByText("1 channel", { exact: true })).toBeVisible();
      await expect(row).toContainText("Quarterly planning");
      await expect(row).toContainText("1 member");
      await expectNoSeriousViolations(ben);

      await row.getByRole("button", { name: `Join #${name}` }).click();
      await expect(row).toContainText("2 members");
      await row.getByRole("button", { name: `Leave #${name}` }).click();
      await expect(row).toContainText("1 member");
      await expect(row.getByRole("button", { name: `Join #${name}` })).toBeVisible();

      await ben.getByLabel(en("channelDirectory.search")).fill("no-such-channel-anywhere");
      await expect(ben.getByText("No channels found", { exact: true })).toBeVisible();
    });
  });
});
