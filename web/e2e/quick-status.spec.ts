import type { Browser, Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { userMenuButton, signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const demoPassword = "parley-demo";
const ada = { email: "ada@parley.test", password: demoPassword };
const jonas = { email: "jonas@parley.test", password: demoPassword };

/** A catalog message with its simple `{name}` arguments filled in. */
function text(locale: string, id: string, values: Record<string, string> = {}): string {
  return message(locale, id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

async function signedInPage(browser: Browser, account: typeof ada, locale: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithPassword(page, account, locale);
  return page;
}

async function openUserMenu(page: Page, locale: string) {
  await page.goto(`/${locale}/w/demo`);
  await userMenuButton(page, locale).click();
  return page.getByRole("region", { name: message(locale, "quickStatus.title") });
}

/** Ada's status and pause as they were before the test (the demo's people are shared by the suite). */
async function resetAda(client: SupabaseClient) {
  const { data } = await client.auth.getUser();
  await client
    .from("user_statuses")
    .delete()
    .eq("user_id", data.user?.id ?? "");
  await client
    .from("notification_preferences")
    .update({ snoozed_until: null })
    .eq("user_id", data.user?.id ?? "");
}

test.describe("quick status and pausing notifications from the user menu", () => {
  test("a preset shows beside the name for a teammate; an expired status leaves the screen", async ({
    browser,
    stack,
  }) => {
    test.slow(); // two people sign in, and a status runs out while Jonas watches
    const adaClient = await signedInClient(stack, ada);
    await resetAda(adaClient);
    const adaPage = await signedInPage(browser, ada, "en");
    const jonasPage = await signedInPage(browser, jonas, "de");
    try {
      const status = await openUserMenu(adaPage, "en");
      await expect(status.getByRole("status")).toHaveText(message("en", "quickStatus.none"));
      await status.getByRole("button", { name: new RegExp(message("en", "quickStatus.preset.meeting")) }).click();
      await expect(status.getByRole("status")).toContainText(`📅 ${message("en", "quickStatus.preset.meeting")}`);
      await expect(status.getByRole("button", { name: message("en", "quickStatus.clear") })).toBeVisible();
      await expectNoSeriousViolations(adaPage);
      // An hour from now, as the preset says.
      const { data: row } = await adaClient.from("user_statuses").select("emoji, text, expires_at").single();
      expect(row).toMatchObject({ emoji: "📅", text: message("en", "quickStatus.preset.meeting") });
      const inAnHour = new Date(row!.expires_at as string).getTime() - Date.now();
      expect(inAnHour).toBeGreaterThan(55 * 60_000);
      expect(inAnHour).toBeLessThanOrEqual(60 * 60_000);

      // Jonas sees it beside Ada's name in the member list.
      await jonasPage.goto("/de/w/demo/members");
      const adaRow = jonasPage.locator("li.member-row").filter({ hasText: "Ada Lovelace" });
      const mark = adaRow.getByText(text("de", "status.mark", { text: message("en", "quickStatus.preset.meeting") }));
      await expect(mark).toBeAttached();
      await expect(adaRow).toContainText("📅");
      await expectNoSeriousViolations(jonasPage);

      // A status that ends in a few seconds shows, then leaves without a reload.
      const soon = new Date(Date.now() + 6_000).toISOString();
      const { error } = await adaClient
        .from("user_statuses")
        .update({ emoji: "🚌", text: "Short trip", expires_at: soon })
        .eq("user_id", (await adaClient.auth.getUser()).data.user!.id);
      expect(error).toBeNull();
      await jonasPage.reload();
      await expect(adaRow).toContainText("🚌");
      await expect(adaRow).not.toContainText("🚌", { timeout: 20_000 });
      await jonasPage.reload();
      await expect(adaRow).toBeVisible();
      await expect(adaRow).not.toContainText("🚌");
    } finally {
      await resetAda(adaClient);
      await adaPage.context().close();
      await jonasPage.context().close();
    }
  });

  test("pauses notifications for an hour and resumes them, in Japanese", async ({ browser, stack }) => {
    const adaClient = await signedInClient(stack, ada);
    await resetAda(adaClient);
    // Ada's account speaks English; the Japanese pages are one address away.
    const page = await signedInPage(browser, ada, "en");
    try {
      await openUserMenu(page, "ja");
      const pause = page.getByRole("region", { name: message("ja", "quickStatus.pause.title") });
      await expect(pause.getByRole("status")).toHaveText(message("ja", "quickStatus.pause.off"));
      await pause.getByRole("button", { name: message("ja", "quickStatus.pause.hour1"), exact: true }).click();
      await expect(pause.getByRole("button", { name: message("ja", "quickStatus.pause.resume") })).toBeVisible();
      await expect(pause.getByRole("status")).not.toHaveText(message("ja", "quickStatus.pause.off"));
      const { data } = await adaClient.from("notification_preferences").select("snoozed_until").single();
      const inAnHour = new Date(data!.snoozed_until as string).getTime() - Date.now();
      expect(inAnHour).toBeGreaterThan(55 * 60_000);
      expect(inAnHour).toBeLessThanOrEqual(60 * 60_000);
      await expectNoSeriousViolations(page);

      await pause.getByRole("button", { name: message("ja", "quickStatus.pause.resume") }).click();
      await expect(pause.getByRole("status")).toHaveText(message("ja", "quickStatus.pause.off"));
      const after = await adaClient.from("notification_preferences").select("snoozed_until").single();
      expect(after.data?.snoozed_until).toBeNull();
    } finally {
      await resetAda(adaClient);
      await page.context().close();
    }
  });
});
