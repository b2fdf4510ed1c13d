import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signInWithPassword } from "./support/accounts";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";
const ada = { email: "ada@parley.test", password: demoPassword };
const jonas = { email: "jonas@parley.test", password: demoPassword };

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

async function signedInPage(
  browser: Browser,
  account: typeof ada,
  locale: string,
  viewport = { width: 1280, height: 720 },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInWithPassword(page, account, locale);
  return { context, page };
}

const log = (page: Page, locale: string, channel: string) =>
  page.getByRole("log", { name: text(locale, "channels.messages.label", { channel }) });
const composer = (page: Page, locale: string, channel: string) =>
  page.getByRole("textbox", { name: text(locale, "channels.composer.label", { channel }) });

test.describe("reading, drafts and formatting", () => {
  // Two signed-in browsers, a stack round trip per message and axe scans on a shared two-core machine.
  test.slow();

  test("messages posted while a reader was away start under a 'New messages' divider, with a bar that jumps there", async ({
    browser,
    stack,
  }) => {
    const adaClient = await signedInClient(stack, ada);
    const jonasClient = await signedInClient(stack, jonas);
    const { data: workspace } = await adaClient.from("workspaces").select("id").eq("slug", "demo").single();
    const name = `unread-${Date.now()}`;
    const { data: channel, error } = await adaClient
      .from("channels")
      .insert({ workspace_id: workspace?.id, name, created_by: (await adaClient.auth.getUser()).data.user?.id })
      .select("id")
      .single();
    expect(error).toBeNull();
    const channelId = (channel as { id: string }).id;
    await adaClient.from("messages").insert({ channel_id: channelId, body: "Before Jonas left" });

    // Jonas reads the channel once, then leaves.
    const { context, page } = await signedInPage(browser, jonas, "de");
    try {
      const url = `/de/w/demo/c/${channelId}`;
      await page.goto(url);
      await expect(log(page, "de", name).getByText("Before Jonas left")).toBeVisible();
      await expect
        .poll(
          async () => (await jonasClient.from("read_markers").select("id").eq("channel_id", channelId)).data?.length,
        )
        .toBe(1);
      await page.goto("/de/w/demo");

      // Ada writes thirty messages (more than a dense timeline shows at once) while he is away, in one run: grouped under her name.
      const bodies = Array.from({ length: 30 }, (_, index) => `Missed ${index + 1}`);
      for (const body of bodies) {
        const sent = await adaClient.from("messages").insert({ channel_id: channelId, body });
        expect(sent.error).toBeNull();
      }

      // He comes back on a fresh page load: the position comes from his read marker in the database.
      await page.goto(url);
      const timeline = log(page, "de", name);
      await expect(timeline.getByText("Missed 30")).toBeVisible();
      const bar = page.getByRole("region", { name: message("de", "channels.unread.divider") });
      await expect(bar).toContainText("30 neue Nachrichten seit");
      await expectNoSeriousViolations(page);

      await bar.getByRole("button", { name: message("de", "channels.unread.jump") }).click();
      const divider = timeline.getByText(message("de", "channels.unread.divider"), { exact: true });
      await expect(divider).toBeInViewport();
      await expect(timeline.getByRole("article").filter({ hasText: "Missed 1" }).first()).toBeFocused();
      await expect(bar).toBeHidden();
      // The day heading above the first message of the day (the list renders only rows near the view).
      await expect(timeline.getByRole("heading", { name: message("de", "channels.dates.today") })).toHaveCount(1);
      // The divider sits between what he had read and what he missed.
      const order = await timeline.evaluate((list) =>
        [...list.querySelectorAll("[data-unread-divider], article")].map((node) =>
          node.matches("[data-unread-divider]") ? "divider" : (node.querySelector(".message__body")?.textContent ?? ""),
        ),
      );
      expect(order.slice(order.indexOf("divider") - 1, order.indexOf("divider") + 2)).toEqual([
        "Before Jonas left",
        "divider",
        "Missed 1",
      ]);
    } finally {
      await context.close();
      await adaClient.from("channels").delete().eq("id", channelId);
    }
  });

  test("an unsent message, its waiting file and a thread reply are kept across a reload, and the sidebar marks the draft", async ({
    browser,
    stack,
  }) => {
    const adaClient = await signedInClient(stack, ada);
    const { data: general } = await adaClient.from("channels").select("id").eq("name", "general").single();
    const generalId = (general as { id: string }).id;
    const { data: parent } = await adaClient
      .from("messages")
      .insert({ channel_id: generalId, body: `Thread for drafts ${Date.now()}` })
      .select("id")
      .single();
    const parentId = (parent as { id: string }).id;

    const { context, page } = await signedInPage(browser, ada, "en");
    try {
      await page.goto(`/en/w/demo/c/${generalId}`);
      const draft = `Half a thought ${Date.now()}`;
      await composer(page, "en", "general").fill(draft);
      await page
        .locator('.composer input[type="file"]')
        .first()
        .setInputFiles({
          name: "notes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from("draft notes"),
        });
      await expect(page.getByText("notes.txt")).toBeVisible();
      await expect(
        page
          .getByRole("navigation")
          .getByRole("link", { name: /general/ })
          .getByTitle(message("en", "channels.drafts.marker")),
      ).toBeVisible();

      await page.goto(`/en/w/demo/c/${generalId}?thread=${parentId}`);
      const thread = page.getByRole("complementary", { name: message("en", "channels.thread.title") });
      const replyBox = thread.getByRole("textbox", {
        name: text("en", "channels.thread.composer", { channel: "general" }),
      });
      await replyBox.fill("A reply I have not sent");

      await page.reload();
      await expect(composer(page, "en", "general")).toHaveValue(draft);
      await expect(page.getByText(text("en", "channels.drafts.unsentFiles", { files: "notes.txt" }))).toBeVisible();
      await expect(replyBox).toHaveValue("A reply I have not sent");
      await expectNoSeriousViolations(page);

      // Sending clears the draft, and the sidebar's mark with it once the thread's is gone too.
      await page.getByRole("button", { name: message("en", "channels.drafts.forgetFiles") }).click();
      await composer(page, "en", "general").press("Enter");
      await expect(composer(page, "en", "general")).toHaveValue("");
      await replyBox.fill("");
      await expect(page.getByRole("navigation").getByTitle(message("en", "channels.drafts.marker"))).toHaveCount(0);
      await page.reload();
      await expect(composer(page, "en", "general")).toHaveValue("");
    } finally {
      await context.close();
    }
  });

  test("a conversation of plain-text messages shows them before the Markdown parser loads; one with Markdown never shows it unformatted", async ({
    browser,
    stack,
  }) => {
    const adaClient = await signedInClient(stack, ada);
    const { data: workspace } = await adaClient.from("workspaces").select("id").eq("slug", "demo").single();
    const me = (await adaClient.auth.getUser()).data.user?.id;
    const stamp = Date.now();
    const channelWith = async (name: string, bodies: string[]) => {
      const { data, error } = await adaClient
        .from("channels")
        .insert({ workspace_id: workspace?.id, name, created_by: me })
        .select("id")
        .single();
      expect(error).toBeNull();
      const channelId = (data as { id: string }).id;
      for (const body of bodies)
        expect((await adaClient.from("messages").insert({ channel_id: channelId, body })).error).toBeNull();
      return channelId;
    };
    const plainId = await channelWith(`plain-${stamp}`, ["Good morning, all", "Plain words only"]);
    const markdownId = await channelWith(`marked-${stamp}`, ["Good morning, all", "Some **bold** news"]);

    const { context, page } = await signedInPage(browser, ada, "en");
    // Notes (on the page's clock) when the log first shows each text, and whether it ever showed raw Markdown.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      Object.assign(window, { __seen: seen });
      new MutationObserver(() => {
        const log = document.querySelector("[role=log]")?.textContent ?? "";
        for (const text of ["Plain words only", "**bold**", "Some bold news"])
          if (log.includes(text) && seen[text] === undefined) seen[text] = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);
    const parserRequestedAt = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => /\/parse-message-[^/]*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      );
    try {
      await page.goto(`/en/w/demo/c/${plainId}`);
      await expect(log(page, "en", `plain-${stamp}`).getByText("Plain words only")).toBeVisible();
      const plainShownAt = (await seen())["Plain words only"] ?? 0;
      // The parser loads once the messages are on screen, not before.
      await expect.poll(async () => (await parserRequestedAt()).length).toBe(1);
      expect((await parserRequestedAt()).every((startTime) => startTime > plainShownAt)).toBe(true);

      await page.goto(`/en/w/demo/c/${markdownId}`);
      const timeline = log(page, "en", `marked-${stamp}`);
      await expect(timeline.locator("strong")).toHaveText("bold");
      await expect(timeline.getByRole("article").filter({ hasText: "Some bold news" })).toBeVisible();
      expect(await seen()).not.toHaveProperty("**bold**");
    } finally {
      await context.close();
    }
  });

  test("a code block is highlighted (its highlighter loaded only then), a list is a list, and the toolbar and shortcuts insert Markdown", async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, ada, "en");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    try {
      await page.goto("/en/w/demo");
      await page
        .getByRole("navigation")
        .getByRole("link", { name: /^general/ })
        .click();
      const timeline = log(page, "en", "general");
      await expect(timeline).toBeVisible();
      const box = composer(page, "en", "general");
      const stamp = Date.now();

      await box.fill(`Shopping ${stamp}\n\n- apples\n- pears\n\n1. first\n2. second`);
      await box.press("Enter");
      const listMessage = timeline.getByRole("article").filter({ hasText: `Shopping ${stamp}` });
      await expect(listMessage.getByRole("list")).toHaveCount(2);
      await expect(listMessage.getByRole("listitem")).toHaveText(["apples", "pears", "first", "second"]);
      expect(scripts.some((url) => /highlight-code/.test(url))).toBe(false);

      await box.fill(`Code ${stamp}\n\`\`\`ts\nconst answer: number = 42;\n\`\`\``);
      await box.press("Enter");
      const codeMessage = timeline.getByRole("article").filter({ hasText: `Code ${stamp}` });
      await expect(codeMessage.locator("pre code[data-highlighted]")).toBeVisible();
      await expect(codeMessage.locator(".hljs-keyword").first()).toHaveText("const");
      await expect(codeMessage.locator("pre")).toHaveAttribute("dir", "ltr");
      expect(scripts.some((url) => /highlight-code/.test(url))).toBe(true);

      // The toolbar wraps the selection; Ctrl+Shift+C makes it code.
      await box.fill("bold words");
      await box.selectText();
      await page.getByRole("button", { name: message("en", "channels.format.bold") }).click();
      await expect(box).toHaveValue("**bold words**");
      await box.fill("x = 1");
      await box.selectText();
      await box.press("Control+Shift+C");
      await expect(box).toHaveValue("`x = 1`");
      await box.fill("");
      await expectNoSeriousViolations(page);
    } finally {
      await context.close();
    }
  });
});
