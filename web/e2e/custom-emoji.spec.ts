import type { Browser, Page } from "@playwright/test";
import { signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";
/** A 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

type Person = { page: Page; locale: string };

async function person(browser: Browser, email: string, locale: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  await signInWithPassword(page, { email, password: demoPassword }, locale);
  return { page, locale };
}

const log = ({ page, locale }: Person) =>
  page.getByRole("log", { name: text(locale, "channels.messages.label", { channel: "general" }) });

async function openGeneral(who: Person) {
  await who.page.goto(`/${who.locale}/w/demo`);
  await who.page
    .getByRole("navigation")
    .getByRole("link", { name: /^general/ })
    .click();
  await expect(log(who)).toBeVisible();
}

test("an admin uploads a custom emoji; a member writes it and reacts with it; the admin sees both", async ({
  browser,
}) => {
  test.slow(); // two people, an upload, a message and a reaction
  const name = `parley-${Date.now().toString(36)}`;
  const code = `:${name}:`;
  const jonas = await person(browser, "jonas@parley.test", "de");
  const camille = await person(browser, "camille@parley.test", "fr");
  try {
    // Jonas (admin) adds it on the workspace's custom emoji page.
    await jonas.page.goto("/de/w/demo");
    await jonas.page.getByRole("link", { name: message("de", "shell.customEmoji") }).click();
    await jonas.page.getByRole("textbox", { name: message("de", "customEmoji.add.name") }).fill(name);
    await jonas.page
      .getByLabel(message("de", "customEmoji.add.image"))
      .setInputFiles({ name: "parley.png", mimeType: "image/png", buffer: png });
    await jonas.page.getByRole("button", { name: message("de", "customEmoji.add.submit") }).click();
    await expect(jonas.page.getByText(text("de", "customEmoji.add.added", { code }))).toBeVisible();
    await expect(jonas.page.getByRole("listitem").getByRole("img", { name: code })).toBeVisible();
    await expectNoSeriousViolations(jonas.page);

    // Camille (member) cannot manage them, but sees the list.
    await camille.page.goto("/fr/w/demo/emoji");
    await expect(camille.page.getByText(message("fr", "customEmoji.adminsOnly"))).toBeVisible();
    await expect(camille.page.getByRole("img", { name: code })).toBeVisible();
    await expect(camille.page.getByRole("button", { name: text("fr", "customEmoji.remove", { code }) })).toHaveCount(0);

    // She writes it with the : autocomplete, then reacts with it from the picker's custom tab.
    await openGeneral(camille);
    const box = camille.page.getByRole("textbox", {
      name: text("fr", "channels.composer.label", { channel: "general" }),
    });
    await box.pressSequentially(`Regardez :${name.slice(0, 8)}`);
    const suggestions = camille.page.getByRole("listbox", { name: message("fr", "channels.emojiPicker.suggestions") });
    await expect(suggestions.getByRole("option").first()).toContainText(code);
    await box.press("Enter");
    await expect(box).toHaveValue(`Regardez ${code} `);
    await box.press("Enter");
    const sent = log(camille)
      .getByRole("article")
      .filter({ has: camille.page.getByRole("img", { name: code }) });
    await expect(sent).toHaveCount(1);
    const id = (await sent.getAttribute("data-message-id")) ?? "";
    await sent.hover();
    await sent.getByRole("button", { name: message("fr", "channels.actions.react") }).click();
    const picker = camille.page.getByRole("dialog", { name: message("fr", "channels.reactions.pickerLabel") });
    await picker.getByRole("button", { name: message("fr", "channels.emojiPicker.group.custom") }).click();
    await picker.getByRole("button", { name: text("fr", "channels.reactions.add", { emoji: code }) }).click();
    await expect(sent.getByRole("button", { name: new RegExp(`^${code} : 1 `) })).toBeVisible();

    // Jonas sees the image in her message and in its reaction.
    await openGeneral(jonas);
    const seen = log(jonas).locator(`article[data-message-id="${id}"]`);
    await expect(seen.getByRole("img", { name: code })).toBeVisible();
    await expect(seen.getByRole("button", { name: new RegExp(`^${code}: 1 .*Camille Martin$`) })).toBeVisible();
    await expectNoSeriousViolations(jonas.page);
  } finally {
    await jonas.page.context().close();
    await camille.page.context().close();
  }
});
