import { expectNoSeriousViolations } from "./support/axe";
import { signInWithPassword } from "./support/accounts";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

const ada = { email: "ada@parley.test", password: "parley-demo" };

test.describe("notification preferences", () => {
  test.slow();

  test("account settings keep what was chosen across a reload", async ({ page }) => {
    const locale = "en";
    const t = (id: string) => message(locale, id);
    await signInWithPassword(page, ada, locale);
    await page.goto(`/${locale}/account/notifications`);
    await page.getByRole("radio", { name: t("notifications.notifyOn.all") }).check();
    await page.getByRole("checkbox", { name: t("notifications.quiet.enabled") }).check();
    await page.getByLabel(t("notifications.quiet.start"), { exact: true }).fill("21:30");
    await page.getByLabel(t("notifications.quiet.end"), { exact: true }).fill("07:15");
    await page.getByLabel(t("notifications.timeZone")).selectOption("Asia/Tokyo");
    await page.getByRole("checkbox", { name: t("notifications.emailMissed") }).uncheck();
    await page.getByRole("button", { name: t("notifications.save") }).click();
    await expect(page.getByText(t("notifications.saved"))).toBeVisible();
    await page.getByRole("button", { name: t("notifications.snooze.hour") }).click();
    await expect(page.getByRole("button", { name: t("notifications.snooze.end") })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.reload();
    await expect(page.getByRole("radio", { name: t("notifications.notifyOn.all") })).toBeChecked();
    await expect(page.getByLabel(t("notifications.quiet.start"), { exact: true })).toHaveValue("21:30");
    await expect(page.getByLabel(t("notifications.quiet.end"), { exact: true })).toHaveValue("07:15");
    await expect(page.getByLabel(t("notifications.timeZone"))).toHaveValue("Asia/Tokyo");
    await expect(page.getByRole("checkbox", { name: t("notifications.emailMissed") })).not.toBeChecked();
    await expect(page.getByRole("button", { name: t("notifications.snooze.end") })).toBeVisible();

    // Leave the demo account as it was for other specs.
    await page.getByRole("button", { name: t("notifications.snooze.end") }).click();
    await expect(page.getByRole("button", { name: t("notifications.snooze.end") })).toBeHidden();
  });

  test("muting a conversation from its menu greys it in the sidebar, and it stays muted", async ({ page, stack }) => {
    const locale = "en";
    const t = (id: string) => message(locale, id);
    const client = await signedInClient(stack, ada);
    const { data: workspace } = await client.from("workspaces").select("id").eq("slug", "demo").single();
    const name = `quiet-${Date.now()}`;
    const { data: channel, error } = await client
      .from("channels")
      .insert({ workspace_id: workspace?.id, name, created_by: (await client.auth.getUser()).data.user?.id })
      .select("id")
      .single();
    expect(error).toBeNull();
    await signInWithPassword(page, ada, locale);
    await page.goto(`/${locale}/w/demo/c/${(channel as { id: string }).id}`);

    const link = page.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveCSS("opacity", "1");
    await page
      .locator("summary")
      .filter({ hasText: t("conversationNotifications.menu") })
      .click();
    // A click, then the outcome: the box re-renders from the saved preference, which check() may see mid-way.
    await page.getByRole("checkbox", { name: t("conversationNotifications.mute") }).click();
    await expect(page.getByRole("checkbox", { name: t("conversationNotifications.mute") })).toBeChecked();
    await expect(link).toContainText(t("conversationNotifications.muted"));
    await expect(link).toHaveCSS("opacity", "0.6");

    await page.reload();
    await expect(link).toHaveCSS("opacity", "0.6");
    await page
      .locator("summary")
      .filter({ hasText: t("conversationNotifications.menu") })
      .click();
    await expect(page.getByRole("checkbox", { name: t("conversationNotifications.mute") })).toBeChecked();
  });
});
