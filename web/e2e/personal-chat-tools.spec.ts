import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signInWithPassword } from "./support/accounts";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)(?:, number)?\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

type Person = { page: Page; locale: string };

/** Ada (English) and Jonas (German) in #general of the demo workspace, each in their own browser context. */
async function twoPeopleInGeneral(browser: Browser, run: (ada: Person, jonas: Person) => Promise<void>) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [adaPage, jonasPage] = await Promise.all(contexts.map((context) => context.newPage()));
    const ada = { page: adaPage!, locale: "en" };
    const jonas = { page: jonasPage!, locale: "de" };
    await signInWithPassword(ada.page, { email: "ada@parley.test", password: demoPassword }, "en");
    await signInWithPassword(jonas.page, { email: "jonas@parley.test", password: demoPassword }, "de");
    for (const person of [ada, jonas]) {
      await person.page.goto(`/${person.locale}/w/demo`);
      await person.page
        .getByRole("navigation")
        .getByRole("link", { name: /^general/ })
        .click();
      await expect(log(person)).toBeVisible();
    }
    await run(ada, jonas);
  } finally {
    for (const context of contexts) await context.close();
  }
}

const log = ({ page, locale }: Person) =>
  page.getByRole("log", { name: text(locale, "channels.messages.label", { channel: "general" }) });
const composer = ({ page, locale }: Person) =>
  page.getByRole("textbox", { name: text(locale, "channels.composer.label", { channel: "general" }) });
const article = (person: Person, id: string) => log(person).locator(`article[data-message-id="${id}"]`);
const dialog = ({ page, locale }: Person, title: string) => page.getByRole("dialog", { name: message(locale, title) });

async function send(person: Person, body: string): Promise<string> {
  await composer(person).fill(body);
  await composer(person).press("Enter");
  const sent = log(person).getByRole("article").filter({ hasText: body });
  await expect(sent).toHaveCount(1);
  return (await sent.getAttribute("data-message-id")) ?? "";
}

/** Clicks one of a message's tools (they show on hover). */
async function messageTool(person: Person, id: string, label: string) {
  await article(person, id).hover();
  await article(person, id)
    .getByRole("button", { name: message(person.locale, label), exact: true })
    .click();
}

