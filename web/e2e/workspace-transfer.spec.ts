import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { createAccount, signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, message, test } from "./support/test";

/** A small Slack export: the owner (by email) and a newcomer, #general and #launch, a thread. */
function slackArchive(ownerEmail: string): Buffer {
  const json = (value: unknown) => strToU8(JSON.stringify(value));
  return Buffer.from(
    zipSync({
      "users.json": json([
        { id: "U1", name: "owner", profile: { email: ownerEmail, real_name: "Owner" } },
        { id: "U2", name: "grace", profile: { email: `grace-${Date.now()}@example.test`, real_name: "Grace Hopper" } },
      ]),
      "channels.json": json([
        { id: "C1", name: "general", members: ["U1", "U2"] },
        { id: "C2", name: "launch", members: ["U1", "U2"], topic: { value: "Launch day" } },
      ]),
      "general/2024-03-01.json": json([
        {
          type: "message",
          ts: "1709290000.000100",
          user: "U2",
          text: "Ready?",
          reactions: [{ name: "+1", users: ["U1"] }],
        },
        { type: "message", ts: "1709290060.000200", user: "U1", text: "Yes!", thread_ts: "1709290000.000100" },
      ]),
      "launch/2024-03-01.json": json([{ type: "message", ts: "1709290100.000100", user: "U1", text: "We ship today" }]),
    }),
  );
}

const summaryRow = (page: Page, label: string) => page.locator(".transfer-summary__row").filter({ hasText: label });

test("the owner downloads the workspace's export and imports a Slack archive", async ({ page, stack }) => {
  test.setTimeout(90_000);
  const owner = await createAccount(stack, "transfer-owner");
  await signInWithPassword(page, owner);
  const workspaceName = `Moving ${Date.now().toString(36)}`;
  await page.goto("/en/w");
  await page.getByLabel(message("en", "workspaces.create.name")).fill(workspaceName);
  await page.getByRole("button", { name: message("en", "workspaces.create.submit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(workspaceName);

  await page.getByRole("link", { name: message("en", "shell.transfer") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "transfer.title"));

  // Export: a zip download holding the workspace.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: message("en", "transfer.export.submit") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^parley-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const exported = unzipSync(new Uint8Array(await readFile((await download.path()) ?? "")));
  expect(JSON.parse(strFromU8(exported["workspace.json"] ?? new Uint8Array()))).toMatchObject({
    workspace: { name: workspaceName },
  });
  await expect(page.getByRole("status").filter({ hasText: download.suggestedFilename() })).toBeVisible();

  // Import: without a file the field says so; with the archive, the summary says what happened.
  await page.getByRole("button", { name: message("en", "transfer.import.submit") }).click();
  await expect(page.getByRole("alert")).toHaveText(message("en", "transfer.import.chooseFile"));
  await page
    .getByLabel(message("en", "transfer.import.file"))
    .setInputFiles({ name: "slack-export.zip", mimeType: "application/zip", buffer: slackArchive(owner.email) });
  await page.getByRole("button", { name: message("en", "transfer.import.submit") }).click();
  await expect(page.getByRole("heading", { name: message("en", "transfer.summary.title") })).toBeVisible({
    timeout: 30_000,
  });
  await expect(summaryRow(page, message("en", "transfer.summary.messages"))).toContainText("3");
  await expect(summaryRow(page, message("en", "transfer.summary.channelsCreated"))).toContainText("1");
  await expect(summaryRow(page, message("en", "transfer.summary.usersPlaceholders"))).toContainText("1");
  await expect(summaryRow(page, message("en", "transfer.summary.reactions"))).toContainText("1");
  await expect(page.getByRole("link", { name: /launch/ })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Imported messages are shown as imported, never as the owner's own.
  const transferPage = page.url();
  await page.getByRole("link", { name: /launch/ }).click();
  const shipped = page.locator(".message").filter({ hasText: "We ship today" });
  await expect(shipped).toContainText(message("en", "channels.messages.importedAuthor").replace("{name}", "Owner"));
  await page.goto(transferPage);

  // The page fits a 390 px phone in Arabic, right to left.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(page.url().replace("/en/", "/ar/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ar", "transfer.title"));
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});
