import type { Page } from "@playwright/test";
import { signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** Ada in #general of the demo workspace, in the given language. */
async function openGeneral(page: Page, locale: string) {
  await signInWithPassword(page, { email: "ada@parley.test", password: demoPassword }, "en");
  await page.goto(`/${locale}/w/demo`);
  await page
    .getByRole("navigation")
    .getByRole("link", { name: /^general/ })
    .click();
  await expect(log(page, locale)).toBeVisible();
}

const log = (page: Page, locale: string) =>
  page.getByRole("log", { name: text(locale, "channels.messages.label", { channel: "general" }) });
const composer = (page: Page, locale: string) =>
  page.getByRole("textbox", { name: text(locale, "channels.composer.label", { channel: "general" }) });

async function send(page: Page, locale: string, body: string): Promise<string> {
  await composer(page, locale).fill(body);
  await composer(page, locale).press("Enter");
  const sent = log(page, locale).getByRole("article").filter({ hasText: body });
  await expect(sent).toHaveCount(1);
  return (await sent.getAttribute("data-message-id")) ?? "";
}

test.describe("emoji picker and : autocomplete", () => {
  test.slow(); // each signs in, then loads the emoji data and runs axe twice
  test("reacts with any emoji found by its English name, in a skin tone, then offers it first", async ({ page }) => {
    await openGeneral(page, "en");
    const id = await send(page, "en", `Pick an emoji ${Date.now()}`);
    const article = log(page, "en").locator(`article[data-message-id="${id}"]`);
    await article.hover();
    await article.getByRole("button", { name: message("en", "channels.actions.react") }).click();
    const picker = page.getByRole("dialog", { name: message("en", "channels.reactions.pickerLabel") });
    const search = picker.getByRole("searchbox", { name: message("en", "channels.emojiPicker.search") });
    await expect(search).toBeFocused();
    // Every group of Unicode's emoji is there, not only a fixed row.
    await picker.getByRole("button", { name: message("en", "channels.emojiPicker.group.animals") }).click();
    await expect(
      picker.getByRole("button", { name: text("en", "channels.reactions.add", { emoji: "🦥" }) }),
    ).toBeVisible();
    await picker.getByRole("combobox", { name: message("en", "channels.emojiPicker.skinTone") }).selectOption("3");
    await search.fill("waving hand");
    await expectNoSeriousViolations(page);
    await picker.getByRole("button", { name: text("en", "channels.reactions.add", { emoji: "👋🏽" }) }).click();
    await expect(picker).toBeHidden();
    await expect(article.getByRole("button", { name: /^👋🏽: 1 reaction from you$/ })).toBeVisible();

    // Reopened: the frequently used tab starts with it, and the skin tone stuck.
    await article.hover();
    await article.getByRole("button", { name: message("en", "channels.actions.react") }).click();
    const frequent = picker.getByRole("group", { name: message("en", "channels.emojiPicker.group.frequent") });
    await expect(frequent.getByRole("button").first()).toHaveAccessibleName(
      text("en", "channels.reactions.add", { emoji: "👋🏽" }),
    );
    await search.fill("zzzznothing");
    await expect(picker.getByRole("status")).toHaveText(
      text("en", "channels.emojiPicker.noResults", { query: "zzzznothing" }),
    );
    await search.press("Escape");
    await expect(picker).toBeHidden();
  });

  test("finds emoji by Japanese names in the composer's picker and with : while typing", async ({ page }) => {
    await openGeneral(page, "ja");
    const box = composer(page, "ja");

    // The picker: search in Japanese, the emoji goes where the caret is.
    await box.fill("猫 ");
    await page.getByRole("button", { name: message("ja", "channels.emojiPicker.open") }).click();
    const picker = page.getByRole("dialog", { name: message("ja", "channels.emojiPicker.label") });
    await picker.getByRole("searchbox", { name: message("ja", "channels.emojiPicker.search") }).fill("ネコの顔");
    await expectNoSeriousViolations(page);
    await picker.getByRole("button", { name: text("ja", "channels.emojiPicker.insert", { emoji: "🐱" }) }).click();
    await expect(picker).toBeHidden();
    await expect(box).toHaveValue("猫 🐱");
    await expect(box).toBeFocused();

    // The autocomplete: `:` and a Japanese name, then Enter.
    await box.pressSequentially(" :タコ");
    const suggestions = page.getByRole("listbox", { name: message("ja", "channels.emojiPicker.suggestions") });
    await expect(suggestions.getByRole("option").first()).toContainText("🐙");
    await expectNoSeriousViolations(page);
    await box.press("Enter");
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveValue("猫 🐱 🐙 ");

    // A shortcode works in any language; a time like 12:30 opens nothing.
    await box.pressSequentially(":tada");
    await expect(suggestions.getByRole("option").first()).toContainText("🎉");
    await box.press("Tab");
    await box.pressSequentially("12:30");
    await expect(suggestions).toBeHidden();
    await box.press("Enter");
    await expect(log(page, "ja").getByRole("article").last()).toContainText("猫 🐱 🐙 🎉 12:30");
  });
});