test.describe("status and profile card, pins, saved items and edit history", () => {
  // Two signed-in browsers, realtime round trips and axe scans on a shared two-core machine.
  test.slow();

  test("the other person reads an edited message's earlier version, and the dialog passes axe", async ({
    browser,
  }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const original = `First thought ${testInfo.testId} ${Date.now()}`;
      // A follow-up right after her own message: grouped, its time and "(edited)" at the row's end, where the tools are.
      await send(ada, `Opening line ${Date.now()}`);
      const id = await send(ada, original);
      await messageTool(ada, id, "channels.actions.edit");
      const editor = ada.page.getByRole("textbox", { name: message("en", "channels.edit.label") });
      await editor.fill("Second thought");
      await editor.press("Enter");

      const edited = article(jonas, id).getByRole("button", { name: message("de", "channels.messages.edited") });
      // A pointer over the message shows its tools, which float clear of the "(edited)" marker.
      await article(jonas, id).hover();
      const tools = article(jonas, id).getByRole("group", { name: message("de", "channels.actions.label") });
      await expect(tools).toHaveCSS("opacity", "1");
      const [marker, toolbar] = [await edited.boundingBox(), await tools.boundingBox()];
      if (!marker || !toolbar) throw new Error("the marker or the tools have no box");
      const apart =
        marker.x + marker.width <= toolbar.x ||
        toolbar.x + toolbar.width <= marker.x ||
        marker.y + marker.height <= toolbar.y ||
        toolbar.y + toolbar.height <= marker.y;
      expect(apart).toBe(true);
      // Clicking checks that the pointer reaches it: nothing lies on top.
      await edited.click();
      const history = dialog(jonas, "channels.history.title");
      await expect(history).toContainText(original);
      await expect(history).not.toContainText("Second thought");
      await expectNoSeriousViolations(jonas.page);
    });
  });

  test("a pin by one member shows in the other's Pinned list; a saved message stays private to its saver", async ({
    browser,
  }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const body = `Keep this ${testInfo.testId} ${Date.now()}`;
      const id = await send(ada, body);

      await messageTool(ada, id, "channels.actions.pin");
      // Pinned once the tool turns into Unpin; only then may Jonas expect it in his list.
      await expect(
        article(ada, id).getByRole("button", { name: message("en", "channels.actions.unpin"), exact: true }),
      ).toBeAttached();
      await jonas.page.getByRole("button", { name: /^Angeheftet \(/ }).click();
      const pinned = dialog(jonas, "channels.pins.title");
      await expect(pinned).toContainText(body);
      await expectNoSeriousViolations(jonas.page);
      await pinned.getByRole("button", { name: message("de", "channels.panel.close") }).click();

      await messageTool(jonas, id, "channels.actions.save");
      await expect(
        article(jonas, id).getByRole("button", { name: message("de", "channels.actions.unsave") }),
      ).toBeAttached();

      // The header's Saved entry opens the Saved page, where the message is listed with where it was said.
      await jonas.page
        .locator("header")
        .getByRole("link", { name: message("de", "channels.saved.button"), exact: true })
        .click();
      await expect(jonas.page).toHaveURL(/\/de\/w\/demo\/saved$/);
      await expect(
        jonas.page.getByRole("heading", { level: 1, name: message("de", "channels.saved.title") }),
      ).toBeFocused();
      const entry = jonas.page.getByRole("listitem").filter({ hasText: body });
      await expect(entry).toContainText("Ada Lovelace in #general");
      await expectNoSeriousViolations(jonas.page);

      // Ada's Saved page, from the sidebar beside Activity, does not show what Jonas saved.
      await ada.page
        .getByRole("navigation")
        .getByRole("link", { name: message("en", "shell.saved"), exact: true })
        .click();
      await expect(
        ada.page.getByRole("heading", { level: 1, name: message("en", "channels.saved.title") }),
      ).toBeVisible();
      const adaSaved = ada.page.getByRole("region", { name: message("en", "channels.saved.title") });
      await expect(
        adaSaved.getByText(message("en", "channels.saved.empty")).or(adaSaved.getByRole("list")),
      ).toBeVisible();
      await expect(adaSaved).not.toContainText(body);

      // Each entry opens the message in its conversation.
      await entry.getByRole("link", { name: message("de", "channels.saved.open") }).click();
      await expect(jonas.page).toHaveURL(new RegExp(`/de/w/demo/c/[0-9a-f-]{36}\\?message=${id}$`));
      await expect(article(jonas, id)).toBeVisible();

      // On a phone the page fits the screen; Remove takes the message off the list.
      await jonas.page.setViewportSize({ width: 390, height: 844 });
      await jonas.page.goBack();
      await expect(entry).toBeVisible();
      expect(await jonas.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await entry.getByRole("button", { name: message("de", "channels.saved.remove") }).click();
      await expect(jonas.page.getByRole("listitem").filter({ hasText: body })).toHaveCount(0);
      // Focus does not fall off the page: it lands on the next entry, or on the heading.
      await expect
        .poll(() => jonas.page.evaluate(() => document.activeElement?.matches(".saved-entry__open, .saved-page h1")))
        .toBe(true);
    });
  });

  test("a status and time zone set by one person show on the other's profile card, whose Message button opens their DM", async ({
    browser,
  }) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const words = `On holiday ${Date.now()}`;
      await ada.page.goto("/en/account/profile");
      const status = ada.page.getByRole("region", { name: message("en", "account.status.title") });
      await status.getByRole("textbox", { name: message("en", "account.status.emoji") }).fill("🌴");
      await status.getByRole("textbox", { name: message("en", "account.status.text") }).fill(words);
      await status.getByRole("checkbox", { name: message("en", "account.status.doNotDisturb") }).check();
      await status.getByRole("button", { name: message("en", "account.status.set") }).click();
      await expect(status.getByText(message("en", "account.status.saved"))).toBeVisible();
      const zone = ada.page.getByRole("region", { name: message("en", "account.timeZone.title") });
      await zone.getByRole("combobox", { name: message("en", "account.timeZone.label") }).selectOption("Asia/Tokyo");
      await zone.getByRole("button", { name: message("en", "account.save") }).click();
      await expect(zone.getByText(message("en", "account.timeZone.saved"))).toBeVisible();
      await expectNoSeriousViolations(ada.page);

      await ada.page.goto("/en/w/demo");
      await ada.page
        .getByRole("navigation")
        .getByRole("link", { name: /^general/ })
        .click();
      // Jonas speaks first, so Ada's message starts a group and shows her name.
      await send(jonas, `Wer ist da? ${Date.now()}`);
      const adaMessage = await send(ada, `Away ${Date.now()}`);
      await article(jonas, adaMessage).getByRole("button", { name: "Ada Lovelace" }).click();
      const card = jonas.page.getByRole("dialog", { name: "Ada Lovelace" });
      await expect(card).toContainText(`🌴 ${words}`);
      await expect(card).toContainText(message("de", "channels.profile.doNotDisturb"));
      // Ada has the workspace open and has just typed: online and not idle.
      await expect(card).toContainText(message("de", "channels.profile.active"));
      // Ada's local time in Tokyo, read at this minute or the next (the card may open across a minute's turn).
      const tokyoTime = (at: number) =>
        new Intl.DateTimeFormat("de", { timeZone: "Asia/Tokyo", timeStyle: "short" }).format(new Date(at));
      const now = Date.now();
      const shown = [now, now + 60_000].map((at) => text("de", "channels.profile.localTime", { time: tokyoTime(at) }));
      await expect(card).toContainText(
        new RegExp(shown.map((line) => line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")),
      );
      await expectNoSeriousViolations(jonas.page);

      await card.getByRole("button", { name: message("de", "channels.profile.message") }).click();
      await expect(jonas.page).toHaveURL(/\/de\/w\/demo\/c\/[0-9a-f-]{36}$/);
      await expect(jonas.page.getByRole("heading", { level: 1 })).toContainText("Ada Lovelace");
    });
  });
});
