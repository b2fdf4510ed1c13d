import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signInWithPassword } from "./support/accounts";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";

/**
 * Ada and Jonas, each in their own browser context, both in the demo workspace's #general. Jonas
 * prefers German; signing in on the German page keeps the app from switching mid-check.
 */
async function adaAndJonasInGeneral(browser: Browser, run: (ada: Page, jonas: Page) => Promise<void>) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [ada, jonas] = await Promise.all(contexts.map((context) => context.newPage()));
    if (!ada || !jonas) throw new Error("no page");
    // Straight into the demo workspace: without `next`, sign-in lands wherever each last was.
    await signInWithPassword(ada, { email: "ada@parley.test", password: demoPassword }, "en", "/w/demo");
    await signInWithPassword(jonas, { email: "jonas@parley.test", password: demoPassword }, "de", "/w/demo");
    for (const page of [ada, jonas]) {
      await page.goto("/en/w/demo");
      await page
        .getByRole("navigation")
        .getByRole("link", { name: /^general/ })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("#general");
      await expect(page.getByRole("log", { name: "Messages in #general" })).toBeVisible();
    }
    await run(ada, jonas);
  } finally {
    for (const context of contexts) await context.close();
  }
}

test.describe("team chat", () => {
  // Two signed-in browsers, realtime round trips and an axe scan on a shared two-core machine: under
  // load, signing both people in alone takes half of the default 30 s.
  test.slow();

  test("two people in #general: a message sent by one appears for the other without reload", async ({
    browser,
  }, testInfo) => {
    await adaAndJonasInGeneral(browser, async (ada, jonas) => {
      const text = `Hello from Ada ${testInfo.testId} ${Date.now()}`;
      const composer = ada.getByRole("textbox", { name: "Message #general" });
      await composer.fill(`${text}`);
      await composer.press("Shift+Enter");
      await composer.pressSequentially("second line");
      await composer.press("Enter");
      await expect(composer).toHaveValue("");

      const jonasLog = jonas.getByRole("log", { name: "Messages in #general" });
      await expect(jonasLog.getByText(text)).toBeVisible();
      await expect(jonasLog.getByText(text)).toContainText("second line");
      await expect(ada.getByRole("log").getByText(text)).toHaveCount(1);

      await expectNoSeriousViolations(jonas);
    });
  });

  test("a reader at the bottom keeps the newest message in view as messages of different heights arrive", async ({
    browser,
  }, testInfo) => {
    await adaAndJonasInGeneral(browser, async (ada, jonas) => {
      const composer = ada.getByRole("textbox", { name: "Message #general" });
      const jonasLog = jonas.getByRole("log", { name: "Messages in #general" });
      for (let i = 0; i < 12; i++) {
        const text = `Run ${testInfo.testId} ${i}`;
        await composer.fill(text);
        // Every third message is four lines tall: taller than the list's estimate for a row.
        if (i % 3 === 2)
          for (const line of ["two", "three", "four"]) {
            await composer.press("Shift+Enter");
            await composer.pressSequentially(line);
          }
        await composer.press("Enter");
        await expect(jonasLog.getByText(text)).toBeInViewport();
      }
    });
  });

  test("a search result opens its channel at the message, loading older pages; sending returns to the newest; a gone message says so", async ({
    page,
    stack,
  }) => {
    const stamp = Date.now().toString(36);
    const ada = { email: "ada@parley.test", password: demoPassword };
    const api = await signedInClient(stack, ada);
    const { data: workspace } = await api.from("workspaces").select("id").eq("slug", "demo").single();
    const { data: channel, error } = await api
      .from("channels")
      .insert({ workspace_id: workspace?.id, name: `jump-${stamp}` })
      .select("id")
      .single();
    expect(error).toBeNull();
    const needle = `Needle ${stamp} in the haystack`;
    await api.from("messages").insert({ channel_id: channel?.id, body: needle }).throwOnError();
    // Three pages of later messages: the needle is not in the first page the channel loads.
    const later = Array.from({ length: 130 }, (_, i) => ({ channel_id: channel?.id, body: `Hay ${i}` }));
    await api.from("messages").insert(later).throwOnError();

    await signInWithPassword(page, ada);
    await page.goto(`/en/w/demo/search?q=${encodeURIComponent(`Needle ${stamp}`)}`);
    await page.getByRole("link", { name: message("en", "search.open").replace("{channel}", `jump-${stamp}`) }).click();
    const found = page.getByRole("log").getByRole("article").filter({ hasText: needle });
    await expect(found).toBeInViewport();
    await expect(found).toBeFocused();
    await expect(page).toHaveURL(/[?&]message=/);
    // Sending from there brings Ada back to the newest message, her own.
    const reply = `Found it ${stamp}`;
    await page.getByRole("textbox", { name: `Message #jump-${stamp}` }).fill(reply);
    await page.getByRole("textbox", { name: `Message #jump-${stamp}` }).press("Enter");
    await expect(page.getByRole("log").getByText(reply)).toBeInViewport();

    await page.goto(`/en/w/demo/c/${channel?.id}?message=${crypto.randomUUID()}`);
    await expect(page.getByText(message("en", "channels.jump.missing"))).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("creating a workspace opens it with #general in the sidebar", async ({ page }) => {
    // Ada prefers English: a user whose profile names another language (Camille: French) has the
    // app switch to it right after sign-in, racing this test's English assertions.
    await signInWithPassword(page, { email: "ada@parley.test", password: demoPassword }, "en");
    await page.goto("/en/w");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "workspaces.list.title"));
    const name = `Crew ${Date.now()}`;
    await page.getByLabel(message("en", "workspaces.create.name")).fill(name);
    await expect(page.getByLabel(message("en", "workspaces.create.slug"))).toHaveValue(
      name.toLowerCase().replace(" ", "-"),
    );
    await page.getByRole("button", { name: message("en", "workspaces.create.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("navigation").getByRole("link", { name: /^general/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
