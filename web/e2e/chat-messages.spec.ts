import type { Browser, Page } from "@playwright/test";
import { crc32, deflateSync } from "node:zlib";
import { expectNoSeriousViolations } from "./support/axe";
import { signInWithPassword } from "./support/accounts";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";

/** A valid 2×1 RGB PNG (one red, one blue pixel), built here so the test owns its fixture. */
function twoPixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const pixels = Buffer.from([0, 255, 0, 0, 0, 0, 255]); // filter byte, red, blue
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

type Person = { page: Page; locale: string };

/**
 * Ada (English) and Jonas (German, signed in on the German pages so the app's language switch
 * cannot race the assertions) both in #general of the demo workspace, each in their own context.
 */
async function twoPeopleInGeneral(browser: Browser, run: (ada: Person, jonas: Person) => Promise<void>) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [adaPage, jonasPage] = await Promise.all(contexts.map((context) => context.newPage()));
    const ada = { page: adaPage!, locale: "en" };
    const jonas = { page: jonasPage!, locale: "de" };
    // Straight into the demo workspace: without `next`, sign-in lands wherever each last was.
    await signInWithPassword(ada.page, { email: "ada@parley.test", password: demoPassword }, "en", "/w/demo");
    await signInWithPassword(jonas.page, { email: "jonas@parley.test", password: demoPassword }, "de", "/w/demo");
    for (const { page, locale } of [ada, jonas]) {
      await page
        .getByRole("navigation")
        .getByRole("link", { name: /^general/ })
        .click();
      await expect(log({ page, locale })).toBeVisible();
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

/** Sends a message from the composer and returns its id once it shows in the sender's log. */
async function send(person: Person, body: string): Promise<string> {
  await composer(person).fill(body);
  await composer(person).press("Enter");
  const sent = log(person).getByRole("article").filter({ hasText: body });
  await expect(sent).toHaveCount(1);
  return (await sent.getAttribute("data-message-id")) ?? "";
}

test.describe("chat messages", () => {
  // Two signed-in browsers, realtime round trips and an axe scan on a shared two-core machine.
  test.slow();

  test("an edit and a delete by one person reach the other without reload", async ({ browser }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const original = `Draft ${testInfo.testId} ${Date.now()}`;
      const id = await send(ada, original);
      await expect(article(jonas, id)).toContainText(original);

      // ↑ in the empty composer edits Ada's last message; Esc would cancel, Enter saves.
      await composer(ada).press("ArrowUp");
      const editor = ada.page.getByRole("textbox", { name: message("en", "channels.edit.label") });
      await expect(editor).toHaveValue(original);
      await editor.fill(`${original} **final**`);
      await editor.press("Enter");
      await expect(article(jonas, id).locator("strong")).toHaveText("final");
      await expect(article(jonas, id)).toContainText(message("de", "channels.messages.edited"));

      await article(ada, id).hover();
      await article(ada, id)
        .getByRole("button", { name: message("en", "channels.actions.delete") })
        .click();
      const dialog = ada.page.getByRole("dialog", { name: message("en", "channels.delete.title") });
      await dialog.getByRole("button", { name: message("en", "channels.delete.confirm") }).click();
      await expect(dialog).toBeHidden();
      await expect(article(jonas, id)).toContainText(message("de", "channels.messages.deleted"));
      await expect(article(jonas, id)).not.toContainText(original);
    });
  });

  test("a workspace admin may delete another person's message but not edit it; a member may do neither", async ({
    browser,
  }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const original = `Moderate me ${testInfo.testId} ${Date.now()}`;
      const id = await send(ada, original);

      // Camille is a plain member: Ada's message offers her no delete.
      const camilleContext = await browser.newContext();
      try {
        const camille = { page: await camilleContext.newPage(), locale: "fr" };
        await signInWithPassword(
          camille.page,
          { email: "camille@parley.test", password: demoPassword },
          "fr",
          "/w/demo",
        );
        await camille.page
          .getByRole("navigation")
          .getByRole("link", { name: /^general/ })
          .click();
        await article(camille, id).hover();
        await expect(
          article(camille, id).getByRole("button", { name: message("fr", "channels.actions.react") }),
        ).toBeVisible();
        await expect(
          article(camille, id).getByRole("button", { name: message("fr", "channels.actions.delete") }),
        ).toHaveCount(0);
      } finally {
        await camilleContext.close();
      }

      // Jonas is an admin: delete, with a warning naming the author, and no edit.
      await article(jonas, id).hover();
      await expect(
        article(jonas, id).getByRole("button", { name: message("de", "channels.actions.edit") }),
      ).toHaveCount(0);
      await article(jonas, id)
        .getByRole("button", { name: message("de", "channels.actions.delete") })
        .click();
      const dialog = jonas.page.getByRole("dialog", { name: message("de", "channels.delete.title") });
      await expect(dialog).toContainText(text("de", "channels.delete.moderateDescription", { author: "Ada Lovelace" }));
      await dialog.getByRole("button", { name: message("de", "channels.delete.confirm") }).click();
      await expect(dialog).toBeHidden();
      await expect(article(ada, id)).toContainText(message("en", "channels.messages.deleted"));
      await expect(article(ada, id)).not.toContainText(original);
    });
  });

  test("typing shows for the other person, and a reaction reaches the author with who reacted", async ({
    browser,
  }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const id = await send(ada, `React to me ${testInfo.testId} ${Date.now()}`);

      await composer(jonas).pressSequentially("Moment");
      await expect(ada.page.getByText("Jonas Weber is typing…")).toBeVisible();

      await article(jonas, id).hover();
      await article(jonas, id)
        .getByRole("button", { name: message("de", "channels.actions.react") })
        .click();
      await jonas.page.getByRole("button", { name: text("de", "channels.reactions.add", { emoji: "🎉" }) }).click();

      const reaction = article(ada, id).getByRole("button", { name: "🎉: 1 reaction from Jonas Weber" });
      await expect(reaction).toBeVisible();
      await expect(reaction).toHaveAttribute("aria-pressed", "false");
      await reaction.click();
      await expect(
        article(ada, id).getByRole("button", { name: "🎉: 2 reactions from Jonas Weber and you" }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(article(jonas, id).getByRole("button", { name: /^🎉: 2 Reaktionen von / })).toBeVisible();
    });
  });

  test("a thread reply shows for the other person, and the open thread passes axe", async ({ browser }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const id = await send(ada, `Thread starter ${testInfo.testId} ${Date.now()}`);

      await article(jonas, id).hover();
      await article(jonas, id)
        .getByRole("button", { name: message("de", "channels.actions.reply") })
        .click();
      const jonasThread = jonas.page.getByRole("complementary", { name: message("de", "channels.thread.title") });
      await expect(jonasThread.getByRole("heading", { name: message("de", "channels.thread.title") })).toBeFocused();
      const reply = `Antwort ${Date.now()}`;
      const replyBox = jonasThread.getByRole("textbox", {
        name: text("de", "channels.thread.composer", { channel: "general" }),
      });
      await replyBox.fill(reply);
      await replyBox.press("Enter");
      await expect(jonasThread.getByRole("log").getByText(reply)).toBeVisible();

      const summary = article(ada, id).getByRole("button", { name: /^1 reply/ });
      await expect(summary).toBeVisible();
      await summary.click();
      const adaThread = ada.page.getByRole("complementary", { name: message("en", "channels.thread.title") });
      await expect(adaThread.getByRole("log").getByText(reply)).toBeVisible();
      await expectNoSeriousViolations(ada.page);

      // At 360 px the thread covers the timeline instead of squeezing beside it.
      await ada.page.setViewportSize({ width: 360, height: 740 });
      await expect(adaThread.getByRole("log").getByText(reply)).toBeVisible();
      await expect(log(ada)).toBeHidden();
      expect((await adaThread.boundingBox())?.width).toBeGreaterThan(300);

      await adaThread.press("Escape");
      await expect(adaThread).toBeHidden();
      await expect(log(ada)).toBeVisible();
      await expect(summary).toBeFocused();
    });
  });

  test("a pasted image is previewed for the other person; a picked file of a refused type is explained before upload", async ({
    browser,
  }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      // The bucket's limits are on show before anything is uploaded.
      const limits = ada.page.locator(".channel-chat__main .composer__limits");
      await limits.getByText("Files up to 25 MB each").click();
      await expect(limits.getByText(/^Allowed types: PNG, JPEG, GIF, .*PDF/)).toBeVisible();
      const picker = ada.page.locator(".composer input[type=file]").first();

      await picker.setInputFiles({
        name: "drawing.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      });
      await expect(
        ada.page
          .getByRole("alert")
          .filter({ hasText: text("en", "channels.attachments.wrongType", { name: "drawing.svg" }) }),
      ).toBeVisible();
      await ada.page
        .getByRole("button", { name: text("en", "channels.attachments.remove", { name: "drawing.svg" }) })
        .click();

      // The image comes by paste, as from a screenshot tool.
      const name = `pixels-${Date.now()}.png`;
      await composer(ada).evaluate(
        (box, file) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
          box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
        },
        { name, bytes: [...twoPixelPng()] },
      );
      await expect(ada.page.getByText(message("en", "channels.attachments.ready"))).toBeVisible();
      const caption = `Picture ${testInfo.testId} ${Date.now()}`;
      const id = await send(ada, caption);

      const preview = article(jonas, id).getByRole("img", { name });
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute("width", "2");
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(2);
      await expect(article(ada, id).getByRole("img", { name })).toBeVisible();
    });
  });

  test("a file dropped on the composer is listed for the other person with its size and a working download link", async ({
    browser,
  }, testInfo) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      const name = `notes-${Date.now()}.txt`;
      const content = `Agenda ${testInfo.testId}`;
      await ada.page.locator(".channel-chat__main .composer").evaluate(
        (form, file) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([file.content], file.name, { type: "text/plain" }));
          form.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        },
        { name, content },
      );
      await expect(ada.page.getByText(message("en", "channels.attachments.ready"))).toBeVisible();
      const id = await send(ada, `Notes attached ${Date.now()}`);

      const download = article(jonas, id).getByRole("link", { name: new RegExp(`${name.replace(".", "\\.")}`) });
      await expect(download).toBeVisible();
      await expect(article(jonas, id)).toContainText(`TXT, ${content.length} Byte`);
      const href = (await download.getAttribute("href")) ?? "";
      const response = await jonas.page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-disposition"]).toContain(name);
      expect(await response.text()).toBe(content);
    });
  });

  test("an upload shows its progress and can be cancelled; the message then goes without it", async ({ browser }) => {
    await twoPeopleInGeneral(browser, async (ada, jonas) => {
      // A slow uplink (64 KiB/s), so a 2 MiB file is still on its way when cancelled.
      const network = await ada.page.context().newCDPSession(ada.page);
      await network.send("Network.enable");
      await network.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      const name = `big-${Date.now()}.pdf`;
      await ada.page
        .locator(".channel-chat__main .composer input[type=file]")
        .setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.alloc(2 * 1024 * 1024, 1) });
      await expect(
        ada.page.getByRole("progressbar", { name: new RegExp(`^Uploading ${name.replace(".", "\\.")}`) }),
      ).toBeVisible();
      await ada.page.getByRole("button", { name: text("en", "channels.attachments.cancel", { name }) }).click();
      await expect(ada.page.getByText(name)).toHaveCount(0);
      await network.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const id = await send(ada, `Without the file ${Date.now()}`);
      await expect(article(jonas, id)).toBeVisible();
      await expect(
        article(jonas, id).getByRole("list", { name: message("de", "channels.attachments.label") }),
      ).toHaveCount(0);
    });
  });
});
